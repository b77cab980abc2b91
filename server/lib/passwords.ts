// Password hashing with scrypt (node:crypto), at OWASP's minimum: N=2^15, r=8, p=3 (32 MiB).
// The parameters are stored in the hash so they can be raised later without breaking old hashes.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const
const KEY_LENGTH = 64

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const maxmem = 256 * (params.N ?? 1) * (params.r ?? 8) + 1024 * 1024
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, PARAMS)
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
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
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return decoyHash
}
