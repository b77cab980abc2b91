// Who may act on a call (issue #17; docs/domain.md "Calls"): one's own calls; a manager, the calls
// of the users sharing one of their teams (the live-channel rule, server/domain/access/live-access.ts); an
// administrator, every call. A call one may not act on answers like a call that does not exist, so
// call ids cannot be probed.
import type { Db } from '../../db/client.ts'
import { errors } from '../../lib/http-error.ts'
import { canRead, readableUsers, type Viewer } from '../access/live-access.ts'
import { messages } from '../../lib/messages.ts'

export const CALL_NOT_FOUND = messages.callNotFound

export async function mayActOnCall(db: Db, actor: Viewer, call: { userId: number | null }): Promise<boolean> {
  if (call.userId === actor.id || actor.role === 'ADMIN') return true
  if (actor.role !== 'MANAGER' || call.userId === null) return false
  return canRead(await readableUsers(db, actor), call.userId)
}

/** The call when the actor may act on it, else the 404 of a missing call. */
export async function assertMayActOnCall<T extends { userId: number | null }>(
  db: Db,
  actor: Viewer,
  call: T | undefined,
  message = CALL_NOT_FOUND,
): Promise<T> {
  if (!call || !(await mayActOnCall(db, actor, call))) throw errors.notFound(message)
  return call
}
