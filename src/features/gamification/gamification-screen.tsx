// `/activity/gamification` (issue #14, spec §2): one's experience, level, badges and tentacalls; a
// manager or an administrator chooses an agent or a team they may read (the choice is in the URL).
// Teleoperators see only their own, without a choice.
import { useQuery } from '@tanstack/react-query'
import { authQueries } from '../../api/auth.ts'
import { gamificationQueries } from '../../api/gamification.ts'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { gamification as t, screenTitles } from '../../i18n/fr/gamification.ts'
import { AgentProgress } from './agent-progress.tsx'
import { choosesWhose, effectiveView, useGamificationView } from './gamification-params.ts'
import { ProgressPicker } from './progress-picker.tsx'
import { TeamProgress } from './team-progress.tsx'
import './gamification.css'
import { personName } from '../../contracts/person-name.ts'

export function GamificationScreen() {
  const { data: me } = useQuery(authQueries.me())
  const [view, setView] = useGamificationView()
  const supervisor = me != null && choosesWhose(me)
  const { data: scope } = useQuery({ ...gamificationQueries.scope(), enabled: supervisor })
  if (!me) return null
  const shown = effectiveView(me, view)
  const agent = shown.kind === 'user' ? scope?.agents.find((a) => a.id === shown.userId) : undefined
  return (
    <div className="gamification">
      <ScreenTitle title={screenTitles.activityGamification} />
      {supervisor ? <ProgressPicker view={shown} onChange={setView} /> : null}
      {shown.kind === 'user' ? (
        <AgentProgress
          userId={shown.userId}
          heading={
            shown.userId === me.id
              ? t.agent.mine
              : agent
                ? t.agent.heading(personName(agent))
                : t.agent.someone
          }
        />
      ) : shown.kind === 'team' ? (
        <TeamProgress teamId={shown.teamId} />
      ) : (
        <p>{t.choose.prompt}</p>
      )}
    </div>
  )
}
