// Process configuration from environment variables (documented in README.md).
import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { APP_ENVS, type AppEnv } from '../src/contracts/roles.ts'
import { TELEPHONY_PROVIDERS, type TelephonyProviderName } from '../src/contracts/call.ts'

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  // Issue #17: no default, so a deployment never runs in development mode (demo accounts, /api/dev)
  // by forgetting it; `npm start` sets it through demo.env.
  APP_ENV: z.enum(APP_ENVS, {
    error: (issue) =>
      `APP_ENV is ${issue.input === undefined ? 'required' : 'invalid'}: set it to one of ${APP_ENVS.join(', ')} (develop = demonstration mode)`,
  }),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  FILES_DIR: z.string().optional(),
  JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  CRONS_ENABLED: z.enum(['true', 'false']).default('true'),
  CRON_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(600).default(15),
  EXTRACTION_STREAM_MAX_ROWS: z.coerce.number().int().min(0).default(20_000),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  // Issue #15: the Prometheus scraper's bearer token for GET /api/metrics (administrators need none).
  METRICS_TOKEN: z.string().min(32).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(240),
  SESSION_MAX_HOURS: z.coerce.number().int().positive().default(12),
  TRUST_PROXY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  // Issue #31: how long a welcome link stays valid (a reset link: one hour).
  WELCOME_LINK_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  MAIL_FROM: z.string().default('Centre d’appels <no-reply@localhost>'),
  SENTRY_DSN: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  TELEPHONY_PROVIDER: z.enum(TELEPHONY_PROVIDERS).optional(),
  AIRCALL_API_ID: z.string().optional(),
  AIRCALL_API_TOKEN: z.string().optional(),
  AIRCALL_API_URL: z.string().url().default('https://api.aircall.io'),
  AIRCALL_WEBHOOK_TOKEN: z.string().optional(),
  AIRCALL_WEBHOOK_MAX_AGE_HOURS: z.coerce.number().positive().default(24),
  SIMULATOR_ANSWER_DELAY_MS: z.coerce.number().int().min(0).default(3000),
  FLOOR_TIME_SCALE: z.coerce.number().min(0).max(1).default(1),
  // Issue #15 "SMS": the Aircall number SMS are sent from (default: the account's first number).
  AIRCALL_SMS_NUMBER_ID: z.coerce.number().int().positive().optional(),
  // Issue #15 "SMS": outside production only, the instant the SMS quiet-hours clock starts from (tests).
  SMS_CLOCK: z.iso.datetime({ offset: true }).optional(),
  // Issue #15 "SMS": the first retry of a failed send, doubled at each of the next ones.
  SMS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  CLIENT_DIR: z.string().optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, { error: 'VAPID_SUBJECT doit commencer par mailto: ou https://' })
    .optional(),
})

