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
  const [value, setValue] = useState(comment ?? '')

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    save.mutate({ leadId, comment: value })
  }

  if (!editable) return <p className="lead-comment">{comment ?? t.noComment}</p>
  return (
    <form className="lead-comment" onSubmit={handleSubmit}>
      <label className="outcome-form__field">
        {t.comment}
        <textarea name="leadComment" rows={3} value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <Button type="submit" variant="secondary" busy={save.isPending}>
        {t.saveComment}
      </Button>
    </form>
  )
}
