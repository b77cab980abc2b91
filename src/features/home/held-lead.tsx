// What the user holds (spec "Screens"): a link to the sheet of the lead they process.
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { leadQueries } from '../../api/leads.ts'
import { paths } from '../../contracts/app-paths.ts'
import { fr } from '../../i18n/fr.ts'

export type HeldLeadProps = { leadId: number | null }

const t = fr.leads.home

export function HeldLead({ leadId }: HeldLeadProps) {
  const { data: lead } = useQuery({ ...leadQueries.detail(leadId ?? 0), enabled: leadId !== null })
  return (
    <section className="held-lead" aria-label={t.heldTitle}>
      <h2 className="held-lead__title">{t.heldTitle}</h2>
      {leadId === null ? (
        <p>{t.nothingHeld}</p>
      ) : lead ? (
        <Link to={paths.lead(lead.uuid)}>
          {t.heldLink} ({lead.firstName} {lead.lastName})
        </Link>
      ) : (
        <p>{fr.ui.loading}</p>
      )}
    </section>
  )
}
