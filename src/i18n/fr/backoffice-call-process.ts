// French strings of the call-process list and editor (issue #12 "Call processes"). Imported by those
// screens only, so neither the entry chunk nor the agent screens carry them.
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  backofficeCallProcesses: 'Process d’appel',
  backofficeCallProcess: 'Process d’appel',
} as const satisfies Partial<Record<RouteId, string>>

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('fr-FR')} ${count > 1 ? many : one}`

export const callProcessList = {
  intro:
    'Les étapes que suivent les téléopérateurs : le script de chaque étape et les issues (tags) qui font avancer le lead.',
  create: 'Nouveau process d’appel',
  search: 'Rechercher un process d’appel',
  includeArchived: 'Afficher les process d’appel archivés',
  tableLabel: 'Liste des process d’appel',
  pagesLabel: 'Pages de la liste des process d’appel',
  columns: {
    name: 'Nom',
    steps: 'Étapes',
    missions: 'Missions',
    leads: 'Leads en cours',
    status: 'Statut',
    actions: 'Actions',
  },
  noMission: 'Aucune',
  archived: 'Archivé',
  active: 'Actif',
  open: (name: string) => `Ouvrir le process d’appel ${name}`,
  duplicate: 'Dupliquer',
  duplicateLabel: (name: string) => `Dupliquer ${name}`,
  archive: 'Archiver',
  archiveLabel: (name: string) => `Archiver ${name}`,
  restore: 'Restaurer',
  restoreLabel: (name: string) => `Restaurer ${name}`,
  loading: 'Chargement des process d’appel…',
  loadFailed: 'La liste des process d’appel n’a pas pu être chargée.',
  empty: 'Aucun process d’appel pour l’instant. Créez le premier avec le bouton « Nouveau process d’appel ».',
  emptySearch: 'Aucun process d’appel ne correspond à cette recherche. Modifiez la recherche ou créez-le.',
  page: (page: number, pages: number) => `Page ${page} sur ${pages}`,
  previous: 'Page précédente',
  next: 'Page suivante',
  total: (total: number) => plural(total, 'process d’appel', 'process d’appel'),
  duplicateTitle: 'Dupliquer le process d’appel',
  duplicateText: (name: string) =>
    `Une copie de « ${name} » avec les mêmes étapes et issues, sans mission ni lead.`,
  duplicateName: 'Nom de la copie',
  duplicateDefault: (name: string) => `${name} (copie)`,
  duplicateConfirm: 'Dupliquer',
  duplicated: (name: string) => `Process d’appel « ${name} » créé.`,
  duplicateFailed: 'Le process d’appel n’a pas pu être dupliqué.',
  archiveTitle: 'Archiver le process d’appel ?',
  archiveText: (name: string, missions: number) =>
    missions === 0
      ? `« ${name} » ne sera plus proposé aux missions. Vous pourrez le restaurer.`
      : `« ${name} » ne sera plus proposé aux nouvelles missions ; ${plural(missions, 'mission l’utilise', 'missions l’utilisent')} encore. Vous pourrez le restaurer.`,
  restoreTitle: 'Restaurer le process d’appel ?',
  restoreText: (name: string) => `« ${name} » sera de nouveau proposé aux missions.`,
  archiveConfirm: 'Archiver',
  restoreConfirm: 'Restaurer',
  cancel: 'Annuler',
  archivedDone: 'Process d’appel archivé.',
  restoredDone: 'Process d’appel restauré.',
} as const

export const callProcessEditor = {
  newTitle: 'Nouveau process d’appel',
  back: 'Retour à la liste des process d’appel',
  loading: 'Chargement du process d’appel…',
  loadFailed: 'Ce process d’appel n’a pas pu être chargé.',
  tagsLoading: 'Chargement du catalogue des tags…',
  tagsFailed: 'Le catalogue des tags n’a pas pu être chargé.',
  noTags: 'Le catalogue ne propose aucun tag : créez d’abord les tags dans « Tags ».',
  archivedNotice: 'Ce process d’appel est archivé : restaurez-le depuis la liste pour le modifier.',
  usedBy: (names: string) => `Utilisé par : ${names}.`,
  unused: 'Aucune mission n’utilise ce process d’appel.',
  name: 'Nom du process d’appel',
  stepsTitle: 'Étapes',
  stepsHint:
    'Glissez une étape par sa poignée, ou utilisez « Monter » et « Descendre ». Au clavier : Espace sur la poignée, flèches, puis Espace.',
  noSteps: 'Aucune étape : ajoutez la première avec « Ajouter une étape ».',
  addStep: 'Ajouter une étape',
  newStepTitle: (number: number) => `Étape ${number}`,
  stepHeading: (number: number, title: string) => (title ? `Étape ${number} – ${title}` : `Étape ${number}`),
  stepRegion: (number: number) => `Étape ${number}`,
  stepLeads: (count: number) => plural(count, 'lead à cette étape', 'leads à cette étape'),
  dragHandle: (number: number) => `Déplacer l’étape ${number}`,
  moveUp: 'Monter',
  moveUpLabel: (number: number) => `Monter l’étape ${number}`,
  moveDown: 'Descendre',
  moveDownLabel: (number: number) => `Descendre l’étape ${number}`,
  removeStep: 'Supprimer l’étape',
  removeStepLabel: (number: number) => `Supprimer l’étape ${number}`,
  stepTitle: 'Titre de l’étape',
  script: 'Script lu par le téléopérateur',
  insertTitle: 'Insérer un champ',
  insert: (label: string) => `Insérer ${label}`,
  preview: 'Aperçu pour le téléopérateur',
  previewHint: 'Avec un lead d’exemple : Jeanne Dupont, Lyon.',
  previewEmpty: 'Le script est vide.',
  outcomesTitle: 'Issues',
  outcomeTag: 'Tag',
  chooseTag: '— Choisir un tag —',
  tagRequired: 'Choisissez un tag.',
  retiredTag: (label: string) => `${label} (retiré)`,
  nextStep: 'Étape suivante',
  stay: 'Rester à cette étape',
  goTo: (number: number, title: string) => (title ? `Étape ${number} – ${title}` : `Étape ${number}`),
  removedStep: '— Étape supprimée : choisissez —',
  addOutcome: 'Ajouter une issue',
  removeOutcome: 'Retirer l’issue',
  removeOutcomeLabel: (index: number) => `Retirer l’issue ${index}`,
  effects: {
    status: (status: string) => `Statut : ${status}`,
    statusUnchanged: 'Statut inchangé',
    endsProcessing: 'Termine le traitement',
    recall: (minutes: number) => `Rappel dans ${recallDelay(minutes)}`,
    asksRecallDate: 'Date de rappel demandée',
    appointment: 'Rendez-vous requis',
    /** Issue #29: recorded without a call, earning nothing then. */
    withoutCall: 'Sans appel',
    points: (points: number) => plural(points, 'point d’expérience', 'points d’expérience'),
  },
  save: 'Enregistrer',
  create: 'Créer le process d’appel',
  saved: 'Process d’appel enregistré.',
  created: (name: string) => `Process d’appel « ${name} » créé.`,
  failed: 'Le process d’appel n’a pas pu être enregistré.',
  invalid: 'Le process d’appel n’est pas enregistré : corrigez les champs signalés.',
  staleReload: 'Afficher la version actuelle',
  staleReloaded: 'Version actuelle affichée : vos modifications non enregistrées ont été abandonnées.',
  strandedTitle: 'Des leads n’ont pas de destination',
  strandedIntro: 'Choisissez l’étape où vont les leads des étapes supprimées, puis enregistrez de nouveau.',
  strandedStep: (number: number, title: string, leads: number | null) =>
    `Ancienne étape ${number}${title ? ` « ${title} »` : ''}${leads ? ` : ${plural(leads, 'lead', 'leads')}` : ''}`,
  destination: 'Étape de destination',
  chooseDestination: '— Choisir une étape —',
  reassignTitle: 'Où vont les leads de cette étape ?',
  reassignText: (number: number, leads: number) =>
    `${plural(leads, 'lead est', 'leads sont')} à l’étape ${number}. Choisissez l’étape où ${leads > 1 ? 'ils iront' : 'il ira'} à l’enregistrement.`,
  reassignRequired: 'Choisissez l’étape de destination.',
  reassignConfirm: 'Supprimer l’étape',
  reassignNote: (count: number, number: number, title: string) =>
    `${plural(count, 'lead ira', 'leads iront')} à l’étape ${number}${title ? ` « ${title} »` : ''} à l’enregistrement.`,
  cancel: 'Annuler',
  leaveTitle: 'Quitter sans enregistrer ?',
  leaveText: 'Les modifications de ce process d’appel ne sont pas enregistrées et seront perdues.',
  leaveConfirm: 'Quitter sans enregistrer',
  leaveCancel: 'Rester sur la page',
  announcements: {
    start: (number: number) => `Étape ${number} saisie.`,
    over: (from: number, to: number | null) =>
      to === null
        ? `L’étape ${from} n’est plus au-dessus d’une position.`
        : `Étape ${from} : position ${to}.`,
    end: (from: number, to: number | null) =>
      to === null ? `Étape ${from} déposée.` : `Étape ${from} déposée en position ${to}.`,
    cancel: (from: number) => `Déplacement annulé : l’étape ${from} reste en place.`,
    instructions:
      'Pour déplacer une étape, appuyez sur Espace ou Entrée sur sa poignée, utilisez les flèches haut et bas, puis Espace ou Entrée pour la déposer, Échap pour annuler.',
    moved: (from: number, to: number) => `Étape ${from} déplacée en position ${to}.`,
  },
} as const

/** A recall delay in words: minutes, hours or days. */
function recallDelay(minutes: number): string {
  if (minutes % 1440 === 0) return plural(minutes / 1440, 'jour', 'jours')
  if (minutes % 60 === 0) return plural(minutes / 60, 'heure', 'heures')
  return plural(minutes, 'minute', 'minutes')
}

export const substatuses: Record<string, string> = {
  WAITING_FOR_FORCED_RDV: 'En attente de rendez-vous forcé',
  NO_ANSWER: 'Pas de réponse',
  CALLBACK_REQUESTED: 'Rappel demandé',
  ALREADY_EQUIPPED: 'Déjà équipé',
  TOO_EXPENSIVE: 'Trop cher',
}

/** The placeholders offered as buttons, inserted as `[name]` (the agent sheet's syntax). */
export const scriptInserts = [
  { label: 'le prénom du client', placeholder: 'prénom' },
  { label: 'le nom du client', placeholder: 'nom' },
  { label: 'la ville', placeholder: 'ville' },
  { label: 'le code postal', placeholder: 'code postal' },
  { label: 'la mission', placeholder: 'mission' },
  { label: 'le marché', placeholder: 'marché' },
  { label: 'votre prénom', placeholder: 'votre prénom' },
] as const

/** The sample reader and lead of the script preview. */
export const previewSample = {
  reader: { firstName: 'Camille', lastName: 'Martin' },
  lead: {
    firstName: 'Jeanne',
    lastName: 'Dupont',
    city: 'Lyon',
    postalCode: '69003',
    market: { name: 'Lyon Est', mission: { name: 'Mission exemple' } },
  },
} as const
