// French strings of leads: statuses, the home search, the lead sheet.
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  lead: 'Fiche lead',
} as const satisfies Partial<Record<RouteId, string>>

export const leads = {
  /** Spec §7 "Leads" statuses, as the screens show them. */
  statuses: {
    NEW: 'Nouveau',
    IN_PROGRESS: 'En cours',
    RECALL: 'À rappeler',
    APPOINTMENT: 'Rendez-vous',
    NOT_INTERESTED: 'Pas intéressé',
    UNREACHABLE: 'Injoignable',
    WRONG_NUMBER: 'Faux numéro',
  },
  home: {
    processLead: 'Traiter un lead',
    searchLabel: 'Rechercher un lead',
    searchHint: 'Nom, téléphone, e-mail ou numéro du lead.',
    searchDuringCall: 'La recherche est impossible pendant un appel : terminez-le d’abord.',
    searching: 'Recherche…',
    noResults: 'Aucun lead ne correspond à cette recherche.',
    resultsCount: (count: number, capped: boolean) =>
      capped
        ? `Plus de ${count.toLocaleString('fr-FR')} résultats : précisez la recherche`
        : `${count.toLocaleString('fr-FR')} résultat${count > 1 ? 's' : ''}`,
    resultsLabel: 'Résultats de la recherche',
    pick: 'Prendre',
    pickLabel: (name: string) => `Prendre ${name}`,
    heldTitle: 'Votre lead en cours',
    heldLink: 'Ouvrir la fiche du lead en cours',
    nothingHeld: 'Vous n’avez aucun lead en cours de traitement.',
    columns: {
      name: 'Nom',
      phone: 'Téléphone',
      mission: 'Mission',
      status: 'Statut',
      holder: 'Traitement',
      expiry: 'Échéance',
      action: 'Action',
    },
    /** Issue #11: the prefix rule found nothing, these are the closest names. */
    approximate: 'Résultats approchants : aucun nom ne commence ainsi, voici les plus proches.',
    openLabel: (name: string) => `Ouvrir la fiche de ${name}`,
    heldBy: (name: string) => `Pris par ${name}`,
    heldSince: (date: string) => `depuis le ${date}`,
    free: 'Libre',
    recallAt: (date: string) => `Rappel le ${date}`,
    expiresOn: (date: string) => `Jusqu’au ${date}`,
    expired: 'Expiré',
    /** Why « Prendre » is not offered (server/domain/leads/pick-rule.ts, PICK_REFUSALS). */
    pickRefusals: {
      NOT_CALL_CAPABLE: 'Réservé aux téléopérateurs et managers actifs',
      HELD_BY_YOU: 'Vous traitez déjà ce lead',
      HELD: 'Déjà pris par un autre agent',
      CLOSED: 'Lead clos',
      WAITING_FOR_FORCED_RDV: 'En attente d’un rendez-vous fixé par un manager',
      EXPIRED: 'Délai de traitement dépassé',
      NOT_IN_MISSION: 'Hors de vos missions',
      MISSION_ARCHIVED: 'Mission archivée',
      OUTSIDE_CALLING_HOURS: 'Hors des horaires d’appel de la mission',
      QUIET_PERIOD: 'A refusé les appels : délai sans contact en cours',
      CALL_ATTEMPTS_CAP: 'Nombre maximal d’appels atteint sur 30 jours',
      ONGOING_CALL: 'Terminez d’abord votre appel en cours',
      UNTAGGED_CALL: 'Enregistrez d’abord le résultat de votre dernier appel',
      UNFINISHED_PROCESSING_LEAD: 'Terminez d’abord votre lead en cours',
    },
  },
  sheet: {
    /** Issue #29: the confirmation of an outcome that released the lead. */
    outcomeRecorded: (label: string) => `Issue enregistrée : ${label}.`,
    /** Issue #29: the next lead is called by itself after its preview. */
    autoCallIn: (seconds: number) => `Appel automatique dans ${seconds} s`,
    autoCallCancel: 'Annuler l’appel automatique (Échap)',
    autoCallCancelled: 'Appel automatique annulé.',
    contact: 'Contact',
    phone: 'Téléphone',
    secondaryPhone: 'Second téléphone',
    email: 'E-mail',
    address: 'Adresse',
    mission: 'Mission',
    status: 'Statut',
    bannerAlt: (mission: string) => `Bannière de la mission ${mission}`,
    step: (step: number, max: number) => `Étape ${step} / ${max}`,
    noScript: 'Aucun process d’appel pour cette mission.',
    call: 'Appeler',
    /** Read after « Appeler » by assistive technology on the second phone's button. */
    callSecondarySuffix: 'le second téléphone',
    /** Issue #11: why Appeler is off for a call-capable user without Aircall account. */
    noAircallLink:
      'Compte Aircall non relié : demandez à un administrateur de relier votre compte Aircall (fiche utilisateur), puis rechargez la page.',
    /** Issue #29: why Appeler is off during a call. */
    callInProgress: 'Un appel est en cours : terminez-le avant d’en passer un autre.',
    outcome: 'Résultat de l’appel',
    details: 'Détails',
    outcomeComment: 'Commentaire',
    submitOutcome: 'Enregistrer le résultat',
    /** Issue #29 point 3: an outcome that requires an appointment is recorded with its booking. */
    chooseSlot: 'Choisir le créneau',
    bookingPending: (label: string) =>
      `« ${label} » reste à enregistrer : il le sera avec le rendez-vous. Le lead reste à vous en attendant.`,
    chooseOutcome: 'Choisissez un résultat.',
    /** Issue #29: an outcome states what happened on a call; why the form is closed before one. */
    callFirst: 'Appelez d’abord le lead : le résultat s’enregistre sur votre appel.',
    callFirstWithoutCall: 'Sans appel, seuls les résultats marqués « sans appel » s’enregistrent.',
    withoutCallTag: '(sans appel)',
    /** Issue #11: the outcome moved the lead on; the agent stays on the sheet. */
    movedOn: (step: number, title: string | null) =>
      title ? `Lead passé à l’étape ${step} : ${title}.` : `Lead passé à l’étape ${step}.`,
    /** Issue #12: why Appeler is off under the mission's calling rules, and when it may be called. */
    callingRefused: (reason: string, next: string | null) =>
      next ? `${reason} Prochain appel possible le ${next}.` : reason,
    callingRefusals: {
      OUTSIDE_CALLING_HOURS: 'Hors des horaires d’appel de la mission.',
      QUIET_PERIOD: 'Le contact a refusé les appels : le délai sans contact n’est pas écoulé.',
      CALL_ATTEMPTS_CAP: 'Nombre maximal d’appels atteint pour ce lead sur 30 jours.',
    },
    /** Issue #11: the lead's call-back, on the sheet. */
    recallPlanned: (when: string) => `Rappel prévu le ${when}`,
    comment: 'Commentaire du lead',
    saveComment: 'Enregistrer le commentaire',
    noComment: 'Aucun commentaire.',
    expiration: (date: string) => `Expire le ${date}`,
    expired: 'Expiré',
    history: 'Historique',
    noHistory: 'Aucun événement pour le moment.',
    system: 'Système',
    eventKinds: {
      tag: 'Résultat d’appel',
      call: 'Appel',
      comment: 'Commentaire',
      appointment: 'Rendez-vous',
      assignment: 'Attribution',
      update: 'Mise à jour',
      sms: 'SMS',
    },
    /**
     * The placeholders a step's script may hold between brackets (`[votre prénom]`), by the value
     * that fills them (src/features/leads/script-placeholders.ts); compared without case or accents.
     */
    scriptPlaceholders: {
      agentFirstName: [
        'votre prénom',
        'prénom du conseiller',
        'prénom de la conseillère',
        'prénom de l’agent',
      ],
      agentLastName: ['votre nom', 'nom du conseiller', 'nom de la conseillère', 'nom de l’agent'],
      agentFullName: ['vos prénom et nom', 'votre nom complet'],
      leadFirstName: [
        'prénom',
        'prénom du client',
        'prénom du prospect',
        'prénom du lead',
        'prénom du contact',
      ],
      leadLastName: ['nom', 'nom du client', 'nom du prospect', 'nom du lead', 'nom du contact'],
      leadFullName: ['nom complet', 'prénom et nom', 'prénom nom', 'client', 'prospect', 'contact'],
      city: ['ville', 'ville du client', 'commune'],
      postalCode: ['code postal'],
      mission: ['mission', 'nom de la mission'],
      market: ['marché', 'nom du marché'],
    },
    /** Accessible description of a placeholder the product cannot fill. */
    placeholderMissing: 'À compléter',
    /** Handing the lead back without an outcome (issue #11, lead-release.tsx). */
    release: {
      open: 'Rendre le lead',
      title: 'Rendre le lead',
      intro: 'Le lead retourne dans la file sans résultat d’appel. Dites pourquoi vous le rendez.',
      reason: 'Motif',
      reasonRequired: 'Indiquez pourquoi vous rendez ce lead.',
      submit: 'Rendre le lead',
      cancel: 'Annuler',
      done: 'Lead rendu : il retourne dans la file.',
    },
    /** What a history entry tells (issue #11, lead-history.tsx). */
    historyDetails: {
      recallAt: (date: string) => `Rappel le ${date}`,
      comment: (comment: string) => `Commentaire : « ${comment} »`,
      notes: (notes: string) => `Détails : « ${notes} »`,
      noComment: 'Commentaire effacé',
      corrected: (before: string) => `Correction du résultat « ${before} »`,
      appointmentBooked: (slot: string) => `RDV fixé le ${slot}`,
      appointmentMoved: (slot: string) => `RDV déplacé au ${slot}`,
      assigned: 'Lead pris en charge',
      released: 'Lead rendu',
      releaseReason: (reason: string) => `Motif : « ${reason} »`,
      updated: (count: number) => `${count} champ${count > 1 ? 's' : ''} modifié${count > 1 ? 's' : ''}`,
    },
    historyCall: {
      inbound: 'Appel entrant',
      outbound: 'Appel sortant',
      answered: 'répondu',
      missed: 'manqué',
      ongoing: 'en cours',
      duration: (seconds: number) => {
        const minutes = Math.floor(seconds / 60)
        const rest = seconds % 60
        return minutes ? `${minutes} min ${String(rest).padStart(2, '0')} s` : `${rest} s`
      },
    },
    readOnly: (name: string) => `${name} traite ce lead : la fiche est en lecture seule.`,
    /** Who else has the sheet open (docs/domain.md "Leads", Viewing): "Prénom N.". */
    viewerName: (firstName: string, lastName: string) =>
      lastName ? `${firstName} ${lastName.charAt(0).toLocaleUpperCase('fr-FR')}.` : firstName,
    alsoViewing: (names: string) => `Aussi sur cette fiche : ${names}`,
  },
} as const
