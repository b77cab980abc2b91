import { describe, expect, it } from 'vitest'
import type { Breadcrumb, ErrorEvent } from '@sentry/react'
import { beforeBreadcrumb, beforeSendSpan, redactEvent, type SentrySpan } from './sentry-redaction.ts'

// Issue #26 point 5: what error reports carry of the URLs the app used.
const PHONE = '0699887766'
const EMAIL = 'jean.dupontel@exemple.fr'

describe('Sentry breadcrumbs', () => {
  it('keep the API client’s fetches without the searched value', () => {
    const crumb: Breadcrumb = {
      category: 'fetch',
      type: 'http',
      data: { method: 'GET', url: `/api/lead/search/${PHONE}/1`, status_code: 200 },
    }
    expect(beforeBreadcrumb(crumb)).toEqual({
      category: 'fetch',
      type: 'http',
      data: { method: 'GET', url: '/api/lead/search/[redacted]/1', status_code: 200 },
    })
    const list: Breadcrumb = {
      category: 'xhr',
      data: { url: `http://localhost:3000/api/mail-log?q=${encodeURIComponent(EMAIL)}&page=2` },
    }
    expect(beforeBreadcrumb(list).data).toEqual({
      url: 'http://localhost:3000/api/mail-log?q=[redacted]&page=2',
    })
  })

  it('keep navigations without the screens’ search parameter, and the rest as it was', () => {
    const crumb: Breadcrumb = {
      category: 'navigation',
      data: { from: '/utilisateurs?page=1', to: '/utilisateurs?page=1&q=Dupontel' },
      message: 'to /reset-password?token=abc',
    }
    expect(beforeBreadcrumb(crumb)).toEqual({
      category: 'navigation',
      data: { from: '/utilisateurs?page=1', to: '/utilisateurs?page=1&q=[redacted]' },
      message: 'to /reset-password?token=[redacted]',
    })
  })
})

describe('Sentry events and spans', () => {
  it('hold no searched value in the request, its headers, the messages or the breadcrumbs', () => {
    const event: ErrorEvent = {
      type: undefined,
      message: `GET /api/lead/search/${PHONE}/1 failed`,
      request: {
        url: 'https://h.fr/activity/teleops-timeline?q=Dupontel',
        headers: { Referer: 'https://h.fr/utilisateurs?q=Dupontel' },
        query_string: { q: 'Dupontel', page: '2' },
      },
      breadcrumbs: [{ category: 'fetch', data: { url: `/api/users?search=${EMAIL}` } }],
      exception: { values: [{ type: 'ApiError', value: `GET /api/lead/search/${PHONE}/1: 500` }] },
    }
    const sent = redactEvent(event)
    expect(JSON.stringify(sent)).not.toMatch(/0699887766|Dupontel|dupontel/)
    expect(sent.request?.query_string).toBe('q=[redacted]&page=2')
    expect(sent.request?.headers).toEqual({ Referer: 'https://h.fr/utilisateurs?q=[redacted]' })
  })

  it('send spans without the searched value in their name or attributes', () => {
    const span: SentrySpan = {
      trace_id: 't',
      span_id: 's',
      name: `GET /api/lead/search/${PHONE}/1`,
      start_timestamp: 1,
      status: 'ok',
      is_segment: false,
      attributes: {
        'url.full': `https://h.fr/api/user/3/timeline?day=2026-11-27&search=Dupontel`,
        'http.query': '?q=Dupontel',
        'url.query': `search=${EMAIL}&page=1`,
        'http.response.status_code': 200,
      },
    }
    const sent = beforeSendSpan(span)
    expect(sent.name).toBe('GET /api/lead/search/[redacted]/1')
    expect(sent.attributes).toEqual({
      'url.full': 'https://h.fr/api/user/3/timeline?day=2026-11-27&search=[redacted]',
      'http.query': '?q=[redacted]',
      'url.query': 'search=[redacted]&page=1',
      'http.response.status_code': 200,
    })
  })
})
