// The one telephony interface (issue #4 "Telephony"): Aircall's Public API or the built-in simulator,
// chosen by TELEPHONY_PROVIDER (server/plugins/telephony.ts). Call state never comes back from these
// methods: it arrives as webhook events (Aircall) or synthetic ones (simulator), both handled by
// server/domain/webhooks/processing.ts.
import type {
  AircallNumber,
  AircallUser,
  AircallWebhook,
  DevCallAction,
  TelephonyProviderName,
} from '../../src/contracts/call.ts'
import type { calls } from '../db/schema.ts'

/**
 * The code of the HttpError a provider call rejects with when the provider may have acted anyway: its
 * answer never came (a timeout, a connection cut after the request left) or could not be read. Sending
 * an SMS again on such an error could reach the lead twice (issue #15 "SMS").
 */
export const OUTCOME_UNKNOWN = 'TELEPHONY_OUTCOME_UNKNOWN'

export type StartOutboundInput = {
  /** The agent's Aircall user id (users.aircall_id). */
  aircallUserId: number
  /** The Aircall number to call from. */
  numberId: number
  /** Destination in E.164. */
  to: string
}

export type CreateWebhookInput = { customName: string; url: string; events: readonly string[] }
export type CreatedWebhook = AircallWebhook & { token: string }
export type SendSmsInput = {
  /** The Aircall number to send from. */
  numberId: number
  /** Destination in E.164. */
  to: string
  body: string
}

export type TelephonyProvider = {
  name: TelephonyProviderName
  /** Aircall answers 204 without a call id: the call is found later by its call.created event. */
  startOutbound: (input: StartOutboundInput) => Promise<void>
  /**
   * Issue #15 "SMS": sends one SMS in the agent-conversation ("native") mode of Aircall's Messaging
   * API and answers the provider's message id; delivery follows as message.* events.
   */
  sendSms: (input: SendSmsInput) => Promise<{ providerMessageId: string }>
  /**
   * Simulator only: the message's row now carries its provider id, so its synthetic status events
   * (message.sent, then message.status_updated delivered) may follow.
   */
  smsRecorded?: (providerMessageId: string) => void
  listNumbers: () => Promise<AircallNumber[]>
  listUsers: () => Promise<AircallUser[]>
  /** Aircall only (issue #15): the webhooks registered on the account; the simulator has none. */
  listWebhooks?: () => Promise<AircallWebhook[]>
  /**
   * Aircall only (issue #15 "Check and repair Aircall's side"): POST /v1/webhooks. The answer carries
   * the webhook's own token, which Aircall puts in the body of every delivery of that webhook.
   */
  createWebhook?: (input: CreateWebhookInput) => Promise<CreatedWebhook>
  /** Aircall only: PUT /v1/webhooks/:id with the full list of events the webhook should send. */
  setWebhookEvents?: (webhookId: string, events: readonly string[]) => Promise<AircallWebhook>
  /** Aircall only: DELETE /v1/webhooks/:id (one already gone counts as deleted). */
  deleteWebhook?: (webhookId: string) => Promise<void>
  /** Simulator only: Aircall's Public API cannot hang up a call. */
  hangup?: (providerCallId: string) => Promise<void>
}

// The simulator's controls beyond the provider (server/telephony/simulator.ts), used by the dev
// endpoints and the simulated floor.
type CallRow = typeof calls.$inferSelect

export type Simulator = TelephonyProvider & {
  /** An inbound call to the agent: call.created (no agent yet), then call.ringing_on_agent. */
  inbound: (input: { aircallUserId: number; fromNumber: string }) => number
  /** Drives a call known to the database (dev endpoints, force-end). */
  act: (row: CallRow, action: DevCallAction, aircallUserId: number | null) => void
  /**
   * Issue #15 (simulated floor): how the next outbound call of this agent goes. Without a plan a call
   * is answered after the answer delay (manual testing); a plan is used once.
   */
  plan: (aircallUserId: number, fate: CallFate) => void
  /** Issue #15 (/dev/uat-settings): the ring time before an unplanned call is answered. */
  setAnswerDelay: (ms: number) => void
  /** Issue #15: an SMS from `from` (E.164) to the simulator's line: message.received. */
  inboundSms: (input: { from: string; body: string }) => void
  close: () => void
}

/** The floor's outbound call: answered (by the lead or its voicemail) after `afterMs`, or never. */
export type CallFate = { kind: 'answered'; afterMs: number } | { kind: 'no-answer'; afterMs: number }
