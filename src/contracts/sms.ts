// SMS (issue #15 "SMS", docs/domain.md "SMS"): the templates an administrator edits, their
// whitelisted single-brace placeholders, the segment count shown live in the editor and on the lead
// sheet, and the shapes of the send log. Shared by the server (validation, rendering, sending) and the
// client (counter, preview). Segment counting is Twilio's sms-segments-calculator (real GSM 03.38
// tables, extension characters counting two septets), see docs/decisions.md.
import { SegmentedMessage } from 'sms-segments-calculator'
import { z } from 'zod'
import { toE164 } from './phone.ts'

export const SMS_TEMPLATE_KEYS = ['appointment-confirmation', 'appointment-reminder', 'missed-call'] as const
export type SmsTemplateKey = (typeof SMS_TEMPLATE_KEYS)[number]

/** The placeholders a template may use; anything else between braces is refused. */
export const SMS_PLACEHOLDERS = ['prénom', 'nom', 'mission', 'date_rdv', 'heure_rdv'] as const
export type SmsPlaceholder = (typeof SMS_PLACEHOLDERS)[number]
export type SmsValues = Record<SmsPlaceholder, string>

/** The longest template body: 6 UCS-2 segments, an SMS no operator splits further. */
export const SMS_BODY_MAX = 400

export const SMS_TEMPLATE_DEFAULTS: Record<SmsTemplateKey, string> = {
  'appointment-confirmation':
    'Bonjour {prénom}, votre RDV {mission} est confirmé le {date_rdv} à {heure_rdv}. Répondez STOP pour ne plus recevoir de SMS.',
  'appointment-reminder':
    'Bonjour {prénom}, rappel de votre RDV {mission} le {date_rdv} à {heure_rdv}. Répondez STOP pour ne plus recevoir de SMS.',
  'missed-call':
    'Bonjour {prénom}, nous avons essayé de vous joindre au sujet de {mission}. Nous vous rappellerons. Répondez STOP pour ne plus recevoir de SMS.',
}

/** The sample lead of the editor's preview. */
export const SMS_SAMPLE_VALUES: SmsValues = {
  prénom: 'Camille',
  nom: 'Martin',
  mission: 'Isolation',
  date_rdv: 'mardi 3 mars',
  heure_rdv: '14h30',
}

const PLACEHOLDER = /\{([^{}]*)\}/g

/** The placeholders a body names, in order, without duplicates. */
export function placeholdersOf(body: string): string[] {
  return [...new Set([...body.matchAll(PLACEHOLDER)].map((match) => match[1]!))]
}

/** French reason a body is refused (unknown placeholder, stray brace), or null when it is valid. */
export function templateProblem(body: string): string | null {
  const unknown = placeholdersOf(body).filter(
    (name) => !(SMS_PLACEHOLDERS as readonly string[]).includes(name),
  )
  if (unknown.length)
    return `Variable inconnue : ${unknown.map((name) => `{${name}}`).join(', ')}. Variables possibles : ${SMS_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}.`
  if (/[{}]/.test(body.replace(PLACEHOLDER, '')))
    return 'Accolade sans variable : écrivez une variable entre accolades, par exemple {prénom}.'
  return null
}

/** The body with each placeholder replaced by its value (a valid body only). */
export function renderTemplate(body: string, values: SmsValues): string {
  return body.replace(PLACEHOLDER, (whole, name: string) =>
    (SMS_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as SmsPlaceholder] : whole,
  )
}

export type SmsEncoding = 'GSM-7' | 'UCS-2'
export type SmsCount = {
  encoding: SmsEncoding
  /** Characters as the network counts them: GSM-7 extension characters (€, {, [ …) count two. */
  characters: number
  segments: number
  /** Characters one segment carries for this encoding and length: 160/153 (GSM-7), 70/67 (UCS-2). */
  perSegment: number
}

export function countSms(text: string): SmsCount {
  const message = new SegmentedMessage(text, 'auto')
  const encoding = message.encodingName
  const single = encoding === 'GSM-7' ? 160 : 70
  const segments = text.length === 0 ? 0 : message.segmentsCount
  return {
    encoding,
    characters: message.numberOfCharacters,
    segments,
    // A multi-part SMS carries a 6-byte header in each part: 7 GSM-7 characters, 3 UCS-2 ones.
    perSegment: segments > 1 ? (encoding === 'GSM-7' ? 153 : 67) : single,
  }
}

/**
 * An inbound SMS that opts out (docs/domain.md "SMS"): STOP, ARRET or ARRÊT, alone, in any case,
 * with or without accents, spaces or final punctuation ("Stop", " stop ! ", "arrêt").
 */
export function isOptOutMessage(text: string): boolean {
  const folded = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[\s.!]/g, '')
  return folded === 'STOP' || folded === 'ARRET' || folded === 'STOPSMS'
}

