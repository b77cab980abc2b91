// Aircall Public API client: Basic auth, JSON, pagination (per_page ≤ 50), and the company-wide
// rate limit: a 429 or an exhausted window (X-AircallApi-Remaining: 0) waits until
// X-AircallApi-Reset (UNIX seconds) before the next request. Failures become French HttpErrors; one
// whose answer never came is OUTCOME_UNKNOWN (Aircall may have acted: an SMS must not go again).
import {
  aircallNumberSchema,
  aircallUserSchema,
  aircallWebhookSchema,
  type AircallNumber,
  type AircallUser,
  type AircallWebhook,
} from '../../src/contracts/call.ts'
import { z } from 'zod'
import { HttpError } from '../lib/http-error.ts'
import {
  OUTCOME_UNKNOWN,
  type CreateWebhookInput,
  type CreatedWebhook,
  type SendSmsInput,
  type StartOutboundInput,
  type TelephonyProvider,
} from './provider.ts'
import { messages } from '../lib/messages.ts'

export type AircallClientOptions = {
  apiId: string | undefined
  apiToken: string | undefined
  apiUrl: string
  /** Longest wait for a rate-limit reset before giving up (default 60 s). */
  maxWaitMs?: number
  /** Retries after a 429 (default 2). */
  maxRetries?: number
  sleep?: (ms: number) => Promise<void>
  now?: () => number
  /** One request's bound, answer included (default 10 s). */
  timeoutMs?: number
}

/** POST /v1/webhooks answers the webhook with its token (shown by no other answer of the API we read). */
const createdWebhookSchema = aircallWebhookSchema.and(z.object({ token: z.string().min(1) }))

const PER_PAGE = 50
/** The API refuses more than 10,000 items across pages (page 201 of 50 answers 400). */
const MAX_PAGES = 200

function telephonyError(message: string) {
  return new HttpError(502, 'TELEPHONY_ERROR', message)
}

const NOT_ANSWERING = 'Aircall ne répond pas : réessayez dans un instant.'

/**
 * Failures of fetch that happen before the request leaves (no address, connection refused or never
 * established, certificate refused): Aircall received nothing. Any other failure (the timeout, a
 * connection cut) may come after Aircall acted.
 */
const NEVER_SENT = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
])

function fetchFailure(caught: unknown): HttpError {
  const code = (caught as { cause?: { code?: unknown } } | null)?.cause?.code
  if (typeof code === 'string' && NEVER_SENT.has(code)) return telephonyError(NOT_ANSWERING)
  return new HttpError(502, OUTCOME_UNKNOWN, NOT_ANSWERING)
}

