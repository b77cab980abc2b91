// Putting Aircall's side right (issue #15 "Check and repair Aircall's side"): the one action the
// server offers (`repair`), what it will do, and the result. The server refuses a second creation
// (another administrator's, another tab's) in French; the answer replaces the registrations shown.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { webhookMutations } from '../../api/webhooks.ts'
import { Button } from '../../components/ui/button.tsx'
import type { WebhookRegistrations } from '../../contracts/webhooks.ts'
import { webhooksStatus as t } from '../../i18n/fr/webhooks-status.ts'
import { notify } from '../../stores/notifications.ts'

export type AircallRepairProps = { registrations: WebhookRegistrations }

export function AircallRepair({ registrations }: AircallRepairProps) {
  const queryClient = useQueryClient()
  const repair = useMutation(webhookMutations.repairAircall(queryClient))
  const action = registrations.repair
  const oursInactive =
    registrations.webhooks.some((one) => one.ours) &&
    !registrations.webhooks.some((one) => one.ours && one.active)
  if (!action) return oursInactive ? <p>{t.repair.inactiveHint}</p> : null

  function handleRepair() {
    if (!action) return
    repair.mutate(action, {
      onSuccess: () =>
        notify({ kind: 'success', message: action === 'create' ? t.repair.created : t.repair.completed }),
    })
  }

  return (
    <div className="webhooks-status__repair">
      <p>{action === 'create' ? t.repair.createHint : t.repair.completeHint}</p>
      <Button busy={repair.isPending} onClick={handleRepair}>
        {action === 'create' ? t.repair.create : t.repair.complete}
      </Button>
    </div>
  )
}
