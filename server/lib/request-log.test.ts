import { describe, expect, it } from 'vitest'
import {
  REDACTED_QUERY_PARAMS,
  SEARCH_PATH_PARAMS,
  SEARCH_PATH_PREFIXES,
} from '../../src/contracts/url-redaction.ts'
import { signedInServer } from '../../tests/setup/signed-in-server.ts'
import { testConfig } from '../../tests/setup/test-app.ts'
import { loggerOptions } from './request-log.ts'

const lines: Record<string, unknown>[] = []
const t = signedInServer({
  config: { logLevel: 'info' },
  build: { logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) } },
  users: { admin: { role: 'ADMIN' } },
})

describe('request log (issue #11)', () => {
  it('writes one line per request, with the method, URL, status and time taken', async () => {
    lines.length = 0
    const res = await t.app.inject({ url: '/api/healthcheck', headers: { cookie: 'sid=secret-value' } })
    expect(res.statusCode).toBe(200)

    const requestLines = lines.filter((line) => line.req !== undefined || line.res !== undefined)
    expect(requestLines).toHaveLength(1)
    const [line] = requestLines
    expect(line).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/healthcheck' },
      res: { statusCode: 200 },
    })
    expect(typeof line!.responseTime).toBe('number')
    expect(JSON.stringify(lines)).not.toContain('secret-value')
  })

  it('keeps JSON lines in production and without a terminal, pretty lines only in a terminal elsewhere', () => {
    const develop = testConfig()
    const production = { ...develop, appEnv: 'production' as const }
    expect(loggerOptions(develop, undefined, true)).toHaveProperty('transport.target', 'pino-pretty')
    expect(loggerOptions(develop, undefined, false)).not.toHaveProperty('transport')
    expect(loggerOptions(production, undefined, true)).not.toHaveProperty('transport')
  })
})

describe('what a search leaves behind (issue #26 point 5)', () => {
  const PHONE = '0699887766'
  const NAME = 'Dupontel'
  const EMAIL = 'jean.dupontel@exemple.fr'
  const searched = [PHONE, NAME, EMAIL, encodeURIComponent(EMAIL), '33699887766']

  it('logs the searches with their route and status but none of the searched values', async () => {
    lines.length = 0
    const admin = t.agents.admin
    const urls = [
      `/api/lead/search/${PHONE}/1`,
      `/api/lead/search/${encodeURIComponent(EMAIL)}`,
      `/api/users?search=${NAME}&page=1`,
      `/api/mail-log?q=${encodeURIComponent(EMAIL)}`,
      `/api/sms/messages?phone=%2B33699887766`,
      `/api/user/${t.users.admin.id}/timeline?search=${NAME}`,
      // Not a route: the URL is logged all the same.
      `/api/lead/search/${PHONE}/1/more`,
    ]
    for (const url of urls) await admin.request({ url })

    const logged = lines.filter((line) => line.req !== undefined).map((line) => line.req as { url: string })
    expect(logged.map((req) => req.url)).toEqual(expect.arrayContaining(['/api/lead/search/[redacted]/1']))
    expect(logged.length).toBeGreaterThanOrEqual(urls.length)
    const everything = JSON.stringify(lines)
    for (const value of searched) expect(everything).not.toContain(value)
  })

  it('labels the metrics by route pattern, never by a searched value', async () => {
    await t.agents.admin.request({ url: `/api/lead/search/${PHONE}/1` })
    const metrics = (await t.agents.admin.request({ url: '/api/metrics' })).body
    expect(metrics).toContain('route="/api/lead/search/:search/:page?"')
    for (const value of searched) expect(metrics).not.toContain(value)
  })

  it('knows every route whose path carries a search term (read from the route table)', () => {
    const searchRoutes = t.app
      .declaredRoutes()
      .map((route) => route.url)
      .filter((url) =>
        url.split('/').some((part) => SEARCH_PATH_PARAMS.includes(part.replace(/^:|\?$/g, ''))),
      )
    expect(searchRoutes.length).toBeGreaterThan(0)
    for (const url of searchRoutes)
      expect(
        SEARCH_PATH_PREFIXES.some((prefix) => url.startsWith(prefix)),
        url,
      ).toBe(true)
  })

  it('redacts every free-text query parameter of the API, or it was reviewed (OpenAPI)', async () => {
    // Free text that names nobody: a content version, an event type, a cron expression, a follow-up
    // bucket's value, dates (an e-mail address in any parameter is redacted whatever its name).
    const reviewed = ['v', 'type', 'cron', 'value', 'from', 'to']
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema: object }[] }>>
    }
    const freeText = Object.values(doc.paths)
      .flatMap((operations) => Object.values(operations))
      .flatMap((operation) => operation.parameters ?? [])
      .filter((parameter) => parameter.in === 'query')
      .filter(({ schema }) => 'type' in schema && schema.type === 'string')
      .filter(({ schema }) => !('enum' in schema) && !('pattern' in schema) && !('format' in schema))
      .map((parameter) => parameter.name)
    expect(freeText).toEqual(expect.arrayContaining(['search', 'q', 'phone']))
    for (const name of freeText)
      expect(REDACTED_QUERY_PARAMS.includes(name) || reviewed.includes(name), name).toBe(true)
  })
})
