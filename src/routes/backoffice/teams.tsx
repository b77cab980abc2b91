// /backoffice/teams (spec §2). Its screen comes with a later issue; until then, title only.
import { PlaceholderPage } from '../../app/placeholder-page.tsx'
import { fr } from '../../i18n/fr.ts'

export function BackofficeTeamsRoute() {
  return <PlaceholderPage title={fr.pages.backoffice.teams} />
}
