// Top-right notification stack (spec §8): success green, error red with an error icon, info blue.
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon } from './icons.tsx'
import './notifications.css'

export type NotificationView = {
  readonly id: number
  readonly kind: 'success' | 'error' | 'info'
  readonly message: string
}

export type NotificationsProps = {
  items: readonly NotificationView[]
  onDismiss: (id: number) => void
  /** Accessible name of each close button. */
  closeLabel: string
}

const ICONS = { success: SuccessIcon, error: ErrorIcon, info: InfoIcon } as const

export function Notifications({ items, onDismiss, closeLabel }: NotificationsProps) {
  return (
    <div className="notifications">
      {items.map((item) => {
        const Icon = ICONS[item.kind]
        return (
          // Errors interrupt (alert); success and info wait for a pause (status).
          <div
            key={item.id}
            className={`notification notification--${item.kind}`}
            role={item.kind === 'error' ? 'alert' : 'status'}
          >
            <Icon className="notification__icon" />
            <p className="notification__message">{item.message}</p>
            <button
              type="button"
              className="notification__close"
              aria-label={closeLabel}
              onClick={() => onDismiss(item.id)}
            >
              <CloseIcon />
            </button>
          </div>
        )
      })}
    </div>
  )
}
