// Leads resource (spec §7 "Leads"). For now only the root key, which the live channel invalidates
// (src/live/live-events.ts); the lead queries and mutations come with the lead-processing issue
// and derive their keys from `all()`.
export const leadQueries = {
  all: () => ['leads'] as const,
}
