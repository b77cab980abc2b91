// Asked before an explicit sign-out that could not send the changes made offline (issue #17,
// docs/domain.md "Offline"): how many would be lost, and whether to sign out anyway.
import { useRef } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Modal } from '../../components/ui/modal.tsx'
import { fr } from '../../i18n/fr.ts'
import './unsent-changes-dialog.css'

const t = fr.auth.unsentChanges

export type UnsentChangesDialogProps = {
  /** Unsent changes; the dialog is closed at 0. */
  count: number
  onConfirm: () => void
  onCancel: () => void
}

export function UnsentChangesDialog({ count, onConfirm, onCancel }: UnsentChangesDialogProps) {
  // Focus on the safe answer: Enter must not throw work away.
  const cancelRef = useRef<HTMLButtonElement>(null)
  return (
    <Modal open={count > 0} onClose={onCancel} title={t.title} size="sm" initialFocusRef={cancelRef}>
      <p className="unsent-changes__message">{t.message(count)}</p>
      <div className="unsent-changes__actions">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel}>
          {t.cancel}
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {t.confirm}
        </Button>
      </div>
    </Modal>
  )
}
