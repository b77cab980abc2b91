// Unsaved changes are not lost by accident (issue #12): leaving the editor for another page asks
// first (react-router's blocker), and closing or reloading the tab gets the browser's own question.
import { useEffect, type RefObject } from 'react'
import { useBlocker } from 'react-router-dom'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { callProcessEditor as t } from '../../../i18n/fr/backoffice-call-process.ts'

/** `guard.current`: whether there is something to lose now (read at the moment of leaving). */
export function LeaveGuard({ guard }: { guard: RefObject<boolean> }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      guard.current && currentLocation.pathname !== nextLocation.pathname,
  )

  useEffect(() => {
    function handleBeforeUnload(event: BeforeUnloadEvent) {
      if (guard.current) event.preventDefault()
    }
    window.addEventListener('beforeunload', handleBeforeUnload)
    return () => window.removeEventListener('beforeunload', handleBeforeUnload)
  }, [guard])

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t.leaveTitle}
      message={t.leaveText}
      confirmLabel={t.leaveConfirm}
      cancelLabel={t.leaveCancel}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  )
}
