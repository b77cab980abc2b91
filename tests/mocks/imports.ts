// Lead imports for client tests (issue #13): an import as the server answers it at each step, and
// the default "no import running" answer the administrators' layout indicator asks for.
import { http, HttpResponse } from 'msw'
import type { ImportDetail, ImportHistoryPage, ImportSummary } from '../../src/contracts/imports.ts'

export function makeImportSummary(overrides: Partial<ImportSummary> = {}): ImportSummary {
  return {
    id: 7,
    fileName: 'leads-novembre.csv',
    fileSize: 2_400_000,
    fileKind: 'csv',
    createdAt: '2026-11-24T09:30:00.000Z',
    createdBy: { id: 1, firstName: 'Alice', lastName: 'Martin' },
    mission: { id: 5, name: 'Mission Soleil' },
    markets: [{ id: 9, name: 'Lyon' }],
    mappingName: null,
    state: 'uploaded',
    totalRows: 0,
    validRows: 0,
    errorRows: 0,
    duplicateRows: 0,
    rowsDone: 0,
    importedCount: 0,
    updatedCount: 0,
    skippedCount: 0,
    rejectedCount: 0,
    startedAt: null,
    finishedAt: null,
    durationMs: null,
    fileAvailable: true,
    undoneAt: null,
    undoDeletedCount: null,
    undoKeptCount: null,
    ...overrides,
  }
}

export function makeImportDetail(overrides: Partial<ImportDetail> = {}): ImportDetail {
  return {
    ...makeImportSummary(),
    mission: null,
    markets: [],
    version: 1,
    encoding: 'windows-1252',
    delimiter: ';',
    headers: ['Prénom', 'NOM', 'Téléphone', 'Code postal', 'Source'],
    sampleRows: [
      ['Léa', 'Dupont', '06 12 34 56 78', '69003', 'Salon'],
      ['Marc', 'Éluard', '+33 7 11 22 33 44', '69100', 'Web'],
    ],
    columns: [
      { index: 0, header: 'Prénom', target: 'firstName' },
      { index: 1, header: 'NOM', target: 'lastName' },
      { index: 2, header: 'Téléphone', target: 'phone' },
      { index: 3, header: 'Code postal', target: 'postalCode' },
      { index: 4, header: 'Source', target: 'metadata' },
    ],
    marketMode: null,
    duplicatePolicy: 'skip',
    previewRows: [],
    errors: [],
    duplicates: [],
    error: null,
    headerLine: 1,
    topRows: [
      { line: 1, cells: ['Prénom', 'NOM', 'Téléphone', 'Code postal', 'Source'] },
      { line: 2, cells: ['Léa', 'Dupont', '06 12 34 56 78', '69003', 'Salon'] },
    ],
    warningRows: 0,
    warnings: [],
    errorGroups: [],
    keptLeads: [],
    ...overrides,
  }
}

export function importPage(items: ImportSummary[], total = items.length): ImportHistoryPage {
  return { items, total, page: 1, pageSize: 25 }
}

/** No import is running (the layout's indicator for administrators). */
export const noRunningImport = http.get('*/api/imports', () => HttpResponse.json(importPage([])))
