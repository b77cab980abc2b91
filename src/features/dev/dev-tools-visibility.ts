// Spec §2: the developer tools panel shows only outside production (develop, uat, preprod,
// staging) and only when a user role exists (someone is signed in).
import { isNonProduction, type AppEnv, type Role } from '../../contracts/roles.ts'

export function shouldShowDevTools(
  appEnv: AppEnv | null | undefined,
  role: Role | null | undefined,
): boolean {
  return Boolean(appEnv && role && isNonProduction(appEnv))
}

/** Spec §2: the user list is not loaded for the teleoperator role (the server refuses it anyway). */
export function canListUsers(role: Role): boolean {
  return role !== 'TELEOPERATOR'
}
