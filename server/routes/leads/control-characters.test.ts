// Issue #17: text inputs refuse control characters at the contract (src/contracts/safe-text.ts), so
// a NUL byte is a 400 with a French message, never a PostgreSQL error (500).
import { beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { createAgent } from '../../../tests/setup/agent.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { CONTROL_CHARACTERS_MESSAGE } from '../../../src/contracts/safe-text.ts'
import { leads } from '../../db/schema.ts'

const t = signedInServer({ users: { teleop: {} } })
const { teleop: agent } = t.agents
let leadId: number

beforeEach(async () => {
  const user = t.users.teleop
  const { market } = await insertMission(t.database.db, { userIds: [user.id] })
  leadId = (
    await insertLead(t.database.db, market.id, { processingUserId: user.id, processingSince: new Date() })
  ).id
})

function expectRefused(res: { statusCode: number; json: () => unknown }, field: string) {
  expect(res.statusCode).toBe(400)
  expect(res.json()).toEqual({
    error: {
      code: 'VALIDATION_ERROR',
      message: 'Certaines données sont invalides.',
      fields: { [field]: CONTROL_CHARACTERS_MESSAGE },
    },
  })
}

describe('control characters in text inputs', () => {
  it('a NUL byte in a search is a 400 with a French message', async () => {
    expectRefused(await agent.request({ url: '/api/lead/search/Mar%00tin' }), 'search')
    expect((await agent.request({ url: '/api/lead/search/Martin' })).statusCode).toBe(200)
  })

  it('a NUL byte in a comment is a 400 and the comment is unchanged; line breaks and tabs are kept', async () => {
    const url = `/api/lead/${leadId}/comment`
    expectRefused(
      await agent.request({ method: 'PUT', url, payload: { comment: 'Rappeler\u0000 lundi' } }),
      'comment',
    )
    expectRefused(await agent.request({ method: 'PUT', url, payload: { comment: 'bip\u0007' } }), 'comment')
    const [before] = await t.database.db.select().from(leads).where(eq(leads.id, leadId))
    expect(before!.comment).toBeNull()
    const ok = await agent.request({ method: 'PUT', url, payload: { comment: 'Rappeler\n\tlundi\r\n' } })
    expect(ok.statusCode).toBe(200)
  })

  it('a control character in a single-line field (sign-in, lead edit) or in tag details is a 400', async () => {
    const signIn = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'teleop@test.fr', password: 'Secret\u0000123!' },
    })
    expectRefused(signIn, 'password')
    expectRefused(
      await agent.request({ method: 'PUT', url: `/api/lead/${leadId}`, payload: { city: 'Lyon\nParis' } }),
      'city',
    )
    const tag = await agent.request({
      method: 'POST',
      url: '/api/calls/tag',
      payload: { leadId, callProcessTagId: 1, details: { note: 'a\u0000b' } },
    })
    expectRefused(tag, 'details')
  })
})
