// The teleoperator's main action (spec "Screens"): focused on load so that Enter starts it.
import { useEffect, useRef } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { leadMutations } from '../../api/leads.ts'
import { Button } from '../../components/ui/button.tsx'
import { fr } from '../../i18n/fr.ts'
import { useOfflineReason } from '../../pwa/use-online.ts'
import { handedOutUuidOf, markHandedOut } from '../../stores/lead-chain.ts'

export function ProcessLeadButton() {
  const queryClient = useQueryClient()
  const find = useMutation(leadMutations.findLeadToProcess(queryClient))
  const buttonRef = useRef<HTMLButtonElement>(null)
  // Issue #5: handing out a lead needs the server now; never deferred.
  const offlineReason = useOfflineReason()

  useEffect(() => {
    buttonRef.current?.focus()
  }, [])

  function handleClick() {
    // Issue #29: the sheet handed out takes the focus to « Appeler » (and its mission's automatic call).
    find.mutate(undefined, {
      onSuccess: (data) => {
        const uuid = handedOutUuidOf(data.redirect)
        if (uuid) markHandedOut(uuid)
      },
    })
  }

  return (
    <Button ref={buttonRef} busy={find.isPending} onClick={handleClick} disabledReason={offlineReason}>
      {fr.leads.home.processLead}
    </Button>
  )
}
