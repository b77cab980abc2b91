// Layout of a wall screen opened by a display link (issue #14, docs/domain.md "Display links"): no user,
// no navigation, the whole viewport for the page; the page itself decides what its link may show.
import { Outlet } from 'react-router-dom'
import './display-layout.css'

export function DisplayLayout() {
  return (
    <main id="main-content" className="display-layout">
      <Outlet />
    </main>
  )
}
