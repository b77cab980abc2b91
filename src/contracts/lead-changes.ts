// Changes to a lead besides tagging (issue #4, spec §7 "Leads"; rules in docs/domain.md): editing its
// identity and contact, correcting a recorded outcome, and the non-production random pick.
import { z } from 'zod'
import { safeText } from './safe-text.ts'
import { LEAD_STATUSES, LEAD_SUBSTATUSES } from './lead.ts'
import { toE164 } from './phone.ts'

const id = z.number().int()

// ---- Editing a lead's identity and contact (PUT /api/lead/{id}; docs/domain.md "Leads") ----

const REQUIRED = 'Ce champ est obligatoire.'
const tooLong = (max: number) => `${max.toLocaleString('fr-FR')} caractères au plus.`

function requiredText(max: number) {
  return safeText()
    .trim()
    .min(1, { error: REQUIRED })
    .max(max, { error: tooLong(max) })
}

/** Empty or null clears the field. */
function optionalText(max: number, check?: { test: (value: string) => boolean; error: string }) {
  const text = safeText()
    .trim()
    .max(max, { error: tooLong(max) })
  const checked = check ? text.refine((v) => v === '' || check.test(v), { error: check.error }) : text
  return checked.transform((value) => value || null).nullable()
}

const INVALID_PHONE = 'Numéro de téléphone invalide (par exemple 06 12 34 56 78 ou +33 6 12 34 56 78).'
/** Any common French writing, or an international `+…` number, stored in E.164. */
const phoneInput = safeText()
  .max(40, { error: INVALID_PHONE })
  .transform((value, ctx) => {
    const e164 = toE164(value)
    if (e164 === null) ctx.addIssue({ code: 'custom', message: INVALID_PHONE, input: value })
    return e164 ?? ''
  })
/** The same, where empty clears the field. */
const optionalPhoneInput = safeText()
  .max(40, { error: INVALID_PHONE })
  .transform((value, ctx) => {
    if (value.trim() === '') return null
    const e164 = toE164(value)
    if (e164 === null) ctx.addIssue({ code: 'custom', message: INVALID_PHONE, input: value })
    return e164
  })
  .nullable()
const emailFormat = z.email()

/**
 * The editable fields; absent ones stay as they are, so the GET shape may be sent back whole (its
 * status, step and other fields are ignored: they change through tags). `updatedAt`, when given,
 * must be the lead's current one (409 otherwise).
 */
export const leadUpdateBodySchema = z.object({
  firstName: requiredText(100).optional(),
  lastName: requiredText(100).optional(),
  phone: phoneInput.optional(),
  secondaryPhone: optionalPhoneInput.optional(),
  email: safeText()
    .trim()
    .toLowerCase()
    .max(254, { error: tooLong(254) })
    .refine((v) => v === '' || emailFormat.safeParse(v).success, { error: 'Adresse e-mail invalide.' })
    .transform((value) => value || null)
    .nullable()
    .optional(),
  address: optionalText(200).optional(),
  postalCode: optionalText(10, {
    test: (v) => /^\d{5}$/.test(v),
    error: 'Code postal invalide (5 chiffres).',
  }).optional(),
  city: optionalText(100).optional(),
  updatedAt: z.iso.datetime({ offset: true, error: 'Date de mise à jour invalide.' }).optional(),
})
export type LeadUpdateBody = z.input<typeof leadUpdateBodySchema>
/** The fields PUT /api/lead/{id} may change, in the order the history lists them. */
export const EDITABLE_LEAD_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'secondaryPhone',
  'email',
  'address',
  'postalCode',
  'city',
] as const
export type EditableLeadField = (typeof EDITABLE_LEAD_FIELDS)[number]

// ---- Random leads (GET /api/lead/random/{x}, non-production helper) ----

export const RANDOM_LEADS_MAX = 50
const RANDOM_COUNT = `Indiquez un nombre de leads entre 1 et ${RANDOM_LEADS_MAX}.`
export const randomLeadsParamsSchema = z.object({
  x: z.coerce
    .number({ error: RANDOM_COUNT })
    .int({ error: RANDOM_COUNT })
    .min(1, { error: RANDOM_COUNT })
    .max(RANDOM_LEADS_MAX, { error: RANDOM_COUNT }),
})
export const randomLeadsResponseSchema = z.object({
  items: z.array(
    z.object({
      id,
      uuid: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      phone: z.string(),
      status: z.enum(LEAD_STATUSES),
      missionId: id,
    }),
  ),
})
export type RandomLeads = z.infer<typeof randomLeadsResponseSchema>

// ---- Correcting a recorded outcome (PUT /api/lead/{leadId}/lead-tag/{leadTagId}) ----

/** How long the teleoperator who recorded an outcome may still correct it (docs/domain.md "Calls"). */
export const LEAD_TAG_CORRECTION_MINUTES = 15
const dbId = z.coerce.number().int().positive().max(2_147_483_647)
export const leadTagParamsSchema = z.object({ leadId: dbId, leadTagId: dbId })
export const leadTagCorrectionBodySchema = z.object({
  callProcessTagId: z.number().int().positive().max(2_147_483_647),
  step: z
    .number()
    .int()
    .min(1, { error: 'L’étape doit être une étape du processus d’appel.' })
    .max(10_000, { error: 'L’étape doit être une étape du processus d’appel.' }),
  status: z.enum(LEAD_STATUSES),
  substatus: z
    .enum(LEAD_SUBSTATUSES)
    .nullish()
    .transform((value) => value ?? null),
})
export type LeadTagCorrectionBody = z.input<typeof leadTagCorrectionBodySchema>
export const leadTagSchema = z.object({
  id,
  leadId: id,
  callId: id.nullable(),
  userId: id.nullable(),
  callProcessTagId: id,
  step: id,
  status: z.enum(LEAD_STATUSES),
  substatus: z.enum(LEAD_SUBSTATUSES).nullable(),
  createdAt: z.string(),
})
export type LeadTag = z.infer<typeof leadTagSchema>
/** `appliedToLead`: the tag was the lead's latest, so the lead took the corrected values too. */
export const leadTagCorrectionResponseSchema = z.object({
  leadTag: leadTagSchema,
  appliedToLead: z.boolean(),
})
export type LeadTagCorrection = z.infer<typeof leadTagCorrectionResponseSchema>
