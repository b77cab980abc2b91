// The events the gamification engine hears (docs/domain.md "Gamification"), and the shapes of its
// rules: adding a badge or a tentacall is adding one rule module to its catalogue.

/** `at` is when it happened; absent, the database's transaction time. */
export type GamificationEvent =
  | { kind: 'tag'; userId: number; leadTagId: number; points: number; at?: Date }
  | { kind: 'call-answered'; userId: number; callId: number; startedAt: Date; at?: Date }
  | { kind: 'call-missed'; userId: number; callId: number; at?: Date }
  | { kind: 'appointment'; userId: number; appointmentId: number; sessionKey: string | null; at?: Date }

export type EventKind = GamificationEvent['kind']

/** The user's figures a badge rule reads, after the event (its own share included). */
export type BadgeFacts = {
  event: GamificationEvent
  /** The Paris day of the event (YYYY-MM-DD). */
  day: string
  totals: { answered: number; appointments: number }
  today: { answered: number; appointments: number; tags: number }
  /** The Paris week (Monday–Sunday) before the event's; loaded only for rules that ask for it. */
  previousWeek: WeekFacts | null
}

export type WeekFacts = {
  /** Working days of the week (public holidays and weekends excluded). */
  workingDays: number
  /** Of those, the days the user made or received at least one call. */
  activeWorkingDays: number
  /** Ended calls of that week concerning a lead that still have no outcome. */
  untaggedCalls: number
}

type CatalogueEntry = {
  id: string
  /** French, shown as is. */
  name: string
  /** French: what earns it (shown on locked badges). */
  description: string
  /** An icon name of the client's set. */
  icon: string
}

export type BadgeRule = CatalogueEntry & {
  on: readonly EventKind[]
  /** Whether the rule needs `previousWeek` (a query over a week of calls), from the other facts. */
  needsPreviousWeek?: (facts: BadgeFacts) => boolean
  earned: (facts: BadgeFacts) => boolean
}

export type SeriesState = { current: number; record: number; seriesKey: string | null }

export type TentacallRule = CatalogueEntry & {
  on: readonly EventKind[]
  /** The series after the event; null when the event leaves it as it is. */
  advance: (state: SeriesState, event: GamificationEvent, day: string) => SeriesState | null
  /** Whether reaching this count awards the tentacall. */
  milestone: (count: number) => boolean
  /** The count as it stands at `day` (a series of days breaks when a working day passes). */
  currentAt: (state: SeriesState, day: string) => number
}

/** The series grown by one (the record follows). */
export function grown(
  state: SeriesState,
  seriesKey: string | null,
  current = state.current + 1,
): SeriesState {
  return { current, record: Math.max(state.record, current), seriesKey }
}
