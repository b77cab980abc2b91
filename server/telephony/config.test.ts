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
    expect(loadConfig({}).aircall).toEqual({
      apiId: undefined,
      apiToken: undefined,
      apiUrl: 'https://api.aircall.io',
      webhookToken: undefined,
    })
    const config = loadConfig({
      AIRCALL_API_ID: 'id',
      AIRCALL_API_TOKEN: 'token',
      AIRCALL_API_URL: 'http://127.0.0.1:4000/',
      AIRCALL_WEBHOOK_TOKEN: 'hook',
    })
    expect(config.aircall).toEqual({
      apiId: 'id',
      apiToken: 'token',
      apiUrl: 'http://127.0.0.1:4000',
      webhookToken: 'hook',
    })
  })
})
