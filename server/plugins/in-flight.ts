// The requests this process is answering now (issue #30 point 4): an import gives way while there
// are some (server/domain/imports/yield.ts). Counted from onRequest to the response's close (sent or
// aborted); WebSocket upgrades hold their request for the socket's life and are not counted.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    requestsInFlight: () => number
  }
}

async function inFlightPlugin(app: FastifyInstance) {
  let count = 0
  const done = () => (count -= 1)
  app.decorate('requestsInFlight', () => count)
  app.addHook('onRequest', (request, reply, next) => {
    if (request.headers.upgrade === undefined) {
      count += 1
      reply.raw.once('close', done)
    }
    next()
  })
}

export default fp(inFlightPlugin, { name: 'in-flight' })
