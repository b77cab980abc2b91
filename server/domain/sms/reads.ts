// What administrators read of SMS (issue #15 "SMS"): the send log, filtered and paged, newest first,
// and the phones that opted out.
import { and, count, desc, eq, like, type SQL } from 'drizzle-orm'
import {
  SMS_LOG_PAGE_SIZE,
  type SmsLog,
  type SmsLogQuery,
  type SmsOptOut,
} from '../../../src/contracts/sms.ts'
import { toE164 } from '../../../src/contracts/phone.ts'
import type { Db } from '../../db/client.ts'
import { leads, smsMessages, smsOptOuts, users } from '../../db/schema.ts'
import { personName } from '../../../src/contracts/person-name.ts'

export async function smsLog(db: Db, query: SmsLogQuery): Promise<SmsLog> {
  const conditions: SQL[] = []
  if (query.status) conditions.push(eq(smsMessages.status, query.status))
  if (query.template) conditions.push(eq(smsMessages.templateKey, query.template))
  if (query.phone) {
    // A whole number in any writing, or a part of it (digits only).
    const whole = toE164(query.phone)
    const digits = query.phone.replace(/\D/g, '')
    conditions.push(whole ? eq(smsMessages.phone, whole) : like(smsMessages.phone, `%${digits}%`))
  }
  const where = conditions.length ? and(...conditions) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({
        sms: smsMessages,
        lead: { firstName: leads.firstName, lastName: leads.lastName },
        user: { firstName: users.firstName, lastName: users.lastName },
      })
      .from(smsMessages)
      .leftJoin(leads, eq(leads.id, smsMessages.leadId))
      .leftJoin(users, eq(users.id, smsMessages.sentBy))
      .where(where)
      .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
      .limit(SMS_LOG_PAGE_SIZE)
      .offset((query.page - 1) * SMS_LOG_PAGE_SIZE),
    db.select({ value: count() }).from(smsMessages).where(where),
  ])
  return {
    items: rows.map(({ sms, lead, user }) => ({
      id: sms.id,
      leadId: sms.leadId,
      leadName: lead?.firstName ? personName(lead) : null,
      phone: sms.phone,
      templateKey: sms.templateKey,
      kind: sms.kind,
      body: sms.body,
      numberId: sms.numberId,
      status: sms.status,
      providerMessageId: sms.providerMessageId,
      error: sms.error,
      sentBy: user?.firstName ? personName(user) : null,
      createdAt: sms.createdAt.toISOString(),
      updatedAt: sms.updatedAt.toISOString(),
    })),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: SMS_LOG_PAGE_SIZE,
  }
}

export async function smsOptOutList(db: Db): Promise<SmsOptOut[]> {
  const rows = await db.select().from(smsOptOuts).orderBy(desc(smsOptOuts.createdAt)).limit(500)
  return rows.map((row) => ({
    phone: row.phone,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  }))
}
