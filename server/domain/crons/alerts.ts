// A scheduled job failed CRON_FAILING_STREAK times in a row (issue #15, docs/domain.md "Scheduled
// jobs"): every active administrator is told once for the streak, by push (server/plugins/push.ts) and
// by e-mail (server/plugins/mailer.ts). Neither may fail the run's bookkeeping: a mail that cannot go
// is logged.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { paths } from '../../../src/contracts/app-paths.ts'
import { CRON_FAILING_STREAK } from '../../../src/contracts/crons.ts'
import { users } from '../../db/schema.ts'
import { cronMessage } from '../../push/messages.ts'
import { linkOrigin } from '../access/password-reset.ts'
import type { CronDefinition } from './catalogue.ts'

export function failingCronMail(job: CronDefinition, error: string, firstName: string, url: string) {
  return {
    subject: `Tâche planifiée en échec : ${job.name}`,
    text: [
      `Bonjour ${firstName},`,
      '',
      `La tâche planifiée « ${job.name} » a échoué ${CRON_FAILING_STREAK} fois de suite.`,
      `Dernière erreur : ${error}`,
      '',
      `Voir les tâches planifiées : ${url}`,
      '',
      'Vous ne recevrez pas d’autre message pour cette tâche tant qu’elle n’aura pas réussi de nouveau.',
    ].join('\n'),
  }
}

export async function alertFailingCron(app: FastifyInstance, job: CronDefinition, error: string) {
  const admins = await app.database.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.status, 'ACTIVE')))
  app.log.warn({ cron: job.key, error }, 'crons: job failing, administrators alerted')
  app.push.notify(
    admins.map((admin) => admin.id),
    cronMessage({ kind: 'cron', key: job.key, name: job.name, failures: CRON_FAILING_STREAK }),
  )
  const url = `${linkOrigin(app)}${paths.backofficeCrons()}`
  for (const admin of admins) {
    try {
      await app.mailer.send({ to: admin.email, ...failingCronMail(job, error, admin.firstName, url) })
    } catch (mailError) {
      app.log.error({ err: mailError, cron: job.key }, 'crons: failing alert not mailed')
    }
  }
}
