// The 403 behaviour of the client: a route the user's role may not open shows this in place.
import { Link } from 'react-router-dom'
import { PageTitle, documentTitle } from '../../components/ui/page-title.tsx'
import { fr } from '../../i18n/fr.ts'
import { paths } from '../../contracts/app-paths.ts'

export function ForbiddenView() {
  return (
    <section className="forbidden-view">
      <PageTitle title={fr.pages.forbidden.title} documentTitle={documentTitle(fr.pages.forbidden.title)} />
      <p>{fr.pages.forbidden.message}</p>
      <Link to={paths.home()}>{fr.pages.forbidden.backHome}</Link>
    </section>
  )
}
