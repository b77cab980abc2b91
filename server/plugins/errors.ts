// The one error handler (conventions §3.7): 400 with fields, 401, 403, 404, 409, 413, 429 and a 500
// that logs the request context and never leaks internals. Bodies: { error: { code, message }, redirect? }.
// Issue #15: it also keeps this process's errors of the last hour for /dev/monitor (app.recentErrors):
// answers of 400 and more by route pattern and status, and the last unexpected errors, scrubbed.
import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { HttpError, type ErrorBody } from '../lib/http-error.ts'
import { createRecentErrors, type RecentErrors } from '../lib/recent-errors.ts'
import { redactUrls } from '../../src/contracts/url-redaction.ts'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    recentErrors: RecentErrors
  }
}

const GENERIC_500 = "Une erreur est survenue. Si le problème persiste, veuillez contacter l'assistance."

function validationFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {}
  if (!hasZodFastifySchemaValidationErrors(error)) return fields
  for (const issue of error.validation) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
    fields[path || '_'] ??= issue.message ?? 'Valeur invalide.'
  }
  return fields
}

async function errorsPlugin(app: FastifyInstance) {
  const recentErrors = createRecentErrors()
  app.decorate('recentErrors', recentErrors)
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode >= 400)
      recentErrors.count(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode)
    done()
  })
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const body: ErrorBody = { error: { code: error.code, message: error.message }, ...error.extraBody }
      if (error.fields) body.error.fields = error.fields
      if (error.redirect) body.redirect = error.redirect
      if (error.current !== undefined) body.current = error.current
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds))
      return reply.status(error.statusCode).send(body)
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error)
      return reply.status(400).send({
        error: { code: 'VALIDATION_ERROR', message: 'Certaines données sont invalides.', fields },
      })
    }
    const status = error.statusCode ?? 500
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply
        .status(413)
        .send({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Le contenu envoyé est trop volumineux.' } })
    }
    if (status === 415) {
      return reply
        .status(415)
        .send({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Format de contenu non pris en charge.' } })
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: { code: 'BAD_REQUEST', message: 'Requête invalide.' } })
    }
    request.log.error(
      { err: error, method: request.method, url: redactUrls(request.url), userId: request.auth?.user?.id },
      'request failed',
    )
    recentErrors.remember(request.method, request.routeOptions.url ?? 'unmatched', error)
    return reply.status(500).send({ error: { code: 'INTERNAL', message: GENERIC_500 } })
  })
}

export default fp(errorsPlugin, { name: 'errors' })
