import { describe, expect, it } from 'vitest'
import { redactUrls } from './url-redaction.ts'

describe('redactUrls', () => {
  it('hides password-link and display-link tokens in paths and queries (issues #11, #14)', () => {
    expect(redactUrls('/api/user/token/abcDEF123_-x')).toBe('/api/user/token/[redacted]')
    expect(redactUrls('/reset-password?token=abc%2Fdef&x=1')).toBe('/reset-password?token=[redacted]&x=1')
    expect(redactUrls('/display/Zm9vYmFyLWJhei1xdXV4LTEyMzQ1Njc4OTAtYWJjZGVm')).toBe('/display/[redacted]')
    expect(redactUrls('/display/abc?x=1')).toBe('/display/[redacted]?x=1')
  })

  it('hides the term of a lead search, keeps its page and the pick route (issue #26)', () => {
    expect(redactUrls('/api/lead/search/0699887766/1')).toBe('/api/lead/search/[redacted]/1')
    expect(redactUrls('/api/lead/search/Jean%20Dupont')).toBe('/api/lead/search/[redacted]')
    expect(redactUrls('/api/lead/search/jean%40dupont.fr/2?missionId=3')).toBe(
      '/api/lead/search/[redacted]/2?missionId=3',
    )
    // A path the router does not match is logged too.
    expect(redactUrls('/API/Lead/Search/0699887766')).toBe('/API/Lead/Search/[redacted]')
    expect(redactUrls('/api/lead/search/pick/42')).toBe('/api/lead/search/pick/42')
    // A search for the word itself is a search.
    expect(redactUrls('/api/lead/search/picking/1')).toBe('/api/lead/search/[redacted]/1')
  })

  it('hides `search` and `q` parameters wherever they are, and nothing else', () => {
    expect(redactUrls('/api/users?search=dupont&page=2')).toBe('/api/users?search=[redacted]&page=2')
    expect(redactUrls('/api/mail-log?status=failed&q=jean%40dupont.fr')).toBe(
      '/api/mail-log?status=failed&q=[redacted]',
    )
    expect(redactUrls('/utilisateurs?page=1&q=Dupont#top')).toBe('/utilisateurs?page=1&q=[redacted]#top')
    expect(redactUrls('/api/users?page=2&researcher=1&sq=1')).toBe('/api/users?page=2&researcher=1&sq=1')
    expect(redactUrls('/api/lead/4?missionId=2')).toBe('/api/lead/4?missionId=2')
  })

  it('hides the SMS log’s phone filter and any parameter holding an e-mail address', () => {
    expect(redactUrls('/api/sms/messages?phone=%2B33699887766&page=1')).toBe(
      '/api/sms/messages?phone=[redacted]&page=1',
    )
    expect(redactUrls('/api/dev/mailbox?to=jean%40dupont.fr')).toBe('/api/dev/mailbox?to=[redacted]')
    expect(redactUrls('/x?to=jean@dupont.fr&from=2026-11-01')).toBe('/x?to=[redacted]&from=2026-11-01')
    expect(redactUrls('/api/mail-log?to=2026-11-27')).toBe('/api/mail-log?to=2026-11-27')
  })

  it('reads a 16 KB URL of delimiters at once (linear, issue #17)', () => {
    const started = performance.now()
    for (const filler of ['?a', '?a=', '&', '/api/lead/search/', '/display/'])
      redactUrls('/x' + filler.repeat(16_000 / filler.length))
    expect(performance.now() - started).toBeLessThan(200)
  })

  it('works inside absolute URLs and free text (a span’s name)', () => {
    expect(redactUrls('GET https://appels.example.fr/api/lead/search/0699887766/1')).toBe(
      'GET https://appels.example.fr/api/lead/search/[redacted]/1',
    )
    expect(redactUrls('fetch https://h.fr/api/user/1/timeline?day=2026-11-27&search=Martin done')).toBe(
      'fetch https://h.fr/api/user/1/timeline?day=2026-11-27&search=[redacted] done',
    )
  })
})
