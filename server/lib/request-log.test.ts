import { describe, expect, it } from 'vitest'
import { signedInServer } from '../../tests/setup/signed-in-server.ts'
import { testConfig } from '../../tests/setup/test-app.ts'
import { loggerOptions } from './request-log.ts'

const lines: Record<string, unknown>[] = []
const t = signedInServer({
  config: { logLevel: 'info' },
  build: { logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) } },
  resetBeforeEach: false,
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
