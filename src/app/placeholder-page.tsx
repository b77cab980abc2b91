// Content of the screens later issues build (issue 2): the page title and an honest line saying
// the screen is not there yet. No invented data.
import { PageTitle } from '../components/ui/page-title.tsx'
import { fr } from '../i18n/fr.ts'

export type PlaceholderPageProps = {
  title: string
}

export function PlaceholderPage({ title }: PlaceholderPageProps) {
  return (
    <>
      <PageTitle title={title} documentTitle={`${title} – ${fr.app.name}`} />
      <p className="placeholder-page">{fr.pages.placeholder}</p>
    </>
  )
}
