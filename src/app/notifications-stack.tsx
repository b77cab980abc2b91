// The notifications of the store in the design-system stack (loaded by notifications-outlet.tsx).
import { useSnapshot } from 'valtio'
import { Notifications } from '../components/ui/notifications.tsx'
import { dismissNotification, notificationsStore } from '../stores/notifications.ts'
import { notifications } from '../i18n/fr/common.ts'

export function NotificationsStack() {
  const { items } = useSnapshot(notificationsStore)
  return <Notifications items={items} onDismiss={dismissNotification} closeLabel={notifications.close} />
}
