import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app.ts'
import { openTestDatabase, testConfig } from '../../tests/setup/test-app.ts'

let app: FastifyInstance
let drop: () => Promise<void>
const logged: string[] = []

beforeAll(async () => {
  const opened = await openTestDatabase()
  drop = opened.drop
  app = await buildApp({
    config: testConfig({ logLevel: 'error' }),
    database: opened.database,
    logger: false,
  })
  app.log.error = ((obj: unknown, msg?: string) => {
    logged.push(JSON.stringify({ obj, msg }, (_k, v) => (v instanceof Error ? v.message : v)))
  }) as typeof app.log.error
  app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
    throw new Error('connection string postgres://secret@db')
  })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await drop()
})

describe('error handler', () => {
  it('answers a generic French 500, logs the error with the request context and leaks nothing', async () => {
    const res = await app.inject({ url: '/api/test/boom' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({
      error: {
        code: 'INTERNAL',
        message: "Une erreur est survenue. Si le problème persiste, veuillez contacter l'assistance.",
      },
    })
    expect(res.body).not.toContain('secret')
    expect(logged.join('\n')).toContain('/api/test/boom')
    expect(logged.join('\n')).toContain('connection string')
  })
})
