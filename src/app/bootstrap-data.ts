// What the server embedded in the page it served (server/lib/shell.ts): the signed-in user (or null)
// and the runtime configuration, put in the query cache before the first render so that no request
// waits on them. A shell served by the service worker has none: the queries fetch as usual.
import type { QueryClient } from '@tanstack/react-query'
import { authQueries } from '../api/auth.ts'
import { configQueries } from '../api/config.ts'
import type { AppConfigPayload, Me } from '../contracts/user.ts'

export type BootstrapData = { me: Me | null; config: AppConfigPayload }

function isBootstrapData(value: unknown): value is BootstrapData {
  if (typeof value !== 'object' || value === null) return false
  const { me, config } = value as Record<string, unknown>
  const meOk = me === null || (typeof me === 'object' && typeof (me as { id?: unknown }).id === 'number')
  return meOk && typeof config === 'object' && config !== null
}

/**
 * Reads (once: the element is removed) the embedded data, or null when there is none (a shell
 * served by the service worker) or it is unreadable.
 */
export function readBootstrapData(doc: Document = document): BootstrapData | null {
  const element = doc.getElementById('bootstrap-data')
  if (!element) return null
  element.remove()
  let data: unknown
  try {
    data = JSON.parse(element.textContent ?? '')
  } catch {
    return null
  }
  return isBootstrapData(data) ? data : null
}

/** Puts read data in the query cache. */
export function putBootstrapData(queryClient: QueryClient, data: BootstrapData): void {
  queryClient.setQueryData(authQueries.me().queryKey, data.me)
  queryClient.setQueryData(configQueries.app().queryKey, data.config)
}

/** Reads and applies the embedded data; true when there was some. */
export function applyBootstrapData(queryClient: QueryClient, doc: Document = document): boolean {
  const data = readBootstrapData(doc)
  if (data) putBootstrapData(queryClient, data)
  return data !== null
}
