// French strings of the missions, markets and configuration screens (issue #12).
import type { CallingRuleKind } from '../../contracts/calling-rules.ts'
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  backofficeConfiguration: 'Configuration',
  backofficeMissions: 'Missions',
  backofficeMarkets: 'Marchés',
} as const satisfies Partial<Record<RouteId, string>>

export const missionsScreen = {
  intro:
    'Les missions regroupent les marchés et les leads. Une mission qui a des leads s’archive ; une mission sans lead peut être supprimée.',
  search: 'Rechercher une mission',
  includeArchived: 'Afficher les missions archivées',
  create: 'Nouvelle mission',
  loading: 'Chargement des missions…',
  loadFailed: 'Impossible de charger les missions.',
  empty: 'Aucune mission pour l’instant : créez la première avec « Nouvelle mission ».',
  emptySearch: 'Aucune mission ne correspond à cette recherche.',
  tableLabel: 'Liste des missions',
  columns: {
    name: 'Mission',
    callProcess: 'Process d’appel',
    markets: 'Marchés',
    leads: 'Leads',
    state: 'État',
  },
  archived: 'Archivée',
  active: 'Active',
  noCallProcess: '(aucun)',
  total: (count: number) => `${count.toLocaleString('fr-FR')} mission${count > 1 ? 's' : ''}`,
  previous: 'Page précédente',
  next: 'Page suivante',
  page: (page: number, pages: number) => `Page ${page} sur ${pages}`,
} as const

export const missionForm = {
  createTitle: 'Nouvelle mission',
  name: 'Nom de la mission',
  color: 'Couleur',
  colorPicker: 'Choisir la couleur',
  colorHex: 'Code couleur (#RRGGBB)',
  colorSample: 'Exemple de texte blanc',
  contrast: (ratio: string, passes: boolean) =>
    `Contraste avec le texte blanc : ${ratio} — ${passes ? 'suffisant (au moins 4,5 : 1)' : 'insuffisant (il faut au moins 4,5 : 1)'}`,
  contrastUnknown: 'Contraste : indiquez une couleur au format #RRGGBB.',
  duration: 'Durée de traitement des leads (jours)',
  durationHint: (days: number) => `Par défaut : ${days} jours (configuration).`,
  /** Issue #29: the next lead's automatic call after a preview. */
  autoCall: 'Appel automatique après (secondes)',
  autoCallHint: (min: number, max: number) =>
    `Vide : l’agent appuie sur « Appeler ». Sinon entre ${min} et ${max} s d’aperçu du lead suivant, annulable par Échap, dans les règles d’appel de la mission.`,
  callProcess: 'Process d’appel',
  noCallProcess: 'Aucun process d’appel',
  archivedCallProcess: (name: string) => `${name} (archivé)`,
  save: 'Enregistrer',
  create: 'Créer la mission',
  created: (name: string) => `Mission « ${name} » créée.`,
  saved: 'Mission enregistrée.',
  failed: 'La mission n’a pas pu être enregistrée.',
} as const

export const callingRulesEditor = {
  legend: 'Règles d’appel',
  kinds: {
    REGULATED:
      'Prospection encadrée (cadre légal : lundi–vendredi 10:00–13:00 et 14:00–20:00, 4 tentatives sur 30 jours, 60 jours sans contact après un refus)',
    CONSENT: 'Consentement prouvé (les horaires de la mission uniquement)',
    CUSTOM: 'Personnalisée (horaires, plafond de tentatives et période sans contact de la mission)',
  } satisfies Record<CallingRuleKind, string>,
  ownHours: 'Horaires d’appel de la mission',
  maxAttempts: 'Tentatives d’appel sur 30 jours (vide : sans plafond)',
  quietDays: 'Jours sans contact après « pas intéressé » (vide : aucun)',
} as const

export const scheduleFields = {
  days: 'Jours',
  dayNames: ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'],
  periods: 'Plages horaires (heure de Paris)',
  start: (n: number) => `Début de la plage ${n}`,
  end: (n: number) => `Fin de la plage ${n}`,
  addPeriod: 'Ajouter une plage',
  removePeriod: (n: number) => `Retirer la plage ${n}`,
  holidays: 'Ouvert les jours fériés',
  timePlaceholder: 'HH:MM',
} as const

export const bannerField = {
  label: 'Bannière',
  hint: 'Image PNG, JPEG ou WebP de 4 Mo au plus ; elle est recadrée en 1200 × 300.',
  choose: 'Choisir une image',
  preview: 'Aperçu de la bannière',
  none: 'Aucune bannière.',
  upload: 'Envoyer la bannière',
  remove: 'Retirer la bannière',
  uploaded: 'Bannière enregistrée.',
  removed: 'Bannière retirée.',
  failed: 'La bannière n’a pas pu être enregistrée.',
  tooLarge: 'Cette image dépasse 4 Mo.',
} as const

