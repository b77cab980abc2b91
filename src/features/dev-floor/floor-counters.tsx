// The floor's counters since it started (calls, answered, RDV…), as a wrapping list of figures.
import type { FloorCounters } from '../../contracts/dev-floor.ts'
import { floorScreen as t } from '../../i18n/fr/dev-floor.ts'
import { formatInteger } from '../../i18n/format.ts'

const ORDER = [
  'calls',
  'answered',
  'voicemail',
  'noAnswer',
  'inbound',
  'tags',
  'appointments',
  'errors',
] as const

export type FloorCountersListProps = { counters: FloorCounters }

export function FloorCountersList({ counters }: FloorCountersListProps) {
  return (
    <section aria-labelledby="dev-floor-counters">
      <h2 id="dev-floor-counters">{t.countersTitle}</h2>
      <dl className="dev-floor__counters">
        {ORDER.map((key) => (
          <div key={key} className="dev-floor__counter">
            <dt>{t.counters[key]}</dt>
            <dd data-counter={key}>{formatInteger(counters[key])}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
