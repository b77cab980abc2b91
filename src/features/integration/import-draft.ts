// The settings of an import while the administrator edits them (issue #13: mapping and target
// steps), before "Analyser" sends them (PUT /api/imports/{id}/settings). Display-side checks only:
// the server validates the same settings and answers in French.
import { foldHeader, suggestMapping } from '../../contracts/import-headers.ts'
import {
  IMPORT_LEAD_FIELDS,
  type ImportColumnMapping,
  type ImportDuplicatePolicy,
  type ImportLeadField,
  type ImportMarketMode,
  type ImportTarget,
} from '../../contracts/import-fields.ts'
import type { ImportDetail, ImportMapping, ImportSettings } from '../../contracts/imports.ts'
import { importTargets, mappingStep, targetStep } from '../../i18n/fr/integration.ts'

/** The choices of a column's select, in this order. */
export const IMPORT_TARGETS: readonly ImportTarget[] = [...IMPORT_LEAD_FIELDS, 'metadata', 'ignore']

export type MarketModeKind = ImportMarketMode['kind']

export type ImportDraft = {
  columns: ImportColumnMapping[]
  missionId: number | null
  marketMode: MarketModeKind
  marketId: number | null
  duplicatePolicy: ImportDuplicatePolicy
  /** The saved mapping applied last, if any (the select's value). */
  mappingId: number | null
  saveMappingAs: string
}

/** The server's columns (its suggestion, or the settings saved) or, without them, the headers' suggestion. */
export function draftOf(detail: ImportDetail): ImportDraft {
  const mode = detail.marketMode
  return {
    columns: detail.columns.length > 0 ? detail.columns : suggestMapping(detail.headers),
    missionId: detail.mission?.id ?? null,
    marketMode: mode?.kind ?? 'fixed',
    marketId: mode?.kind === 'fixed' ? mode.marketId : null,
    duplicatePolicy: detail.duplicatePolicy,
    mappingId: null,
    saveMappingAs: '',
  }
}

/** A saved mapping applied to this file: each column takes the target saved for its header. */
export function applyMapping(columns: ImportColumnMapping[], mapping: ImportMapping): ImportColumnMapping[] {
  const byHeader = new Map(mapping.columns.map((column) => [foldHeader(column.header), column.target]))
  return columns.map((column) => ({
    ...column,
    target: byHeader.get(foldHeader(column.header)) ?? column.target,
  }))
}

function has(columns: ImportColumnMapping[], field: ImportLeadField): boolean {
  return columns.some((column) => column.target === field)
}

/** Why the mapping cannot be used yet (French), or null. */
export function mappingProblem(columns: ImportColumnMapping[]): string | null {
  if (!has(columns, 'phone')) return mappingStep.missingPhone
  const seen = new Set<string>()
  for (const { target } of columns) {
    if (target === 'metadata' || target === 'ignore') continue
    if (seen.has(target)) return mappingStep.duplicateField(importTargets[target])
    seen.add(target)
  }
  return null
}

/** Why the target cannot be used yet (French), or null. */
export function targetProblem(draft: ImportDraft): string | null {
  if (draft.missionId === null) return targetStep.needsMission
  if (draft.marketMode === 'fixed' && draft.marketId === null) return targetStep.needsMarket
  if (draft.marketMode === 'column' && !has(draft.columns, 'market')) return targetStep.needsMarketColumn
  if (draft.marketMode === 'postalCode' && !has(draft.columns, 'postalCode'))
    return targetStep.needsPostalCode
  return null
}

/** The body of PUT settings, or null while a step still has a problem. */
export function settingsOf(draft: ImportDraft, version: number): ImportSettings | null {
  if (mappingProblem(draft.columns) !== null || targetProblem(draft) !== null) return null
  const marketMode: ImportMarketMode =
    draft.marketMode === 'fixed' ? { kind: 'fixed', marketId: draft.marketId! } : { kind: draft.marketMode }
  const name = draft.saveMappingAs.trim()
  return {
    missionId: draft.missionId!,
    marketMode,
    columns: draft.columns,
    duplicatePolicy: draft.duplicatePolicy,
    ...(name === '' ? {} : { saveMappingAs: name }),
    version,
  }
}
