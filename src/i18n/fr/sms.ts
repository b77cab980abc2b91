// SMS (issue #15 "SMS"): the words of /backoffice/sms (templates, send log, opt-outs), of the lead
// sheet's SMS panel and of the history's SMS entries. Refusal reasons come from the server, in French.
import type { SmsEncoding, SmsKind, SmsPlaceholder, SmsStatus, SmsTemplateKey } from '../../contracts/sms.ts'
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  backofficeSms: 'SMS',
} as const satisfies Partial<Record<RouteId, string>>

export const smsTemplateNames: Record<SmsTemplateKey, string> = {
  'appointment-confirmation': 'Confirmation de RDV',
  'appointment-reminder': 'Rappel de RDV',
  'missed-call': 'Nous avons essayé de vous joindre',
}

export const smsStatuses: Record<SmsStatus, string> = {
  queued: 'En file d’envoi',
  sent: 'Envoyé',
  delivered: 'Remis',
  failed: 'Échec',
  'refused-opt-out': 'Refusé (STOP)',
  'refused-quiet-hours': 'Refusé (horaires)',
  'refused-limit': 'Refusé (plafond atteint)',
  'refused-country': 'Refusé (pays non autorisé)',
  'refused-number-changed': 'Refusé (numéro modifié récemment)',
}

export const smsKinds: Record<SmsKind, string> = {
  manual: 'Depuis la fiche',
  confirmation: 'Confirmation à la prise de RDV',
  reminder: 'Rappel automatique',
}

export const smsPlaceholderHelp: Record<SmsPlaceholder, string> = {
  prénom: 'Prénom du lead',
  nom: 'Nom du lead',
  mission: 'Nom de la mission',
  date_rdv: 'Date du RDV (« mardi 3 mars »)',
  heure_rdv: 'Heure du RDV (« 14h30 »)',
}

const encodings: Record<SmsEncoding, string> = {
  'GSM-7': 'GSM-7',
  'UCS-2': 'UCS-2 (caractères spéciaux)',
}

/** "142 caractères · 1 SMS · GSM-7". */
export function smsCountLine(count: { characters: number; segments: number; encoding: SmsEncoding }) {
  const characters = `${count.characters} caractère${count.characters > 1 ? 's' : ''}`
  const segments = `${count.segments} SMS`
  return `${characters} · ${segments} · ${encodings[count.encoding]}`
}

export const smsScreen = {
  tabsLabel: 'SMS',
  intro:
    'Les SMS envoyés aux leads : modèles, journal des envois et numéros qui ont répondu STOP. Les SMS partent du lundi au vendredi de 8 h à 20 h (heure de Paris), hors jours fériés, sauf la confirmation d’un RDV que le lead vient de prendre.',
  tabs: { templates: 'Modèles', log: 'Journal des envois', optOuts: 'Désinscriptions (STOP)' },
  loading: 'Chargement…',
  loadFailed: 'Les SMS n’ont pas pu être chargés.',
  editor: {
    label: (name: string) => `Texte du modèle « ${name} »`,
    variables: 'Variables',
    variablesHelp: 'Écrivez une variable entre accolades, par exemple {prénom}.',
    insertGroup: 'Insérer une variable à la fin du texte',
    count: 'Texte brut',
    preview: 'Aperçu avec un lead exemple',
    previewCount: 'Aperçu',
    save: 'Enregistrer',
    restore: 'Revenir au texte par défaut',
    saved: (name: string) => `Modèle « ${name} » enregistré.`,
    staleReload: 'Afficher la version actuelle',
    staleReloaded: 'Version actuelle affichée : vos modifications non enregistrées ont été abandonnées.',
    unchanged: 'Aucune modification.',
    segmentsNote:
      'Un SMS compte 160 caractères GSM-7 (153 par partie au-delà) ou 70 caractères UCS-2 (67 par partie) : un seul caractère hors GSM-7 (Ê, À, ç, emoji…) fait passer tout le texte en UCS-2.',
  },
  log: {
    filters: 'Filtres',
    status: 'Statut',
    template: 'Modèle',
    phone: 'Téléphone',
    all: 'Tous',
    apply: 'Filtrer',
    empty: 'Aucun SMS pour ces filtres.',
    columns: {
      when: 'Date',
      lead: 'Lead',
      phone: 'Téléphone',
      template: 'Modèle',
      status: 'Statut',
      by: 'Envoyé par',
      text: 'Texte',
    },
    automatic: 'Automatique',
    total: (count: number) => `${count} SMS`,
    page: (page: number, pages: number) => `Page ${page} sur ${pages}`,
    previous: 'Page précédente',
    next: 'Page suivante',
  },
  optOuts: {
    empty: 'Aucun numéro n’a répondu STOP.',
    columns: { phone: 'Téléphone', when: 'Date', message: 'Message reçu' },
  },
}

export const leadSms = {
  title: 'Envoyer un SMS',
  template: 'Modèle',
  choose: 'Choisir un modèle',
  preview: 'Texte envoyé',
  send: 'Envoyer le SMS',
  sending: 'Envoi…',
  sent: 'SMS envoyé au lead.',
  to: (phone: string) => `Au ${phone}`,
  toSecondary: (phone: string) => `Au ${phone} (deuxième numéro : le premier n’est pas un mobile)`,
}

export const smsHistory = {
  template: (name: string) => `SMS « ${name} »`,
  status: (status: string) => `Statut à l’envoi : ${status}`,
}

/** The booking form's checkbox (src/features/appointments/appointment-booking.tsx). */
export const bookingSms = {
  label: 'Envoyer la confirmation par SMS',
}
