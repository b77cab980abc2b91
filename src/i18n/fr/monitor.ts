// /dev/monitor (issue #15 "Developer pages"): the words of the live view of the running server.
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  devMonitor: 'Supervision',
} as const satisfies Partial<Record<RouteId, string>>

export const monitorScreen = {
  intro:
    'L’état de ce processus serveur, relu toutes les quelques secondes. Les mêmes mesures sont exposées au format Prometheus sur /api/metrics.',
  loading: 'Lecture des mesures…',
  loadFailed: 'Les mesures n’ont pas pu être lues. Nouvel essai dans quelques secondes.',
  sampledAt: (time: string) => `Mesuré à ${time}`,
  sections: {
    process: 'Processus',
    database: 'Base de données',
    live: 'Temps réel',
    jobs: 'Tâches en file',
  },
  process: {
    pid: 'PID',
    uptime: 'Démarré depuis',
    rss: 'Mémoire (RSS)',
    heap: 'Tas JavaScript utilisé',
    eventLoopLag: 'Retard de la boucle d’événements (p99)',
  },
  database: {
    kind: 'Moteur',
    kinds: { pglite: 'PGlite (intégrée)', postgres: 'PostgreSQL' },
    pool: 'Connexions du pool (utilisées / ouvertes)',
    waiting: 'Requêtes en attente d’une connexion',
    noPool: 'Sans objet : une seule connexion intégrée',
  },
  live: {
    sockets: 'Connexions ouvertes',
    subscriptions: 'Abonnements',
    published: 'Messages du bus publiés par seconde',
    received: 'Messages du bus reçus par seconde',
  },
  jobs: {
    queue: 'File',
    queued: 'En attente',
    active: 'En cours',
    failed: 'En échec',
    none: 'Aucune file.',
    unavailable: 'Le moteur de tâches n’a pas répondu à temps.',
  },
  webhooks: {
    title: 'Webhooks de téléphonie (1 h)',
    count: 'Réceptions traitées',
    p50: 'Délai de traitement médian',
    max: 'Délai de traitement maximal',
    last: 'Dernière réception',
  },
  slowQueries: {
    title: 'Requêtes les plus lentes (1 h, ce processus)',
    shape: 'Requête (sans valeurs)',
    count: 'Exécutions',
    max: 'Plus longue',
    avg: 'Moyenne',
    none: 'Aucune requête mesurée.',
  },
  errors: {
    title: 'Erreurs de la dernière heure (ce processus)',
    total: (n: string) => `${n} réponses en erreur`,
    route: 'Route',
    status: 'Statut',
    count: 'Nombre',
    none: 'Aucune erreur.',
    recent: 'Dernières erreurs inattendues',
    noRecent: 'Aucune erreur inattendue.',
  },
  none: '—',
  megabytes: (value: string) => `${value} Mo`,
  milliseconds: (value: string) => `${value} ms`,
  perSecond: (value: string) => `${value} /s`,
} as const
