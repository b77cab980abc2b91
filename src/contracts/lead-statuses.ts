// Lead statuses and substatuses (spec §3, §7 "Leads"), without zod: src/contracts/lead.ts builds the
// agent API on them and the back office's zod/mini forms (tag-form.ts) read them without full zod.

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
