// Developer endpoints (spec §2 dev tools, §7 "Developer"); the server has them outside production only.
import { mutationOptions, type QueryClient } from '@tanstack/react-query'
import type { DevCallAction } from '../contracts/call.ts'
import type { Role } from '../contracts/roles.ts'
import type { ConnectAsBody, Me } from '../contracts/user.ts'
import { fr } from '../i18n/fr.ts'
import { apiRequest } from './client.ts'
import { replaceSession, sessionChangeMeta } from './auth.ts'
import { invalidateCallState, type CallActionResponse } from './calls.ts'
import { fetchRandomLeads } from './leads.ts'

export type DevSessionResponse = { user: Me }
export type DevInboundBody = { userId: number; fromNumber: string }

/** Signs in as that user, or as the first active user of that role. */
export function connectAs(body: ConnectAsBody): Promise<DevSessionResponse> {
  return apiRequest<DevSessionResponse>('/api/dev/connect-as', { method: 'POST', body })
}

/** Changes the current account's role for this session only. */
export function switchRole(role: Role): Promise<DevSessionResponse> {
  return apiRequest<DevSessionResponse>('/api/dev/switch-role', { method: 'POST', body: { role } })
}

/** Both start a new session as someone else: the whole user cache is replaced. */
export const devMutations = {
  connectAs: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: connectAs,
      onSuccess: (data) => replaceSession(queryClient, data.user),
      meta: sessionChangeMeta,
    }),
  switchRole: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: switchRole,
      onSuccess: (data) => replaceSession(queryClient, data.user),
      meta: sessionChangeMeta,
    }),
}

/** The simulator's actions on a call (docs/domain.md "Calls", Simulator). */
export type DevCallActionInput = { callId: number; action: DevCallAction }

/** Raises a simulated inbound call for that user from that number. */
export function raiseInboundCall(body: DevInboundBody): Promise<CallActionResponse> {
  return apiRequest<CallActionResponse>('/api/dev/telephony/inbound', { method: 'POST', body })
}

export function actOnCall({ callId, action }: DevCallActionInput): Promise<CallActionResponse> {
  return apiRequest<CallActionResponse>(`/api/dev/telephony/${callId}/${action}`, { method: 'POST' })
}

/** The softphone's refusals (e.g. 409 outside the simulator): the server's reason, else its own. */
const softphoneErrors = { notifyError: fr.calls.softphone.failed }

/** The live channel also signals these changes; invalidating here makes the panel exact at once. */
export const devTelephonyMutations = {
  raiseInbound: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: raiseInboundCall,
      onSuccess: () => invalidateCallState(queryClient),
      meta: softphoneErrors,
    }),
  act: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: actOnCall,
      onSuccess: () => invalidateCallState(queryClient),
      meta: softphoneErrors,
    }),
  /** GET /api/lead/random/1: a real lead's number, so that the inbound call is detected on a lead. */
  randomLead: () =>
    mutationOptions({
      mutationFn: () => fetchRandomLeads(1),
      meta: softphoneErrors,
    }),
}
