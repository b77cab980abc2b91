// The tags of the current step as the outcome form (spec "Screens", §3 "Tag payload").
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { tagCallThenNextMutation } from './tag-then-next.ts'
import { Button } from '../../components/ui/button.tsx'
import { requestFocus } from '../../components/ui/focus-request.ts'
import type { CallProcessTag } from '../../contracts/lead.ts'
import { firstRecallFrom } from '../../contracts/recall.ts'
import { fr } from '../../i18n/fr.ts'
import { notify } from '../../stores/notifications.ts'
import { outcomeNeedsBooking, useOutcomeDraft } from '../../stores/outcome-draft.ts'
import { navigation } from '../../api/navigation-port.ts'
import { Link } from 'react-router-dom'
import { handedOutUuidOf, markHandedOut, useChainPaused } from '../../stores/lead-chain.ts'
import { paths } from '../../contracts/app-paths.ts'
import { readRecallChoice, recallChoiceOf, RecallPicker } from './recall-picker.tsx'
import { useOfflineReason } from '../../pwa/use-online.ts'

export type OutcomeFormProps = {
  /** The signed-in user: drafts are kept per user and lead (src/stores/outcome-draft.ts). */
  userId: number
  leadId: number
  /** The lead's uuid: an outcome that requires an appointment goes on to its booking page. */
  leadUuid: string
  /** The lead's current step: the form follows it when an outcome moves the lead on. */
  step: number
  /**
   * The call being tagged: the user's current call on this lead, or their call on it still without an
   * outcome. Without one, only « sans appel » outcomes may be recorded (issue #29).
   */
  callId: number | null
  tags: CallProcessTag[]
  /** The call process's step titles by number: the confirmation of a step change names the step. */
  stepTitles: ReadonlyMap<number, string>
  disabled: boolean
}

/** Without a delay of its own, a call-back is first proposed two hours from now. */
const DEFAULT_RECALL_DELAY_MINUTES = 120

const t = fr.leads.sheet

