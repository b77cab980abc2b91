// Home (issue 2): greets the signed-in user by first name and states their role.
import { useQuery } from '@tanstack/react-query'
import { authQueries } from '../../api/auth.ts'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { screenTitles } from '../../i18n/fr/pages.ts'
import { fr } from '../../i18n/fr.ts'

const t = fr.pages.home

export function HomeGreeting() {
  const { data: me } = useQuery(authQueries.me())
  return (
    <>
      <ScreenTitle title={screenTitles.home} />
      {me ? (
        <>
          <p className="home-greeting">{t.greeting(me.firstName)}</p>
          <p>{t.role(fr.roles[me.role])}</p>
        </>
      ) : null}
    </>
  )
}
