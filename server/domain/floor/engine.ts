// The simulated floor (issue #15, docs/decisions.md "Simulated floor"): at most one per database. The
// process that starts it runs every virtual agent and writes its state (owner, heartbeat, agents,
// counters) to `configuration` under 'devFloor' every second; any process reads that row to answer
// GET, and a stop asked of another process is a flag the owner sees at its next heartbeat (which never
// overwrites it, server/domain/floor/store.ts). A row whose heartbeat is older than STALE_MS
// belongs to a dead process: a new start takes its place.
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { FastifyInstance } from 'fastify'
import { inArray } from 'drizzle-orm'
import type { FloorCounters, FloorState } from '../../../src/contracts/dev-floor.ts'
import { users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import {
  beatFloorRow,
  claimFloorRow,
  deleteFloorRow,
  readFloorRow,
  requestFloorStop,
  type Stored,
} from './store.ts'
import { cachedNumbers } from '../calls/numbers-cache.ts'
import { floorCandidates } from './candidates.ts'
import { abortableSleep, emptyCounters, type FloorRun } from './run.ts'
import { loadSimulatorSettings } from './simulator-settings.ts'
import { release, tagCall } from './outcome.ts'
import { runAgent, type AgentState } from './virtual-agent.ts'
import { ongoingCallOf, untaggedCallOf, leadIdOfCall } from '../calls/state.ts'
import { heldLeadOf } from '../leads/assignment.ts'
import { personName } from '../../../src/contracts/person-name.ts'

const HEARTBEAT_MS = 1_000

export type Floor = ReturnType<typeof createFloor>

export function createFloor(app: FastifyInstance) {
  const { db } = app.database
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  let current: {
    run: FloorRun
    agents: AgentState[]
    loops: Promise<void>[]
    abort: AbortController
    startedAt: Date
    speed: number
    heartbeat: NodeJS.Timeout
  } | null = null
  let stopping: Promise<void> | null = null

  const readStored = () => readFloorRow(db)

  function snapshot(): Stored | null {
    if (!current) return null
    return {
      owner,
      startedAt: current.startedAt.toISOString(),
      heartbeatAt: new Date().toISOString(),
      speed: current.speed,
      stopRequested: false,
      agents: current.agents.map((a) => ({
        userId: a.user.id,
        name: personName(a.user),
        activity: a.activity,
        leadId: a.leadId,
        calls: a.calls,
      })),
      counters: { ...current.run.counters },
    }
  }

  /** Every second: the state for the other processes, and their stop requests for this one. */
  async function beat() {
    const value = snapshot()
    if (!value) return
    const stored = await beatFloorRow(db, value)
    if (stored?.stopRequested) void stop()
  }

  async function start(input: { userIds: number[]; speed: number }): Promise<void> {
    if (app.config.appEnv === 'production') throw new Error('the simulated floor never runs in production')
    const simulator = app.telephony.simulator
    if (!simulator)
      throw errors.conflict('Le simulateur de téléphonie n’est pas actif (TELEPHONY_PROVIDER=simulator).')
    if (current || stopping) throw errors.conflict('La simulation tourne déjà.')
    const picked = await db.select().from(users).where(inArray(users.id, input.userIds))
    const allowed = new Set((await floorCandidates(db)).map((c) => c.id))
    if (picked.length !== input.userIds.length || picked.some((u) => !allowed.has(u.id)))
      throw errors.invalid('Choisissez des téléopérateurs ou managers actifs reliés à la téléphonie.')
    const startedAt = new Date()
    // One floor per database: the row is taken in a transaction, unless a live process holds it.
    await claimFloorRow(db, {
      owner,
      startedAt: startedAt.toISOString(),
      heartbeatAt: startedAt.toISOString(),
      speed: input.speed,
      stopRequested: false,
      agents: [],
      counters: emptyCounters(),
    })
    const settings = await loadSimulatorSettings(db, app.config.simulatorAnswerDelayMs)
    const abort = new AbortController()
    const factor = app.config.floorTimeScale / input.speed
    const aircallIds = new Map(picked.map((u) => [u.id, u.aircallId]))
    const run: FloorRun = {
      app,
      db,
      telephony: app.telephony,
      simulator,
      calls: { db, telephony: app.telephony, numbers: cachedNumbers(simulator) },
      settings,
      counters: emptyCounters(),
      random: Math.random,
      stopping: () => abort.signal.aborted,
      scaled: (ms) => ms * factor,
      pause: (ms) => abortableSleep(ms * factor, abort.signal),
      aircallIdOf: (id) => aircallIds.get(id),
    }
    const agents: AgentState[] = picked.map((user) => ({ user, activity: 'idle', leadId: null, calls: 0 }))
    const heartbeat = setInterval(() => {
      beat().catch((error: unknown) => app.log.error({ err: error }, 'dev floor: heartbeat failed'))
    }, HEARTBEAT_MS)
    heartbeat.unref()
    current = { run, agents, loops: [], abort, startedAt, speed: input.speed, heartbeat }
    current.loops = agents.map((agent) => runAgent(run, agent))
    app.log.warn(
      { event: 'dev.floor.start', userIds: input.userIds, speed: input.speed, owner },
      'dev: simulated floor started',
    )
  }

  /** Stops the loops, hangs up, tags or hands back what each virtual agent still has (no call open). */
  function stop(): Promise<void> {
    if (stopping) return stopping
    const floor = current
    if (!floor) return Promise.resolve()
    stopping = (async () => {
      floor.abort.abort()
      clearInterval(floor.heartbeat)
      await Promise.allSettled(floor.loops)
      for (const agent of floor.agents) {
        try {
          await cleanUp(floor.run, agent)
        } catch (error) {
          app.log.error({ err: error, userId: agent.user.id }, 'dev floor: clean-up failed')
        }
        agent.activity = 'stopped'
        agent.leadId = null
      }
      await deleteFloorRow(db)
      app.log.warn(
        { event: 'dev.floor.stop', owner, counters: floor.run.counters },
        'dev: simulated floor stopped',
      )
      current = null
    })().finally(() => {
      stopping = null
    })
    return stopping
  }

  /** Asks the owning process (maybe another one) to stop, and waits until it has. */
  async function requestStop(): Promise<void> {
    if (current) return stop()
    if (!(await readStored())) return
    await requestFloorStop(db)
    for (let i = 0; i < 100 && (await readStored()); i += 1) await new Promise((r) => setTimeout(r, 100))
  }

  async function state(): Promise<FloorState> {
    const stored = snapshot() ?? (await readStored())
    const candidates = await floorCandidates(db)
    if (!stored)
      return {
        running: false,
        owner: null,
        startedAt: null,
        speed: 1,
        agents: [],
        counters: emptyCounters(),
        candidates,
      }
    return {
      running: true,
      owner: stored.owner,
      startedAt: stored.startedAt,
      speed: stored.speed,
      agents: stored.agents,
      counters: stored.counters as FloorCounters,
      candidates,
    }
  }

  return {
    start,
    stop: requestStop,
    state,
    /** This process runs a floor now. */
    runsHere: () => current !== null,
    /** Any process runs one (heartbeat fresh). */
    isRunning: async () => current !== null || (await readStored()) !== null,
    close: stop,
  }
}

async function cleanUp(run: FloorRun, agent: AgentState) {
  const { db } = run
  await run.telephony.idle()
  const ongoing = await ongoingCallOf(db, agent.user.id)
  if (ongoing) {
    run.simulator.act(ongoing, 'hangup', agent.user.aircallId)
    await run.telephony.idle()
  }
  // An ended call without its outcome would block the user's next lead: the floor gives it one.
  const untagged = await untaggedCallOf(db, agent.user.id)
  const quick = { ...run, pause: async () => {} }
  if (untagged) await tagCall(quick, agent, untagged.id, leadIdOfCall(untagged), 'no-answer')
  const held = await heldLeadOf(db, agent.user.id)
  if (held) await release(quick, agent, held.id)
}
