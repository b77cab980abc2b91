// Dev tools softphone (issue #4 "Telephony", simulator only): raises an inbound call for the
// signed-in user from a number, and answers, hangs up or misses the current call. The server
// refuses these outside the simulator (409) and outside production they do not exist at all.
import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callQueries, ongoingCallOf } from '../../api/calls.ts'
import { devTelephonyMutations } from '../../api/dev.ts'
import { Button } from '../../components/ui/button.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import type { DevCallAction } from '../../contracts/call.ts'
import { fr } from '../../i18n/fr.ts'
import { notify } from '../../stores/notifications.ts'

const t = fr.calls.softphone
const DEFAULT_CALLER = '+33612345678'
const ACTIONS: readonly { action: DevCallAction; label: string }[] = [
  { action: 'answer', label: t.answer },
  { action: 'hangup', label: t.hangup },
  { action: 'miss', label: t.miss },
]

export type SoftphoneProps = { userId: number }

export function Softphone({ userId }: SoftphoneProps) {
  const queryClient = useQueryClient()
  const [fromNumber, setFromNumber] = useState(DEFAULT_CALLER)
  const { data } = useQuery(callQueries.ongoing())
  const raise = useMutation(devTelephonyMutations.raiseInbound(queryClient))
  const act = useMutation(devTelephonyMutations.act(queryClient))
  // Refusals are notified by the query cache (src/app/query-client.ts, the mutations' meta).
  const randomLead = useMutation(devTelephonyMutations.randomLead())
  const call = ongoingCallOf(data)
  const busy = raise.isPending || act.isPending

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    raise.mutate({ userId, fromNumber: fromNumber.trim() })
  }

  function handleRandomLead() {
    randomLead.mutate(undefined, {
      onSuccess: ({ items: [lead] }) => {
        if (lead) setFromNumber(lead.phone)
        else notify({ kind: 'info', message: t.noRandomLead })
      },
    })
  }

  return (
    <section className="dev-tools__form" aria-label={t.title}>
      <h2 className="dev-tools__heading">{t.title}</h2>
      <form className="dev-tools__form" onSubmit={handleSubmit}>
        <TextField
          label={t.fromNumber}
          name="fromNumber"
          type="tel"
          value={fromNumber}
          onChange={setFromNumber}
        />
        <Button variant="secondary" busy={randomLead.isPending} onClick={handleRandomLead}>
          {t.randomLead}
        </Button>
        <Button type="submit" busy={busy} disabled={fromNumber.trim().length < 3}>
          {t.raiseInbound}
        </Button>
      </form>
      <p className="dev-tools__meta">{call ? t.currentCall(call.phoneNumber ?? '') : t.noCall}</p>
      {call
        ? ACTIONS.map(({ action, label }) => (
            <Button
              key={action}
              variant="secondary"
              busy={busy}
              onClick={() => act.mutate({ callId: call.callId, action })}
            >
              {label}
            </Button>
          ))
        : null}
    </section>
  )
}
