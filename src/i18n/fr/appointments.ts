// French strings of appointment booking.
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  leadAppointment: 'Prise de rendez-vous',
} as const satisfies Partial<Record<RouteId, string>>

/** Booking an appointment for a lead (`/lead/{uuid}/appointment`, docs/domain.md "Appointments"). */
export const appointment = {
  title: (name: string) => `Rendez-vous pour ${name}`,
  /** What the browser tab names, before the screen's title. */
  subject: (name: string) => `Rendez-vous de ${name}`,
  agenda: (mission: string) => `Agenda de la mission ${mission}`,
  // Issue #15: the booking's confirmation e-mail to the lead.
  confirmByEmail: 'Envoyer la confirmation par e-mail',
  rules: (minutes: number) =>
    `Créneaux libres de ${minutes} minutes sur les 3 prochaines semaines, du lundi au vendredi, ` +
    'heure de Paris.',
  current: 'Rendez-vous actuel',
  currentSlot: (slot: string) => `Le ${slot}`,
  bookedBy: (name: string) => `Fixé par ${name}`,
  noCurrent: 'Aucun rendez-vous n’est encore fixé pour ce lead.',
  slots: 'Créneaux disponibles',
  dayFull: 'Complet',
  noSlots: 'Aucun créneau libre sur les 3 prochaines semaines.',
  chosen: (slot: string) => `Créneau choisi : le ${slot}.`,
  chooseSlot: 'Choisissez un créneau.',
  book: 'Confirmer le rendez-vous',
  move: 'Déplacer le rendez-vous',
  booked: (slot: string) => `Rendez-vous fixé le ${slot}.`,
  readOnly:
    'Seul l’utilisateur qui traite ce lead, ou un manager, peut fixer son rendez-vous. ' +
    'Après un « RDV pris », son auteur peut encore le déplacer pendant 30 minutes.',
  /** Issue #29 point 3: the outcome chosen on the sheet is recorded with this booking. */
  pendingOutcome: (label: string) =>
    `L’issue « ${label} » sera enregistrée avec le rendez-vous. ` +
    'Sans créneau confirmé, le lead reste à vous et son issue reste à enregistrer.',
  /** Issue #29 point 3 review: another tab changed the outcome pending since the page opened. */
  pendingChanged:
    'L’issue à enregistrer avec ce rendez-vous a changé dans un autre onglet : aucun créneau n’est réservé. ' +
    'Rechargez la page pour continuer avec l’issue actuelle.',
  backToLead: 'Retour à la fiche du lead',
} as const
