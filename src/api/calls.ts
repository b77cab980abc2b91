// Calls resource (issue #4 "API", docs/domain.md "Calls"): the user's current call, answering an
// inbound call and forcing the end of one. The live channel invalidates `callQueries.all()` on every
// `user:{id}:ongoing-call:update` (src/live/live-events.ts), so nothing here polls.
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import { BLOCKING_CAUSES } from '../contracts/blocking.ts'
import type {
  CurrentCall,
  InboundAnswerBody,
  InboundDeclineBody,
  NO_CALL_STATUS,
  StartOutboundBody,
} from '../contracts/call.ts'
import { fr } from '../i18n/fr.ts'
import { authQueries } from './auth.ts'
import { apiRequest } from './client.ts'
import { notifyRefusal } from './error-message.ts'

// Contracts are types only on the client (zod stays out of the bundle); `satisfies` keeps it in step.
const NO_CALL = 'done' satisfies typeof NO_CALL_STATUS

export type CallActionResponse = { ok: true; callId: number | null; redirect?: string }
/** A current call that is one: status `done` (no call) is excluded. */
export type OngoingCall = CurrentCall & { callId: number; direction: 'inbound' | 'outbound' }

export function fetchCurrentCall(signal?: AbortSignal): Promise<CurrentCall> {
  return apiRequest<CurrentCall>('/api/call/ongoing', { signal })
}

/** The server's answer as an ongoing call, or null when it reports none (`done`). */
export function ongoingCallOf(call: CurrentCall | undefined): OngoingCall | null {
  if (!call || call.status === NO_CALL || call.callId === null || call.direction === null) return null
  return { ...call, callId: call.callId, direction: call.direction }
}

/**
 * Answers the user's ringing inbound call. A 403 (UNTAGGED_CALL, UNFINISHED_PROCESSING_LEAD) is
 * left to the caller, which offers to answer anyway with the matching bypass flag; on success the
 * API client follows the answer's `redirect` (the lead's sheet, else /home).
 */
export function answerInbound(body: InboundAnswerBody): Promise<CallActionResponse> {
  return apiRequest<CallActionResponse>('/api/call/inbound/answer', {
    method: 'POST',
    body,
    followErrorRedirect: false,
  })
}

/**
 * Refuses the user's ringing inbound call (issue #11): the server ends it for them as missed
 * (docs/domain.md "Calls", Decline inbound).
 */
export function declineInbound(body: InboundDeclineBody): Promise<CallActionResponse> {
  return apiRequest<CallActionResponse>('/api/call/inbound/decline', { method: 'POST', body })
}

/**
 * Click-to-call (POST /api/call/start-outbound): the provider then rings the lead, on its first
 * phone or, with `phone: 'secondary'`, its second one (the server reads the number from the lead).
 */
export function startOutbound(body: StartOutboundBody): Promise<CallActionResponse> {
  return apiRequest<CallActionResponse>('/api/call/start-outbound', { method: 'POST', body })
}

export function forceEndCall(callId: number): Promise<CallActionResponse> {
  return apiRequest<CallActionResponse>('/api/call/force-end', { method: 'POST', body: { callId } })
}

export const callQueries = {
  all: () => ['calls'] as const,
  ongoing: () =>
    queryOptions({
      queryKey: [...callQueries.all(), 'ongoing'] as const,
      queryFn: ({ signal }) => fetchCurrentCall(signal),
      // Issue #5: never restored from the persisted cache (NEVER_PERSISTED, src/pwa/persisted-cache.ts),
      // a call is only ever the server's word now.
    }),
}

/** A call changes the current call and `me` (callingLeadId, call). */
export function invalidateCallState(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: callQueries.all() }),
    queryClient.invalidateQueries({ queryKey: authQueries.me().queryKey }),
  ])
}

export const callMutations = {
  startOutbound: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: startOutbound,
      onSuccess: () => invalidateCallState(queryClient),
      meta: notifyRefusal,
    }),
  /** A blocking cause (403) is explained by the inbound alert, which offers to answer anyway. */
  answerInbound: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: answerInbound,
      onSuccess: () => invalidateCallState(queryClient),
      meta: {
        notifyError: fr.calls.inbound.answerFailed,
        errorCodesShownInline: [BLOCKING_CAUSES.UNTAGGED_CALL, BLOCKING_CAUSES.UNFINISHED_PROCESSING_LEAD],
      },
    }),
  declineInbound: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: declineInbound,
      onSettled: () => invalidateCallState(queryClient),
      meta: { notifyError: fr.calls.inbound.declineFailed },
    }),
  forceEnd: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: forceEndCall,
      onSettled: () => invalidateCallState(queryClient),
      meta: { notifyError: fr.calls.bar.forceEndFailed },
    }),
}
