// Home (issue 2): greets the signed-in user by first name and states their role.
import { useQuery } from '@tanstack/react-query'
import { authQueries } from '../../api/auth.ts'
import { PageTitle } from '../../components/ui/page-title.tsx'
import { fr } from '../../i18n/fr.ts'

const t = fr.pages.home

export function HomeGreeting() {
  const { data: me } = useQuery(authQueries.me())
  return (
    <>
      <PageTitle title={t.title} documentTitle={`${t.title} – ${fr.app.name}`} />
      {me ? (
        <>
          <p className="home-greeting">{t.greeting(me.firstName)}</p>
          <p>{t.role(fr.roles[me.role])}</p>
        </>
      ) : null}
    </>
  )
}
