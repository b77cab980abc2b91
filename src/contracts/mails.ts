// E-mails (issue #15 "E-mails", docs/domain.md "E-mails"): the templates administrators edit, their
// preview and test send, and the log of what was sent.
import { z } from 'zod'
import { idSchema } from './common.ts'

export const MAIL_TEMPLATE_KEYS = [
  'welcome',
  'password-reset',
  'appointment-confirmation',
  'appointment-reminder',
] as const
export type MailTemplateKey = (typeof MAIL_TEMPLATE_KEYS)[number]

/** Each template's whitelist of variables (their French descriptions are in src/i18n/fr/mails.ts). */
export const MAIL_VARIABLES = {
  welcome: ['prénom', 'nom', 'lien', 'validité'],
  'password-reset': ['prénom', 'nom', 'lien'],
  'appointment-confirmation': ['prénom', 'nom', 'date_rdv', 'heure_rdv', 'mission'],
  'appointment-reminder': ['prénom', 'nom', 'date_rdv', 'heure_rdv', 'mission'],
} as const satisfies Record<MailTemplateKey, readonly string[]>
export type MailVariable = (typeof MAIL_VARIABLES)[MailTemplateKey][number]

/**
 * Variables the HTML content and the text version must each carry (refused on save otherwise): a
 * password mail without `{lien}` reaches the new or forgetful user with no way to set a password.
 */
export const MAIL_REQUIRED_VARIABLES = {
  welcome: ['lien'],
  'password-reset': ['lien'],
  'appointment-confirmation': [],
  'appointment-reminder': [],
} as const satisfies Record<MailTemplateKey, readonly 'lien'[]>

/** The parts a required variable must appear in (the subject carries no link). */
export const MAIL_REQUIRED_PARTS = ['html', 'text'] as const

export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'bounced'] as const
export type MailStatus = (typeof MAIL_STATUSES)[number]

export const MAIL_SUBJECT_MAX = 200
export const MAIL_BODY_MAX = 20_000

export const mailTemplateKeyParamSchema = z.object({ key: z.enum(MAIL_TEMPLATE_KEYS) })

/** What an administrator edits (the placeholders are checked by the server against the whitelist). */
export const mailContentSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'Le sujet est obligatoire.')
    .max(MAIL_SUBJECT_MAX, `Le sujet tient en ${MAIL_SUBJECT_MAX} caractères.`),
  html: z
    .string()
    .trim()
    .min(1, 'Le contenu HTML est obligatoire.')
    .max(MAIL_BODY_MAX, `Le contenu HTML tient en ${MAIL_BODY_MAX} caractères.`),
  text: z
    .string()
    .trim()
    .min(1, 'La version texte est obligatoire.')
    .max(MAIL_BODY_MAX, `La version texte tient en ${MAIL_BODY_MAX} caractères.`),
})

/** Issue #31: the preview frame's form: the content, and the XSRF token a navigation cannot send as a header. */
export const mailPreviewFrameBodySchema = mailContentSchema.extend({ _xsrf: z.string().max(200).optional() })
export type MailContent = z.infer<typeof mailContentSchema>

/** The version edited: 0 for the product's default never saved (docs/domain.md "E-mails"). */
const templateVersionSchema = z.number().int().min(0, 'Version invalide.')

export const mailTemplateSaveSchema = mailContentSchema.extend({ version: templateVersionSchema })
export const mailTemplateRestoreSchema = z.object({ version: templateVersionSchema })
export type MailTemplateSave = z.infer<typeof mailTemplateSaveSchema>

export const mailTemplateSchema = mailContentSchema.extend({
  key: z.enum(MAIL_TEMPLATE_KEYS),
  variables: z.array(z.string()),
  /** 0 while the product's default was never changed. */
  version: z.number().int(),
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
})
export type MailTemplate = z.infer<typeof mailTemplateSchema>

export const mailTemplateListSchema = z.object({
  templates: z.array(mailTemplateSchema),
  /** Issue #31: production without SMTP_URL sends no mail; the screen says so at the top. */
  mailServerMissing: z.boolean(),
})
export type MailTemplateList = z.infer<typeof mailTemplateListSchema>

/** The rendered mail (sample values), the HTML inside the product's layout. */
export const mailPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() })
export type MailPreview = z.infer<typeof mailPreviewSchema>

export const mailQueuedSchema = z.object({ id: z.number().int() })

export const MAIL_LOG_PAGE_SIZE = 25
const day = z.iso.date('Date invalide (AAAA-MM-JJ).')

export const mailLogQuerySchema = z.object({
  template: z.enum(MAIL_TEMPLATE_KEYS).optional(),
  status: z.enum(MAIL_STATUSES).optional(),
  q: z.string().trim().max(200).optional(),
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})
export type MailLogQuery = z.infer<typeof mailLogQuerySchema>

export const mailLogEntrySchema = z.object({
  id: z.number().int(),
  template: z.enum(MAIL_TEMPLATE_KEYS),
  to: z.string(),
  leadId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  subject: z.string().nullable(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  error: z.string().nullable(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
  resendOf: z.number().int().nullable(),
  test: z.boolean(),
})
export type MailLogEntry = z.infer<typeof mailLogEntrySchema>

export const mailLogPageSchema = z.object({
  items: z.array(mailLogEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type MailLogPage = z.infer<typeof mailLogPageSchema>

export const mailLogParamSchema = z.object({ id: idSchema })