export type AppConfig = {
  port: number
  host: string
  appEnv: AppEnv
  databaseUrl: string | undefined
  /** PGlite data directory, or 'memory://' for an in-memory database (tests). */
  dataDir: string
  /**
   * Issue #13: uploaded import files and background extractions. Several processes (or hosts) must
   * share it. Default: `files` inside DATA_DIR, or a folder under the system's temporary one.
   */
  filesDir: string
  /** How often the engine gives up jobs whose heartbeat lapsed (an import, a cron run); pg-boss: 60 s. */
  jobsSuperviseSeconds: number
  /**
   * Issue #15: whether this process fires the scheduled jobs' occurrences (pg-boss's cron pass; one
   * process claims each pass, so every process may). False in the tests, so that nothing runs by
   * itself in the middle of one; the jobs still run here when another process or "run now" queues them.
   */
  cronsEnabled: boolean
  /** Issue #30: a scheduled run beats this often (≥ 10 s, pg-boss); a dead process's run is given up. */
  cronHeartbeatSeconds: number
  /** Issue #13: extractions up to this many rows stream in the response; larger ones run as a job. */
  extractionStreamMaxRows: number
  publicUrl: string | undefined
  sessionSecret: string | undefined
  /** Issue #15: bearer token admitted by GET /api/metrics besides administrators' sessions. */
  metricsToken?: string | undefined
  sessionIdleMs: number
  sessionMaxMs: number
  /** Fastify's `trustProxy`: false, the number of proxies in front, or their addresses/CIDRs. */
  trustProxy: TrustProxy
  smtpUrl: string | undefined
  /** Issue #31: a welcome link's validity (WELCOME_LINK_HOURS, 72 by default). */
  welcomeLinkMs: number
  /** Issue #15: one SMTP step's bound (server/plugins/mailer.ts, 30 s when unset); tests shorten it. */
  smtpStepTimeoutMs?: number
  mailFrom: string
  sentryDsn: string | undefined
  logLevel: string
  seedDemo: boolean
  version: string
  /** Issue #4: the simulator by default outside production, Aircall in production. */
  telephonyProvider: TelephonyProviderName
  aircall: {
    apiId: string | undefined
    apiToken: string | undefined
    apiUrl: string
    webhookToken: string | undefined
    /** One request's bound (10 s when unset); tests shorten it to meet a slow Aircall quickly. */
    requestTimeoutMs?: number
    /** Older events are recorded as stale and not applied (issue #17); loadConfig always sets it. */
    webhookMaxAgeMs?: number
  }
  /** Simulator: delay before an outbound call is answered (0 in tests). */
  simulatorAnswerDelayMs: number
  /**
   * Issue #15: multiplies every wait of the simulated floor (1 in use; 0 in tests, where virtual
   * agents go from one step to the next as soon as the previous one is processed).
   */
  floorTimeScale: number
  /** Issue #15 "SMS": the sending number, and the tests' clock (never in production). */
  sms: {
    numberId: number | undefined
    clockStartsAt: Date | undefined
    retryDelaySeconds: number
    /** The backoff's cap: none in use; tests cap it so retries take seconds. */
    retryDelayMaxSeconds?: number
  }
  /** Issue #5 web push: VAPID keys (both or neither; generated and stored when unset) and subject. */
  push: {
    vapidPublicKey: string | undefined
    vapidPrivateKey: string | undefined
    vapidSubject: string
  }
  /** Built client; absent in API-only tests. */
  clientDir: string | undefined
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const result = envSchema.safeParse(withDemoEnvironment(env))
  if (!result.success) throw new ConfigError(result.error)
  const parsed = result.data
  const dataDir = parsed.DATA_DIR === 'memory://' ? 'memory://' : path.resolve(parsed.DATA_DIR)
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    appEnv: parsed.APP_ENV,
    databaseUrl: parsed.DATABASE_URL || undefined,
    dataDir,
    filesDir: parsed.FILES_DIR
      ? path.resolve(parsed.FILES_DIR)
      : dataDir === 'memory://'
        ? path.join(tmpdir(), 'centre-appels-files')
        : path.join(dataDir, 'files'),
    jobsSuperviseSeconds: parsed.JOBS_SUPERVISE_SECONDS,
    cronsEnabled: parsed.CRONS_ENABLED === 'true',
    cronHeartbeatSeconds: parsed.CRON_HEARTBEAT_SECONDS,
    extractionStreamMaxRows: parsed.EXTRACTION_STREAM_MAX_ROWS,
    publicUrl: parsed.PUBLIC_URL,
    sessionSecret: parsed.SESSION_SECRET,
    metricsToken: parsed.METRICS_TOKEN || undefined,
    sessionIdleMs: parsed.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: parsed.SESSION_MAX_HOURS * 3_600_000,
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    smtpUrl: parsed.SMTP_URL || undefined,
    welcomeLinkMs: parsed.WELCOME_LINK_HOURS * 3_600_000,
    mailFrom: parsed.MAIL_FROM,
    sentryDsn: parsed.SENTRY_DSN || undefined,
    logLevel: parsed.LOG_LEVEL,
    // Demo data never in production (issue #2); elsewhere on by default.
    seedDemo: parsed.APP_ENV !== 'production' && parsed.SEED_DEMO !== 'false',
    version: pkg.version,
    telephonyProvider:
      parsed.TELEPHONY_PROVIDER ?? (parsed.APP_ENV === 'production' ? 'aircall' : 'simulator'),
    aircall: {
      apiId: parsed.AIRCALL_API_ID || undefined,
      apiToken: parsed.AIRCALL_API_TOKEN || undefined,
      apiUrl: withoutTrailingSlashes(parsed.AIRCALL_API_URL),
      webhookToken: parsed.AIRCALL_WEBHOOK_TOKEN || undefined,
      webhookMaxAgeMs: parsed.AIRCALL_WEBHOOK_MAX_AGE_HOURS * 3_600_000,
    },
    simulatorAnswerDelayMs: parsed.SIMULATOR_ANSWER_DELAY_MS,
    floorTimeScale: parsed.FLOOR_TIME_SCALE,
    sms: {
      numberId: parsed.AIRCALL_SMS_NUMBER_ID,
      clockStartsAt:
        parsed.SMS_CLOCK && parsed.APP_ENV !== 'production' ? new Date(parsed.SMS_CLOCK) : undefined,
      retryDelaySeconds: parsed.SMS_RETRY_DELAY_SECONDS,
    },
    push: {
      vapidPublicKey: parsed.VAPID_PUBLIC_KEY || undefined,
      vapidPrivateKey: parsed.VAPID_PRIVATE_KEY || undefined,
      vapidSubject: parsed.VAPID_SUBJECT ?? vapidSubjectFrom(parsed.PUBLIC_URL),
    },
    // CLIENT_DIR serves another build (the PWA update end-to-end test, issue #5).
    clientDir: parsed.CLIENT_DIR
      ? path.resolve(parsed.CLIENT_DIR)
      : path.resolve(import.meta.dirname, '../dist'),
    ...overrides,
  }
}

