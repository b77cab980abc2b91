// The French words an extraction file carries (issue #13): its column headers and the statuses as the
// screens name them. They live in the contracts because the server writes them into the file; the
// column picker (src/i18n/fr/extractions.ts) shows the same headers, so what one ticks is what one gets.
import type { LeadStatus, LeadSubstatus } from './lead-statuses.ts'
import type { ExtractionColumn } from './extractions.ts'

export const EXTRACTION_COLUMN_LABELS = {
  id: 'N° du lead',
  firstName: 'Prénom',
  lastName: 'Nom',
  phone: 'Téléphone',
  secondaryPhone: 'Téléphone secondaire',
  email: 'E-mail',
  address: 'Adresse',
  postalCode: 'Code postal',
  city: 'Ville',
  mission: 'Mission',
  market: 'Marché',
  status: 'Statut',
  substatus: 'Sous-statut',
  step: 'Étape',
  integrationMonth: 'Mois d’intégration',
  meetRequestDate: 'Date de demande',
  expirationDate: 'Date d’expiration',
  lastActivity: 'Dernière activité',
  comment: 'Commentaire',
  lastOutcome: 'Dernier tag',
  lastCallDate: 'Dernier appel',
  callCount: 'Nombre d’appels',
  appointmentDate: 'Date du RDV',
  processingUser: 'Traité par',
} as const satisfies Record<ExtractionColumn, string>

// The same words as src/i18n/fr/leads.ts (statuses) and the back office (substatuses).
export const EXTRACTION_STATUS_LABELS = {
  NEW: 'Nouveau',
  IN_PROGRESS: 'En cours',
  RECALL: 'À rappeler',
  APPOINTMENT: 'Rendez-vous',
  NOT_INTERESTED: 'Pas intéressé',
  UNREACHABLE: 'Injoignable',
  WRONG_NUMBER: 'Faux numéro',
} as const satisfies Record<LeadStatus, string>

export const EXTRACTION_SUBSTATUS_LABELS = {
  WAITING_FOR_FORCED_RDV: 'En attente de rendez-vous forcé',
  NO_ANSWER: 'Pas de réponse',
  CALLBACK_REQUESTED: 'Rappel demandé',
  ALREADY_EQUIPPED: 'Déjà équipé',
  TOO_EXPENSIVE: 'Trop cher',
} as const satisfies Record<LeadSubstatus, string>
