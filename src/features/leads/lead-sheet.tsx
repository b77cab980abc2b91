// The lead sheet `/lead/{uuid}` (spec "Screens"): contact, mission, step and script, the outcome
// form, the comment, the expiration and the history; read-only when someone else processes it.
import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { requestFocus } from '../../components/ui/focus-request.ts'
import { clearHandedOut, isHandedOut } from '../../stores/lead-chain.ts'
import { useDropStaleBooking } from '../../stores/outcome-draft.ts'
import { authQueries } from '../../api/auth.ts'
import { callQueries, ongoingCallOf } from '../../api/calls.ts'
import { leadQueries } from '../../api/leads.ts'
import { Card } from '../../components/ui/card.tsx'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { screenTitles } from '../../i18n/fr/leads.ts'
import type { Lead } from '../../contracts/lead.ts'
import type { Me } from '../../contracts/user.ts'
import { isTextablePhone } from '../../contracts/phone.ts'
import { leadSms } from '../../i18n/fr/sms.ts'
import { fr } from '../../i18n/fr.ts'
import { myRecalls } from '../../i18n/fr/my-recalls.ts'
import { recallTiming } from '../../contracts/my-recalls.ts'
import { formatDate, formatLongDateTime } from '../../i18n/format.ts'
import { LeadComment } from './lead-comment.tsx'
import { LeadContact } from './lead-contact.tsx'
import { LeadHistory } from './lead-history.tsx'
import { LeadRelease } from './lead-release.tsx'
import { LeadSms } from './lead-sms.tsx'
import { LeadStep } from './lead-step.tsx'
import { LeadViewers } from './lead-viewers.tsx'
import { scriptValuesOf } from './script-placeholders.ts'
import { OutcomeForm } from './outcome-form.tsx'
import { useLeadViewing } from './use-lead-viewing.ts'
import './lead-sheet.css'
import { personName } from '../../contracts/person-name.ts'

export type LeadSheetProps = { uuid: string }

const t = fr.leads.sheet

export function LeadSheet({ uuid }: LeadSheetProps) {
  const { data: lead, error } = useQuery(leadQueries.detail(uuid))
  const { data: me } = useQuery(authQueries.me())
  useLeadViewing(lead?.id)
  if (error) return <p role="alert">{error.message}</p>
  if (!lead || !me) return <p role="status">{fr.ui.loading}</p>
  // One view per lead: the next lead's sheet is a new arrival (issue #29).
  return <LeadSheetView key={lead.uuid} lead={lead} me={me} />
}

/** The planned recall; once its quarter hour is over, flagged late with how late (issue #29). */
function LeadRecall({ recallAt }: { recallAt: string }) {
  const timing = recallTiming(recallAt, new Date())
  return (
    <p className="lead-sheet__recall">
      {t.recallPlanned(formatLongDateTime(recallAt))}
      {timing.kind === 'late' ? (
        <strong className="lead-sheet__late"> · {myRecalls.late(timing)}</strong>
      ) : null}
    </p>
  )
}

type LeadSheetViewProps = { lead: Lead; me: Pick<Me, 'id' | 'firstName' | 'lastName' | 'role'> }

function LeadSheetView({ lead, me }: LeadSheetViewProps) {
  const meId = me.id
  const { data: currentCall } = useQuery(callQueries.ongoing())
  const mission = lead.market.mission
  const steps = mission.callProcess?.callProcessSteps ?? []
  const current = steps.find((step) => step.number === lead.step) ?? null
  const processor = lead.processingUser
  const isMine = processor?.id === meId
  const call = ongoingCallOf(currentCall)
  const callId = call && call.leadId === lead.id ? call.callId : lead.myCallId
  // Issue #29 point 3 review: « RDV pris » left pending for a booking that committed (its answer lost)
  // goes once the lead is no longer the reader's to record or its call has its outcome.
  useDropStaleBooking(meId, lead.id, { mayRecord: lead.canRecordOutcome, callIds: [callId, lead.myCallId] })
  const name = personName(lead)
  // Issue #29: a lead just handed out opens with the focus on « Appeler », and its mission may call it
  // by itself after a preview countdown.
  const [handedOut] = useState(() => isHandedOut(lead.uuid))
  useEffect(() => {
    if (!handedOut) return
    clearHandedOut(lead.uuid)
    requestFocus(['call', 'page-heading'])
  }, [handedOut, lead.uuid])
  const autoCallAfter = handedOut && isMine ? (mission.autoCallDelaySeconds ?? null) : null

  return (
    <article className="lead-sheet" style={{ borderLeftColor: mission.color }}>
      <ScreenTitle title={screenTitles.lead} subject={name} />
      {processor && !isMine ? (
        <p className="lead-sheet__read-only" role="status">
          {t.readOnly(personName(processor))}
        </p>
      ) : null}
      <LeadViewers viewers={lead.viewers} meId={meId} />
      {mission.bannerUrl ? (
        <img className="lead-sheet__banner" src={mission.bannerUrl} alt={t.bannerAlt(mission.name)} />
      ) : null}
      <p className="lead-sheet__mission">
        {t.mission} : {mission.name} · {t.expiration(formatDate(lead.expirationDate))}
        {lead.isExpired ? <span className="lead-sheet__expired">{t.expired}</span> : null}
      </p>
      {lead.recallAt ? <LeadRecall recallAt={lead.recallAt} /> : null}
      {isMine ? (
        // Issue #11: the holder may hand the lead back, with a reason, without recording an outcome.
        <div className="lead-sheet__actions">
          <LeadRelease leadId={lead.id} />
        </div>
      ) : null}
      <div className="lead-sheet__grid">
        <Card title={t.contact}>
          <LeadContact lead={lead} canCall={isMine} autoCallAfter={autoCallAfter} />
        </Card>
        <Card title={t.outcome}>
          <LeadStep
            step={lead.step}
            maxStep={lead.maxStep}
            current={current}
            values={scriptValuesOf(me, lead)}
          >
            <OutcomeForm
              key={lead.id}
              userId={meId}
              leadId={lead.id}
              leadUuid={lead.uuid}
              step={lead.step}
              callId={callId}
              tags={current?.callProcessTags ?? []}
              stepTitles={new Map(steps.map((step) => [step.number, step.title]))}
              // The server says who may record the outcome (its tagging rule): whoever processes the lead,
              // or the reader on a free lead their own call concerns (an inbound call answered on it).
              disabled={!lead.canRecordOutcome}
            />
          </LeadStep>
        </Card>
        <Card title={t.comment}>
          <LeadComment key={lead.id} leadId={lead.id} comment={lead.comment} editable={isMine} />
        </Card>
        {/* Issue #15: whoever may act on the lead (its holder, a manager) may text a mobile. */}
        {(isMine || me.role !== 'TELEOPERATOR') && isTextablePhone(lead.phone) ? (
          <Card title={leadSms.title}>
            <LeadSms leadId={lead.id} />
          </Card>
        ) : null}
        <Card title={t.history}>
          <LeadHistory leadId={lead.id} />
        </Card>
      </div>
    </article>
  )
}
