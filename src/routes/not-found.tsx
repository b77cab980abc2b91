// /404 (spec §2): every unknown path lands here.
import { Link } from 'react-router-dom'
import { paths } from '../contracts/app-paths.ts'
import { ScreenTitle } from '../components/ui/page-title.tsx'
import { pages, screenTitles } from '../i18n/fr/pages.ts'

const t = pages.notFound

export function Component() {
  return (
    <>
      <ScreenTitle title={screenTitles.notFound} />
      <p>{t.message}</p>
      <Link to={paths.home()}>{t.backHome}</Link>
    </>
  )
}
