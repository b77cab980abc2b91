// Extractions resource (issue #13, docs/domain.md "Extractions"): the filter choices, the live count,
// the history, and starting an extraction — a direct download (the CSV is the response) or a
// background job (202) followed in the history until its file is ready.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query'
import type {
  ExtractionBodyInput,
  ExtractionCount,
  ExtractionFiltersInput,
  ExtractionOptions,
  ExtractionPage,
  ExtractionQueued,
} from '../contracts/extractions.ts'
import { apiFailure, apiRequest, xsrfToken } from './client.ts'

export const EXTRACTION_HISTORY_PAGE_SIZE = 20
/** The history refreshes this often while an extraction of it is queued or running. */
const PROGRESS_POLL_MS = 1_000

export const extractionQueries = {
  all: () => ['extractions'] as const,
  options: () =>
    queryOptions({
      queryKey: [...extractionQueries.all(), 'options'] as const,
      queryFn: ({ signal }) => apiRequest<ExtractionOptions>('/api/extractions/options', { signal }),
    }),
  count: (filters: ExtractionFiltersInput) =>
    queryOptions({
      queryKey: [...extractionQueries.all(), 'count', filters] as const,
      queryFn: ({ signal }) =>
        apiRequest<ExtractionCount>('/api/extractions/count', { body: { filters }, signal }),
      placeholderData: keepPreviousData,
    }),
  history: (page: number) =>
    queryOptions({
      queryKey: [...extractionQueries.all(), 'history', page] as const,
      queryFn: ({ signal }) =>
        apiRequest<ExtractionPage>(`/api/extractions?page=${page}&pageSize=${EXTRACTION_HISTORY_PAGE_SIZE}`, {
          signal,
        }),
      placeholderData: keepPreviousData,
      refetchInterval: (query) =>
        query.state.data?.items.some((item) => item.state === 'queued' || item.state === 'running')
          ? PROGRESS_POLL_MS
          : false,
    }),
}

export function extractionFileUrl(id: number): string {
  return `/api/extractions/${id}/file`
}

export type ExtractionStart =
  { kind: 'downloaded'; id: number; fileName: string; blob: Blob } | ({ kind: 'queued' } & ExtractionQueued)

function fileNameOf(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'extraction.csv'
}

/**
 * Starts an extraction. Sent with fetch rather than apiRequest: a 200 is the file itself (read as a
 * blob), a 202 the queued job; failures go through the API client's one handling (apiFailure).
 */
export async function startExtraction(body: ExtractionBodyInput): Promise<ExtractionStart> {
  const headers = new Headers({ 'content-type': 'application/json', accept: 'text/csv, application/json' })
  const token = await xsrfToken()
  if (token !== null) headers.set('X-XSRF-TOKEN', token)
  let response: Response
  try {
    response = await fetch(new URL('/api/extractions', window.location.origin), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'same-origin',
    })
  } catch {
    throw apiFailure(0, null)
  }
  if (response.status === 200)
    return {
      kind: 'downloaded',
      id: Number(response.headers.get('x-extraction-id')),
      fileName: fileNameOf(response.headers.get('content-disposition')),
      blob: await response.blob(),
    }
  const data: unknown = await response.json().catch(() => null)
  if (response.status === 202) return { kind: 'queued', ...(data as ExtractionQueued) }
  throw apiFailure(response.status, data)
}

/** After an extraction starts, the history shows it (and follows a background one). */
export function extractionStarted(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: [...extractionQueries.all(), 'history'] })
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
