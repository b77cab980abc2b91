// "Ma journée" for call-capable users only (GET /api/user/me/day answers teleoperators and managers).
import { useQuery } from '@tanstack/react-query'
import { authQueries } from '../../api/auth.ts'
import { MyDay } from './my-day.tsx'

export function HomeMyDay() {
  const { data: me } = useQuery(authQueries.me())
  return me?.isCallCapable ? <MyDay /> : null
}
