// Blocking-reason overlay (spec §2), mounted once in the layouts so it shows on every page when the
// query carries both `redirect` and a known `cause`. Closing it removes both, keeping the rest.
import { useRef } from 'react'
import { useSearchParams } from 'react-router-dom'
import { BLOCKING_QUERY, isBlockingCause } from '../../contracts/blocking.ts'
import { Button } from '../../components/ui/button.tsx'
import { requestFocus } from '../../components/ui/focus-request.ts'
import { Modal } from '../../components/ui/modal.tsx'
import { overlay } from '../../i18n/fr/blocking.ts'
import './blocking-overlay.css'

export function BlockingOverlay() {
  const [searchParams, setSearchParams] = useSearchParams()
  const continueRef = useRef<HTMLButtonElement>(null)
  const redirect = searchParams.get(BLOCKING_QUERY.redirect)
  const cause = searchParams.get(BLOCKING_QUERY.cause)
  if (!redirect || !isBlockingCause(cause)) return null

  const texts = overlay.blocking.causes[cause]

  function handleClose() {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete(BLOCKING_QUERY.redirect)
        next.delete(BLOCKING_QUERY.cause)
        return next
      },
      { replace: true },
    )
    // Issue #11: every cause asks to finish or tag the lead whose sheet this is: its outcome form
    // when the page has one, else the page's heading (never the page body).
    requestFocus(['outcome', 'page-heading'])
  }

  return (
    <Modal open onClose={handleClose} title={texts.title} size="sm" initialFocusRef={continueRef}>
      <p className="blocking-overlay__message">{texts.message}</p>
      <div className="blocking-overlay__actions">
        <Button ref={continueRef} onClick={handleClose}>
          {overlay.blocking.continue}
        </Button>
      </div>
    </Modal>
  )
}
