// The history panels' French (issue #31): a label for every field the audit trail writes
// (tests/docs/audit-fields.test.ts reads the server's snapshots and checks each has one), and each
// value as a person reads it — enum codes in words, JSON hours and settings spelt out, booleans as
// oui / non — never `REGULATED`, raw JSON or a key name.
import type { AuditEntity, AuditSnapshot } from '../../contracts/audit.ts'
import type { LeadStatus, LeadSubstatus } from '../../contracts/lead-statuses.ts'

/** The label of each audited field, keyed by the snapshot's key. */
export const auditFieldLabels: Record<string, string> = {
  name: 'Nom',
  archived: 'Archivé',
  members: 'Membres',
  member: 'Membre',
  isManager: 'Manager',
  user: 'Utilisateur',
  team: 'Équipe',
  teams: 'Équipes',
  missions: 'Missions',
  mission: 'Mission',
  // Missions, markets, configuration.
  color: 'Couleur',
  banner: 'Bannière',
  leadProcessingDurationDays: 'Durée de traitement (jours)',
  callProcess: 'Process d’appel',
  callingRule: 'Règle d’appel',
  callingHours: 'Horaires d’appel',
  maxCallAttempts: 'Tentatives sur 30 jours',
  quietDays: 'Jours sans contact',
  autoCallDelaySeconds: 'Appel automatique (secondes)',
  postalCodePrefixes: 'Préfixes postaux',
  key: 'Paramètre',
  value: 'Valeur',
  // Users.
  firstName: 'Prénom',
  lastName: 'Nom de famille',
  email: 'E-mail',
  role: 'Rôle',
  status: 'Statut',
  aircallId: 'Compte Aircall',
  // Tags and call processes.
  label: 'Libellé',
  substatus: 'Sous-statut',
  endsProcessing: 'Termine le traitement',
  requiresAppointment: 'Demande un rendez-vous',
  asksRecallDate: 'Demande la date de rappel',
  withoutCall: 'Sans appel',
  recallDelayMinutes: 'Délai de rappel (minutes)',
  experiencePoints: 'Points d’expérience',
  retired: 'Retiré',
  steps: 'Étapes',
  movedLeads: 'Leads déplacés',
  duplicatedFrom: 'Dupliqué de',
  // Imports and extractions.
  fileName: 'Fichier',
  fileSize: 'Taille (octets)',
  rows: 'Lignes',
  state: 'État',
  deleted: 'Leads supprimés',
  kept: 'Leads gardés (déjà travaillés)',
  format: 'Format',
  columns: 'Colonnes',
  headerLine: 'Ligne d’en-tête',
  headers: 'En-têtes',
  // Scheduled jobs, webhooks, templates, mails.
  cron: 'Planification',
  paused: 'En pause',
  webhookId: 'Webhook',
  url: 'Adresse',
  events: 'Événements',
  subject: 'Objet',
  html: 'Contenu HTML',
  text: 'Contenu texte',
  body: 'Texte',
  template: 'Modèle',
  to: 'Destinataire',
  copy: 'Nouvel envoi n°',
}

/**
 * The lead statuses and substatuses as src/i18n/fr/leads.ts and backoffice-tags.ts write them (kept here
 * so the back-office chunks do not load those files; audit-values.test.ts checks they are the same).
 */
export const auditLeadStatuses: Record<LeadStatus, string> = {
  NEW: 'Nouveau',
  IN_PROGRESS: 'En cours',
  RECALL: 'À rappeler',
  APPOINTMENT: 'Rendez-vous',
  NOT_INTERESTED: 'Pas intéressé',
  UNREACHABLE: 'Injoignable',
  WRONG_NUMBER: 'Faux numéro',
}
export const auditSubstatuses: Record<LeadSubstatus, string> = {
  WAITING_FOR_FORCED_RDV: 'En attente de rendez-vous forcé',
  NO_ANSWER: 'Pas de réponse',
  CALLBACK_REQUESTED: 'Rappel demandé',
  ALREADY_EQUIPPED: 'Déjà équipé',
  TOO_EXPENSIVE: 'Trop cher',
}

