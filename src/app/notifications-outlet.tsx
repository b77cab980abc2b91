// Connects the notifications store to the design-system Notifications stack (mounted once, app root).
import { useSnapshot } from 'valtio'
import { Notifications } from '../components/ui/notifications.tsx'
import { dismissNotification, notificationsStore } from '../stores/notifications.ts'
import { notifications } from '../i18n/fr/common.ts'

export function NotificationsOutlet() {
  const { items } = useSnapshot(notificationsStore)
  return <Notifications items={items} onDismiss={dismissNotification} closeLabel={notifications.close} />
}
