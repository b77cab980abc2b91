// One data row of an imported file → the lead it creates, or its errors, one French message per bad
// cell (issue #13 "Validation preview"; rules in docs/domain.md "Lead import"). Pure: the preview,
// the job and the rejected-rows report all call it.
import { MAX_COMMENT_LENGTH } from '../../../src/contracts/lead.ts'
import type {
  ImportColumnMapping,
  ImportLeadField,
  ImportMarketMode,
  ImportRowError,
} from '../../../src/contracts/import-fields.ts'
import { cleanText, metadataOf } from './clean-text.ts'
import { marketIndexOf } from './market-index.ts'
import type { ImportMarket } from './market-index.ts'
import { normaliseEmail, normalisePhone, normalisePostalCode, parseFrenchDate } from './normalise.ts'

export type ImportedLead = {
  firstName: string
  lastName: string
  /** E.164. */
  phone: string
  secondaryPhone: string | null
  email: string | null
  address: string | null
  postalCode: string | null
  city: string | null
  meetRequestDate: Date
  comment: string | null
  marketId: number
  metadata: Record<string, string>
}

export type ImportRowContext = { markets: ImportMarket[]; marketMode: ImportMarketMode; now: Date }
/** `warnings`: optional cells whose invalid value was dropped (the lead is imported without it). */
export type ImportRowResult =
  { ok: true; lead: ImportedLead; warnings: ImportRowError[] } | { ok: false; errors: ImportRowError[] }

/** The field's name in messages when no column feeds it. */
const FIELD_LABELS: Record<ImportLeadField, string> = {
  firstName: 'Prénom',
  lastName: 'Nom',
  phone: 'Téléphone',
  secondaryPhone: 'Téléphone 2',
  email: 'E-mail',
  address: 'Adresse',
  postalCode: 'Code postal',
  city: 'Ville',
  meetRequestDate: 'Date de demande',
  comment: 'Commentaire',
  market: 'Marché',
}

const TEXT_LIMITS = { firstName: 100, lastName: 100, address: 200, city: 100 } as const

type Columns = Map<ImportLeadField, ImportColumnMapping>
const columnsCache = new WeakMap<ImportColumnMapping[], Columns>()

function columnsOf(mapping: ImportColumnMapping[]): Columns {
  let columns = columnsCache.get(mapping)
  if (!columns) {
    columns = new Map()
    for (const column of mapping)
      if (column.target !== 'metadata' && column.target !== 'ignore' && !columns.has(column.target))
        columns.set(column.target, column)
    columnsCache.set(mapping, columns)
  }
  return columns
}

function resolveMarket(
  context: ImportRowContext,
  cell: string,
  postalCode: string | null,
  postalCodeFailed: boolean,
): { marketId: number } | { message: string; field: ImportLeadField } | null {
  const index = marketIndexOf(context.markets)
  const mode = context.marketMode
  if (mode.kind === 'fixed')
    return index.ids.has(mode.marketId)
      ? { marketId: mode.marketId }
      : { field: 'market', message: `Marché inconnu (n° ${mode.marketId}).` }
  if (mode.kind === 'column') {
    const value = cleanText(cell, { max: 200 })
    if (value === '') return { field: 'market', message: 'Le marché est obligatoire.' }
    const marketId = index.byName(value)
    return marketId === null ? { field: 'market', message: `Marché inconnu : « ${value} ».` } : { marketId }
  }
  // By postal code: a bad postal code already has its error.
  if (postalCodeFailed) return null
  if (postalCode === null)
    return { field: 'postalCode', message: 'Le code postal est obligatoire pour choisir le marché.' }
  const found = index.byPostalCode(postalCode)
  if (found.length === 1) return { marketId: found[0]! }
  if (found.length === 0)
    return { field: 'postalCode', message: `Aucun marché ne couvre le code postal ${postalCode}.` }
  return {
    field: 'postalCode',
    message: `Plusieurs marchés couvrent le code postal ${postalCode} : précisez-le.`,
  }
}