/** Enum codes in words, by field (and by entity where one field name means two things). */
const codes: Record<string, Record<string, string>> = {
  role: { ADMIN: 'Administrateur', MANAGER: 'Manager', TELEOPERATOR: 'Téléopérateur' },
  userStatus: { ACTIVE: 'Actif', INACTIVE: 'Inactif' },
  status: auditLeadStatuses,
  substatus: auditSubstatuses,
  callingRule: { REGULATED: 'Prospection encadrée', CONSENT: 'Consentement prouvé', CUSTOM: 'Personnalisée' },
  state: {
    uploaded: 'Fichier reçu',
    analysing: 'Analyse en cours',
    ready: 'Prêt à importer',
    queued: 'En attente',
    running: 'En cours',
    done: 'Terminé',
    failed: 'Échoué',
    cancelled: 'Annulé',
    undone: 'Défait',
  },
  template: {
    welcome: 'Bienvenue',
    'password-reset': 'Mot de passe oublié',
    'appointment-confirmation': 'Confirmation de rendez-vous',
    'appointment-reminder': 'Rappel de rendez-vous',
  },
  key: {
    leadProcessingDurationDays: 'Durée de traitement des leads',
    appointmentSchedule: 'Horaires des rendez-vous',
    defaultRecallDelayMinutes: 'Délai de rappel par défaut',
    smsLimits: 'Limites des SMS',
    smsCountries: 'Pays autorisés pour les SMS',
    releaseCooldownHours: 'Délai avant de reproposer un lead rendu',
  },
}

const DAYS = ['lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.', 'dim.']

/** Settings' inner names, for a JSON value spelt out (« durée : 60 »). */
const innerNames: Record<string, string> = {
  days: 'jours',
  periods: 'plages',
  holidays: 'jours fériés',
  durationMinutes: 'durée (minutes)',
  minimumNoticeMinutes: 'délai minimum (minutes)',
  windowDays: 'période (jours)',
  perLeadPerDay: 'par lead sur 24 h',
  perAgentPerHour: 'par agent sur 60 min',
}

function spelt(value: unknown): string {
  if (value === true) return 'oui'
  if (value === false) return 'non'
  if (value === null || value === undefined) return '(aucun)'
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'number' && item >= 1 && item <= 7))
      return value.map((day: number) => DAYS[day - 1]).join(', ')
    return value.map(spelt).join(', ')
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>
    if (typeof record.start === 'string' && typeof record.end === 'string')
      return `${record.start}–${record.end}`
    return Object.entries(record)
      .map(([key, inner]) => `${innerNames[key] ?? key} : ${spelt(inner)}`)
      .join(' ; ')
  }
  return String(value)
}

/** A JSON text written by the server (hours, a setting's value), spelt out; other text as it is. */
function fromJson(text: string): string {
  if (!/^[[{]/.test(text)) return text
  try {
    return spelt(JSON.parse(text))
  } catch {
    return text
  }
}

/** The label of an audited field; an unknown one shows as the generic « Valeur ». */
export function auditFieldLabel(field: string): string {
  return auditFieldLabels[field] ?? auditFieldLabels.value!
}

/** A value of an audit entry as a person reads it. */
export function auditValue(
  entity: AuditEntity,
  field: string,
  value: AuditSnapshot[string] | undefined,
): string {
  if (value === true) return 'oui'
  if (value === false) return 'non'
  if (value === null || value === undefined || value === '')
    // A tag without a status leaves the lead's as it is (issue #31).
    return entity === 'tag' && field === 'status' ? 'Inchangé' : '(aucun)'
  if (typeof value === 'number') return value.toLocaleString('fr-FR')
  const table = codes[entity === 'user' && field === 'status' ? 'userStatus' : field]
  return table?.[value] ?? fromJson(value)
}
