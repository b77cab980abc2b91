// The Aircall users the provider lists (GET /v1/users of Aircall, or the simulator's), for the
// back office's "Lier à Aircall" picker (issue #12 "Users"): searched by name or e-mail without case
// or accents, paginated, each with the user already linked to it.
import { inArray } from 'drizzle-orm'
import type { AircallAccountPage } from '../../../src/contracts/user-admin.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import type { TelephonyProvider } from '../../telephony/provider.ts'

/** As app_fold does in the database: no accents, lower case. */
export function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

export async function listAircallAccounts(
  db: Db,
  provider: TelephonyProvider,
  { search, page, pageSize }: { search?: string; page: number; pageSize: number },
): Promise<AircallAccountPage> {
  const words = fold(search ?? '')
    .split(/\s+/)
    .filter(Boolean)
  const all = (await provider.listUsers())
    .filter((account) => {
      const text = fold(`${account.name ?? ''} ${account.email}`)
      return words.every((word) => text.includes(word))
    })
    .toSorted((a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email, 'fr'))
  const items = all.slice((page - 1) * pageSize, page * pageSize)
  const linked =
    items.length === 0
      ? []
      : await db
          .select({ id: users.id, aircallId: users.aircallId })
          .from(users)
          .where(
            inArray(
              users.aircallId,
              items.map((account) => account.id),
            ),
          )
  return {
    items: items.map((account) => ({
      id: account.id,
      email: account.email,
      name: account.name ?? null,
      linkedUserId: linked.find((row) => row.aircallId === account.id)?.id ?? null,
    })),
    total: all.length,
    page,
    pageSize,
  }
}
