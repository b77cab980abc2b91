// E-mails resource (issue #15, docs/domain.md "E-mails"): the templates, their preview with the sample
// lead, the saves (optimistic), the default restored, a test send, and the log of sent mails.
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type {
  MailContent,
  MailLogPage,
  MailLogQuery,
  MailPreview,
  MailTemplate,
  MailTemplateKey,
  MailTemplateList,
} from '../contracts/mails.ts'
import { STALE_VERSION } from '../contracts/error-codes.ts'
import { mailsScreen } from '../i18n/fr/mails.ts'
import { notify } from '../stores/notifications.ts'
import { apiRequest } from './client.ts'
import { notifyRefusal } from './error-message.ts'
import { withQuery } from './query-string.ts'

const base = (key: MailTemplateKey) => `/api/mail-templates/${key}`

export const mailQueries = {
  all: () => ['mails'] as const,
  templates: () =>
    queryOptions({
      queryKey: [...mailQueries.all(), 'templates'] as const,
      queryFn: ({ signal }) => apiRequest<MailTemplateList>('/api/mail-templates', { signal }),
    }),
  /** The editor's content rendered by the server; the previous preview stays while the next loads. */
  preview: (key: MailTemplateKey, content: MailContent) =>
    queryOptions({
      queryKey: [...mailQueries.all(), 'preview', key, content] as const,
      queryFn: ({ signal }) =>
        apiRequest<MailPreview>(`${base(key)}/preview`, { method: 'POST', body: content, signal }),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
      retry: false,
    }),
  log: (query: Partial<MailLogQuery>) =>
    queryOptions({
      queryKey: [...mailQueries.all(), 'log', query] as const,
      queryFn: ({ signal }) => apiRequest<MailLogPage>(withQuery('/api/mail-log', query), { signal }),
      placeholderData: keepPreviousData,
      // Sends finish on the server a moment later: the open log asks again.
      refetchInterval: 5_000,
    }),
}

// Successes are notified here, not in a mutate() callback, which would not run once the administrator
// has moved to another template. Saves refetch the templates either way: a stale one (409) brings the
// current version, which the editor offers beside the draft it keeps.
export const mailMutations = {
  /** The editor shows a refusal beside the fields, or a stale version's with the current one (not notified). */
  save: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...mailQueries.all(), 'save'] as const,
      mutationFn: ({ key, ...body }: { key: MailTemplateKey; version: number } & MailContent) =>
        apiRequest<MailTemplate>(base(key), { method: 'PUT', body }),
      onSuccess: () => notify({ kind: 'success', message: mailsScreen.saved }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: mailQueries.all() }),
    }),
  restore: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...mailQueries.all(), 'restore'] as const,
      mutationFn: ({ key, version }: { key: MailTemplateKey; version: number }) =>
        apiRequest<MailTemplate>(`${base(key)}/restore`, { method: 'POST', body: { version } }),
      onSuccess: () => notify({ kind: 'success', message: mailsScreen.restored }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: mailQueries.all() }),
      // A stale version is shown by the editor, as for a save.
      meta: { ...notifyRefusal, errorCodesShownInline: [STALE_VERSION] },
    }),
  testSend: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...mailQueries.all(), 'test'] as const,
      mutationFn: ({ key, ...body }: { key: MailTemplateKey } & MailContent) =>
        apiRequest<{ id: number }>(`${base(key)}/test`, { method: 'POST', body }),
      onSuccess: () => notify({ kind: 'success', message: mailsScreen.testSent }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: [...mailQueries.all(), 'log'] }),
    }),
  resend: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...mailQueries.all(), 'resend'] as const,
      mutationFn: (id: number) =>
        apiRequest<{ id: number }>(`/api/mail-log/${id}/resend`, { method: 'POST' }),
      onSuccess: () => notify({ kind: 'success', message: mailsScreen.resent }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: [...mailQueries.all(), 'log'] }),
      meta: notifyRefusal,
    }),
}
