// /backoffice/crons (issue #15 "Scheduled jobs"): the words of the scheduled jobs' screen. The jobs'
// names, descriptions, schedules in words and run summaries come from the server, in French.
import type { CronOutcome, CronTrigger } from '../../contracts/crons.ts'
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  backofficeCrons: 'Tâches planifiées',
} as const satisfies Partial<Record<RouteId, string>>

export const cronsScreen = {
  intro:
    'Le travail que le serveur fait de lui-même, à heure fixe (heure de Paris). Chaque occurrence tourne une seule fois, même avec plusieurs serveurs. Une tâche en pause ne tourne plus à son heure, mais peut toujours être lancée à la main.',
  loading: 'Chargement des tâches planifiées…',
  loadFailed: 'Les tâches planifiées n’ont pas pu être chargées.',
  schedule: 'Planification',
  nextRun: 'Prochaine exécution',
  nextRunPaused: 'Aucune : la tâche est en pause',
  nextRunUnknown: 'Inconnue',
  paused: 'En pause',
  failing: 'En échec',
  failingSince: (when: string) =>
    `Trois échecs de suite, depuis le ${when}. Les administrateurs ont été prévenus.`,
  pause: 'Mettre en pause',
  resume: 'Reprendre',
  runNow: 'Lancer maintenant',
  edit: 'Modifier la planification',
  pausedNotice: (name: string) => `« ${name} » est en pause.`,
  resumedNotice: (name: string) => `« ${name} » reprend à son heure.`,
  queuedNotice: (name: string) => `« ${name} » va tourner dans quelques secondes.`,
  /** Issue #30: a job never overlaps itself, so the asked run waits for the one in progress. */
  queuedAfterRunning: (name: string) =>
    `« ${name} » tourne déjà : la nouvelle exécution démarrera dès la fin de celle en cours.`,
  runs: 'Dernières exécutions',
  noRuns: 'Aucune exécution enregistrée.',
  columns: {
    start: 'Début',
    duration: 'Durée',
    trigger: 'Déclenchement',
    outcome: 'Résultat',
    detail: 'Détail',
  },
  triggers: { schedule: 'Planifiée', manual: 'À la main' } satisfies Record<CronTrigger, string>,
  outcomes: {
    running: 'En cours',
    ok: 'Réussie',
    failed: 'Échec',
    abandoned: 'Abandonnée',
  } satisfies Record<CronOutcome, string>,
  /** Issue #30: a run whose process died, given up by the job engine; the next run took over. */
  abandoned: (process: string | null) =>
    process ? `Abandonnée (processus ${process} arrêté)` : 'Abandonnée (processus arrêté)',
  /** `350 ms`, `12 s`, `2 min 05 s`. */
  duration: (ms: number | null) => {
    if (ms === null) return '—'
    if (ms < 1000) return `${ms} ms`
    const seconds = Math.round(ms / 1000)
    if (seconds < 60) return `${seconds} s`
    return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`
  },
} as const

export const cronScheduleDialog = {
  title: (name: string) => `Planification de « ${name} »`,
  field: 'Expression cron (minute heure jour mois jour-de-semaine)',
  hint: 'Heure de Paris. Exemples : « 0 7 * * * » tous les jours à 7 h, « 30 3 * * 1 » le lundi à 3 h 30, « */10 * * * * » toutes les 10 minutes.',
  defaultIs: (cron: string) => `Planification par défaut : ${cron}`,
  restoreDefault: 'Revenir à la planification par défaut',
  reads: 'Se lit :',
  nextRuns: 'Cinq prochaines exécutions',
  previewLoading: 'Calcul des prochaines exécutions…',
  cancel: 'Annuler',
  save: 'Enregistrer',
  saved: (name: string) => `Nouvelle planification de « ${name} » enregistrée.`,
  failed: 'La planification n’a pas pu être enregistrée.',
} as const
