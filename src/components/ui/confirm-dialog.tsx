// Confirmation before a destructive action (issue #12 "confirmation before destructive actions"): a
// small modal whose focus starts on the harmless choice, so Enter never confirms by accident.
import { useRef } from 'react'
import { Button } from './button.tsx'
import { Modal } from './modal.tsx'
import './confirm-dialog.css'

export type ConfirmDialogProps = {
  open: boolean
  title: string
  message: string
  confirmLabel: string
  cancelLabel: string
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null)
  return (
    <Modal open={open} onClose={onCancel} title={title} size="sm" initialFocusRef={cancelRef}>
      <p>{message}</p>
      <div className="confirm-dialog__actions">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  )
}
