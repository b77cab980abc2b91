// Process configuration from environment variables (documented in README.md).
import { readFileSync } from 'node:fs'
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
  APP_ENV: z.enum(APP_ENVS).default('develop'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(240),
  SESSION_MAX_HOURS: z.coerce.number().int().positive().default(12),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Centre d’appels <no-reply@localhost>'),
  SENTRY_DSN: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  TELEPHONY_PROVIDER: z.enum(TELEPHONY_PROVIDERS).optional(),
  AIRCALL_API_ID: z.string().optional(),
  AIRCALL_API_TOKEN: z.string().optional(),
  AIRCALL_API_URL: z.string().url().default('https://api.aircall.io'),
  AIRCALL_WEBHOOK_TOKEN: z.string().optional(),
  SIMULATOR_ANSWER_DELAY_MS: z.coerce.number().int().min(0).default(3000),
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
  publicUrl: string | undefined
  sessionSecret: string | undefined
  sessionIdleMs: number
  sessionMaxMs: number
  trustProxy: boolean
  smtpUrl: string | undefined
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
  }
  /** Simulator: delay before an outbound call is answered (0 in tests). */
  simulatorAnswerDelayMs: number
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
  const parsed = envSchema.parse(env)
  const dataDir = parsed.DATA_DIR === 'memory://' ? 'memory://' : path.resolve(parsed.DATA_DIR)
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    appEnv: parsed.APP_ENV,
    databaseUrl: parsed.DATABASE_URL || undefined,
    dataDir,
    publicUrl: parsed.PUBLIC_URL,
    sessionSecret: parsed.SESSION_SECRET,
    sessionIdleMs: parsed.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: parsed.SESSION_MAX_HOURS * 3_600_000,
    trustProxy: parsed.TRUST_PROXY === 'true',
    smtpUrl: parsed.SMTP_URL || undefined,
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
      apiUrl: parsed.AIRCALL_API_URL.replace(/\/+$/, ''),
      webhookToken: parsed.AIRCALL_WEBHOOK_TOKEN || undefined,
    },
    simulatorAnswerDelayMs: parsed.SIMULATOR_ANSWER_DELAY_MS,
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

/** Push services contact the sender through the VAPID subject: the app's own origin when known. */
function vapidSubjectFrom(publicUrl: string | undefined): string {
  return publicUrl?.startsWith('https://') ? new URL(publicUrl).origin : 'mailto:admin@localhost'
}