export const SMS_STATUSES = [
  'queued',
  'sent',
  'delivered',
  'failed',
  'refused-opt-out',
  'refused-quiet-hours',
  // Issue #26 (docs/domain.md "SMS", "Guards"): a cap reached, a country not allowed, a number the
  // sender changed less than an hour before.
  'refused-limit',
  'refused-country',
  'refused-number-changed',
] as const
export type SmsStatus = (typeof SMS_STATUSES)[number]

export const SMS_KINDS = ['manual', 'confirmation', 'reminder'] as const
export type SmsKind = (typeof SMS_KINDS)[number]

const templateKeySchema = z.enum(SMS_TEMPLATE_KEYS, { error: 'Modèle de SMS inconnu.' })

export const smsTemplateSchema = z.object({
  key: templateKeySchema,
  body: z.string(),
  defaultBody: z.string(),
  /** 0 and no `updatedAt` for the product's default never saved (issue #26: reading writes nothing). */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
})
export type SmsTemplate = z.infer<typeof smsTemplateSchema>
export const smsTemplateListSchema = z.object({ templates: z.array(smsTemplateSchema) })
export type SmsTemplateList = z.infer<typeof smsTemplateListSchema>

export const smsTemplateKeyParamSchema = z.object({ key: templateKeySchema })

export const smsTemplateBodySchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Le texte du SMS est vide.')
    .max(SMS_BODY_MAX, `Le texte du SMS dépasse ${SMS_BODY_MAX} caractères.`)
    .superRefine((body, ctx) => {
      const problem = templateProblem(body)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    }),
  /** The version edited: 0 for the product's default never saved. */
  version: z.number().int().min(0, 'Version invalide.'),
})
export type SmsTemplateBody = z.infer<typeof smsTemplateBodySchema>

export const smsMessageSchema = z.object({
  id: z.number().int(),
  leadId: z.number().int().nullable(),
  leadName: z.string().nullable(),
  phone: z.string(),
  templateKey: templateKeySchema,
  kind: z.enum(SMS_KINDS),
  body: z.string(),
  numberId: z.string().nullable(),
  status: z.enum(SMS_STATUSES),
  providerMessageId: z.string().nullable(),
  error: z.string().nullable(),
  sentBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type SmsMessage = z.infer<typeof smsMessageSchema>

export const SMS_LOG_PAGE_SIZE = 25

export const smsLogQuerySchema = z.object({
  status: z.enum(SMS_STATUSES).optional(),
  template: templateKeySchema.optional(),
  phone: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
export type SmsLogQuery = z.infer<typeof smsLogQuerySchema>

export const smsLogSchema = z.object({
  items: z.array(smsMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type SmsLog = z.infer<typeof smsLogSchema>

export const smsOptOutSchema = z.object({ phone: z.string(), createdAt: z.string(), message: z.string() })
export type SmsOptOut = z.infer<typeof smsOptOutSchema>
export const smsOptOutListSchema = z.object({ optOuts: z.array(smsOptOutSchema) })
export type SmsOptOutList = z.infer<typeof smsOptOutListSchema>

/** What the lead sheet offers: each template rendered for this lead, and whether sending is possible. */
export const leadSmsOptionsSchema = z.object({
  phone: z.string().nullable(),
  /** Issue #31: `phone` is the lead's second number, a mobile, the first being a landline. */
  secondaryPhone: z.boolean(),
  /** Null when an SMS may be sent now; else the French reason (opt-out, quiet hours, no mobile). */
  refusal: z.string().nullable(),
  templates: z.array(
    z.object({ key: templateKeySchema, text: z.string().nullable(), problem: z.string().nullable() }),
  ),
})
export type LeadSmsOptions = z.infer<typeof leadSmsOptionsSchema>

export const leadSmsSendSchema = z.object({ template: templateKeySchema })
export type LeadSmsSend = z.infer<typeof leadSmsSendSchema>

export const NOT_TEXTABLE_MESSAGE = 'Le numéro de ce lead n’est pas un mobile : pas de SMS possible.'

/** `POST /api/dev/telephony/sms` (outside production): an SMS from `from` to the simulator's line. */
export const devInboundSmsBodySchema = z.object({
  from: z
    .string()
    .trim()
    .max(40)
    .transform((value, ctx) => {
      const e164 = toE164(value)
      if (!e164) ctx.addIssue({ code: 'custom', message: 'Numéro de téléphone invalide.' })
      return e164 ?? ''
    }),
  body: z.string().max(SMS_BODY_MAX, `Le texte du SMS dépasse ${SMS_BODY_MAX} caractères.`),
})
export type DevInboundSmsBody = z.input<typeof devInboundSmsBodySchema>
