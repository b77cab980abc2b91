// The tag form's fields (issue #12 "Tags"), one schema for the server's validation and the client's
// form. zod/mini like team-form.ts: the back-office chunk validates with it through react-hook-form
// without loading full zod; every check names its French message.
import * as z from 'zod/mini'
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacter } from './control-characters.ts'
import { LEAD_STATUSES, LEAD_SUBSTATUSES } from './lead-statuses.ts'
import { versionSchema } from './team-form.ts'

export const TAG_LABEL_MAX = 60
/** A recall at most 30 days later: beyond, the lead's processing duration decides. */
export const TAG_RECALL_DELAY_MAX_MINUTES = 30 * 24 * 60
export const TAG_EXPERIENCE_POINTS_MAX = 1000
export const TAG_DEFAULT_COLOR = '#5b6470'

export const tagLabelSchema = z.string().check(
  z.trim(),
  z.minLength(1, { error: 'Le libellé du tag est obligatoire.' }),
  z.maxLength(TAG_LABEL_MAX, { error: `Le libellé ne dépasse pas ${TAG_LABEL_MAX} caractères.` }),
  z.refine((value) => !hasControlCharacter(value), { error: CONTROL_CHARACTERS_MESSAGE }),
)

export const tagColorSchema = z
  .string()
  .check(z.regex(/^#[\da-f]{6}$/i, { error: 'Choisissez une couleur (format #RRVVBB).' }))

/** The fields of a tag, as created and as edited. */
export const tagFieldsSchema = z
  .object({
    label: tagLabelSchema,
    color: tagColorSchema,
    /** Null: the outcome leaves the lead's status (and substatus) as they are (« Inchangé »). */
    status: z.nullable(z.enum(LEAD_STATUSES, { error: 'Statut inconnu.' })),
    substatus: z.nullable(z.enum(LEAD_SUBSTATUSES, { error: 'Sous-statut inconnu.' })),
    endsProcessing: z.boolean(),
    requiresAppointment: z.boolean(),
    asksRecallDate: z.boolean(),
    /** « Sans appel » (issue #29): may be recorded without a call, and then earns nothing. */
    withoutCall: z.boolean(),
    recallDelayMinutes: z.nullable(
      z
        .int({ error: 'Le délai de rappel est un nombre entier de minutes.' })
        .check(
          z.minimum(1, { error: 'Le délai de rappel est d’au moins 1 minute.' }),
          z.maximum(TAG_RECALL_DELAY_MAX_MINUTES, { error: 'Le délai de rappel ne dépasse pas 30 jours.' }),
        ),
    ),
    experiencePoints: z.int({ error: 'Les points sont un nombre entier.' }).check(
      z.minimum(0, { error: 'Les points ne sont pas négatifs.' }),
      z.maximum(TAG_EXPERIENCE_POINTS_MAX, {
        error: `Les points ne dépassent pas ${TAG_EXPERIENCE_POINTS_MAX}.`,
      }),
    ),
  })
  .check(
    z.refine((tag) => tag.status !== null || tag.substatus === null, {
      error: 'Un sous-statut va avec un statut : choisissez le statut ou aucun sous-statut.',
      path: ['substatus'],
    }),
    z.refine((tag) => !tag.asksRecallDate || tag.recallDelayMinutes !== null, {
      error: 'Indiquez le délai proposé par défaut pour la date de rappel.',
      path: ['recallDelayMinutes'],
    }),
  )
export type TagFields = z.infer<typeof tagFieldsSchema>

/** POST /api/tags */
export const createTagBodySchema = tagFieldsSchema
export type CreateTagBody = TagFields

/** PUT /api/tag/{id}: the fields and the version they were edited from. */
export const updateTagBodySchema = z.extend(tagFieldsSchema, { version: versionSchema })
export type UpdateTagBody = z.infer<typeof updateTagBodySchema>
