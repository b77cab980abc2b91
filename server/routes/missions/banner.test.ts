import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'

const t = signedInServer({ users: { admin: { role: 'ADMIN' }, teleop: {} } })
const { admin, teleop } = t.agents

function multipart(content: Buffer, type = 'image/png') {
  const boundary = '----test' + Math.random().toString(16).slice(2)
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="banner"\r\nContent-Type: ${type}\r\n\r\n`
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

describe('mission banner', () => {
  it('re-encodes an upload, serves it at a versioned URL that the lead sheet shows', async () => {
    const { mission, market } = await insertMission(t.database.db, { userIds: [t.users.teleop.id] })
    const lead = await insertLead(t.database.db, market.id, { processingUserId: t.users.teleop.id })
    const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer()
    const upload = await admin.request({
      method: 'POST',
      url: `/api/mission/${mission.id}/banner`,
      ...multipart(jpeg),
    })
    expect(upload.statusCode, upload.body).toBe(200)
    const { bannerUrl, version, hasUploadedBanner } = upload.json()
    expect(bannerUrl).toMatch(new RegExp(`^/api/mission/${mission.id}/banner\\?v=[0-9a-f]{16}$`))
    expect([version, hasUploadedBanner]).toEqual([2, true])
    const served = await teleop.request({ url: bannerUrl })
    expect(served.statusCode).toBe(200)
    expect(served.headers['cache-control']).toContain('immutable')
    const meta = await sharp(served.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 300])
    const sheet = await teleop.request({ url: `/api/lead/${lead.uuid}` })
    expect(sheet.statusCode, sheet.body).toBe(200)
    expect(JSON.stringify(sheet.json())).toContain(bannerUrl)
    const audit = (await admin.request({ url: `/api/audit/mission/${mission.id}` })).json().items
    expect(audit[0]).toMatchObject({
      action: 'update',
      before: { banner: '/banners/a.webp' },
      after: { banner: bannerUrl },
    })
  })

  it('refuses a file that is not an image whatever its declared type, and changes nothing', async () => {
    const { mission } = await insertMission(t.database.db)
    const res = await admin.request({
      method: 'POST',
      url: `/api/mission/${mission.id}/banner`,
      ...multipart(Buffer.from('<svg onload="alert(1)"></svg>')),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({
      code: 'UNSUPPORTED_IMAGE',
      fields: { file: 'Format d’image non pris en charge.' },
    })
    expect((await admin.request({ url: `/api/mission/${mission.id}` })).json()).toMatchObject({
      version: 1,
      bannerUrl: '/banners/a.webp',
    })
  })

  it('refuses a file over 4 MB with 413', async () => {
    const { mission } = await insertMission(t.database.db)
    const big = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(4 * 1024 * 1024 + 10),
    ])
    const res = await admin.request({
      method: 'POST',
      url: `/api/mission/${mission.id}/banner`,
      ...multipart(big),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().error.message).toBe('Le contenu envoyé est trop volumineux.')
  })

  it('removes a banner: the URL goes empty and the image is gone', async () => {
    const { mission } = await insertMission(t.database.db)
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    const { bannerUrl } = (
      await admin.request({ method: 'POST', url: `/api/mission/${mission.id}/banner`, ...multipart(png) })
    ).json()
    const removed = await admin.request({ method: 'DELETE', url: `/api/mission/${mission.id}/banner` })
    expect(removed.json()).toMatchObject({ bannerUrl: '', hasUploadedBanner: false, version: 3 })
    expect((await admin.request({ url: bannerUrl })).statusCode).toBe(404)
  })
})
