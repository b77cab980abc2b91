// Reading call processes for the back office (issue #12 "Call processes", docs/domain.md "Call
// processes"): the paginated list with the missions using each process and their leads, and one
// process with its steps, each step's outcomes (catalogue tags) and the leads now at it.
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type {
  CallProcessDetail,
  CallProcessPage,
  callProcessListQuerySchema,
} from '../../../src/contracts/call-processes.ts'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { callProcessSteps, callProcessTags, callProcesses, leads, missions } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import type { Tx } from '../audit/trail.ts'

export const CALL_PROCESS_NOT_FOUND = 'Process d’appel introuvable.'

export type CallProcessListParams = z.output<typeof callProcessListQuerySchema>

/** Leads of the missions using the process (archived missions too: their leads follow its steps). */
export function leadsOfProcess(callProcessId: number | SQL) {
  return sql`${leads.marketId} in (select m.id from markets m join missions mi on mi.id = m.mission_id
    where mi.call_process_id = ${callProcessId})`
}

const leadCount = sql<number>`(select count(*)::int from leads l join markets m on m.id = l.market_id
  join missions mi on mi.id = m.mission_id where mi.call_process_id = "call_processes"."id")`
const stepCount = sql<number>`(select count(*)::int from call_process_steps s
  where s.call_process_id = "call_processes"."id")`

/** The non-archived missions using each process. */
async function missionsOf(db: Tx, processIds: number[]) {
  const byProcess = new Map<number, { id: number; name: string }[]>()
  if (processIds.length === 0) return byProcess
  const rows = await db
    .select({ processId: missions.callProcessId, id: missions.id, name: missions.name })
    .from(missions)
    .where(and(inArray(missions.callProcessId, processIds), isNull(missions.archivedAt)))
    .orderBy(asc(sql`app_fold(${missions.name})`), asc(missions.id))
  for (const { processId, ...mission } of rows)
    byProcess.set(processId!, [...(byProcess.get(processId!) ?? []), mission])
  return byProcess
}

export async function listCallProcesses(db: Db, params: CallProcessListParams): Promise<CallProcessPage> {
  const { page, pageSize, search, includeArchived } = params
  const where = and(
    includeArchived ? undefined : isNull(callProcesses.archivedAt),
    // Folded like the unique index; strpos needs no wildcard escaping.
    search ? sql`strpos(app_fold(${callProcesses.name}), app_fold(${search})) > 0` : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: callProcesses.id,
        name: callProcesses.name,
        version: callProcesses.version,
        archivedAt: callProcesses.archivedAt,
        stepCount,
        leadCount,
      })
      .from(callProcesses)
      .where(where)
      .orderBy(asc(sql`app_fold(${callProcesses.name})`), asc(callProcesses.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(callProcesses).where(where),
  ])
  const used = await missionsOf(
    db,
    rows.map((row) => row.id),
  )
  return {
    items: rows.map((row) => ({
      ...row,
      archivedAt: row.archivedAt?.toISOString() ?? null,
      missions: used.get(row.id) ?? [],
    })),
    total: total?.value ?? 0,
    page,
    pageSize,
  }
}

/** Leads of the process per step number. */
export async function leadsPerStep(db: Tx, callProcessId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ step: leads.step, count: count() })
    .from(leads)
    .where(leadsOfProcess(callProcessId))
    .groupBy(leads.step)
  return new Map(rows.map((row) => [row.step, row.count]))
}

export async function getCallProcess(db: Tx, id: number): Promise<CallProcessDetail> {
  const [process] = await db.select().from(callProcesses).where(eq(callProcesses.id, id))
  if (!process) throw errors.notFound(CALL_PROCESS_NOT_FOUND)
  const steps = await db
    .select()
    .from(callProcessSteps)
    .where(eq(callProcessSteps.callProcessId, id))
    .orderBy(asc(callProcessSteps.number))
  const outcomes = steps.length
    ? await db
        .select({
          id: callProcessTags.id,
          stepId: callProcessTags.stepId,
          tagId: callProcessTags.tagId,
          nextStep: callProcessTags.nextStep,
        })
        .from(callProcessTags)
        .where(
          inArray(
            callProcessTags.stepId,
            steps.map((step) => step.id),
          ),
        )
        .orderBy(asc(callProcessTags.position), asc(callProcessTags.id))
    : []
  // One after the other: inside a transaction, one connection.
  const perStep = await leadsPerStep(db, id)
  const used = await missionsOf(db, [id])
  return {
    id: process.id,
    name: process.name,
    version: process.version,
    archivedAt: process.archivedAt?.toISOString() ?? null,
    createdAt: process.createdAt.toISOString(),
    updatedAt: process.updatedAt.toISOString(),
    missions: used.get(id) ?? [],
    steps: steps.map((step) => ({
      id: step.id,
      number: step.number,
      title: step.title,
      script: step.script,
      leadCount: perStep.get(step.number) ?? 0,
      outcomes: outcomes
        .filter((outcome) => outcome.stepId === step.id)
        .map(({ stepId: _stepId, ...outcome }) => outcome),
    })),
  }
}
