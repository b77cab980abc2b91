// Sending an SMS to the lead from its sheet (issue #15 "SMS", docs/domain.md "SMS"): pick a template,
// read the text as it will go (rendered for this lead by the server) with its characters and segments,
// send. Why it cannot go (STOP received, quiet hours, no appointment for an appointment template) is
// said before sending; the send shows in the lead's history.
import { useId, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { smsMutations, smsQueries } from '../../api/sms.ts'
import { Button } from '../../components/ui/button.tsx'
import { countSms, type SmsTemplateKey } from '../../contracts/sms.ts'
import { leadSms as t, smsCountLine, smsTemplateNames } from '../../i18n/fr/sms.ts'
import { ui } from '../../i18n/fr/common.ts'
import { notify } from '../../stores/notifications.ts'

export type LeadSmsProps = { leadId: number }

export function LeadSms({ leadId }: LeadSmsProps) {
  const selectId = useId()
  const queryClient = useQueryClient()
  const options = useQuery(smsQueries.lead(leadId))
  const send = useMutation(smsMutations.sendToLead(queryClient))
  const [key, setKey] = useState<SmsTemplateKey | ''>('')
  if (options.isPending) return <p>{ui.loading}</p>
  if (options.isError) return <p role="alert">{options.error.message}</p>
  const { refusal, templates, phone, secondaryPhone } = options.data
  const chosen = templates.find((one) => one.key === key) ?? null

  function handleSend() {
    if (!key) return
    send.mutate(
      { leadId, template: key },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: t.sent })
          setKey('')
        },
      },
    )
  }

  return (
    <div className="lead-sms">
      {phone ? <p className="lead-sms__to">{secondaryPhone ? t.toSecondary(phone) : t.to(phone)}</p> : null}
      {refusal ? (
        <p className="lead-sms__refusal" role="status">
          {refusal}
        </p>
      ) : null}
      <label htmlFor={selectId}>{t.template}</label>
      <select
        id={selectId}
        value={key}
        disabled={refusal !== null}
        onChange={(event) => setKey(event.target.value as SmsTemplateKey | '')}
      >
        <option value="">{t.choose}</option>
        {templates.map((one) => (
          <option key={one.key} value={one.key}>
            {smsTemplateNames[one.key]}
          </option>
        ))}
      </select>
      {chosen?.text ? (
        <div className="lead-sms__preview">
          <p className="lead-sms__label">{t.preview}</p>
          <p className="lead-sms__text">{chosen.text}</p>
          <p className="lead-sms__count" aria-live="polite">
            {smsCountLine(countSms(chosen.text))}
          </p>
        </div>
      ) : chosen?.problem ? (
        <p className="lead-sms__refusal">{chosen.problem}</p>
      ) : null}
      <Button onClick={handleSend} disabled={!chosen?.text || refusal !== null} busy={send.isPending}>
        {send.isPending ? t.sending : t.send}
      </Button>
    </div>
  )
}