/**
 * `npm start` (demo.env) asks for the demonstration through DEMO_APP_ENV=develop: taken only when
 * APP_ENV is unset and no DATABASE_URL is given (the embedded database). Against a real PostgreSQL
 * (a host running `npm start` by default) APP_ENV must be explicit: the server refuses to start.
 */
function withDemoEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env.APP_ENV || env.DEMO_APP_ENV !== 'develop') return env
  if (env.DATABASE_URL)
    throw new ConfigError(
      'APP_ENV is required with DATABASE_URL: `npm start` runs the demonstration on the embedded database only; set APP_ENV (develop, uat, preprod, staging or production) to use PostgreSQL',
    )
  return { ...env, APP_ENV: 'develop' }
}

/** A configuration the server must not start with; the message names each variable at fault. */
export class ConfigError extends Error {
  constructor(cause: z.ZodError | string) {
    const details =
      typeof cause === 'string'
        ? cause
        : cause.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`).join('\n')
    super(`Invalid configuration:\n${details}`)
    this.name = 'ConfigError'
  }
}

export type TrustProxy = false | number | string[]

/**
 * TRUST_PROXY (issue #17): how many proxies stand in front (`1`), or their addresses (IPs or CIDRs,
 * comma-separated), as Fastify's `trustProxy` takes them. `true` would trust every hop, so a
 * client's own X-Forwarded-For would choose its address (rate limits): refused.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? ''
  if (text === '' || text === 'false' || text === '0') return false
  if (text === 'true')
    throw new ConfigError(
      'TRUST_PROXY: `true` would trust every hop (a client could forge its address); give the number of proxies in front (e.g. 1) or their addresses (comma-separated IPs or CIDRs)',
    )
  if (/^\d+$/.test(text)) return Number(text)
  const entries = text.split(',').map((entry) => entry.trim())
  const invalid = entries.filter((entry) => !isAddressOrCidr(entry))
  if (invalid.length > 0)
    throw new ConfigError(
      `TRUST_PROXY: not a hop count nor IP addresses/CIDRs: ${invalid.map((entry) => JSON.stringify(entry)).join(', ')}`,
    )
  return entries
}

/**
 * What Fastify's `trustProxy` gets. Fastify 5.12 ignores a bare hop count (it trusts nothing, since
 * a count cannot tell a proxy from a client that reached the server directly), so a count becomes
 * the classic rule "the first N hops are ours": safe only when the server is reachable through
 * those proxies alone; addresses are the safer setting (README).
 */
export function fastifyTrustProxy(
  value: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value
  return (_address, hop) => hop < value
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  const bits = Number(prefix)
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128)
}

function withoutTrailingSlashes(url: string): string {
  let end = url.length
  while (end > 0 && url[end - 1] === '/') end--
  return url.slice(0, end)
}

/** Push services contact the sender through the VAPID subject: the app's own origin when known. */
function vapidSubjectFrom(publicUrl: string | undefined): string {
  return publicUrl?.startsWith('https://') ? new URL(publicUrl).origin : 'mailto:admin@localhost'
}

/** Issue #31: production without SMTP_URL sends no mail (elsewhere the dev mailbox stands in). */
export function mailServerMissing(config: Pick<AppConfig, 'appEnv' | 'smtpUrl'>): boolean {
  return config.appEnv === 'production' && !config.smtpUrl
}
