// Experience, level and the progress to the next level (docs/domain.md "Gamification", levels).
import type { Level } from '../../contracts/gamification.ts'
import { formatInteger } from '../../i18n/format.ts'
import { gamification as t } from '../../i18n/fr/gamification.ts'

export type LevelSummaryProps = { experiencePoints: number; level: Level }

export function LevelSummary({ experiencePoints, level }: LevelSummaryProps) {
  const next = level.level + 1
  return (
    <div className="level-summary">
      <p className="level-summary__level">{t.agent.level(level.level)}</p>
      <p className="level-summary__points">{t.agent.points(formatInteger(experiencePoints))}</p>
      <progress
        className="level-summary__bar"
        aria-label={t.agent.progressLabel(next)}
        value={experiencePoints - level.levelXp}
        max={level.nextLevelXp - level.levelXp}
      />
      <p className="level-summary__next">
        {t.agent.progress(
          formatInteger(experiencePoints - level.levelXp),
          formatInteger(level.nextLevelXp - level.levelXp),
          next,
        )}
      </p>
    </div>
  )
}
