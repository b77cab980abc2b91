// The catalogue of scheduled jobs (issue #15 "Scheduled jobs", docs/domain.md "Scheduled jobs"): every
// periodic piece of work the server does, in one list. Each job is a pg-boss queue of its own (its key)
// run on its cron expression in Europe/Paris by server/plugins/crons.ts: one run per occurrence across
// every process, never two at once, a missed occurrence caught up once on start where `missed` says so.
// An administrator may pause a job or edit its schedule; the default here is what a new database gets.
//
// Lead expiry frees expired leads an agent left held (expired leads already leave the queues by the
// pick rule); due-recall notices push a recall's agent when it falls due; appointment reminders go to
// the lead by e-mail and SMS (docs/domain.md "Scheduled jobs", "SMS").
import type { FastifyInstance } from 'fastify'
import { rebuildDailyActivity } from '../gamification/daily-rebuild.ts'
import { parisDay, shiftDay } from '../../../src/contracts/paris-calendar.ts'
import { purgeExpiredFiles } from '../files/stored-files.ts'
import { logLateReminders, queueAppointmentReminders } from '../mails/appointment-mails.ts'
import { purgeIdempotencyKeys } from '../../lib/idempotency.ts'
import { publishLeadUpdate, userChanged } from '../leads/signals.ts'
import { releaseExpiredLeads } from './lead-expiry.ts'
import { sendRecallNotices } from './recall-notices.ts'
import { expirePendingCalls } from '../calls/pending-expiry.ts'
import { sendAppointmentReminders } from '../sms/reminders.ts'

export type CronContext = {
  app: FastifyInstance
  /** Aborts when the process stops. */
  signal: AbortSignal
  now: Date
  /** When the job's last successful run started (null: none in the runs kept): what a catch-up starts from. */
  lastSuccessAt: Date | null
}

