// Leads resource (spec §7 "Leads", issue #4): the sheet, its history, the search, and the actions
// of the processing loop. Every key derives from `all()`, which the live channel invalidates on any
// lead update (src/live/live-events.ts).
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { FindLeadResponse, Lead, LeadEvent, LeadSearchResult, TagBody } from '../contracts/lead.ts'
import type {
  LeadTagCorrection,
  LeadTagCorrectionBody,
  LeadUpdateBody,
  RandomLeads,
} from '../contracts/lead-changes.ts'
import type { MyRecalls } from '../contracts/my-recalls.ts'
import { fr } from '../i18n/fr.ts'
import { notify } from '../stores/notifications.ts'
import { authQueries } from './auth.ts'
import { apiRequest } from './client.ts'
import { submitDeferrable, type DeferrableChange } from './deferral.ts'
import { notifyRefusal } from './error-message.ts'
import { withQuery } from './query-string.ts'

export type LeadSearchParams = {
  search: string
  page?: number
  limit?: number
  missionId?: number
}
/** POST /api/calls/tag (src/contracts/lead.ts tagResponseSchema). */
export type TagResponse = { redirect: string; leadTagId: number; step: number; progress: boolean }
export type OkResponse = { ok: true }
export type UpdateCommentInput = { leadId: number; comment: string }
export type ReleaseLeadInput = { leadId: number; reason: string }
export type UpdateLeadInput = { leadId: number; changes: LeadUpdateBody }
export type CorrectLeadTagInput = { leadId: number; leadTagId: number; correction: LeadTagCorrectionBody }
/** `leadId`: leave only that sheet (a late quit must not clear the next one); `keepalive` while unloading. */
export type QuitLeadPageInput = { leadId?: number; keepalive?: boolean }

export function fetchLead(idOrUuid: string | number, signal?: AbortSignal): Promise<Lead> {
  return apiRequest<Lead>(`/api/lead/${encodeURIComponent(String(idOrUuid))}`, { signal })
}

export function fetchLeadHistory(id: number, signal?: AbortSignal): Promise<LeadEvent[]> {
  return apiRequest<LeadEvent[]>(`/api/lead/${id}/history`, { signal })
}

export function searchLeads(params: LeadSearchParams, signal?: AbortSignal): Promise<LeadSearchResult> {
  const path = `/api/lead/search/${encodeURIComponent(params.search)}/${params.page ?? 1}`
  return apiRequest<LeadSearchResult>(withQuery(path, { limit: params.limit, missionId: params.missionId }), {
    signal,
  })
}

/** A redirect is followed by the API client; a 200 without one carries a message (spec §7). */
export function findLeadToProcess(): Promise<FindLeadResponse> {
  return apiRequest<FindLeadResponse>('/api/lead/find-lead-to-process', { method: 'POST' })
}

export function pickLead(leadId: number): Promise<FindLeadResponse> {
  return apiRequest<FindLeadResponse>(`/api/lead/search/pick/${leadId}`, { method: 'POST' })
}

export function updateLeadComment({ leadId, comment }: UpdateCommentInput): Promise<Lead> {
  return apiRequest<Lead>(`/api/lead/${leadId}/comment`, { method: 'PUT', body: { comment } })
}

/** The comment as a deferrable change (src/api/deferral.ts): the same request, replayable. */
export function leadCommentChange({ leadId, comment }: UpdateCommentInput) {
  return {
    label: { kind: 'lead-comment', leadId },
    method: 'PUT',
    path: `/api/lead/${leadId}/comment`,
    body: { comment },
    invalidates: [leadQueries.all()],
  } satisfies DeferrableChange
}

/** POST /api/calls/tag: its `redirect` (/home or the appointment page) is followed by the API client. */
export function tagCall(body: TagBody): Promise<TagResponse> {
  return apiRequest<TagResponse>('/api/calls/tag', { method: 'POST', body })
}

/** POST /api/lead/{id}/release (issue #11): the holder hands the lead back, with a reason. */
export function releaseLead({ leadId, reason }: ReleaseLeadInput): Promise<OkResponse> {
  return apiRequest<OkResponse>(`/api/lead/${leadId}/release`, { method: 'POST', body: { reason } })
}

export function viewLeadPage(leadId: number): Promise<OkResponse> {
  return apiRequest<OkResponse>('/api/users/view-lead-page', { method: 'POST', body: { leadId } })
}

export function quitLeadPage({ leadId, keepalive }: QuitLeadPageInput = {}): Promise<OkResponse> {
  return apiRequest<OkResponse>('/api/users/quit-lead-page', {
    method: 'POST',
    body: leadId === undefined ? undefined : { leadId },
    keepalive,
  })
}

/**
 * PUT /api/lead/{id}: identity and contact fields; with `updatedAt` (the sheet's), a change made
 * meanwhile in another tab or by another user is refused (409) instead of being overwritten.
 */
export function updateLead({ leadId, changes }: UpdateLeadInput): Promise<Lead> {
  return apiRequest<Lead>(`/api/lead/${leadId}`, { method: 'PUT', body: changes })
}

