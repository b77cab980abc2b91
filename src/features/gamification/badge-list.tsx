// Badges earned (with their date) and locked (with what earns them: the catalogue's description).
import type { BadgeState } from '../../contracts/gamification.ts'
import { AwardIcon } from '../../components/ui/award-icon.tsx'
import { formatDate } from '../../i18n/format.ts'
import { gamification as t } from '../../i18n/fr/gamification.ts'

export type BadgeListProps = { badges: BadgeState[] }

function BadgeItem({ badge }: { badge: BadgeState }) {
  const earned = badge.earnedAt !== null
  return (
    <li className={earned ? 'badge-item' : 'badge-item badge-item--locked'}>
      <AwardIcon name={badge.icon} className="badge-item__icon" />
      <span className="badge-item__text">
        <strong className="badge-item__name">{badge.name}</strong>
        <span className="badge-item__status">
          {badge.earnedAt !== null ? t.badges.earnedOn(formatDate(badge.earnedAt)) : t.badges.lockedLabel}
        </span>
        <span className="badge-item__description">{badge.description}</span>
      </span>
    </li>
  )
}

export function BadgeList({ badges }: BadgeListProps) {
  const earned = badges.filter((badge) => badge.earnedAt !== null)
  const locked = badges.filter((badge) => badge.earnedAt === null)
  return (
    <section className="gamification__section" aria-labelledby="badges-heading">
      <h2 id="badges-heading">{t.badges.heading}</h2>
      <p>{t.badges.summary(earned.length, badges.length)}</p>
      <h3>{t.badges.earned}</h3>
      {earned.length ? (
        <ul className="badge-list">
          {earned.map((badge) => (
            <BadgeItem key={badge.id} badge={badge} />
          ))}
        </ul>
      ) : (
        <p>{t.badges.noneEarned}</p>
      )}
      <h3>{t.badges.locked}</h3>
      {locked.length ? (
        <ul className="badge-list">
          {locked.map((badge) => (
            <BadgeItem key={badge.id} badge={badge} />
          ))}
        </ul>
      ) : (
        <p>{t.badges.allEarned}</p>
      )}
    </section>
  )
}
