// E-mails (issue #15 "E-mails", docs/domain.md "E-mails"), administrators only: the templates (read,
// save with optimistic concurrency, restore the default, preview and test send with a sample), and
// the log of sent mails (filters, resend). Template changes and resends are audited.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors } from '../../../src/contracts/common.ts'
import { conflictBodySchema } from '../../../src/contracts/concurrency.ts'
import {
  mailContentSchema,
  mailLogPageSchema,
  mailLogParamSchema,
  mailLogQuerySchema,
  mailPreviewFrameBodySchema,
  mailPreviewSchema,
  mailQueuedSchema,
  mailTemplateKeyParamSchema,
  mailTemplateListSchema,
  mailTemplateRestoreSchema,
  mailTemplateSaveSchema,
  mailTemplateSchema,
} from '../../../src/contracts/mails.ts'
import { MAIL_CATALOGUE } from '../../domain/mails/catalogue.ts'
import { listMailLog, resendMail } from '../../domain/mails/log.ts'
import { assertPlaceholders, renderMail } from '../../domain/mails/render.ts'
import { MAIL_FRAME_CSP, previewFrameHtml } from '../../domain/mails/preview-frame.ts'
import { MAIL_QUEUE } from '../../domain/mails/send.ts'
import { sendTestMail } from '../../domain/mails/test-send.ts'
import { listTemplates, restoreTemplate, saveTemplate } from '../../domain/mails/templates.ts'
import { mailServerMissing } from '../../config.ts'

const ADMIN = ['ADMIN'] as const

export default async function mailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const templateAnswers = {
    200: mailTemplateSchema,
    409: conflictBodySchema(mailTemplateSchema),
    ...commonErrors,
  }

  app.get(
    '/api/mail-templates',
    {
      config: { access: ADMIN },
      schema: { tags: ['mails'], response: { 200: mailTemplateListSchema, ...commonErrors } },
    },
    async () => ({
      templates: await listTemplates(app.database.db),
      mailServerMissing: mailServerMissing(app.config),
    }),
  )

  app.put(
    '/api/mail-templates/:key',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['mails'],
        params: mailTemplateKeyParamSchema,
        body: mailTemplateSaveSchema,
        response: templateAnswers,
      },
    },
    async (request) => saveTemplate(app, request.auth.user!.id, request.params.key, request.body),
  )

  app.post(
    '/api/mail-templates/:key/restore',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['mails'],
        params: mailTemplateKeyParamSchema,
        body: mailTemplateRestoreSchema,
        response: templateAnswers,
      },
    },
    async (request) => restoreTemplate(app, request.auth.user!.id, request.params.key, request.body.version),
  )

  // The editor's content (saved or not) with the sample values, in the product's layout.
  app.post(
    '/api/mail-templates/:key/preview',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['mails'],
        params: mailTemplateKeyParamSchema,
        body: mailContentSchema,
        response: { 200: mailPreviewSchema, ...commonErrors },
      },
    },
    async (request) => {
      assertPlaceholders(request.params.key, request.body)
      return renderMail(request.body, MAIL_CATALOGUE[request.params.key].sample)
    },
  )

  // Issue #31: the same preview as a document of its own, for the editor's sandboxed frame. The page's
  // CSP (style-src 'self') would strip the mail's inline styles from a srcdoc frame, which inherits
  // it; this answer carries its own policy: inline styles and images only, no script, sandboxed, framed
  // by this origin alone. The frame is a form's target (a navigation cannot set the XSRF header), so
  // the form sends the token as `_xsrf` and the route checks it itself.
  app.register(async (frame) => {
    frame.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )
    frame.withTypeProvider<ZodTypeProvider>().post(
      '/api/mail-templates/:key/preview-frame',
      {
        config: { access: ADMIN, csrf: false },
        schema: {
          tags: ['mails'],
          params: mailTemplateKeyParamSchema,
          body: mailPreviewFrameBodySchema,
          response: { ...commonErrors },
        },
      },
      async (request, reply) => {
        const { _xsrf: token, ...content } = request.body
        const html = await previewFrameHtml(
          request.params.key,
          content,
          app.sessions.xsrfValueMatches(request, token),
        )
        return reply
          .header('content-security-policy', MAIL_FRAME_CSP)
          .header('x-frame-options', 'SAMEORIGIN')
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(html as never)
      },
    )
  })

  // The same, sent to the administrator's own address through the send queue (a sample link only).
  app.post(
    '/api/mail-templates/:key/test',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['mails'],
        params: mailTemplateKeyParamSchema,
        body: mailContentSchema,
        response: { 202: mailQueuedSchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      const id = await sendTestMail(app, request.auth.user!.id, request.params.key, request.body)
      return reply.status(202).send({ id })
    },
  )

  app.get(
    '/api/mail-log',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['mails'],
        querystring: mailLogQuerySchema,
        response: { 200: mailLogPageSchema, ...commonErrors },
      },
    },
    async (request) => listMailLog(app, request.query),
  )

  app.post(
    '/api/mail-log/:id/resend',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['mails'],
        params: mailLogParamSchema,
        response: { 202: mailQueuedSchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      const id = await resendMail(app, request.auth.user!.id, request.params.id)
      app.jobs.wake(MAIL_QUEUE)
      return reply.status(202).send({ id })
    },
  )
}
