// /404 (spec §2): every unknown path lands here.
import { Link } from 'react-router-dom'
import { paths } from '../contracts/app-paths.ts'
import { PageTitle } from '../components/ui/page-title.tsx'
import { app } from '../i18n/fr/common.ts'
import { pages } from '../i18n/fr/pages.ts'

const t = pages.notFound

export function Component() {
  return (
    <>
      <PageTitle title={t.title} documentTitle={`${t.title} – ${app.name}`} />
      <p>{t.message}</p>
      <Link to={paths.home()}>{t.backHome}</Link>
    </>
  )
}
