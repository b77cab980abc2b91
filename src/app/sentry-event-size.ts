// Spec §9 "event body limit 100 KB". The browser SDK has no whole-event cap (`maxValueLength`
// only truncates each string), so beforeSend trims an oversized event itself, dropping the parts
// that explain an error least first: old breadcrumbs, then extra data, then custom contexts,
// then the request body. What makes the event an error report (message, exception, stack
// trace, tags, user, trace context) is never dropped; an event still too big after that is sent
// as it is and left to the server's own limits.
import type { ErrorEvent } from '@sentry/react'

const encoder = new TextEncoder()

/** Bytes of the event as it will be sent, in UTF-8 (`sdkProcessingMetadata` is never sent). */
export function eventBytes(event: ErrorEvent): number {
  return encoder.encode(JSON.stringify({ ...event, sdkProcessingMetadata: undefined })).length
}

/** One trimming step: a smaller event, or null when this step has nothing left to drop. */
type Trim = (event: ErrorEvent) => ErrorEvent | null

/** Oldest half at a time: the newest breadcrumbs are the ones that led to the error. */
function dropOldBreadcrumbs(event: ErrorEvent): ErrorEvent | null {
  const { breadcrumbs } = event
  if (!breadcrumbs?.length) return null
  return { ...event, breadcrumbs: breadcrumbs.slice(Math.ceil(breadcrumbs.length / 2)) }
}

function dropExtra(event: ErrorEvent): ErrorEvent | null {
  if (event.extra === undefined) return null
  return { ...event, extra: undefined }
}

/** Largest first; `trace` stays, it links the error to its performance trace. */
function dropLargestContext(event: ErrorEvent): ErrorEvent | null {
  const contexts = event.contexts ?? {}
  const largest = Object.keys(contexts)
    .filter((key) => key !== 'trace')
    .map((key) => ({ key, size: JSON.stringify(contexts[key] ?? null).length }))
    .sort((a, b) => b.size - a.size)[0]
  if (!largest) return null
  const rest = { ...contexts }
  delete rest[largest.key]
  return { ...event, contexts: rest }
}

function dropRequestData(event: ErrorEvent): ErrorEvent | null {
  if (event.request?.data === undefined) return null
  return { ...event, request: { ...event.request, data: undefined } }
}

const TRIMS: readonly Trim[] = [dropOldBreadcrumbs, dropExtra, dropLargestContext, dropRequestData]

/** `event` when it fits in `maxBytes`, else a trimmed copy (the original is left untouched). */
export function limitEventSize(event: ErrorEvent, maxBytes: number): ErrorEvent {
  let current = event
  try {
    for (const trim of TRIMS) {
      while (eventBytes(current) > maxBytes) {
        const smaller = trim(current)
        if (!smaller) break
        current = smaller
      }
    }
  } catch {
    // An event JSON cannot represent (the SDK normalises events first, so this is a safety
    // net): sending it untrimmed beats losing the report.
  }
  return current
}
