// Handing a held lead back without an outcome (issue #11, docs/domain.md "Leads", Release): a
// button for the holder opens a dialog asking the reason; once released, home with a confirmation.
// The server refuses it while a call on the lead still needs its outcome (notified with its reason).
import { useRef, useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { leadMutations } from '../../api/leads.ts'
import { Button } from '../../components/ui/button.tsx'
import { Modal } from '../../components/ui/modal.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { appUrls } from '../../contracts/app-urls.ts'
import { fr } from '../../i18n/fr.ts'
import { notify } from '../../stores/notifications.ts'
import './lead-release.css'

export type LeadReleaseProps = { leadId: number }

const t = fr.leads.sheet.release

export function LeadRelease({ leadId }: LeadReleaseProps) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const release = useMutation(leadMutations.releaseLead(queryClient))
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const reasonRef = useRef<HTMLInputElement>(null)

  function close() {
    setOpen(false)
    setError(null)
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const trimmed = reason.trim()
    if (!trimmed) {
      setError(t.reasonRequired)
      reasonRef.current?.focus()
      return
    }
    // Not mutate's own callbacks: they are dropped if the sheet re-renders without this button (the
    // lead no longer held) before they run. A refusal is notified by the mutation's error policy.
    release.mutateAsync({ leadId, reason: trimmed }).then(
      () => {
        setOpen(false)
        notify({ kind: 'success', message: t.done })
        void navigate(appUrls.home())
      },
      () => undefined,
    )
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t.open}
      </Button>
      <Modal open={open} onClose={close} title={t.title} size="sm" initialFocusRef={reasonRef}>
        <form className="lead-release" onSubmit={handleSubmit} noValidate>
          <p>{t.intro}</p>
          <TextField
            ref={reasonRef}
            label={t.reason}
            name="releaseReason"
            value={reason}
            onChange={(value) => {
              setReason(value)
              if (value.trim()) setError(null)
            }}
            error={error}
            autoComplete="off"
            required
          />
          <div className="lead-release__actions">
            <Button variant="secondary" onClick={close}>
              {t.cancel}
            </Button>
            <Button type="submit" variant="danger" busy={release.isPending}>
              {t.submit}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  )
}
