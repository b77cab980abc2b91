// Audit trail resource (issue #12 "Audit trail"): an entity's changes, newest first, page by page.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { AuditEntity, AuditPage } from '../contracts/audit.ts'
import { apiRequest } from './client.ts'

export function fetchAudit(entity: AuditEntity, id: number, page: number, signal?: AbortSignal) {
  return apiRequest<AuditPage>(`/api/audit/${entity}/${id}?page=${page}`, { signal })
}

export const auditQueries = {
  all: () => ['audit'] as const,
  entity: (entity: AuditEntity, id: number) => [...auditQueries.all(), entity, id] as const,
  /** Administrators only (403 otherwise). */
  page: (entity: AuditEntity, id: number, page: number) =>
    queryOptions({
      queryKey: [...auditQueries.entity(entity, id), page] as const,
      queryFn: ({ signal }) => fetchAudit(entity, id, page, signal),
      placeholderData: keepPreviousData,
    }),
}
