import { describe, expect, it } from 'vitest'
import { appUrls } from './app-urls.ts'

const uuid = '0b6c1e2a-3f4d-4e5f-8a9b-0c1d2e3f4a5b'

describe('appUrls', () => {
  it('builds the home and lead pages', () => {
    expect(appUrls.home()).toBe('/home')
    expect(appUrls.lead(uuid)).toBe(`/lead/${uuid}`)
    expect(appUrls.leadAppointment(uuid)).toBe(`/lead/${uuid}/appointment`)
  })

  it('falls back to home when there is no lead', () => {
    expect(appUrls.leadOrHome(uuid)).toBe(`/lead/${uuid}`)
    expect(appUrls.leadOrHome(null)).toBe('/home')
    expect(appUrls.leadOrHome(undefined)).toBe('/home')
  })

  it('carries the page and the cause of a blocking redirect', () => {
    expect(appUrls.blocking(`/lead/${uuid}`, 'UNTAGGED_CALL')).toBe(
      `/lead/${uuid}?redirect=/lead/${uuid}&cause=UNTAGGED_CALL`,
    )
    expect(appUrls.blocking('/home', 'ONGOING_CALL')).toBe('/home?redirect=/home&cause=ONGOING_CALL')
  })

  it('keeps a segment from escaping its place', () => {
    expect(appUrls.lead('a/b?c')).toBe('/lead/a%2Fb%3Fc')
  })
})
