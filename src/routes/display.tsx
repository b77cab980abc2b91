// /display/:token (issue #14, docs/domain.md "Display links"): a wall screen opens its display link;
// the page exchanges the token for the screen's cookie, then shows the live leaderboard. The token stays
// in the address, so a screen that lost its cookies (a kiosk restarting) opens again by itself.
import { useParams } from 'react-router-dom'
import { DisplayScreen } from '../features/leaderboard/display-screen.tsx'

export function Component() {
  const { token = '' } = useParams()
  return <DisplayScreen token={token} />
}
