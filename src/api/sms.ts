// SMS resource (issue #15 "SMS", docs/domain.md "SMS"): the administrators' templates, send log and
// opt-outs, and on the lead sheet what may be sent to the lead and the send itself.
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type {
  LeadSmsOptions,
  SmsLog,
  SmsLogQuery,
  SmsMessage,
  SmsOptOutList,
  SmsTemplate,
  SmsTemplateBody,
  SmsTemplateKey,
  SmsTemplateList,
} from '../contracts/sms.ts'
import { STALE_VERSION } from '../contracts/error-codes.ts'
import { apiRequest } from './client.ts'
import { notifyRefusal } from './error-message.ts'
import { leadQueries } from './leads.ts'
import { withQuery } from './query-string.ts'

export const smsQueries = {
  all: () => ['sms'] as const,
  templates: () =>
    queryOptions({
      queryKey: [...smsQueries.all(), 'templates'] as const,
      queryFn: ({ signal }) => apiRequest<SmsTemplateList>('/api/sms/templates', { signal }),
    }),
  log: (query: SmsLogQuery) =>
    queryOptions({
      queryKey: [...smsQueries.all(), 'log', query] as const,
      queryFn: ({ signal }) =>
        apiRequest<SmsLog>(
          withQuery('/api/sms/messages', { ...query, page: query.page > 1 ? query.page : undefined }),
          { signal },
        ),
      placeholderData: keepPreviousData,
    }),
  optOuts: () =>
    queryOptions({
      queryKey: [...smsQueries.all(), 'opt-outs'] as const,
      queryFn: ({ signal }) => apiRequest<SmsOptOutList>('/api/sms/opt-outs', { signal }),
    }),
  /** Per lead; under the SMS keys since it follows the templates, the opt-outs and the clock. */
  lead: (leadId: number) =>
    queryOptions({
      queryKey: [...smsQueries.all(), 'lead', leadId] as const,
      queryFn: ({ signal }) => apiRequest<LeadSmsOptions>(`/api/lead/${leadId}/sms`, { signal }),
    }),
}

export const smsMutations = {
  /**
   * The editor shows a stale version's refusal itself (STALE_VERSION): it keeps the draft and offers
   * the current version, which the refetch brings. Other refusals are notified.
   */
  saveTemplate: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...smsQueries.all(), 'template'] as const,
      mutationFn: ({ key, ...body }: { key: SmsTemplateKey } & SmsTemplateBody) =>
        apiRequest<SmsTemplate>(`/api/sms/templates/${encodeURIComponent(key)}`, { method: 'PUT', body }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: smsQueries.all() }),
      meta: { ...notifyRefusal, errorCodesShownInline: [STALE_VERSION] },
    }),
  sendToLead: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...smsQueries.all(), 'send'] as const,
      mutationFn: ({ leadId, template }: { leadId: number; template: SmsTemplateKey }) =>
        apiRequest<SmsMessage>(`/api/lead/${leadId}/sms`, { method: 'POST', body: { template } }),
      onSettled: (_data, _error, { leadId }) =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: smsQueries.lead(leadId).queryKey }),
          queryClient.invalidateQueries({ queryKey: leadQueries.history(leadId).queryKey }),
        ]),
      meta: notifyRefusal,
    }),
}
