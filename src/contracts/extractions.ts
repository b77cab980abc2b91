// Lead extractions (issue #13 "Extractions"; docs/domain.md "Extractions"): the filters, the columns
// and the format a user chooses, the live count, and the history of every extraction.
import { z } from 'zod'
import { idSchema } from './common.ts'
import { LEAD_STATUSES, LEAD_SUBSTATUSES } from './lead-statuses.ts'

/** The columns an extraction may include, in the order of the file. */
export const EXTRACTION_COLUMNS = [
  'id',
  'firstName',
  'lastName',
  'phone',
  'secondaryPhone',
  'email',
  'address',
  'postalCode',
  'city',
  'mission',
  'market',
  'status',
  'substatus',
  'step',
  'integrationMonth',
  'meetRequestDate',
  'expirationDate',
  'lastActivity',
  'comment',
  'lastOutcome',
  'lastCallDate',
  'callCount',
  'appointmentDate',
  'processingUser',
] as const
export type ExtractionColumn = (typeof EXTRACTION_COLUMNS)[number]

/** Columns of validated E.164 numbers: written as phones, never prefixed against formulas. */
export const EXTRACTION_PHONE_COLUMNS: readonly ExtractionColumn[] = ['phone', 'secondaryPhone']

export const EXTRACTION_FORMATS = ['csv', 'xlsx'] as const
export type ExtractionFormat = (typeof EXTRACTION_FORMATS)[number]

export const EXTRACTION_STATES = ['streamed', 'queued', 'running', 'done', 'failed'] as const
export type ExtractionState = (typeof EXTRACTION_STATES)[number]

/** Expired or not (docs/domain.md "Leads": meetRequestDate + the mission's duration). */
export const EXTRACTION_EXPIRY = ['all', 'expired', 'active'] as const
export type ExtractionExpiry = (typeof EXTRACTION_EXPIRY)[number]

const LIST_MAX = 200

const isoDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: 'Date attendue au format AAAA-MM-JJ.' })

/** Whole days in Europe/Paris, both ends included; either end may be left open. */
const dateRangeSchema = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    error: 'La date de début doit précéder la date de fin.',
  })
export type ExtractionDateRange = z.infer<typeof dateRangeSchema>

const ids = z.array(idSchema).max(LIST_MAX).default([])

export const extractionFiltersSchema = z.strictObject({
  missionIds: ids,
  marketIds: ids,
  statuses: z.array(z.enum(LEAD_STATUSES)).max(LEAD_STATUSES.length).default([]),
  substatuses: z.array(z.enum(LEAD_SUBSTATUSES)).max(LEAD_SUBSTATUSES.length).default([]),
  steps: z.array(z.number().int().min(1).max(1000)).max(LIST_MAX).default([]),
  /** Months as `YYYY-MM` (the leads' integrationMonth is the month's first day). */
  integrationMonths: z
    .array(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Mois attendu au format AAAA-MM.' }))
    .max(LIST_MAX)
    .default([]),
  meetRequest: dateRangeSchema.optional(),
  lastActivity: dateRangeSchema.optional(),
  appointment: dateRangeSchema.optional(),
  processingUserIds: ids,
  /** Catalogue tags (`tags.id`) of the lead's last outcome. */
  lastOutcomeTagIds: ids,
  expiry: z.enum(EXTRACTION_EXPIRY).default('all'),
})
export type ExtractionFilters = z.infer<typeof extractionFiltersSchema>
export type ExtractionFiltersInput = z.input<typeof extractionFiltersSchema>

export const extractionCountBodySchema = z.strictObject({ filters: extractionFiltersSchema })
export const extractionCountSchema = z.object({ count: z.number().int() })
export type ExtractionCount = z.infer<typeof extractionCountSchema>

export const extractionBodySchema = z.strictObject({
  filters: extractionFiltersSchema,
  columns: z
    .array(z.enum(EXTRACTION_COLUMNS))
    .min(1, { error: 'Choisissez au moins une colonne.' })
    .max(EXTRACTION_COLUMNS.length)
    .refine((columns) => new Set(columns).size === columns.length, { error: 'Une colonne est en double.' }),
  format: z.enum(EXTRACTION_FORMATS),
})
export type ExtractionBody = z.infer<typeof extractionBodySchema>
export type ExtractionBodyInput = z.input<typeof extractionBodySchema>

/** The answer of an extraction that runs in the background (202). */
export const extractionQueuedSchema = z.object({
  id: z.number().int(),
  state: z.literal('queued'),
  rowCount: z.number().int(),
})
export type ExtractionQueued = z.infer<typeof extractionQueuedSchema>

export const extractionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  user: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  filters: z.record(z.string(), z.unknown()),
  columns: z.array(z.string()),
  format: z.enum(EXTRACTION_FORMATS),
  state: z.enum(EXTRACTION_STATES),
  rowCount: z.number().int().nullable(),
  rowsDone: z.number().int(),
  /** The file may be downloaded (a finished background extraction within its 24 hours). */
  downloadable: z.boolean(),
  expiresAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
})
export type Extraction = z.infer<typeof extractionSchema>

export const extractionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})
export type ExtractionListQuery = z.infer<typeof extractionListQuerySchema>

export const extractionPageSchema = z.object({
  items: z.array(extractionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type ExtractionPage = z.infer<typeof extractionPageSchema>

const choiceSchema = z.object({ id: z.number().int(), name: z.string() })
export type ExtractionChoice = z.infer<typeof choiceSchema>

/** What the filter form offers: only what the caller may extract (a manager: their teams' missions). */
export const extractionOptionsSchema = z.object({
  missions: z.array(choiceSchema),
  markets: z.array(choiceSchema.extend({ missionId: z.number().int() })),
  users: z.array(choiceSchema),
  tags: z.array(choiceSchema),
  /** Above this count an extraction runs in the background (XLSX always does). */
  streamMaxRows: z.number().int(),
})
export type ExtractionOptions = z.infer<typeof extractionOptionsSchema>

export const extractionIdParamsSchema = z.object({ id: idSchema })
