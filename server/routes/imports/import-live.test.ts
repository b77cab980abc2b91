// Live import progress (issue #13): every administrator follows their own
// `user:{id}:importProgress`; nobody else may subscribe to it, not even another administrator's.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { channels, type ServerMessage } from '../../../src/contracts/live.ts'
import type { ImportProgress } from '../../../src/contracts/imports.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { cookieOf, openLive, type LiveTestClient } from '../../../tests/setup/live-client.ts'
import type { Agent } from '../../../tests/setup/agent.ts'
import { insertMission } from '../../../tests/factories/leads.ts'
import { WINDOWS_1252_FIXTURE } from '../../../scripts/generate-import-fixtures.ts'
import { analysed, settingsOf, uploadFixture } from './import-test-kit.ts'

const t = signedInServer({
  config: { filesDir: mkdtempSync(path.join(tmpdir(), 'imports-live-')) },
  users: { admin: { role: 'ADMIN' }, other: { role: 'ADMIN' }, manager: { role: 'MANAGER' }, teleop: {} },
})
const opened: LiveTestClient[] = []

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterEach(() => {
  for (const client of opened.splice(0)) client.socket.terminate()
})

async function subscribe(agent: Agent, channel: string): Promise<ServerMessage[]> {
  const client = await openLive(t.app, { cookie: cookieOf(agent) })
  opened.push(client)
  expect((await client.next()).event).toBe('connected')
  client.send({ type: 'subscribe', channel })
  return client.sync()
}

describe('import progress on the live channel', () => {
  it('is refused to managers, teleoperators and other administrators', async () => {
    const { admin, other, manager, teleop } = t.users
    expect(await subscribe(t.agents.admin, channels.importProgress(admin.id))).toEqual([])
    for (const [agent, id] of [
      [t.agents.admin, other.id],
      [t.agents.manager, manager.id],
      [t.agents.teleop, teleop.id],
    ] as const) {
      const [refusal] = await subscribe(agent, channels.importProgress(id))
      expect(refusal).toMatchObject({ event: 'error', data: { channel: channels.importProgress(id) } })
    }
  })

  it('tells every administrator how an import goes, up to its end', async () => {
    const { admin, other } = t.users
    const clients = await Promise.all(
      [
        [t.agents.admin, admin.id],
        [t.agents.other, other.id],
      ].map(async ([agent, id]) => {
        const client = await openLive(t.app, { cookie: cookieOf(agent as Agent) })
        opened.push(client)
        await client.next()
        client.send({ type: 'subscribe', channel: channels.importProgress(id as number) })
        expect(await client.sync()).toEqual([])
        return client
      }),
    )
    const { mission, market } = await insertMission(t.database.db)
    const detail = await uploadFixture(t.agents.admin, path.join('tests/fixtures', WINDOWS_1252_FIXTURE.file))
    await analysed(t.agents.admin, t.database.db, detail, settingsOf(detail, mission.id, market.id))
    await t.agents.admin.request({ method: 'POST', url: `/api/imports/${detail.id}/start` })
    for (const [index, client] of clients.entries()) {
      const states: string[] = []
      let last: ImportProgress | undefined
      while (last?.state !== 'done') {
        const message = await client.next(10_000)
        expect(message.event).toBe(channels.importProgress(index === 0 ? admin.id : other.id))
        last = message.data as ImportProgress
        states.push(last.state)
      }
      expect(states[0]).toBe('ready')
      expect(states).toContain('queued')
      expect(last).toMatchObject({ importId: detail.id, rowsDone: 20, totalRows: 20, secondsLeft: null })
    }
  })
})
