// French strings of the teleoperator timeline (issue #14, /activity/teleops-timeline). Imported by its
// feature only (a lazy route).
import type { LeadStatus } from '../../contracts/lead-statuses.ts'
import type { TimelineEvent, TimelineSegmentKind } from '../../contracts/timeline.ts'
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  activityTeleopsTimeline: 'Chronologie des téléopérateurs',
} as const satisfies Partial<Record<RouteId, string>>

export const timelineScreen = {
  filtersLabel: 'Agent et journée',
  agent: 'Agent',
  chooseAgent: 'Choisir un agent…',
  inactive: (name: string) => `${name} (désactivé)`,
  day: 'Jour',
  previousDay: 'Jour précédent',
  nextDay: 'Jour suivant',
  today: 'Aujourd’hui',
  search: 'Rechercher (nom du lead, téléphone, tag)',
  pickAgent: 'Choisissez un agent pour voir sa journée.',
  agentsFailed: 'La liste des agents n’a pas pu être chargée.',
  loading: 'Chargement de la journée…',
  loadFailed: 'La journée n’a pas pu être chargée.',
  dayOf: (name: string, day: string) => `Journée de ${name}, ${day}`,
  barTitle: 'La journée en un coup d’œil',
  barEmpty: 'Aucune activité ce jour-là.',
  eventsTitle: 'Événements',
  eventsCount: (shown: number, total: number, searching: boolean) =>
    searching
      ? `${shown} événement${shown > 1 ? 's' : ''} sur ${total} correspond${shown > 1 ? 'ent' : ''} à la recherche`
      : `${total} événement${total > 1 ? 's' : ''}`,
  noEvent: 'Aucun événement ce jour-là.',
  noMatch: 'Aucun événement ne correspond à la recherche.',
  hiddenLead: 'Lead hors de vos missions',
  openLead: (name: string) => `Ouvrir la fiche de ${name}`,
} as const

/** The day bar's legend and its text summary (the bar itself is decorative). */
export const dayBarText = {
  legendLabel: 'Légende',
  hour: (hour: number) => `${String(hour).padStart(2, '0')} h`,
  segments: {
    call: 'Appel',
    sheet: 'Sur une fiche lead',
    idle: 'Temps mort',
  } satisfies Record<TimelineSegmentKind, string>,
  idleLegend: (minutes: number) => `Temps mort (${minutes} min ou plus sans activité)`,
  unansweredCall: 'Appel sans réponse',
  summary: (parts: {
    first: string
    last: string
    calls: number
    answered: number
    talk: string
    sheets: string
    idle: string
    idleGaps: number
    tags: number
    appointments: number
  }) =>
    `De ${parts.first} à ${parts.last} : ${parts.calls} appel${parts.calls > 1 ? 's' : ''} ` +
    `(${parts.answered} décroché${parts.answered > 1 ? 's' : ''}, ${parts.talk} de conversation), ` +
    `${parts.sheets} sur des fiches lead, ${parts.idleGaps} temps mort${parts.idleGaps > 1 ? 's' : ''} ` +
    `(${parts.idle}), ${parts.tags} tag${parts.tags > 1 ? 's' : ''}, ` +
    `${parts.appointments} RDV pris.`,
} as const

const statuses: Record<LeadStatus, string> = {
  NEW: 'Nouveau',
  IN_PROGRESS: 'En cours',
  RECALL: 'À rappeler',
  APPOINTMENT: 'Rendez-vous',
  NOT_INTERESTED: 'Pas intéressé',
  UNREACHABLE: 'Injoignable',
  WRONG_NUMBER: 'Faux numéro',
}

type Formatters = { duration: (seconds: number) => string; slot: (iso: string) => string }

/** The event's title and what it says more, in words. */
export function eventWords(
  event: TimelineEvent,
  format: Formatters,
): { title: string; detail: string | null } {
  switch (event.kind) {
    case 'signed-in':
      return { title: 'Connexion', detail: null }
    case 'signed-out':
      return {
        title: event.detail === 'logout' || event.detail === null ? 'Déconnexion' : 'Fin de session',
        detail:
          event.detail === 'expired'
            ? 'Session expirée (inactivité ou durée maximale)'
            : event.detail === 'ended'
              ? 'Sessions fermées par un administrateur'
              : event.detail === 'switched'
                ? 'Un autre utilisateur s’est connecté sur ce poste'
                : null,
      }
    case 'lead-taken':
      return {
        title: 'Lead pris',
        detail: event.detail === 'pick' ? 'Choisi dans la recherche' : 'Lead suivant de la file',
      }
    case 'lead-released':
      return event.detail === 'handed-back'
        ? { title: 'Lead rendu', detail: event.text ? `Motif : ${event.text}` : null }
        : { title: 'Lead libéré', detail: 'Désassigné' }
    case 'sheet-viewed':
      return {
        title: 'Fiche consultée',
        detail: event.durationSeconds === null ? null : `Pendant ${format.duration(event.durationSeconds)}`,
      }
    case 'call-started':
      return { title: event.direction === 'inbound' ? 'Appel entrant' : 'Appel sortant lancé', detail: null }
    case 'call-answered':
      return { title: 'Appel décroché', detail: null }
    case 'call-ended':
      return {
        title: 'Appel terminé',
        detail:
          event.talkSeconds === null
            ? `Sans réponse, ${format.duration(event.durationSeconds ?? 0)}`
            : `Durée ${format.duration(event.durationSeconds ?? 0)}, dont ${format.duration(event.talkSeconds)} de conversation`,
      }
    case 'tag':
      return {
        title: `Tag : ${event.outcome?.label ?? ''}`,
        detail: event.outcome ? `Statut ${statuses[event.outcome.status]}` : null,
      }
    case 'appointment':
      return {
        title: event.detail === 'moved' ? 'RDV déplacé' : 'RDV pris',
        detail: event.appointmentAt ? `Pour le ${format.slot(event.appointmentAt)}` : null,
      }
    case 'comment':
      return {
        title: event.text ? 'Commentaire' : 'Commentaire effacé',
        detail: event.text ? `« ${event.text} »` : null,
      }
  }
}