export type CronDefinition = {
  /** Identifier and pg-boss queue name: lower case and hyphens (no underscore, see pg-boss's keys). */
  key: string
  /** French, as the back office shows it. */
  name: string
  description: string
  /** Default five-field cron expression, Europe/Paris (src/contracts/cron-schedule.ts shapes). */
  cron: string
  /** `once`: one run on start for the occurrences missed while every process was down. */
  missed: 'skip' | 'once'
  /** Retries of a failed scheduled run (a manual run is never retried: its author sees the result). */
  retryLimit: number
  retryDelaySeconds: number
  /** A run still going after this long is failed by the job engine (then retried, if it may). */
  expireInSeconds: number
  /**
   * The shortest gap an administrator may set between two runs: a heavy job (a purge, a rebuild of a
   * day's figures) run every minute would keep PGlite's one connection busy while agents work.
   */
  minIntervalMinutes: number
  /** Does the work; answers what it did in French, or null. Throws to fail the run. */
  run: (context: CronContext) => Promise<string | null>
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n <= 1 ? one : many}`
}

export const CRON_CATALOGUE: readonly CronDefinition[] = [
  {
    key: 'pending-calls-expiry',
    name: 'Appels sans nouvelles de l’opérateur',
    description:
      'Termine comme manqués les appels sortants que l’opérateur téléphonique n’a jamais confirmés après 2 minutes, pour que l’agent ne reste pas bloqué « en appel ».',
    // The tie window is 2 minutes: a lost call frees its agent within 3 minutes (docs/domain.md "Calls").
    cron: '* * * * *',
    missed: 'skip',
    retryLimit: 0,
    retryDelaySeconds: 0,
    expireInSeconds: 5 * 60,
    minIntervalMinutes: 1,
    run: async ({ app, now }) => {
      const ended = await expirePendingCalls(app.telephony.context, now)
      return count(ended, 'appel terminé', 'appels terminés')
    },
  },
  {
    key: 'sessions-housekeeping',
    name: 'Ménage des sessions',
    description:
      'Ferme les sessions expirées ou inactives (leur déconnexion apparaît dans la chronologie de l’agent) et oublie les tentatives de connexion de plus d’un jour.',
    cron: '*/10 * * * *',
    missed: 'skip',
    retryLimit: 0,
    retryDelaySeconds: 0,
    expireInSeconds: 10 * 60,
    minIntervalMinutes: 1,
    run: async ({ app }) => {
      await app.sessions.housekeep()
      return 'Sessions expirées fermées, tentatives anciennes oubliées'
    },
  },
  {
    key: 'idempotency-housekeeping',
    name: 'Ménage des clés d’idempotence',
    description:
      'Oublie les réponses gardées plus de 24 h pour les requêtes rejouées par les postes hors ligne.',
    cron: '0 * * * *',
    missed: 'once',
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 15 * 60,
    minIntervalMinutes: 10,
    run: async ({ app, now }) => {
      await purgeIdempotencyKeys(app.database.db, now)
      return 'Clés de plus de 24 h oubliées'
    },
  },
  {
    key: 'files-purge',
    name: 'Purge des fichiers d’import et d’extraction',
    description:
      'Supprime les fichiers importés gardés plus de 30 jours, les extractions préparées de plus de 24 h, les fichiers partiels d’extractions interrompues et les imports jamais lancés envoyés depuis plus de 24 h.',
    cron: '0 3 * * *',
    missed: 'once',
    retryLimit: 3,
    retryDelaySeconds: 5 * 60,
    expireInSeconds: 60 * 60,
    minIntervalMinutes: 60,
    run: async ({ app, now }) => {
      const purged = await purgeExpiredFiles(app.database.db, app.config.filesDir, now)
      return `${count(purged.imports, 'fichier d’import supprimé', 'fichiers d’import supprimés')}, ${count(purged.extractions, 'extraction supprimée', 'extractions supprimées')}, ${count(purged.partials, 'fichier partiel supprimé', 'fichiers partiels supprimés')}, ${count(purged.abandoned, 'import abandonné supprimé', 'imports abandonnés supprimés')}`
    },
  },
  {
    key: 'daily-activity-rebuild',
    name: 'Contrôle de l’activité de la veille',
    description:
      'Recalcule les agrégats d’activité de la veille (appels, issues, rendez-vous, expérience) à partir des appels et des tags enregistrés, pour corriger tout écart avec les compteurs tenus en direct.',
    // After midnight, once yesterday's calls are over (docs/domain.md "Daily activity").
    cron: '30 2 * * *',
    missed: 'once',
    retryLimit: 2,
    retryDelaySeconds: 5 * 60,
    expireInSeconds: 30 * 60,
    minIntervalMinutes: 60,
    run: async ({ app, now }) => {
      const yesterday = shiftDay(parisDay(now), -1)
      await rebuildDailyActivity(app.database.db, yesterday, yesterday)
      const [year, month, day] = yesterday.split('-')
      return `Journée du ${day}/${month}/${year} recalculée`
    },
  },
  {
    key: 'lead-expiry',
    name: 'Libération des leads expirés',
    description:
      'Libère les leads expirés qu’un agent garde depuis plus de 2 heures sans appel en cours ni appel à tagger, pour qu’il puisse reprendre des leads ; la libération est inscrite dans l’historique du lead.',
    cron: '*/15 * * * *',
    missed: 'skip',
    retryLimit: 1,
    retryDelaySeconds: 60,
    expireInSeconds: 10 * 60,
    minIntervalMinutes: 5,
    run: async ({ app, now }) => {
      const freed = await releaseExpiredLeads(app.database.db, now)
      for (const lead of freed) {
        await userChanged(app, lead.userId)
        await publishLeadUpdate(app, lead, 'unassignment', [lead.userId])
      }
      return count(freed.length, 'lead expiré libéré', 'leads expirés libérés')
    },
  },
  {
    key: 'recall-notices',
    name: 'Avis de rappels arrivés à échéance',
    description:
      'Prévient par notification l’agent dont un rappel arrive à l’heure prévue, une seule fois par rappel, avec un lien vers la fiche du lead.',
    // Every 5 minutes: a recall is told at most 5 minutes late; the hour's window covers a paused hour.
    cron: '*/5 * * * *',
    missed: 'skip',
    retryLimit: 1,
    retryDelaySeconds: 60,
    expireInSeconds: 5 * 60,
    minIntervalMinutes: 1,
    run: async ({ app, now }) => {
      const told = await sendRecallNotices(app, now)
      return count(told, 'agent prévenu', 'agents prévenus')
    },
  },
  {
    key: 'appointment-reminders-mail',
    name: 'Rappels de RDV par e-mail',
    description:
      'Envoie aux leads un e-mail de rappel de leur rendez-vous des prochaines 24 h, une seule fois par rendez-vous, s’il a été pris au moins 24 h à l’avance (sinon la confirmation vient d’être envoyée). Après une interruption, rattrape les rappels manqués des rendez-vous pas encore commencés ; ceux devenus inutiles sont inscrits « Non envoyé : trop tard ».',
    // docs/domain.md "E-mails": within 24 h of the start; every 15 minutes keeps the notice near 24 h.
    cron: '*/15 * * * *',
    missed: 'once',
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 10 * 60,
    minIntervalMinutes: 5,
    run: async ({ app, now, lastSuccessAt }) => {
      const queued = await queueAppointmentReminders(app, now)
      const late = await logLateReminders(app, now, lastSuccessAt)
      const summary = count(queued, 'rappel confié à l’envoi', 'rappels confiés à l’envoi')
      return late === 0 ? summary : `${summary}, ${count(late, 'trop tard', 'trop tard')}`
    },
  },
  {
    key: 'appointment-reminders-sms',
    name: 'Rappels de RDV par SMS',
    description:
      'Envoie le SMS de rappel aux leads dont le RDV commence dans les 24 heures, une seule fois par RDV, du lundi au vendredi de 8 h à 20 h (heure de Paris), sauf aux numéros qui ont répondu STOP.',
    // Every 15 minutes: a reminder postponed by the quiet hours goes soon after 8 h (docs/domain.md "SMS").
    cron: '*/15 * * * *',
    missed: 'skip',
    retryLimit: 1,
    retryDelaySeconds: 60,
    expireInSeconds: 10 * 60,
    minIntervalMinutes: 5,
    run: async ({ app }) => {
      const done = await sendAppointmentReminders(app, app.sms.now())
      return `${count(done.sent, 'rappel envoyé', 'rappels envoyés')}, ${count(done.refused, 'refusé', 'refusés')}`
    },
  },
]

export function cronDefinition(key: string): CronDefinition | undefined {
  return CRON_CATALOGUE.find((job) => job.key === key)
}
