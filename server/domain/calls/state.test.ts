import { describe, expect, it } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { ongoingCallOf, untaggedCallOf } from './state.ts'

const t = signedInServer()

describe('call state of a user', () => {
  it('the ongoing call is the started, not ended call of that user only', async () => {
    const { db } = t.database
    const me = await insertUser(db)
    const other = await insertUser(db)
    await insertCall(db, { userId: other.id })
    await insertCall(db, { userId: me.id, endedAt: new Date() })
    expect(await ongoingCallOf(db, me.id)).toBeNull()
    const call = await insertCall(db, { userId: me.id })
    expect((await ongoingCallOf(db, me.id))?.id).toBe(call.id)
  })

  it('an untagged call is ended, concerns a lead (linked or detected) and has no lead tag', async () => {
    const { db } = t.database
    const me = await insertUser(db)
    const { market } = await insertMission(db)
    const lead = await insertLead(db, market.id)
    const ended = new Date()
    await insertCall(db, { userId: me.id, endedAt: ended }) // concerns no lead
    await insertCall(db, { userId: me.id, leadId: lead.id }) // still ongoing
    await insertCall(db, { userId: me.id, leadId: lead.id, endedAt: ended, leadTagId: 1 }) // tagged
    expect(await untaggedCallOf(db, me.id)).toBeNull()
    const missed = await insertCall(db, {
      userId: me.id,
      detectedLeadId: lead.id,
      endedAt: ended,
      direction: 'inbound',
    })
    expect((await untaggedCallOf(db, me.id))?.id).toBe(missed.id)
  })

  it('several untagged calls come oldest first', async () => {
    const { db } = t.database
    const me = await insertUser(db)
    const { market } = await insertMission(db)
    const lead = await insertLead(db, market.id)
    await insertCall(db, { userId: me.id, leadId: lead.id, endedAt: new Date(Date.now() - 1000) })
    const older = await insertCall(db, {
      userId: me.id,
      leadId: lead.id,
      endedAt: new Date(Date.now() - 5000),
    })
    expect((await untaggedCallOf(db, me.id))?.id).toBe(older.id)
  })
})
