// Signed-in users for client tests: a complete `Me` and the msw handlers that make the app see it.
import { http, HttpResponse } from 'msw'
import type { AppEnv, Role } from '../../src/contracts/roles.ts'
import type { Me, User } from '../../src/contracts/user.ts'

const people: Record<Role, { id: number; firstName: string; lastName: string; email: string }> = {
  ADMIN: { id: 1, firstName: 'Alice', lastName: 'Durand', email: 'admin@demo.fr' },
  MANAGER: { id: 2, firstName: 'Marc', lastName: 'Lefèvre', email: 'manager@demo.fr' },
  TELEOPERATOR: { id: 3, firstName: 'Camille', lastName: 'Martin', email: 'teleop1@demo.fr' },
}

/** Call-capable roles are linked to Aircall, as in the demo data (docs/domain.md "Demo data"). */
const aircallIds: Record<Role, number | null> = { ADMIN: null, MANAGER: 100002, TELEOPERATOR: 100001 }

export function makeUser(role: Role, overrides: Partial<User> = {}): User {
  return {
    ...people[role],
    role,
    status: 'ACTIVE',
    aircallId: aircallIds[role],
    avatar: null,
    teamIds: [],
    ...overrides,
  }
}

export function makeMe(role: Role, overrides: Partial<Me> = {}): Me {
  const aircallId = overrides.aircallId === undefined ? aircallIds[role] : overrides.aircallId
  return {
    ...makeUser(role, { aircallId }),
    experiencePoints: 0,
    badges: [],
    gamification: { tentacalls: {}, badges: {} },
    viewingLeadId: null,
    processingLeadId: null,
    callingLeadId: null,
    preferences: { tour: false, badges: true, tentacalls: true },
    call: null,
    isCallCapable: role !== 'ADMIN',
    needsAircallLink: role !== 'ADMIN' && aircallId === null,
    ...overrides,
  }
}

/** GET /api/user/me answers with this user. */
export function signedInAs(me: Me) {
  return http.get('*/api/user/me', () => HttpResponse.json(me))
}

/** GET /api/config in the given environment. */
export function appEnvIs(appEnv: AppEnv, sentryDsn: string | null = null) {
  return http.get('*/api/config', () =>
    HttpResponse.json({ appEnv, version: 'test', sentryDsn, sessionIdleMinutes: 240 }),
  )
}
