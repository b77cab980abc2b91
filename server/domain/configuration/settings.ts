// The settings kept in the `configuration` table (issue #12 "Configuration", docs/domain.md
// "Configuration"): read with their defaults, changed by administrators with the version they
// edited and an audit entry (entity `configuration`, id = the key's stable number, the key and
// values in the entry) in the change's transaction.
import { eq, inArray } from 'drizzle-orm'
import {
  CONFIGURATION_DEFAULTS,
  CONFIGURATION_KEY_IDS,
  CONFIGURATION_KEYS,
  configurationSchemas,
  type AppointmentSchedule,
  type ConfigurationEntry,
  type ConfigurationKey,
  type ConfigurationValues,
} from '../../../src/contracts/configuration.ts'
import type { Db } from '../../db/client.ts'
import { configuration } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { assertVersion } from '../../lib/optimistic-concurrency.ts'
import { recordAudit, type Tx } from '../audit/trail.ts'
import { unknownCountriesProblem } from '../sms/country-codes.ts'

type Row = typeof configuration.$inferSelect

/** A stored value that no longer fits its schema (written by hand) reads as the default. */
function entryOf<K extends ConfigurationKey>(key: K, row: Row | undefined): ConfigurationEntry<K> {
  const parsed = row ? configurationSchemas[key].safeParse(row.value) : undefined
  return {
    key,
    value: (parsed?.success ? parsed.data : CONFIGURATION_DEFAULTS[key]) as ConfigurationValues[K],
    version: row?.version ?? 1,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  }
}

export async function readConfigurationEntries(db: Tx): Promise<ConfigurationEntry[]> {
  const rows = await db.select().from(configuration).where(inArray(configuration.key, CONFIGURATION_KEYS))
  const byKey = new Map(rows.map((row) => [row.key, row]))
  return CONFIGURATION_KEYS.map((key) => entryOf(key, byKey.get(key)))
}

export async function readConfigurationEntry<K extends ConfigurationKey>(
  db: Tx,
  key: K,
): Promise<ConfigurationEntry<K>> {
  const [row] = await db.select().from(configuration).where(eq(configuration.key, key))
  return entryOf(key, row)
}

export async function readSetting<K extends ConfigurationKey>(
  db: Tx,
  key: K,
): Promise<ConfigurationValues[K]> {
  return (await readConfigurationEntry(db, key)).value
}

export function appointmentSchedule(db: Tx): Promise<AppointmentSchedule> {
  return readSetting(db, 'appointmentSchedule')
}

/** An audit snapshot holds scalars: objects are kept as their JSON text. */
function snapshotValue(value: unknown): string | number | boolean | null {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : (value as number)
}

export async function changeSetting<K extends ConfigurationKey>(
  db: Db,
  actorId: number,
  key: K,
  body: { value: ConfigurationValues[K]; version: number },
): Promise<ConfigurationEntry<K>> {
  // Issue #26: a country code no number can have is refused, as the schema's own refusals are.
  const problem = key === 'smsCountries' ? unknownCountriesProblem(body.value as string[]) : null
  if (problem) throw errors.invalid(problem, { value: problem })
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(configuration).where(eq(configuration.key, key)).for('update')
    const before = entryOf(key, row)
    await assertVersion(before.version, body.version, async () => before)
    if (JSON.stringify(before.value) === JSON.stringify(body.value) && row) return before
    const values = { value: body.value, version: before.version + 1, updatedAt: new Date() }
    // Two first writes of one key at once: the primary key makes the second wait, then its
    // version no longer matches (ON CONFLICT updates only the version it read).
    const written = await tx
      .insert(configuration)
      .values({ key, ...values })
      .onConflictDoUpdate({
        target: configuration.key,
        set: values,
        where: eq(configuration.version, before.version),
      })
      .returning()
    if (written.length === 0) await assertVersion(-1, body.version, () => readConfigurationEntry(tx, key))
    await recordAudit(tx, {
      userId: actorId,
      entity: 'configuration',
      entityId: CONFIGURATION_KEY_IDS[key],
      action: 'update',
      before: { key, value: snapshotValue(before.value) },
      after: { key, value: snapshotValue(body.value) },
    })
    return readConfigurationEntry(tx, key)
  })
}
