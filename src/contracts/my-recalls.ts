// "Mes rappels" (issue #29 point 5, docs/domain.md "Recall"): the agent's own recalls, the shape of
// GET /api/recalls/mine, and how late a recall is (one rule for the list and the lead sheet).
import { z } from 'zod'
import { idSchema } from './common.ts'
import { civilDateOf, isoDate } from './paris-calendar.ts'

export const myRecallSchema = z.object({
  id: idSchema,
  uuid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(['RECALL', 'UNREACHABLE']),
  /** Null: due at once (an outcome that set no date). */
  recallAt: z.string().nullable(),
  mission: z.object({ id: idSchema, name: z.string(), color: z.string() }),
  /** The agent holds the lead now. */
  heldByMe: z.boolean(),
})
export type MyRecall = z.infer<typeof myRecallSchema>

/** Oldest due first (no date first), then the rest by time: the order of the hand-out. */
export const myRecallsSchema = z.object({ items: z.array(myRecallSchema) })
export type MyRecalls = z.infer<typeof myRecallsSchema>

/** A recall slot is a quarter hour: within it the recall is due, not late. */
export const RECALL_GRACE_MS = 15 * 60 * 1000

export type RecallTiming =
  | { kind: 'due' }
  | { kind: 'late'; days: number; hours: number; minutes: number }
  | { kind: 'today' }
  | { kind: 'later' }

/**
 * Where a recall stands at `now`: late (its quarter hour is over; by whole Paris days when planned on
 * an earlier day, else hours and minutes), due (no date, or its quarter hour), later today, or later.
 */
export function recallTiming(recallAt: string | null, now: Date): RecallTiming {
  if (recallAt === null) return { kind: 'due' }
  const at = new Date(recallAt)
  const lateMs = now.getTime() - at.getTime()
  if (lateMs >= RECALL_GRACE_MS) {
    const days = Math.round(
      (Date.parse(isoDate(civilDateOf(now))) - Date.parse(isoDate(civilDateOf(at)))) / 86_400_000,
    )
    const totalMinutes = Math.floor(lateMs / 60_000)
    return { kind: 'late', days, hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 }
  }
  if (lateMs >= 0) return { kind: 'due' }
  return isoDate(civilDateOf(at)) === isoDate(civilDateOf(now)) ? { kind: 'today' } : { kind: 'later' }
}
