// Password hashing with scrypt (node:crypto), at OWASP's minimum: N=2^15, r=8, p=3 (32 MiB).
// The parameters are stored in the hash so they can be raised later without breaking old hashes.
import { availableParallelism } from 'node:os'
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { createSemaphore } from './semaphore.ts'

export { SemaphoreFullError as HashingBusyError } from './semaphore.ts'

export type ScryptParams = { N: number; r: number; p: number }

const PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 3 }
const KEY_LENGTH = 64

/** Hashes allowed to wait for a slot; beyond, hashing is refused at once (HashingBusyError). */
export const MAX_WAITING_HASHES = 200

/**
 * At most one scrypt per CPU at once, and always one libuv thread left for files and DNS: a flood
 * of hashes (sign-ins, resets) waits here in arrival order instead of filling the thread pool and
 * holding 32 MiB each, and past MAX_WAITING_HASHES waiting it is refused at once rather than queued
 * ahead of real sign-ins without bound (docs/decisions.md, 2026-11-25). Exported so tests can
 * observe it.
 */
export const hashingQueue = createSemaphore(
  Math.max(1, Math.min(availableParallelism(), (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 1)),
  { maxWaiting: MAX_WAITING_HASHES },
)

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return hashingQueue.run(
    () =>
      new Promise((resolve, reject) => {
        const maxmem = 256 * (params.N ?? 1) * (params.r ?? 8) + 1024 * 1024
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem }, (error, key) =>
          error ? reject(error) : resolve(key),
        )
      }),
  )
}

/**
 * The server always hashes with PARAMS. Hashing and verifying reject with HashingBusyError when the
 * hashing queue is full. `params` exists for test fixtures only (a cheap hash makes
 * a hundred sign-ins fast); verification reads the parameters stored in each hash.
 */
export async function hashPassword(password: string, params: ScryptParams = PARAMS): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, params)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  )
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, r, p, salt, key] = stored.split('$')
  if (algo !== 'scrypt' || !n || !r || !p || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: +n, r: +r, p: +p })
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/** A hash of a random password, verified against when the e-mail is unknown, so timing reveals nothing. */
let decoyHash: Promise<string> | undefined
export function getDecoyHash(): Promise<string> {
  // A refused or failed first hash is not kept: the next unknown e-mail tries again.
  decoyHash ??= hashPassword(randomBytes(16).toString('hex')).catch((error: unknown) => {
    decoyHash = undefined
    throw error
  })
  return decoyHash
}
