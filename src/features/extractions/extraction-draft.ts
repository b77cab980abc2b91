// The filter form's state (issue #13): what the user ticked and typed, turned into the contract's
// filters. Steps and months are typed as comma-separated lists; what does not parse is left out.
import type {
  ExtractionColumn,
  ExtractionDateRange,
  ExtractionExpiry,
  ExtractionFiltersInput,
} from '../../contracts/extractions.ts'
import { EXTRACTION_COLUMNS } from '../../contracts/extractions.ts'
import type { LeadStatus, LeadSubstatus } from '../../contracts/lead-statuses.ts'

export type FiltersDraft = {
  missionIds: number[]
  marketIds: number[]
  statuses: LeadStatus[]
  substatuses: LeadSubstatus[]
  steps: string
  integrationMonths: string
  meetRequest: ExtractionDateRange
  lastActivity: ExtractionDateRange
  appointment: ExtractionDateRange
  processingUserIds: number[]
  lastOutcomeTagIds: number[]
  expiry: ExtractionExpiry
}

export const EMPTY_DRAFT: FiltersDraft = {
  missionIds: [],
  marketIds: [],
  statuses: [],
  substatuses: [],
  steps: '',
  integrationMonths: '',
  meetRequest: {},
  lastActivity: {},
  appointment: {},
  processingUserIds: [],
  lastOutcomeTagIds: [],
  expiry: 'all',
}

/** Columns ticked by default: who the lead is and where it stands. */
export const DEFAULT_COLUMNS: ExtractionColumn[] = EXTRACTION_COLUMNS.filter(
  (column) => !['address', 'comment', 'lastActivity', 'expirationDate'].includes(column),
)

function list(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
}

function range(value: ExtractionDateRange): ExtractionDateRange | undefined {
  const kept = {
    ...(value.from ? { from: value.from } : {}),
    ...(value.to ? { to: value.to } : {}),
  }
  return Object.keys(kept).length > 0 ? kept : undefined
}

export function filtersOf(draft: FiltersDraft): ExtractionFiltersInput {
  const steps = list(draft.steps)
    .map(Number)
    .filter((step) => Number.isInteger(step) && step >= 1)
  const months = list(draft.integrationMonths).filter((month) => /^\d{4}-(?:0[1-9]|1[0-2])$/.test(month))
  const filters: ExtractionFiltersInput = {
    missionIds: draft.missionIds,
    marketIds: draft.marketIds,
    statuses: draft.statuses,
    substatuses: draft.substatuses,
    steps,
    integrationMonths: months,
    processingUserIds: draft.processingUserIds,
    lastOutcomeTagIds: draft.lastOutcomeTagIds,
    expiry: draft.expiry,
  }
  const meetRequest = range(draft.meetRequest)
  const lastActivity = range(draft.lastActivity)
  const appointment = range(draft.appointment)
  return {
    ...filters,
    ...(meetRequest ? { meetRequest } : {}),
    ...(lastActivity ? { lastActivity } : {}),
    ...(appointment ? { appointment } : {}),
  }
}

/** How many filters an extraction of the history used (its summary). */
export function activeFilterCount(filters: Record<string, unknown>): number {
  return Object.entries(filters).filter(([key, value]) => {
    if (key === 'expiry') return value !== 'all'
    if (Array.isArray(value)) return value.length > 0
    return value !== undefined && value !== null && typeof value === 'object'
  }).length
}
