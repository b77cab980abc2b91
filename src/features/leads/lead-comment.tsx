// The lead's own comment: editable by the processing user (docs/domain.md "Leads", Comment).
import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { leadMutations } from '../../api/leads.ts'
import { Button } from '../../components/ui/button.tsx'
import { fr } from '../../i18n/fr.ts'

export type LeadCommentProps = {
  leadId: number
  comment: string | null
  editable: boolean
}

const t = fr.leads.sheet

export function LeadComment({ leadId, comment, editable }: LeadCommentProps) {
  const queryClient = useQueryClient()
  const save = useMutation(leadMutations.updateComment(queryClient))
  // What the user typed and has not saved yet: kept when the sheet's data changes underneath (a
  // refetch, a colleague's change, a cache restored after a reload), which used to reset the field.
  // Until the user types, the field shows the lead's comment as it is now.
  const [draft, setDraft] = useState<string | null>(null)
  const value = draft ?? comment ?? ''

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    save.mutate({ leadId, comment: value }, { onSuccess: () => setDraft(null) })
  }

  if (!editable) return <p className="lead-comment">{comment ?? t.noComment}</p>
  return (
    <form className="lead-comment" onSubmit={handleSubmit}>
      <label className="outcome-form__field">
        {t.comment}
        <textarea name="leadComment" rows={3} value={value} onChange={(e) => setDraft(e.target.value)} />
      </label>
      <Button type="submit" variant="secondary" busy={save.isPending}>
        {t.saveComment}
      </Button>
    </form>
  )
}
