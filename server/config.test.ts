import { spawn } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { ConfigError, fastifyTrustProxy, loadConfig, parseTrustProxy } from './config.ts'

const ROOT = path.resolve(import.meta.dirname, '..')

/** Runs `node …args` at the project root with exactly `env` (plus PATH), for at most 30 s. */
async function runNode(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH, ...env } })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  const [code] = (await once(child, 'exit')) as [number | null]
  clearTimeout(timer)
  return { code, output }
}

describe('APP_ENV (issue #17: never development mode by accident)', () => {
  it('has no default: loadConfig without it throws, naming the variable and its values', () => {
    expect(() => loadConfig({})).toThrow(ConfigError)
    expect(() => loadConfig({})).toThrow(/APP_ENV is required.*develop, uat, preprod, staging, production/)
    expect(() => loadConfig({ APP_ENV: 'prod' })).toThrow(/APP_ENV is invalid/)
    expect(loadConfig({ APP_ENV: 'production' }).appEnv).toBe('production')
  })

  it('the server started without it exits non-zero with that message, before opening anything', async () => {
    const { code, output } = await runNode(['server/main.ts'], { DATA_DIR: 'memory://', PORT: '0' })
    expect(code).toBe(1)
    expect(output).toContain('APP_ENV is required')
  })

  it('`npm start` reads demo.env, which asks for the demonstration unless APP_ENV is already set', async () => {
    const print = ['--env-file=demo.env', '-e', 'console.log(process.env.DEMO_APP_ENV)']
    expect((await runNode(print, {})).output.trim()).toBe('develop')
    expect(loadConfig({ DEMO_APP_ENV: 'develop' }).appEnv).toBe('develop')
    expect(loadConfig({ DEMO_APP_ENV: 'develop', APP_ENV: 'production' }).appEnv).toBe('production')
  })

  it('the demonstration never runs against PostgreSQL without an explicit APP_ENV', async () => {
    const env = { DEMO_APP_ENV: 'develop', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }
    expect(() => loadConfig(env)).toThrow(/APP_ENV is required with DATABASE_URL/)
    expect(loadConfig({ ...env, APP_ENV: 'staging' }).appEnv).toBe('staging')
    // The way a host runs `npm start`: refused before any connection or seed.
    const { code, output } = await runNode(['--env-file=demo.env', 'server/main.ts'], {
      DATABASE_URL: env.DATABASE_URL,
      PORT: '0',
    })
    expect(code).toBe(1)
    expect(output).toContain('APP_ENV is required with DATABASE_URL')
  })
})

describe('TRUST_PROXY (issue #17: a client never picks its own address)', () => {
  it('trusts no proxy by default', () => {
    expect(parseTrustProxy(undefined)).toBe(false)
    expect(parseTrustProxy('')).toBe(false)
    expect(parseTrustProxy('0')).toBe(false)
    expect(loadConfig({ APP_ENV: 'develop' }).trustProxy).toBe(false)
  })

  it('takes a hop count or proxy addresses and CIDRs, as Fastify’s trustProxy does', () => {
    expect(parseTrustProxy('1')).toBe(1)
    expect(parseTrustProxy('2')).toBe(2)
    expect(parseTrustProxy('10.0.0.1')).toEqual(['10.0.0.1'])
    expect(parseTrustProxy(' 10.0.0.0/8, 192.168.1.2 ,::1, fd00::/8')).toEqual([
      '10.0.0.0/8',
      '192.168.1.2',
      '::1',
      'fd00::/8',
    ])
    expect(loadConfig({ APP_ENV: 'develop', TRUST_PROXY: '1' }).trustProxy).toBe(1)
  })

  it('refuses `true` (every hop) and anything that is not an address, with a clear message', () => {
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY: `true` would trust every hop/)
    expect(() => parseTrustProxy('proxy.local')).toThrow(/TRUST_PROXY: .*"proxy.local"/)
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(ConfigError)
    expect(() => parseTrustProxy('10.0.0.1/8/1')).toThrow(ConfigError)
    expect(() => loadConfig({ APP_ENV: 'develop', TRUST_PROXY: 'true' })).toThrow(ConfigError)
  })

  it('with one proxy in front, the client address is the one that proxy saw, not one it forged', async () => {
    async function clientIp(trustProxy: string, remoteAddress: string) {
      const app = Fastify({ trustProxy: fastifyTrustProxy(parseTrustProxy(trustProxy)) })
      app.get('/ip', async (request) => ({ ip: request.ip }))
      const res = await app.inject({
        url: '/ip',
        remoteAddress,
        headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' },
      })
      await app.close()
      return (res.json() as { ip: string }).ip
    }
    expect(await clientIp('1', '10.0.0.2')).toBe('203.0.113.7')
    expect(await clientIp('10.0.0.0/24', '10.0.0.2')).toBe('203.0.113.7')
    // Not from the proxy: its X-Forwarded-For is the client's own, ignored.
    expect(await clientIp('10.0.0.0/24', '198.51.100.9')).toBe('198.51.100.9')
    expect(await clientIp('', '198.51.100.9')).toBe('198.51.100.9')
  })
})