/** The lead a data row makes, or one French error per bad cell. */
export function validateImportRow(
  cells: string[],
  mapping: ImportColumnMapping[],
  context: ImportRowContext,
): ImportRowResult {
  const columns = columnsOf(mapping)
  const errors: ImportRowError[] = []
  const raw = (field: ImportLeadField) => {
    const column = columns.get(field)
    return column ? (cells[column.index] ?? '') : ''
  }
  const warnings: ImportRowError[] = []
  const fail = (field: ImportLeadField, message: string) =>
    errors.push({ column: columns.get(field)?.header ?? FIELD_LABELS[field], field, message })
  // An optional field never costs the lead (issue #31): its bad value is dropped with a warning.
  const warn = (field: ImportLeadField, message: string) =>
    warnings.push({ column: columns.get(field)?.header ?? FIELD_LABELS[field], field, message })

  const firstName = cleanText(raw('firstName'), { max: TEXT_LIMITS.firstName })
  const lastName = cleanText(raw('lastName'), { max: TEXT_LIMITS.lastName })
  if (firstName === '' && lastName === '')
    fail(
      columns.has('lastName') || !columns.has('firstName') ? 'lastName' : 'firstName',
      'Le nom ou le prénom est obligatoire.',
    )

  let phone = ''
  const phoneCell = raw('phone').trim()
  if (phoneCell === '') fail('phone', 'Le téléphone est obligatoire.')
  else {
    const result = normalisePhone(phoneCell)
    if (result.ok) phone = result.e164
    else fail('phone', result.message)
  }

  let secondaryPhone: string | null = null
  const secondaryCell = raw('secondaryPhone').trim()
  if (secondaryCell !== '') {
    const result = normalisePhone(secondaryCell)
    if (!result.ok) warn('secondaryPhone', result.message)
    else if (result.e164 !== phone) secondaryPhone = result.e164
  }

  const emailResult = normaliseEmail(cleanText(raw('email'), { max: 320 }))
  if (!emailResult.ok) warn('email', emailResult.message)
  const email = emailResult.ok ? emailResult.email : null

  let postalCode: string | null = null
  const postalCell = cleanText(raw('postalCode'), { max: 20 })
  const postal = postalCell === '' ? null : normalisePostalCode(postalCell)
  // The postal code is required only when it chooses the market.
  const byPostalCode = context.marketMode.kind === 'postalCode'
  if (postal?.ok) postalCode = postal.postalCode
  else if (postal) (byPostalCode ? fail : warn)('postalCode', postal.message)

  let meetRequestDate = context.now
  const dateCell = raw('meetRequestDate').trim()
  if (dateCell !== '') {
    const result = parseFrenchDate(dateCell)
    if (result.ok) meetRequestDate = result.date
    else warn('meetRequestDate', result.message)
  }

  const market = resolveMarket(context, raw('market'), postalCode, postal !== null && !postal.ok)
  if (market && 'message' in market) fail(market.field, market.message)

  // In the file's column order, as the preview and the rejected-rows report show them.
  const position = (error: ImportRowError) =>
    (error.field && columns.get(error.field)?.index) ?? Number.MAX_SAFE_INTEGER
  const inOrder = (list: ImportRowError[]) => list.sort((a, b) => position(a) - position(b))
  if (errors.length > 0 || !market || !('marketId' in market)) return { ok: false, errors: inOrder(errors) }
  const optional = (value: string) => (value === '' ? null : value)
  return {
    ok: true,
    lead: {
      firstName,
      lastName,
      phone,
      secondaryPhone,
      email,
      address: optional(cleanText(raw('address'), { max: TEXT_LIMITS.address })),
      postalCode,
      city: optional(cleanText(raw('city'), { max: TEXT_LIMITS.city })),
      meetRequestDate,
      comment: optional(cleanText(raw('comment'), { max: MAX_COMMENT_LENGTH, multiline: true })),
      marketId: market.marketId,
      metadata: metadataOf(cells, mapping),
    },
    warnings: inOrder(warnings),
  }
}
