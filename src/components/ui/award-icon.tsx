// The icon of a badge or a tentacall (issue #14): the catalogue names an icon
// (server/domain/gamification/*/catalogue.ts), drawn here as an emoji. Decorative: hidden from
// assistive technology, the award's name is always written next to it.
const EMOJI: Record<string, string> = {
  phone: '📞',
  'phone-call': '☎️',
  'phone-forwarded': '🔁',
  'calendar-check': '📅',
  'calendar-range': '🗓️',
  sunrise: '🌅',
  trophy: '🏆',
  'check-circle': '✅',
  zap: '⚡',
}

/** Shown for an icon name this client does not know yet (a newer catalogue). */
const FALLBACK = '🏅'

export type AwardIconProps = { name: string; className?: string }

export function AwardIcon({ name, className }: AwardIconProps) {
  return (
    <span className={className} aria-hidden="true">
      {EMOJI[name] ?? FALLBACK}
    </span>
  )
}