export function OutcomeForm({
  userId,
  leadId,
  leadUuid,
  step,
  callId,
  tags,
  stepTitles,
  disabled,
}: OutcomeFormProps) {
  const queryClient = useQueryClient()
  const tag = useMutation(tagCallThenNextMutation(queryClient))
  // Issue #29: unless paused, an outcome that releases the lead opens the next one at once.
  const chainPaused = useChainPaused(userId)
  // Issue #5: tagging has effects at once (release, points); never deferred. The draft is kept.
  const offlineReason = useOfflineReason()
  const { draft, update, reset } = useOutcomeDraft(userId, leadId)
  const [missingTag, setMissingTag] = useState(false)
  const [recallError, setRecallError] = useState(false)
  const selected = tags.find((item) => item.id === draft.tagId) ?? null
  // Issue #29: an outcome is recorded on a call; without one, only a « sans appel » outcome.
  const notCalled = callId === null
  const needsCall = notCalled && !(selected?.withoutCall ?? false)
  // Issue #29 point 3: « RDV pris » is recorded with its booking: the form goes on to the slot.
  const needsBooking = selected !== null && outcomeNeedsBooking(selected)
  const pendingBooking = needsBooking && draft.booking !== null
  /** The step shown, and the one the lead moved on to: its outcomes get the focus once shown. */
  const shownStep = useRef(step)
  const focusOnStep = useRef<number | null>(null)
  useEffect(() => {
    shownStep.current = step
    if (focusOnStep.current !== step) return
    focusOnStep.current = null
    requestFocus(['outcome'])
  }, [step])

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (draft.tagId === null) {
      setMissingTag(true)
      return
    }
    // Issue #11: a call-back needs its date; refused here with the server's words before sending.
    let recallAt: string | null = null
    if (selected?.asksRecallDate) {
      const choice = readRecallChoice(draft, new Date())
      if (!choice.at) {
        setRecallError(true)
        event.currentTarget.querySelector<HTMLElement>('[name="recallDate"]')?.focus()
        return
      }
      recallAt = choice.at.toISOString()
    }
    if (needsBooking) {
      // Nothing is sent: the lead stays held, its outcome pending in the draft until the booking.
      update({ booking: { callId } })
      navigation().navigateTo(paths.leadAppointment(leadUuid))
      return
    }
    // Issue #11: where the focus is now; the page that follows may put it on its own action.
    const focusedAtSubmit = document.activeElement
    const text = draft.details.trim()
    // Not mutate's onSuccess: that one is skipped when the redirect to /home has already unmounted the
    // form, and the draft must go (in every tab) once the outcome is recorded. Failures are
    // announced by the mutation's onError.
    void tag
      .mutateAsync({
        leadId,
        callId,
        callProcessTagId: draft.tagId,
        details: { ...(text ? { text } : {}), ...(recallAt ? { recallAt } : {}) },
        comment: draft.comment.trim() || null,
        chain: !chainPaused,
        onHandedOut: (redirect) => {
          const uuid = handedOutUuidOf(redirect)
          if (uuid) markHandedOut(uuid)
        },
      })
      .then(
        (result) => {
          reset()
          setRecallError(false)
          // Issue #29: the agent sees what was recorded, whatever page comes next.
          if (result.redirect === paths.home())
            notify({ kind: 'success', message: t.outcomeRecorded(selected?.label ?? '') })
          // The next lead's sheet puts the focus on its « Appeler » (lead-sheet.tsx).
          if (result.next?.redirect) return
          if (result.progress) {
            // Issue #11: the agent stays on the sheet, at the next step, and picks its outcome next.
            notify({ kind: 'success', message: t.movedOn(result.step, stepTitles.get(result.step) ?? null) })
            if (shownStep.current === result.step) requestFocus(['outcome'])
            else focusOnStep.current = result.step
            return
          }
          // After an outcome, the page's heading (the page the server sent the agent to), unless
          // that page put the focus on its own action.
          requestFocus(['page-heading'], { unlessMovedFrom: focusedAtSubmit })
        },
        () => undefined,
      )
  }

  function handleTagChange(tagId: number) {
    setMissingTag(false)
    setRecallError(false)
    const next = tags.find((item) => item.id === tagId)
    // A call-back is proposed at the outcome's usual delay, moved to the first allowed time.
    if (next?.asksRecallDate && draft.recallDate === '') {
      const now = new Date()
      const delay = next.recallDelayMinutes ?? DEFAULT_RECALL_DELAY_MINUTES
      const proposal = firstRecallFrom(new Date(now.getTime() + delay * 60_000), now)
      update({ tagId, booking: null, ...(proposal ? recallChoiceOf(proposal) : {}) })
      return
    }
    update({ tagId, booking: null })
  }

  return (
    // The target of the focus after a call (src/components/ui/focus-request.ts).
    <form className="outcome-form" onSubmit={handleSubmit} noValidate data-focus-target="outcome">
      <fieldset className="outcome-form__fieldset" disabled={disabled}>
        <legend className="outcome-form__legend">{t.outcome}</legend>
        {notCalled ? (
          <p className="outcome-form__call-first">
            {t.callFirst}
            {tags.some((item) => item.withoutCall) ? ` ${t.callFirstWithoutCall}` : null}
          </p>
        ) : null}
        <div role="radiogroup" aria-label={t.outcome} className="outcome-form__tags">
          {tags.map((item) => (
            <label key={item.id} className="outcome-form__tag">
              <input
                type="radio"
                name="callProcessTagId"
                value={item.id}
                checked={draft.tagId === item.id}
                onChange={() => handleTagChange(item.id)}
              />
              {item.label}
              {item.withoutCall ? ` ${t.withoutCallTag}` : null}
            </label>
          ))}
        </div>
        {missingTag ? <p role="alert">{t.chooseOutcome}</p> : null}
        {pendingBooking ? (
          <p className="outcome-form__pending" role="status">
            {t.bookingPending(selected.label)}{' '}
            <Link to={paths.leadAppointment(leadUuid)}>{t.chooseSlot}</Link>
          </p>
        ) : null}
        {selected?.asksRecallDate ? (
          <RecallPicker
            value={draft}
            onChange={(change) => {
              setRecallError(false)
              update(change)
            }}
            showError={recallError}
          />
        ) : null}
        <label className="outcome-form__field">
          {t.details}
          <textarea
            name="details"
            rows={3}
            value={draft.details}
            onChange={(event) => update({ details: event.target.value })}
          />
        </label>
        <label className="outcome-form__field">
          {t.outcomeComment}
          <textarea
            name="comment"
            rows={2}
            value={draft.comment}
            onChange={(event) => update({ comment: event.target.value })}
          />
        </label>
        <Button
          type="submit"
          busy={tag.isPending}
          disabled={disabled}
          disabledReason={offlineReason ?? (needsCall ? t.callFirst : undefined)}
        >
          {needsBooking ? t.chooseSlot : t.submitOutcome}
        </Button>
      </fieldset>
    </form>
  )
}
