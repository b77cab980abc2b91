// One agent's progress (GET /api/gamification/{userId}): experience and level, badges, tentacalls.
import { useQuery } from '@tanstack/react-query'
import { gamificationQueries } from '../../api/gamification.ts'
import { gamification as t } from '../../i18n/fr/gamification.ts'
import { BadgeList } from './badge-list.tsx'
import { LevelSummary } from './level-summary.tsx'
import { TentacallTable } from './tentacall-table.tsx'

export type AgentProgressProps = {
  userId: number
  /** The heading: "Ma progression" or the agent's name. */
  heading: string
}

export function AgentProgress({ userId, heading }: AgentProgressProps) {
  const { data, isError } = useQuery(gamificationQueries.user(userId))
  if (!data) return <p role="status">{isError ? t.failed : t.loading}</p>
  return (
    <div className="agent-progress">
      <section className="gamification__section" aria-labelledby="experience-heading">
        <h2 id="experience-heading">{heading}</h2>
        <LevelSummary experiencePoints={data.experiencePoints} level={data.level} />
      </section>
      <BadgeList badges={data.badges} />
      <TentacallTable tentacalls={data.tentacalls} />
    </div>
  )
}
