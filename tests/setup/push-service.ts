// A local stand-in for a browser's push service (issue #5 server tests): an HTTPS server with a
// certificate made for the test (openssl), which records every request and answers with the status
// chosen per path; plus browser-side subscriber keys that decrypt what web-push sent (http_ece, the
// aes128gcm decoder web-push itself depends on), and a check of the VAPID Authorization header.
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, Agent, type Server } from 'node:https'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'

type Ece = {
  decrypt: (body: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }) => Buffer
}
const ece = createRequire(import.meta.url)('http_ece') as Ece

export type ReceivedPush = {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

export type PushServiceFake = {
  origin: string
  /** Trusts the fake's certificate: pass to the push plugin. */
  agent: Agent
  received: ReceivedPush[]
  /** Answer for requests to this path (default 201). */
  respond: (path: string, status: number) => void
  close: () => Promise<void>
}

function makeCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-cert-'))
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    )
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function startPushServiceFake(): Promise<PushServiceFake> {
  const { key, cert } = makeCertificate()
  const statuses = new Map<string, number>()
  const received: ReceivedPush[] = []
  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const url = request.url ?? '/'
      received.push({ path: url, headers: request.headers, body: Buffer.concat(chunks) })
      response.statusCode = statuses.get(url) ?? 201
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const agent = new Agent({ ca: cert, keepAlive: false })
  return {
    origin: `https://127.0.0.1:${port}`,
    agent,
    received,
    respond: (p, status) => statuses.set(p, status),
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A browser's side of one subscription: its P-256 key pair and auth secret. */
export type Subscriber = { ecdh: ECDH; p256dh: string; auth: string; decrypt: (body: Buffer) => unknown }

export function createSubscriber(): Subscriber {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16).toString('base64url')
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth,
    decrypt: (body) =>
      JSON.parse(
        ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8'),
      ),
  }
}

/** A subscription body as a browser sends it (a new subscriber's keys, an FCM endpoint by default). */
export function subscriptionBody(endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`) {
  const { p256dh, auth } = createSubscriber()
  return { endpoint, expirationTime: null, keys: { p256dh, auth } }
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): the key is the server's, the
 * JWT's ES256 signature verifies with it, `aud` is the push service's origin, `exp` within 24 h.
 * Returns the JWT claims.
 */
export function verifyVapid(
  authorization: string | string[] | undefined,
  publicKey: string,
  audience: string,
): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(authorization))
  if (!match) throw new Error(`not a VAPID header: ${String(authorization)}`)
  const [, jwt, k] = match as unknown as [string, string, string]
  if (k !== publicKey) throw new Error('VAPID key is not the server’s')
  const [header, claims, signature] = jwt.split('.') as [string, string, string]
  const raw = Buffer.from(publicKey, 'base64url')
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!signed) throw new Error('VAPID signature does not verify')
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string
    exp: number
    sub: string
  }
  if (parsed.aud !== audience) throw new Error(`VAPID aud ${parsed.aud} ≠ ${audience}`)
  const now = Date.now() / 1000
  if (parsed.exp <= now || parsed.exp > now + 24 * 3600) throw new Error('VAPID exp out of range')
  return parsed
}
