// The audit trail (issue #12, docs/domain.md "Audit and concurrency"): each back-office change writes
// one entry in the transaction of the change itself, so a change never lands without its entry nor
// an entry without its change; administrators read an entity's entries newest first.
import { and, count, desc, eq } from 'drizzle-orm'
import type {
  AuditAction,
  AuditEntity,
  AuditEntry,
  AuditPage,
  AuditSnapshot,
} from '../../../src/contracts/audit.ts'
import type { Db } from '../../db/client.ts'
import { auditEntries, users } from '../../db/schema.ts'

/** A transaction (or the database, for a single-statement change). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db

export type AuditRecord = {
  /** Who made the change; null for a change no user made. */
  userId: number | null
  entity: AuditEntity
  entityId: number
  action: AuditAction
  /**
   * Named values, never a whole row; a key left undefined is not written. Give them a known shape (not
   * an index signature): tests/docs/audit-fields.test.ts checks each key has a French label.
   */
  before?: AuditValues | null
  after?: AuditValues | null
}

/** A snapshot as written: an undefined value is left out of the JSON. */
export type AuditValues = { readonly [field: string]: AuditSnapshot[string] | undefined }

export async function recordAudit(tx: Tx, record: AuditRecord): Promise<void> {
  await tx.insert(auditEntries).values({
    userId: record.userId,
    entity: record.entity,
    entityId: record.entityId,
    action: record.action,
    before: (record.before ?? null) as AuditSnapshot | null,
    after: (record.after ?? null) as AuditSnapshot | null,
  })
}

export async function auditHistory(
  db: Db,
  entity: AuditEntity,
  entityId: number,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<AuditPage> {
  const where = and(eq(auditEntries.entity, entity), eq(auditEntries.entityId, entityId))
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: auditEntries,
        user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      })
      .from(auditEntries)
      .leftJoin(users, eq(users.id, auditEntries.userId))
      .where(where)
      .orderBy(desc(auditEntries.at), desc(auditEntries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(auditEntries).where(where),
  ])
  return { items: rows.map(toEntry), total: total?.value ?? 0, page, pageSize }
}

function toEntry({ entry, user }: { entry: typeof auditEntries.$inferSelect; user: AuditEntry['user'] }) {
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    user,
    entity: entry.entity as AuditEntity,
    entityId: entry.entityId,
    action: entry.action as AuditAction,
    before: entry.before as AuditSnapshot | null,
    after: entry.after as AuditSnapshot | null,
  } satisfies AuditEntry
}