export const missionDetail = {
  loading: 'Chargement de la mission…',
  loadFailed: 'Impossible de charger cette mission.',
  close: 'Fermer',
  archivedNotice: 'Cette mission est archivée : restaurez-la pour la modifier.',
  archive: 'Archiver la mission',
  restore: 'Restaurer la mission',
  delete: 'Supprimer la mission',
  archiveTitle: 'Archiver la mission ?',
  archiveText: (name: string, leads: number) =>
    `« ${name} » et ses ${leads.toLocaleString('fr-FR')} lead(s) ne seront plus proposés tant qu’elle est archivée.`,
  restoreTitle: 'Restaurer la mission ?',
  restoreText: (name: string) => `« ${name} » redeviendra modifiable.`,
  deleteTitle: 'Supprimer la mission ?',
  deleteText: (name: string) => `« ${name} » et ses marchés seront supprimés définitivement.`,
  archiveConfirm: 'Archiver',
  restoreConfirm: 'Restaurer',
  deleteConfirm: 'Supprimer',
  cancel: 'Annuler',
  archived: 'Mission archivée.',
  restored: 'Mission restaurée.',
  deleted: 'Mission supprimée.',
  markets: 'Marchés de la mission',
  allMarkets: 'Voir sur la page des marchés',
} as const

export const marketsScreen = {
  intro: 'Les marchés d’une mission et les préfixes de code postal qui y placent les leads importés.',
  mission: 'Mission',
  allMissions: 'Toutes les missions',
  search: 'Rechercher un marché',
  loading: 'Chargement des marchés…',
  loadFailed: 'Impossible de charger les marchés.',
  empty: 'Aucun marché : choisissez une mission puis créez son premier marché.',
  emptyMission: 'Cette mission n’a pas encore de marché : créez-le ci-dessous.',
  tableLabel: 'Liste des marchés',
  columns: {
    name: 'Marché',
    mission: 'Mission',
    prefixes: 'Préfixes postaux',
    leads: 'Leads',
    actions: 'Actions',
  },
  noPrefix: '(aucun)',
  edit: (name: string) => `Modifier ${name}`,
  delete: (name: string) => `Supprimer ${name}`,
  deleteTitle: 'Supprimer le marché ?',
  deleteText: (name: string) => `Le marché « ${name} » sera supprimé définitivement.`,
  deleteConfirm: 'Supprimer',
  cancel: 'Annuler',
  deleted: 'Marché supprimé.',
  total: (count: number) => `${count.toLocaleString('fr-FR')} marché${count > 1 ? 's' : ''}`,
  previous: 'Page précédente',
  next: 'Page suivante',
  page: (page: number, pages: number) => `Page ${page} sur ${pages}`,
} as const

export const marketForm = {
  createTitle: 'Nouveau marché',
  editTitle: (name: string) => `Modifier le marché ${name}`,
  name: 'Nom du marché',
  prefixes: 'Préfixes postaux',
  prefixesHint: 'Séparés par des espaces ou des virgules : 2 à 5 chiffres (75, 921), ou 2A / 2B.',
  create: 'Ajouter le marché',
  save: 'Enregistrer le marché',
  cancel: 'Annuler',
  created: (name: string) => `Marché « ${name} » ajouté.`,
  saved: 'Marché enregistré.',
  failed: 'Le marché n’a pas pu être enregistré.',
  chooseMission: 'Choisissez une mission pour y ajouter un marché.',
} as const

export const configurationScreen = {
  intro: 'Les réglages que l’application lit en base. Chaque modification est enregistrée dans l’historique.',
  loading: 'Chargement de la configuration…',
  loadFailed: 'Impossible de charger la configuration.',
  neverChanged: 'Valeur par défaut, jamais modifiée.',
  save: 'Enregistrer',
  saved: 'Réglage enregistré.',
  failed: 'Le réglage n’a pas pu être enregistré.',
  leadProcessingDurationDays: {
    title: 'Durée de traitement des leads',
    label: 'Durée par défaut d’une nouvelle mission (jours)',
  },
  defaultRecallDelayMinutes: {
    title: 'Délai de rappel par défaut',
    label: 'Délai proposé pour un rappel quand l’issue n’en fixe pas (minutes)',
  },
  releaseCooldownHours: {
    title: 'Lead rendu',
    label: 'Délai avant de reproposer un lead rendu au même agent (heures, 0 : aucun)',
  },
  appointmentSchedule: {
    title: 'Horaires des rendez-vous',
    durationMinutes: 'Durée d’un rendez-vous (minutes)',
    minimumNoticeMinutes: 'Délai minimum avant un rendez-vous (minutes)',
    windowDays: 'Rendez-vous proposés sur (jours)',
  },
  smsLimits: {
    title: 'Plafonds de SMS',
    help: 'SMS envoyés depuis la fiche d’un lead ou avec la confirmation d’un RDV. Au-delà, l’envoi est refusé et le refus noté dans le journal des SMS.',
    perLeadPerDay: 'SMS au plus par lead sur 24 heures',
    perAgentPerHour: 'SMS au plus par utilisateur sur une heure',
  },
  smsCountries: {
    title: 'Pays autorisés pour les SMS',
    help: 'Un SMS vers un numéro d’un autre pays est refusé et le refus noté dans le journal des SMS.',
    territories: 'France',
    others: 'Autres pays (codes ISO à deux lettres séparés par des virgules, par exemple BE, CH)',
    names: {
      FR: 'France métropolitaine',
      GP: 'Guadeloupe',
      MQ: 'Martinique',
      GF: 'Guyane',
      RE: 'La Réunion',
      YT: 'Mayotte',
      PM: 'Saint-Pierre-et-Miquelon',
      BL: 'Saint-Barthélemy',
      MF: 'Saint-Martin',
      WF: 'Wallis-et-Futuna',
      PF: 'Polynésie française',
      NC: 'Nouvelle-Calédonie',
    },
  },
} as const
