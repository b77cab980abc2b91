// What the client learns of the configuration at runtime (GET /api/config, and embedded in the shell).
import type { AppConfigPayload } from '../../src/contracts/user.ts'
import type { AppConfig } from '../config.ts'

export function publicConfig(config: AppConfig): AppConfigPayload {
  return {
    appEnv: config.appEnv,
    version: config.version,
    sentryDsn: config.sentryDsn ?? null,
    sessionIdleMinutes: Math.round(config.sessionIdleMs / 60_000),
  }
}