export function createAircallClient(options: AircallClientOptions): TelephonyProvider {
  const maxWaitMs = options.maxWaitMs ?? 60_000
  const maxRetries = options.maxRetries ?? 2
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const now = options.now ?? Date.now
  const timeoutMs = options.timeoutMs ?? 10_000
  /** Epoch ms before which no request is sent (the window is exhausted). */
  let blockedUntil = 0

  function waitFor(resetHeader: string | null): number {
    const reset = Number(resetHeader)
    // Without a usable reset time, wait one second (the limiter drains as a leaky bucket).
    const ms = Number.isFinite(reset) && reset > 0 ? reset * 1000 - now() : 1000
    return Math.max(0, ms)
  }

  async function request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<Response> {
    if (!options.apiId || !options.apiToken)
      throw telephonyError('La téléphonie Aircall n’est pas configurée (AIRCALL_API_ID, AIRCALL_API_TOKEN).')
    const auth = Buffer.from(`${options.apiId}:${options.apiToken}`).toString('base64')
    for (let attempt = 0; ; attempt += 1) {
      const pause = blockedUntil - now()
      if (pause > 0) {
        if (pause > maxWaitMs) throw telephonyError(messages.aircallRateLimited)
        await sleep(pause)
      }
      let response: Response
      try {
        response = await fetch(`${options.apiUrl}${path}`, {
          method,
          headers: {
            authorization: `Basic ${auth}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (caught) {
        throw fetchFailure(caught)
      }
      const remaining = response.headers.get('x-aircallapi-remaining')
      const reset = response.headers.get('x-aircallapi-reset')
      if (response.status === 429 || remaining === '0') blockedUntil = now() + waitFor(reset)
      if (response.status !== 429) return response
      await response.body?.cancel()
      if (attempt >= maxRetries || blockedUntil - now() > maxWaitMs)
        throw telephonyError(messages.aircallRateLimited)
    }
  }

  async function failure(response: Response, what: string): Promise<never> {
    await response.body?.cancel().catch(() => undefined)
    if (response.status === 401 || response.status === 403)
      throw telephonyError('Identifiants Aircall refusés : vérifiez AIRCALL_API_ID et AIRCALL_API_TOKEN.')
    throw telephonyError(`${what} (Aircall ${response.status}).`)
  }

  async function listAll<T>(
    resource: 'numbers' | 'users' | 'webhooks',
    parse: (item: unknown) => T,
  ): Promise<T[]> {
    const items: T[] = []
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const response = await request('GET', `/v1/${resource}?page=${page}&per_page=${PER_PAGE}`)
      if (!response.ok) await failure(response, 'Lecture impossible depuis Aircall')
      const body = (await response.json()) as Record<string, unknown>
      const list = body[resource]
      if (!Array.isArray(list)) throw telephonyError('Réponse Aircall illisible.')
      for (const item of list) items.push(parse(item))
      const meta = body.meta as { next_page_link?: string | null } | undefined
      if (!meta?.next_page_link || list.length === 0) break
    }
    return items
  }

  return {
    name: 'aircall',
    async startOutbound({ aircallUserId, numberId, to }: StartOutboundInput) {
      const response = await request('POST', `/v1/users/${aircallUserId}/calls`, { number_id: numberId, to })
      if (response.ok) {
        await response.body?.cancel()
        return
      }
      // Aircall places the call only if the agent has Aircall Workspace open and logged in, is
      // available and not in a call, and is assigned to this number.
      if (response.status === 401 || response.status === 403) await failure(response, '')
      await response.body?.cancel().catch(() => undefined)
      throw telephonyError(
        response.status === 404
          ? 'Compte Aircall introuvable : faites relier votre compte par un administrateur.'
          : 'Aircall n’a pas pu lancer l’appel : ouvrez Aircall Workspace, soyez disponible et vérifiez le numéro.',
      )
    },
    async sendSms({ numberId, to, body }: SendSmsInput) {
      // Agent-conversation ("native") mode: no per-number configuration, the message shows in the
      // Aircall apps and raises message.* webhooks (docs/decisions.md, SMS).
      const response = await request('POST', `/v1/numbers/${numberId}/messages/native/send`, { to, body })
      if (!response.ok) {
        if (response.status === 401 || response.status === 403) await failure(response, '')
        const detail = (await response.json().catch(() => null)) as { error?: unknown } | null
        const reason = typeof detail?.error === 'string' ? ` : ${detail.error.slice(0, 200)}` : ''
        throw telephonyError(`Aircall a refusé le SMS (Aircall ${response.status}${reason}).`)
      }
      // Aircall took the SMS (2xx): an answer cut by the timeout or unreadable leaves it sent but unnamed.
      const message = (await response.json().catch(() => null)) as { id?: unknown } | null
      const id = message?.id
      if (typeof id !== 'string' && typeof id !== 'number')
        throw new HttpError(502, OUTCOME_UNKNOWN, 'Réponse Aircall illisible.')
      return { providerMessageId: String(id) }
    },
    listNumbers: (): Promise<AircallNumber[]> =>
      listAll('numbers', (item) => aircallNumberSchema.parse(item)),
    listUsers: (): Promise<AircallUser[]> => listAll('users', (item) => aircallUserSchema.parse(item)),
    listWebhooks: (): Promise<AircallWebhook[]> =>
      listAll('webhooks', (item) => aircallWebhookSchema.parse(item)),
    async createWebhook({ customName, url, events }: CreateWebhookInput): Promise<CreatedWebhook> {
      const response = await request('POST', '/v1/webhooks', { custom_name: customName, url, events })
      if (!response.ok) await failure(response, 'Aircall a refusé la création du webhook')
      const parsed = createdWebhookSchema.safeParse(
        ((await response.json()) as { webhook?: unknown }).webhook,
      )
      if (!parsed.success) throw telephonyError('Réponse Aircall illisible.')
      return parsed.data
    },
    async setWebhookEvents(webhookId: string, events: readonly string[]): Promise<AircallWebhook> {
      // A PUT without `events` would subscribe the webhook to every event (Aircall's rule): the full
      // list is always sent.
      const response = await request('PUT', `/v1/webhooks/${encodeURIComponent(webhookId)}`, { events })
      if (!response.ok) await failure(response, 'Aircall a refusé la mise à jour du webhook')
      const parsed = aircallWebhookSchema.safeParse(
        ((await response.json()) as { webhook?: unknown }).webhook,
      )
      if (!parsed.success) throw telephonyError('Réponse Aircall illisible.')
      return parsed.data
    },
    async deleteWebhook(webhookId: string): Promise<void> {
      const response = await request('DELETE', `/v1/webhooks/${encodeURIComponent(webhookId)}`)
      // 404: already gone, which is what was asked.
      if (!response.ok && response.status !== 404)
        await failure(response, 'Aircall a refusé la suppression du webhook')
      await response.body?.cancel().catch(() => undefined)
    },
  }
}
