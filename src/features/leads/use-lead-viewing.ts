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
    const id = leadId
    view(id)
    // Closing the tab or the browser unmounts nothing: the unloading page leaves the sheet itself,
    // and a page restored from the back-forward cache opens it again.
    function handlePageHide() {
      quit({ leadId: id, keepalive: true })
    }
    function handlePageShow(event: PageTransitionEvent) {
      if (event.persisted) view(id)
    }
    window.addEventListener('pagehide', handlePageHide)
    window.addEventListener('pageshow', handlePageShow)
    return () => {
      window.removeEventListener('pagehide', handlePageHide)
      window.removeEventListener('pageshow', handlePageShow)
      // Only this sheet: a quit arriving after the next sheet's view must not clear that one.
      quit({ leadId: id })
    }
  }, [leadId, view, quit])
}
