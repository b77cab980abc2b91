import { describe, expect, it } from 'vitest'
import { APP_ENVS, ROLES } from '../../contracts/roles.ts'
import { canListUsers, shouldShowDevTools } from './dev-tools-visibility.ts'

describe('shouldShowDevTools (spec §2)', () => {
  it.each(['develop', 'uat', 'preprod', 'staging'] as const)(
    'shows the panel in %s to every role',
    (appEnv) => {
      for (const role of ROLES) expect(shouldShowDevTools(appEnv, role)).toBe(true)
    },
  )

  it('hides it in production, whatever the role', () => {
    for (const role of ROLES) expect(shouldShowDevTools('production', role)).toBe(false)
  })

  it('hides it when nobody is signed in or the environment is unknown', () => {
    for (const appEnv of APP_ENVS) {
      expect(shouldShowDevTools(appEnv, null)).toBe(false)
      expect(shouldShowDevTools(appEnv, undefined)).toBe(false)
    }
    expect(shouldShowDevTools(undefined, 'ADMIN')).toBe(false)
  })
})

describe('canListUsers', () => {
  it('does not load the user list for a teleoperator', () => {
    expect(canListUsers('TELEOPERATOR')).toBe(false)
    expect(canListUsers('MANAGER')).toBe(true)
    expect(canListUsers('ADMIN')).toBe(true)
  })
})
