import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'

describe('telephony configuration', () => {
  it('uses the simulator outside production and Aircall in production, unless told otherwise', () => {
    expect(loadConfig({ APP_ENV: 'develop' }).telephonyProvider).toBe('simulator')
    expect(loadConfig({ APP_ENV: 'production' }).telephonyProvider).toBe('aircall')
    expect(loadConfig({ APP_ENV: 'staging', TELEPHONY_PROVIDER: 'aircall' }).telephonyProvider).toBe(
      'aircall',
    )
  })

  it('reads the Aircall settings, with the public API as the default base URL', () => {
    expect(loadConfig({ APP_ENV: 'develop' }).aircall).toEqual({
      apiId: undefined,
      apiToken: undefined,
      apiUrl: 'https://api.aircall.io',
      webhookToken: undefined,
      webhookMaxAgeMs: 24 * 3_600_000,
    })
    const config = loadConfig({
      APP_ENV: 'develop',
      AIRCALL_API_ID: 'id',
      AIRCALL_API_TOKEN: 'token',
      AIRCALL_API_URL: 'http://127.0.0.1:4000/',
      AIRCALL_WEBHOOK_TOKEN: 'hook',
      AIRCALL_WEBHOOK_MAX_AGE_HOURS: '2',
    })
    expect(config.aircall).toEqual({
      apiId: 'id',
      apiToken: 'token',
      apiUrl: 'http://127.0.0.1:4000',
      webhookToken: 'hook',
      webhookMaxAgeMs: 2 * 3_600_000,
    })
  })
})
