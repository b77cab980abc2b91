// What never leaves the app inside a URL (issue #11, issue #26 point 5): the server's request log
// and the client's error reports (Sentry breadcrumbs, events and spans) both pass URLs through
// `redactUrls`. Secrets: password-link tokens (/api/user/token/{token}, /reset-password?token=) and
// wall screens' display links (/display/{token}, issue #14: the token is the screen's session).
// Personal data: what someone searched for — a phone number, a name, an e-mail — in a search path
// segment (GET /api/lead/search/{search}/{page}) or a `search`/`q` parameter (the API's lists and the
// screens' URLs), the `phone` filter of the SMS log, and any parameter whose value is an e-mail
// address. Shared with the server: no DOM.

const REDACTED = '[redacted]'

/**
 * Route parameters that carry a search term. A test reads the server's route table and fails on a
 * route with such a parameter that SEARCH_PATH_PREFIXES does not cover.
 */
export const SEARCH_PATH_PARAMS: readonly string[] = ['search', 'q', 'query', 'term']

/** Paths whose next segment is a search term (the lead search; `pick/{id}` is not one). */
export const SEARCH_PATH_PREFIXES: readonly string[] = ['/api/lead/search/']

/**
 * Query parameters whose value is redacted: search terms, personal filters and secrets. A test reads
 * the OpenAPI document and fails on a free-text query parameter that is neither here nor reviewed.
 */
export const REDACTED_QUERY_PARAMS: readonly string[] = ['search', 'q', 'phone', 'token']

/** Paths whose next segment is a secret. */
const SECRET_PATH_PREFIXES: readonly string[] = ['/api/user/token/', '/display/']

/** Segments after a search prefix that are routes of their own, not search terms. */
const NOT_SEARCH_TERMS: readonly string[] = ['pick']

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

// Case-insensitive: a path the router does not match (wrong case) is logged as well.
const SEARCH_SEGMENT = new RegExp(
  `(${SEARCH_PATH_PREFIXES.map(escape).join('|')})(?!(?:${NOT_SEARCH_TERMS.join('|')})(?:[/?#\\s]|$))[^/?#\\s]+`,
  'gi',
)
const SECRET_SEGMENT = new RegExp(`(${SECRET_PATH_PREFIXES.map(escape).join('|')})[^/?#\\s]+`, 'gi')
// One parameter: a name (never crossing a delimiter, so a long URL is scanned once, issue #17) and
// its value up to the next one.
const QUERY_PAIR = /([?&])([^=&#?\s]*)=([^&#\s]*)/g

function redactPair(pair: string, start: string, name: string, value: string): string {
  const redacted =
    REDACTED_QUERY_PARAMS.includes(name.toLowerCase()) || value.includes('@') || value.includes('%40')
  return redacted ? `${start}${name}=${REDACTED}` : pair
}

/**
 * `text` with every search term and secret of the URLs in it replaced by `[redacted]`. Works on a
 * path (`/api/users?search=x`), an absolute URL, or any text holding URLs (a span's name
 * `GET https://host/api/lead/search/x/1`); everything else is left as it is.
 */
export function redactUrls(text: string): string {
  return text
    .replace(SEARCH_SEGMENT, `$1${REDACTED}`)
    .replace(SECRET_SEGMENT, `$1${REDACTED}`)
    .replace(QUERY_PAIR, redactPair)
}
