// French strings of leads: statuses, the home search, the lead sheet.

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
    columns: { name: 'Nom', phone: 'Téléphone', mission: 'Mission', status: 'Statut', action: 'Action' },
  },
  sheet: {
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
    outcome: 'Résultat de l’appel',
    details: 'Détails',
    outcomeComment: 'Commentaire',
    submitOutcome: 'Enregistrer le résultat',
    chooseOutcome: 'Choisissez un résultat.',
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
    },
    readOnly: (name: string) => `${name} traite ce lead : la fiche est en lecture seule.`,
    /** Who else has the sheet open (docs/domain.md "Leads", Viewing): "Prénom N.". */
    viewerName: (firstName: string, lastName: string) =>
      lastName ? `${firstName} ${lastName.charAt(0).toLocaleUpperCase('fr-FR')}.` : firstName,
    alsoViewing: (names: string) => `Aussi sur cette fiche : ${names}`,
  },
} as const
