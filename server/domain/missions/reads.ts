// Reading missions and markets (issue #12 "Missions", "Markets"): the paginated lists and one mission
// with its markets. Reference data: administrators and managers read every mission (managers assign
// their team members to missions, docs/domain.md "Missions and markets").
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { Market, MarketListParams, MarketPage } from '../../../src/contracts/markets.ts'
import type {
  Mission,
  MissionListParams,
  MissionPage,
  MissionSummary,
} from '../../../src/contracts/missions.ts'
import { callProcesses, markets, missionBanners, missions } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import type { Tx } from '../audit/trail.ts'

export const MISSION_NOT_FOUND = 'Mission introuvable.'
export const MARKET_NOT_FOUND = 'Marché introuvable.'

const missionLeadCount = sql<number>`(select count(*)::int from leads l join markets k on k.id = l.market_id where k.mission_id = ${missions.id})`
const missionMarketCount = sql<number>`(select count(*)::int from markets k where k.mission_id = ${missions.id})`
const marketLeadCount = sql<number>`(select count(*)::int from leads l where l.market_id = ${markets.id})`

const summaryColumns = {
  id: missions.id,
  name: missions.name,
  color: missions.color,
  bannerUrl: missions.bannerUrl,
  leadProcessingDurationDays: missions.leadProcessingDurationDays,
  callProcessId: callProcesses.id,
  callProcessName: callProcesses.name,
  callingRule: missions.callingRule,
  version: missions.version,
  archivedAt: missions.archivedAt,
  marketCount: missionMarketCount,
  leadCount: missionLeadCount,
}

type SummaryRow = Omit<MissionSummary, 'callProcess' | 'archivedAt'> & {
  callProcessId: number | null
  callProcessName: string | null
  archivedAt: Date | null
}

function toSummary({ callProcessId, callProcessName, archivedAt, ...rest }: SummaryRow): MissionSummary {
  return {
    ...rest,
    callProcess: callProcessId === null ? null : { id: callProcessId, name: callProcessName ?? '' },
    archivedAt: archivedAt?.toISOString() ?? null,
  }
}

export async function listMissions(db: Tx, params: MissionListParams): Promise<MissionPage> {
  const { page, pageSize, sort, order, search, includeArchived } = params
  const where = and(
    includeArchived ? undefined : isNull(missions.archivedAt),
    // Folded like the unique index; strpos needs no wildcard escaping.
    search ? sql`strpos(app_fold(${missions.name}), app_fold(${search})) > 0` : undefined,
  )
  const direction = order === 'desc' ? desc : asc
  const byName = direction(sql`app_fold(${missions.name})`)
  const orderBy = sort === 'leadCount' ? [direction(missionLeadCount), byName] : [byName]
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(missions)
      .leftJoin(callProcesses, eq(callProcesses.id, missions.callProcessId))
      .where(where)
      .orderBy(...orderBy, asc(missions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(missions)
      .where(where),
  ])
  return { items: rows.map(toSummary), total: total?.value ?? 0, page, pageSize }
}

export async function getMission(db: Tx, id: number): Promise<Mission> {
  const [row] = await db
    .select({
      ...summaryColumns,
      callingHours: missions.callingHours,
      maxCallAttempts: missions.maxCallAttempts,
      quietDays: missions.quietDays,
      autoCallDelaySeconds: missions.autoCallDelaySeconds,
      createdAt: missions.createdAt,
      updatedAt: missions.updatedAt,
      hasUploadedBanner: sql<boolean>`exists (select 1 from ${missionBanners} b where b.mission_id = ${missions.id})`,
    })
    .from(missions)
    .leftJoin(callProcesses, eq(callProcesses.id, missions.callProcessId))
    .where(eq(missions.id, id))
  if (!row) throw errors.notFound(MISSION_NOT_FOUND)
  const {
    callingHours,
    maxCallAttempts,
    quietDays,
    autoCallDelaySeconds,
    createdAt,
    updatedAt,
    hasUploadedBanner,
  } = row
  const page = await listMarkets(db, { missionId: id, page: 1, pageSize: 1000 })
  return {
    ...toSummary(row),
    hasUploadedBanner,
    callingHours,
    maxCallAttempts,
    quietDays,
    autoCallDelaySeconds,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    markets: page.items,
  }
}

const marketColumns = {
  id: markets.id,
  missionId: markets.missionId,
  missionName: missions.name,
  name: markets.name,
  postalCodePrefixes: markets.postalCodePrefixes,
  version: markets.version,
  leadCount: marketLeadCount,
  createdAt: markets.createdAt,
  updatedAt: markets.updatedAt,
}

function toMarket(
  row: { createdAt: Date; updatedAt: Date } & Omit<Market, 'createdAt' | 'updatedAt'>,
): Market {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }
}

export async function listMarkets(
  db: Tx,
  params: Pick<MarketListParams, 'page' | 'pageSize'> & Partial<MarketListParams>,
): Promise<MarketPage> {
  const { page, pageSize, missionId, search } = params
  const where: SQL | undefined = and(
    missionId === undefined ? undefined : eq(markets.missionId, missionId),
    search ? sql`strpos(app_fold(${markets.name}), app_fold(${search})) > 0` : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select(marketColumns)
      .from(markets)
      .innerJoin(missions, eq(missions.id, markets.missionId))
      .where(where)
      .orderBy(asc(sql`app_fold(${missions.name})`), asc(sql`app_fold(${markets.name})`), asc(markets.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(markets)
      .where(where),
  ])
  return { items: rows.map(toMarket), total: total?.value ?? 0, page, pageSize }
}

export async function getMarket(db: Tx, id: number): Promise<Market> {
  const [row] = await db
    .select(marketColumns)
    .from(markets)
    .innerJoin(missions, eq(missions.id, markets.missionId))
    .where(eq(markets.id, id))
  if (!row) throw errors.notFound(MARKET_NOT_FOUND)
  return toMarket(row)
}