export function correctLeadTag({
  leadId,
  leadTagId,
  correction,
}: CorrectLeadTagInput): Promise<LeadTagCorrection> {
  return apiRequest<LeadTagCorrection>(`/api/lead/${leadId}/lead-tag/${leadTagId}`, {
    method: 'PUT',
    body: correction,
  })
}

/** Non-production helper (dev softphone): up to `count` random leads the user may read. */
export function fetchRandomLeads(count: number): Promise<RandomLeads> {
  return apiRequest<RandomLeads>(`/api/lead/random/${count}`)
}

export const leadQueries = {
  all: () => ['leads'] as const,
  details: () => [...leadQueries.all(), 'detail'] as const,
  detail: (idOrUuid: string | number) =>
    queryOptions({
      queryKey: [...leadQueries.details(), String(idOrUuid)] as const,
      queryFn: ({ signal }) => fetchLead(idOrUuid, signal),
    }),
  /** Issue #29: GET /api/recalls/mine, under the leads so every lead change refetches it. */
  myRecalls: () =>
    queryOptions({
      queryKey: [...leadQueries.all(), 'my-recalls'] as const,
      queryFn: ({ signal }) => apiRequest<MyRecalls>('/api/recalls/mine', { signal }),
    }),
  history: (id: number) =>
    queryOptions({
      queryKey: [...leadQueries.all(), 'history', id] as const,
      queryFn: ({ signal }) => fetchLeadHistory(id, signal),
    }),
  search: (params: LeadSearchParams) =>
    queryOptions({
      queryKey: [...leadQueries.all(), 'search', params] as const,
      queryFn: ({ signal }) => searchLeads(params, signal),
      enabled: params.search.trim() !== '',
      // A 403 during a call will not change on retry (the caller shows the reason instead).
      retry: false,
    }),
}

/** Taking, releasing or tagging a lead changes the lead and the user's processing lead. */
export function invalidateLeadsAndMe(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: leadQueries.all() }),
    queryClient.invalidateQueries({ queryKey: authQueries.me().queryKey }),
  ])
}

export function notifyMessage(data: FindLeadResponse): void {
  if (!data.redirect && data.message) notify({ kind: 'info', message: data.message })
}

export const leadMutations = {
  /** Invalidates: leads, me. */
  findLeadToProcess: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: findLeadToProcess,
      onSuccess: (data) => {
        notifyMessage(data)
        return invalidateLeadsAndMe(queryClient)
      },
      meta: notifyRefusal,
    }),
  /** Invalidates: leads, me. */
  pickLead: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: pickLead,
      onSuccess: (data) => {
        notifyMessage(data)
        return invalidateLeadsAndMe(queryClient)
      },
      meta: notifyRefusal,
    }),
  /**
   * Safe to defer (issue #5): offline it is queued in the outbox and sent once the connection
   * returns, with its Idempotency-Key. Invalidates: leads (the sheet and its history), once applied.
   */
  updateComment: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...leadQueries.all(), 'comment'] as const,
      // Runs offline too: storing the change is what it does then.
      networkMode: 'always',
      mutationFn: (input: UpdateCommentInput) => submitDeferrable(queryClient, leadCommentChange(input)),
      onSuccess: (outcome, { leadId, comment }) => {
        // The cached sheet carries the comment at once: saved (the refetch confirms it) or to come
        // (shown again after a reload offline).
        queryClient.setQueriesData<Lead>({ queryKey: leadQueries.details() }, (lead) =>
          lead && lead.id === leadId ? { ...lead, comment: comment || null } : lead,
        )
        if (outcome.status === 'queued') notify({ kind: 'info', message: fr.offline.queued })
      },
      meta: notifyRefusal,
    }),
  /** Invalidates: leads, me (the lead may be released and the call tagged). */
  tagCall: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: tagCall,
      onSuccess: () => invalidateLeadsAndMe(queryClient),
      meta: notifyRefusal,
    }),
  /**
   * Invalidates: leads, me (the lead is no longer held), without waiting: the sheet leaves for home
   * at once rather than first showing itself read-only.
   */
  releaseLead: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: releaseLead,
      onSuccess: () => {
        void invalidateLeadsAndMe(queryClient)
      },
      meta: notifyRefusal,
    }),
  /** Invalidates: me (viewingLeadId). */
  viewLeadPage: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: viewLeadPage,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: authQueries.me().queryKey }),
    }),
  /** Invalidates: leads (the sheet and its history). */
  updateLead: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: updateLead,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: leadQueries.all() }),
      meta: notifyRefusal,
    }),
  /** Invalidates: leads, me (the outcome's points may change). */
  correctLeadTag: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: correctLeadTag,
      onSuccess: () => invalidateLeadsAndMe(queryClient),
      meta: notifyRefusal,
    }),
  /** Invalidates: me (viewingLeadId). */
  quitLeadPage: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: quitLeadPage,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: authQueries.me().queryKey }),
    }),
}
