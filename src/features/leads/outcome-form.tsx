// The tags of the current step as the outcome form (spec "Screens", §3 "Tag payload").
import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { leadMutations } from '../../api/leads.ts'
import { Button } from '../../components/ui/button.tsx'
import { requestFocus } from '../../components/ui/focus-request.ts'
import type { CallProcessTag } from '../../contracts/lead.ts'
import { fr } from '../../i18n/fr.ts'
import { useOutcomeDraft } from './outcome-draft.ts'
import { useOfflineReason } from '../../pwa/use-online.ts'

export type OutcomeFormProps = {
  /** The signed-in user: drafts are kept per user and lead (outcome-draft.ts). */
  userId: number
  leadId: number
  /** The call being tagged, when the user's current call concerns this lead. */
  callId: number | null
  tags: CallProcessTag[]
  disabled: boolean
}

const t = fr.leads.sheet

export function OutcomeForm({ userId, leadId, callId, tags, disabled }: OutcomeFormProps) {
  const queryClient = useQueryClient()
  const tag = useMutation(leadMutations.tagCall(queryClient))
  // Issue #5: tagging has effects at once (release, points); never deferred. The draft is kept.
  const offlineReason = useOfflineReason()
  const { draft, update, reset } = useOutcomeDraft(userId, leadId)
  const [missingTag, setMissingTag] = useState(false)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (draft.tagId === null) {
      setMissingTag(true)
      return
    }
    // Issue #11: where the focus is now; the page that follows may put it on its own action.
    const focusedAtSubmit = document.activeElement
    // Not mutate's onSuccess: that one is skipped when the redirect to /home has already unmounted the
    // form, and the draft must go (in every tab) once the outcome is recorded. Failures are
    // announced by the mutation's onError.
    void tag
      .mutateAsync({
        leadId,
        callId,
        callProcessTagId: draft.tagId,
        details: draft.details.trim() ? { text: draft.details.trim() } : {},
        comment: draft.comment.trim() || null,
      })
      .then(
        () => {
          reset()
          // Issue #11: after an outcome, the page's heading (the sheet at its next step, or the page
          // the server sent the agent to), unless that page put the focus on its own action.
          requestFocus(['page-heading'], { unlessMovedFrom: focusedAtSubmit })
        },
        () => undefined,
      )
  }

  function handleTagChange(tagId: number) {
    setMissingTag(false)
    update({ tagId })
  }

  return (
    // The target of the focus after a call (src/components/ui/focus-request.ts).
    <form className="outcome-form" onSubmit={handleSubmit} noValidate data-focus-target="outcome">
      <fieldset className="outcome-form__fieldset" disabled={disabled}>
        <legend className="outcome-form__legend">{t.outcome}</legend>
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
            </label>
          ))}
        </div>
        {missingTag ? <p role="alert">{t.chooseOutcome}</p> : null}
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
        <Button type="submit" busy={tag.isPending} disabled={disabled} disabledReason={offlineReason}>
          {t.submitOutcome}
        </Button>
      </fieldset>
    </form>
  )
}
