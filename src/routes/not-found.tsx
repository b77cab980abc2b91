// /404 (spec §2): every unknown path lands here.
import { Link } from 'react-router-dom'
import { paths } from '../app/paths.ts'
import { PageTitle } from '../components/ui/page-title.tsx'
import { fr } from '../i18n/fr.ts'

const t = fr.pages.notFound

export function NotFoundRoute() {
  return (
    <>
      <PageTitle title={t.title} documentTitle={`${t.title} – ${fr.app.name}`} />
      <p>{t.message}</p>
      <Link to={paths.home()}>{t.backHome}</Link>
    </>
  )
}
