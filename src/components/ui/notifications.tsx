// Top-right notification stack (spec §8), below the header and the call bar's place (issue #11):
// success green, error red with an error icon, info blue.
// Rendered in document.body and exempt from a modal's inert background (inert-background.ts):
// a failure while a modal is open must still be announced and dismissable.
import { createPortal } from 'react-dom'
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
  return createPortal(
    // data-inert-exempt: INERT_EXEMPT_ATTRIBUTE of inert-background.ts.
    <div className="notifications" data-inert-exempt="">
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
    </div>,
    document.body,
  )
}
