// Issue #26 point 5: what is sent to Sentry holds no search term and no secret. Breadcrumbs (the API
// client's fetches, navigations), events (the page's URL, its Referer, messages quoting a URL) and
// spans (their names and `url`/`http.query` attributes) carry URLs: every string in them goes
// through the rule the server's request log uses (src/contracts/url-redaction.ts).
import type { Breadcrumb, BrowserOptions, ErrorEvent } from '@sentry/react'
import { redactUrls } from '../contracts/url-redaction.ts'

/** A span as `beforeSendSpan` receives it (the SDK's streamed span JSON). */
export type SentrySpan = Parameters<NonNullable<BrowserOptions['beforeSendSpan']>>[0]

/** Deep enough for any event the SDK builds; anything deeper is left as it is. */
const MAX_DEPTH = 12

/** A bare query string (`search=x&page=1`, as `url.query` holds it) read as one. */
function redactQueryString(text: string): string {
  if (text.startsWith('?')) return redactUrls(text)
  return redactUrls(`?${text}`).slice(1)
}

function isQueryKey(key: string): boolean {
  return key === 'query_string' || /(?:^|\.)query$/.test(key)
}

function redactValue(value: unknown, key: string, depth: number): unknown {
  if (typeof value === 'string') return isQueryKey(key) ? redactQueryString(value) : redactUrls(value)
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => redactValue(item, key, depth + 1))
  // Class instances (the SDK's scopes in `sdkProcessingMetadata`) are the SDK's, never sent as such.
  const prototype: unknown = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return value
  // A query string given as pairs ({ search: 'x' }): read as `?search=x`.
  if (isQueryKey(key)) {
    const pairs = Object.entries(value as Record<string, unknown>).map(([name, item]) => [name, String(item)])
    return redactQueryString(new URLSearchParams(pairs).toString())
  }
  const copy: Record<string, unknown> = {}
  for (const [name, item] of Object.entries(value))
    copy[name] = name === 'sdkProcessingMetadata' ? item : redactValue(item, name, depth + 1)
  return copy
}

/** A copy of `value` with the URLs in every string redacted. */
export function redactDeep<T>(value: T): T {
  return redactValue(value, '', 0) as T
}

export function beforeBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  return redactDeep(breadcrumb)
}

export function redactEvent(event: ErrorEvent): ErrorEvent {
  return redactDeep(event)
}

export function beforeSendSpan(span: SentrySpan): SentrySpan {
  return redactDeep(span)
}
