// Lead vocabulary shared by client and server (spec §3, §4; rules in docs/domain.md).
export const LEAD_STATUSES = [
  'NEW',
  'IN_PROGRESS',
  'RECALL',
  'APPOINTMENT',
  'NOT_INTERESTED',
  'UNREACHABLE',
  'WRONG_NUMBER',
] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]

export const LEAD_SUBSTATUSES = [
  'WAITING_FOR_FORCED_RDV',
  'NO_ANSWER',
  'CALLBACK_REQUESTED',
  'ALREADY_EQUIPPED',
  'TOO_EXPENSIVE',
] as const
export type LeadSubstatus = (typeof LEAD_SUBSTATUSES)[number]

/** Spec §9: default lead processing duration, initial value of the configuration. */
export const DEFAULT_LEAD_PROCESSING_DURATION_DAYS = 60
