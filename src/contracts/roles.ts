// Roles and statuses shared by client and server (spec §1, §6).
export const ROLES = ['ADMIN', 'MANAGER', 'TELEOPERATOR'] as const
export type Role = (typeof ROLES)[number]

export const USER_STATUSES = ['ACTIVE', 'INACTIVE'] as const
export type UserStatus = (typeof USER_STATUSES)[number]

export const APP_ENVS = ['develop', 'uat', 'preprod', 'staging', 'production'] as const
export type AppEnv = (typeof APP_ENVS)[number]

/** Spec §9: non-production environment names. */
export const NON_PRODUCTION_ENVS: readonly AppEnv[] = ['develop', 'uat', 'preprod', 'staging']

export function isNonProduction(env: AppEnv): boolean {
  return NON_PRODUCTION_ENVS.includes(env)
}

/** Spec §6: teleoperator and manager are the lead-handling roles. */
export const LEAD_HANDLING_ROLES: readonly Role[] = ['TELEOPERATOR', 'MANAGER']

/** Spec §6: call-capable = lead-handling role and active status. */
export function isCallCapable(user: { role: Role; status: UserStatus }): boolean {
  return LEAD_HANDLING_ROLES.includes(user.role) && user.status === 'ACTIVE'
}

/** Spec §6: a call-capable user without a telephony account link needs linking. */
export function needsAircallLink(user: {
  role: Role
  status: UserStatus
  aircallId: number | null
}): boolean {
  return isCallCapable(user) && user.aircallId === null
}
