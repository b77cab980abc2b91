// Issue #15 (/dev/uat-settings): the simulator's settings, persisted in `configuration` under a key
// the back office does not list (server/domain/configuration/settings.ts lists its own keys only). Outbound
// calls of real testers use the answer delay; the simulated floor also draws each call's fate from
// the three proportions.
import { eq } from 'drizzle-orm'
import { simulatorSettingsSchema, type SimulatorSettings } from '../../../src/contracts/dev-floor.ts'
import type { Db } from '../../db/client.ts'
import { configuration } from '../../db/schema.ts'

const KEY = 'simulatorSettings'

/** docs/domain.md "Simulated floor": roughly what an outbound consent campaign sees. */
export function defaultSimulatorSettings(answerDelayMs: number): SimulatorSettings {
  return { answerDelayMs, answeredPercent: 40, voicemailPercent: 25, noAnswerPercent: 35 }
}

export async function loadSimulatorSettings(db: Db, answerDelayMs: number): Promise<SimulatorSettings> {
  const [row] = await db.select().from(configuration).where(eq(configuration.key, KEY))
  const parsed = simulatorSettingsSchema.safeParse(row?.value)
  return parsed.success ? parsed.data : defaultSimulatorSettings(answerDelayMs)
}

export async function saveSimulatorSettings(db: Db, settings: SimulatorSettings): Promise<void> {
  await db
    .insert(configuration)
    .values({ key: KEY, value: settings })
    .onConflictDoUpdate({ target: configuration.key, set: { value: settings, updatedAt: new Date() } })
}
