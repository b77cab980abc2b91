// Connects the notifications store to the design-system Notifications stack (mounted once, app root).
// The stack's code (its icons, styles and strings) is its own chunk, loaded with the first
// notification (issue #27: out of the first visit of /login); the offline layer warms it once idle
// (src/pwa/offline-boot.ts), so a notification never waits for the network.
import { lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio'
import { notificationsStore } from '../stores/notifications.ts'

export const loadNotificationsStack = () => import('./notifications-stack.tsx')

const NotificationsStack = lazy(() =>
  loadNotificationsStack().then((m) => ({ default: m.NotificationsStack })),
)

export function NotificationsOutlet() {
  const { items } = useSnapshot(notificationsStore)
  if (items.length === 0) return null
  return (
    <Suspense fallback={null}>
      <NotificationsStack />
    </Suspense>
  )
}
