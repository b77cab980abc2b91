// Shared steps of the import tests: upload a file, set it, wait for a state by polling the database
// (bounded: vi.waitFor), count the leads an import wrote per line.
import { readFile } from 'node:fs/promises'
import { eq, sql } from 'drizzle-orm'
import { expect, vi } from 'vitest'
import type { ImportDetail, ImportSettings, ImportState } from '../../../src/contracts/imports.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { imports } from '../../db/schema.ts'
import type { Agent } from '../../../tests/setup/agent.ts'

export function multipartFile(fileName: string, content: Buffer, type = 'text/csv') {
  const boundary = '----import' + Math.random().toString(16).slice(2)
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

export async function upload(agent: Agent, fileName: string, content: Buffer | string) {
  const body = typeof content === 'string' ? Buffer.from(content) : content
  return agent.request({ method: 'POST', url: '/api/imports', ...multipartFile(fileName, body) })
}

export async function uploadFixture(agent: Agent, path: string): Promise<ImportDetail> {
  const response = await upload(agent, path.split('/').at(-1)!, await readFile(path))
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

export async function waitForState(db: Db, id: number, states: ImportState[], timeout = 60_000) {
  return vi.waitFor(
    async () => {
      const [row] = await db.select().from(imports).where(eq(imports.id, id))
      if (!row || !states.includes(row.state))
        throw new Error(`import ${id} is ${row?.state}, not ${states.join('|')}`)
      return row
    },
    { timeout, interval: 20 },
  )
}

export function settingsOf(
  detail: ImportDetail,
  missionId: number,
  marketId: number,
  overrides: Partial<ImportSettings> = {},
): ImportSettings {
  return {
    missionId,
    marketMode: { kind: 'fixed', marketId },
    columns: detail.columns,
    duplicatePolicy: 'skip',
    version: detail.version,
    ...overrides,
  }
}

/** Settings, then the analysis to its end: the import as it is when ready. */
export async function analysed(agent: Agent, db: Db, detail: ImportDetail, settings: ImportSettings) {
  const response = await agent.request({
    method: 'PUT',
    url: `/api/imports/${detail.id}/settings`,
    payload: settings,
  })
  expect(response.statusCode, response.body).toBe(200)
  expect(response.json().state).toBe('analysing')
  await waitForState(db, detail.id, ['ready'])
  return (await agent.request({ url: `/api/imports/${detail.id}` })).json() as ImportDetail
}

/** Leads of the import: all of them, and distinct lines (equal when no line was written twice). */
export async function linesWritten(db: Db, importId: number) {
  const [row] = rowsOf<{ total: number; lines: number }>(
    await db.execute(
      sql`select count(*)::int as total, count(distinct import_line)::int as lines from leads where import_id = ${importId}`,
    ),
  )
  return { total: Number(row!.total), lines: Number(row!.lines) }
}
