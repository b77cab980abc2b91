// Tells the server which sheet the user looks at (docs/domain.md "Leads", Viewing).
import { useEffect } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { leadMutations } from '../../api/leads.ts'

export function useLeadViewing(leadId: number | undefined) {
  const queryClient = useQueryClient()
  const { mutate: view } = useMutation(leadMutations.viewLeadPage(queryClient))
  const { mutate: quit } = useMutation(leadMutations.quitLeadPage(queryClient))

  useEffect(() => {
    if (leadId === undefined) return
    view(leadId)
    return () => quit()
  }, [leadId, view, quit])
}
