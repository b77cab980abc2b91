// Logging (issue #11): one line per request, written when the answer has gone (method, URL, status,
// time taken), instead of Fastify's two ("incoming request" then "request completed"). In a terminal
// outside production the lines are pretty-printed by pino-pretty; otherwise they stay JSON, one
// object per line, as log collectors expect.
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import { pino } from 'pino'
import type { AppConfig } from '../config.ts'
import { serializeRequest } from './log-redaction.ts'

const REDACT = ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]']

/** Fastify's `logger` option for `config`; `stream` replaces stdout (tests read their own). */
export function loggerOptions(
  config: AppConfig,
  stream: { write: (line: string) => void } | undefined,
  pretty = process.stdout.isTTY === true,
): FastifyServerOptions['logger'] {
  const base = { level: config.logLevel, redact: REDACT, serializers: { req: serializeRequest } }
  if (stream) return { ...base, stream }
  if (pretty && config.appEnv !== 'production') {
    return {
      ...base,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
      },
    }
  }
  // Issue #27: stdout written asynchronously. pino's default writes each line synchronously, about a
  // third of a signed-in request's time at the `info` level; now lines written while a write is in
  // flight go out together with the next one. pino flushes what is left when the process exits.
  return { ...base, stream: pino.destination({ dest: 1, sync: false }) }
}

/** Fastify's request lines, as one line at the end of each request (the `logController` option). */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request completed')
  }
}
