// Working on a lead oneself (docs/domain.md "Leads"): the rule POST /api/calls/tag applies to a
// teleoperator (through mayActOnLead, server/domain/leads/access.ts) and the lead sheet's
// `canRecordOutcome` (server/domain/leads/view.ts), so the outcome form opens where tagging succeeds.

/**
 * The actor holds the lead, or nobody does and the action takes it (`takesFreeLead`: a call the
 * actor starts on it, or the outcome of the actor's own call on it).
 */
export function worksOnLead(
  actorId: number,
  lead: { processingUserId: number | null },
  options: { takesFreeLead: boolean },
): boolean {
  if (lead.processingUserId === actorId) return true
  return options.takesFreeLead && lead.processingUserId === null
}
