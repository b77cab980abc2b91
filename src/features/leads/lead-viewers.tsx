// "Who else is viewing" (issue #4): the other users with this sheet open. The list comes with the
// lead and is refetched on the live channel's lead update (reason `viewers`), never polled.
import type { UserRef } from '../../contracts/lead.ts'
import { fr } from '../../i18n/fr.ts'
import { formatList } from '../../i18n/format.ts'

export type LeadViewersProps = { viewers: UserRef[]; meId: number }

const t = fr.leads.sheet

export function LeadViewers({ viewers, meId }: LeadViewersProps) {
  const others = viewers.filter((viewer) => viewer.id !== meId)
  // Always rendered, empty when alone: a live region present from the start announces its changes.
  return (
    <p className="lead-sheet__viewers" aria-live="polite">
      {others.length > 0
        ? t.alsoViewing(formatList(others.map((user) => t.viewerName(user.firstName, user.lastName))))
        : null}
    </p>
  )
}
