// SMS (issue #15 "SMS", docs/domain.md "SMS"): `app.sms.now`, the clock the quiet hours read (the wall
// clock, or SMS_CLOCK outside production). The send queue is server/jobs/sms.ts.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { smsClock } from '../domain/sms/rules.ts'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    sms: { now: () => Date }
  }
}

async function smsPlugin(app: FastifyInstance) {
  app.decorate('sms', { now: smsClock(app.config) })
}

export default fp(smsPlugin, { name: 'sms' })
