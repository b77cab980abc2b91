// The audit trail (issue #12 "Audit trail", docs/domain.md "Audit and concurrency"): every back-office
// change, read per entity by administrators.
import { z } from 'zod'
import { idSchema } from './common.ts'

/** Entities whose changes are audited; the next back-office screens add theirs. */
export const AUDIT_ENTITIES = [
  'team',
  'callProcess',
  'mission',
  'market',
  'configuration',
  'user',
  'tag',
  // Issue #13: lead imports (docs/domain.md "Lead import").
  'import',
  // Issue #13: lead extractions (docs/domain.md "Extractions"), one entry per extraction.
  'extraction',
  // Issue #15: scheduled jobs (docs/domain.md "Scheduled jobs"), by cron_settings.id.
  'cron',
  // Issue #15: the webhook the product created on the Aircall account, by aircall_webhook_tokens.id.
  'aircallWebhook',
  // Issue #15: SMS templates (docs/domain.md "SMS"), by sms_templates.id.
  'smsTemplate',
  // Issue #15: e-mail templates by mail_templates.id, and resends of logged mails by mail_log.id
  // (docs/domain.md "E-mails").
  'mailTemplate',
  'mail',
] as const
export type AuditEntity = (typeof AUDIT_ENTITIES)[number]

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'archive',
  'restore',
  'member-add',
  'member-remove',
  'manager-set',
  'manager-unset',
  // Assignments (docs/domain.md "Assignments"): a user added to or removed from a mission.
  'assign',
  'unassign',
  // Issue #26: a mission opened to a team (its managers see the mission's leads) or closed to it.
  'open-team',
  'close-team',
  // Missions without leads and markets without leads may be deleted (docs/domain.md "Missions and markets").
  'delete',
  // Users (docs/domain.md "Users (back office)"): status changes and the Aircall account link.
  'activate',
  'deactivate',
  'link-aircall',
  // Issue #31: a welcome link handed to the administrator (production without a mail server).
  'hand-over-link',
  // Tags (docs/domain.md "Tags"): a tag in use is retired, never deleted.
  'retire',
  // Lead imports (docs/domain.md "Lead import"): created by the upload, then started, cancelled, undone.
  'start',
  'cancel',
  'undo',
  // Lead extractions (docs/domain.md "Extractions"): who extracted which filters.
  'extract',
  // Scheduled jobs (docs/domain.md "Scheduled jobs"): paused, resumed, run now ('update': the schedule).
  'pause',
  'resume',
  'run',
  // E-mails (docs/domain.md "E-mails"): a logged mail sent again ('restore': a template's default back).
  'resend',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const AUDIT_PAGE_SIZE_MAX = 100

export const auditParamsSchema = z.object({ entity: z.enum(AUDIT_ENTITIES), id: idSchema })
export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(20),
})

/** A snapshot of what changed: a few named values (a name, a member), never a whole row. */
const snapshotSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
export type AuditSnapshot = z.infer<typeof snapshotSchema>

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  user: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  before: snapshotSchema.nullable(),
  after: snapshotSchema.nullable(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type AuditPage = z.infer<typeof auditPageSchema>
