// Built-in telephony simulator (issue #4 "simulator"): implements the provider and emits synthetic,
// Aircall-shaped call.* events into the same webhook processing as Aircall's (provider 'simulator').
// An outbound call emits call.created, then call.answered after `answerDelayMs`, and runs until
// hung up; inbound calls are raised by the dev endpoints (server/routes/dev/telephony.ts).
import { randomInt } from 'node:crypto'
import { asc, isNotNull } from 'drizzle-orm'
import type { AircallWebhookBody } from '../../src/contracts/call.ts'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import type { CallFate, Simulator } from './provider.ts'
import { personName } from '../../src/contracts/person-name.ts'

/** The simulator's one line. */
export const SIMULATOR_NUMBER = { id: 1, name: 'Simulateur', digits: '+33 1 00 00 00 00' } as const

type SimulatorOptions = {
  db: Db
  answerDelayMs: number
  emit: (body: AircallWebhookBody) => void
}

const nowSeconds = () => Math.floor(Date.now() / 1000)

export function createSimulator({ db, answerDelayMs: initialDelay, emit }: SimulatorOptions): Simulator {
  let answerDelayMs = initialDelay
  const plans = new Map<number, CallFate>()
  // Ids look like Aircall's (integers); random base so restarts do not reuse them.
  let nextId = randomInt(1_000_000, 1_000_000_000) * 1000
  const timers = new Map<string, NodeJS.Timeout>()

  function send(event: string, data: Record<string, unknown>) {
    emit({ resource: 'call', event, timestamp: nowSeconds(), token: undefined, data })
  }

  function callData(
    id: number | string,
    direction: 'inbound' | 'outbound',
    rawDigits: string,
    aircallUserId: number | null,
    extra: Record<string, unknown> = {},
  ) {
    return {
      id: Number(id),
      direction,
      status: 'initial',
      started_at: nowSeconds(),
      answered_at: null,
      ended_at: null,
      duration: 0,
      raw_digits: rawDigits,
      missed_call_reason: null,
      user: aircallUserId ? { id: aircallUserId } : {},
      number: { id: SIMULATOR_NUMBER.id, digits: SIMULATOR_NUMBER.digits },
      ...extra,
    }
  }

  /** Sent messages waiting for their row to carry their id (smsRecorded). */
  const pendingSms = new Map<string, { to: string; body: string }>()

  function sendMessageEvent(event: string, id: string, sms: { to: string; body: string }, status: string) {
    emit({
      resource: 'message',
      event,
      timestamp: nowSeconds(),
      token: undefined,
      data: {
        id,
        direction: 'outbound',
        status,
        body: sms.body,
        raw_digits: sms.to,
        external_number: sms.to,
        number: { id: SIMULATOR_NUMBER.id, digits: SIMULATOR_NUMBER.digits },
        created_at: Date.now(),
      },
    })
  }

  function clear(id: string) {
    clearTimeout(timers.get(id))
    timers.delete(id)
  }

  return {
    name: 'simulator',
    async startOutbound({ aircallUserId, to }) {
      const id = String((nextId += 1))
      const data = callData(id, 'outbound', to, aircallUserId)
      send('call.created', data)
      const fate = plans.get(aircallUserId) ?? { kind: 'answered', afterMs: answerDelayMs }
      plans.delete(aircallUserId)
      const answer = () => send('call.answered', { ...data, status: 'answered', answered_at: nowSeconds() })
      const unanswered = () => {
        const ended = {
          ...data,
          status: 'done',
          ended_at: nowSeconds(),
          duration: nowSeconds() - data.started_at,
        }
        send('call.hungup', ended)
        send('call.ended', ended)
      }
      const settle = fate.kind === 'answered' ? answer : unanswered
      // No delay (tests): queued at once, so app.telephony.idle() covers it.
      if (fate.afterMs === 0) return settle()
      const timer = setTimeout(() => {
        timers.delete(id)
        settle()
      }, fate.afterMs)
      timer.unref()
      timers.set(id, timer)
    },
    async sendSms({ to, body }) {
      const id = `sim-sms-${(nextId += 1)}`
      pendingSms.set(id, { to, body })
      return { providerMessageId: id }
    },
    smsRecorded(providerMessageId) {
      const sms = pendingSms.get(providerMessageId)
      if (!sms) return
      pendingSms.delete(providerMessageId)
      sendMessageEvent('message.sent', providerMessageId, sms, 'sent')
      sendMessageEvent('message.status_updated', providerMessageId, sms, 'delivered')
    },
    /** An inbound SMS from a lead (dev tools, tests): message.received. */
    inboundSms({ from, body }) {
      const id = `sim-sms-${(nextId += 1)}`
      emit({
        resource: 'message',
        event: 'message.received',
        timestamp: nowSeconds(),
        token: undefined,
        data: {
          id,
          direction: 'inbound',
          status: 'received',
          body,
          raw_digits: from,
          external_number: from,
          number: { id: SIMULATOR_NUMBER.id, digits: SIMULATOR_NUMBER.digits },
          created_at: Date.now(),
        },
      })
    },
    async listNumbers() {
      return [{ ...SIMULATOR_NUMBER }]
    },
    async listUsers() {
      // Every user with a telephony id is a simulated Aircall user.
      const rows = await db
        .select({
          id: users.aircallId,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(users)
        .where(isNotNull(users.aircallId))
        .orderBy(asc(users.id))
      return rows.map((r) => ({ id: r.id!, email: r.email, name: personName(r) }))
    },
    async hangup(providerCallId) {
      clear(providerCallId)
    },
    inbound({ aircallUserId, fromNumber }) {
      const id = (nextId += 1)
      send('call.created', callData(id, 'inbound', fromNumber, null))
      send('call.ringing_on_agent', callData(id, 'inbound', fromNumber, aircallUserId))
      return id
    },
    act(row, action, aircallUserId) {
      clear(row.providerCallId)
      const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null)
      const base = callData(row.providerCallId, row.direction, row.phoneNumber, aircallUserId, {
        started_at: seconds(row.startedAt),
        answered_at: seconds(row.answeredAt),
      })
      if (action === 'answer') {
        send('call.answered', { ...base, status: 'answered', answered_at: base.answered_at ?? nowSeconds() })
        return
      }
      const ended = {
        ...base,
        status: 'done',
        ended_at: nowSeconds(),
        duration: nowSeconds() - (base.started_at ?? nowSeconds()),
        ...(action === 'miss' ? { answered_at: null, missed_call_reason: 'agents_did_not_answer' } : {}),
      }
      send('call.hungup', ended)
      send('call.ended', ended)
    },
    plan(aircallUserId, fate) {
      plans.set(aircallUserId, fate)
    },
    setAnswerDelay(ms) {
      answerDelayMs = ms
    },
    close() {
      plans.clear()
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
    },
  }
}
