// Every French string the UI shows (conventions §3.5). Grouped by area; keys are English.
export const fr = {
  app: {
    name: 'Centre d’appels',
  },
  roles: {
    ADMIN: 'Administrateur',
    MANAGER: 'Manager',
    TELEOPERATOR: 'Téléopérateur',
  },
  userStatuses: {
    ACTIVE: 'Actif',
    INACTIVE: 'Inactif',
  },
  errors: {
    /** Spec §8: HTTP 500 notification. */
    server: "Une erreur est survenue. Si le problème persiste, veuillez contacter l'assistance.",
    network: 'Le serveur est injoignable. Vérifiez votre connexion.',
  },
  ui: {
    close: 'Fermer',
    loading: 'Chargement…',
  },
  notifications: {
    close: 'Fermer la notification',
  },
  overlay: {
    /** Spec §2: blocking-reason overlay, one title and message per redirect cause. */
    blocking: {
      continue: 'Continuer',
      causes: {
        UNFINISHED_PROCESSING_LEAD: {
          title: 'Lead en cours de traitement',
          message:
            'Vous avez un lead en cours de traitement. Veuillez terminer son traitement avant de continuer.',
        },
        UNTAGGED_CALL: {
          title: 'Appel non taggé',
          message: 'Votre dernier appel n’a pas été taggé. Veuillez tagger le lead avant de continuer.',
        },
        ONGOING_CALL: {
          title: 'Appel en cours',
          message: 'Vous avez un appel en cours. Veuillez terminer le traitement du lead avant de continuer.',
        },
      },
    },
  },
  nav: {
    label: 'Navigation principale',
    home: 'Accueil',
    leaderboard: 'Classement',
    sections: {
      activity: 'Activité',
      backoffice: 'Back-office',
      users: 'Utilisateurs',
      affectations: 'Affectations',
      integration: 'Intégration',
      extractions: 'Extractions',
    },
    activity: {
      overview: 'Vue d’ensemble',
      statsTeleops: 'Statistiques des téléopérateurs',
      teleopsTimeline: 'Chronologie des téléopérateurs',
      gamification: 'Gamification',
      leadsFollowUp: 'Suivi des leads',
    },
    backoffice: {
      configuration: 'Configuration',
      missions: 'Missions',
      markets: 'Marchés',
      tags: 'Tags',
      sms: 'SMS',
      callProcesses: 'Process d’appel',
      mails: 'Mails',
      crons: 'Crons',
      teams: 'Équipes',
      aircallWebhooksStatus: 'Statut des webhooks Aircall',
    },
    affectations: {
      missions: 'Missions',
      teams: 'Équipes',
    },
    integration: {
      integrate: 'Intégrer des leads',
      history: 'Historique',
    },
    extractions: 'Extractions de leads',
    dev: {
      callCenterActivity: 'Activité simulée',
      monitor: 'Supervision',
      uatSettings: 'Paramètres UAT',
    },
  },
  pages: {
    placeholder: 'Cet écran arrive dans une prochaine version.',
    home: {
      title: 'Accueil',
      greeting: (firstName: string) => `Bonjour ${firstName} !`,
      role: (roleLabel: string) => `Votre rôle : ${roleLabel}.`,
    },
    users: 'Utilisateurs',
    integrate: 'Intégration de leads',
    integrationHistory: 'Historique des intégrations',
    lead: 'Fiche lead',
    leadAppointment: 'Prise de rendez-vous',
    activity: {
      overview: 'Activité',
      statsTeleops: 'Statistiques des téléopérateurs',
      teleopsTimeline: 'Chronologie des téléopérateurs',
      gamification: 'Gamification',
      leaderboard: 'Classement',
      leadsFollowUp: 'Suivi des leads',
    },
    backoffice: {
      configuration: 'Configuration',
      missions: 'Missions',
      markets: 'Marchés',
      tags: 'Tags',
      sms: 'SMS',
      callProcesses: 'Process d’appel',
      callProcess: 'Process d’appel',
      mails: 'Mails',
      crons: 'Crons',
      teams: 'Équipes',
      aircallWebhooksStatus: 'Statut des webhooks Aircall',
    },
    affectations: {
      missions: 'Affectation des missions',
      mission: 'Utilisateurs de la mission',
      teams: 'Affectation des équipes',
    },
    extractions: 'Extractions de leads',
    dev: {
      callCenterActivity: 'Activité simulée du centre d’appels',
      monitor: 'Supervision',
      uatSettings: 'Paramètres UAT',
    },
    notFound: {
      title: 'Page introuvable',
      message: 'La page demandée n’existe pas ou a été déplacée.',
      backHome: 'Retour à l’accueil',
    },
    forbidden: {
      title: 'Accès refusé',
      message: 'Vous n’avez pas les droits nécessaires pour afficher cette page.',
      backHome: 'Retour à l’accueil',
    },
    error: {
      title: 'Une erreur est survenue',
      message:
        'La page n’a pas pu s’afficher. Rechargez-la ; si le problème persiste, contactez l’assistance.',
      reload: 'Recharger la page',
    },
  },
  auth: {
    login: {
      title: 'Connexion',
      email: 'Adresse e-mail',
      password: 'Mot de passe',
      submit: 'Se connecter',
      submitting: 'Connexion…',
      forgotPassword: 'Mot de passe oublié ?',
      failed: 'La connexion a échoué. Réessayez.',
      /** Issue #17: a persistent session for a personal device; by default it ends with the browser. */
      rememberMe: 'Rester connecté sur cet appareil',
      rememberMeHint: 'À ne cocher que sur un appareil personnel, jamais sur un poste partagé.',
    },
    forgotPassword: {
      title: 'Mot de passe oublié',
      intro:
        'Indiquez l’adresse e-mail de votre compte : vous recevrez un lien pour choisir un nouveau mot de passe.',
      email: 'Adresse e-mail',
      submit: 'Envoyer le lien',
      submitting: 'Envoi…',
      sent: 'Si un compte correspond à cette adresse, un e-mail contenant un lien de réinitialisation vient de lui être envoyé. Le lien est valable une heure.',
      failed: 'La demande n’a pas pu être envoyée. Réessayez.',
      backToLogin: 'Retour à la connexion',
    },
    resetPassword: {
      title: 'Nouveau mot de passe',
      checking: 'Vérification du lien…',
      invalidLink: 'Ce lien est invalide ou expiré.',
      askAgain: 'Demander un nouveau lien',
      password: 'Nouveau mot de passe',
      confirmation: 'Confirmation du mot de passe',
      hint: 'Au moins 8 caractères, dont une lettre et un chiffre.',
      mismatch: 'Les deux mots de passe ne correspondent pas.',
      submit: 'Enregistrer le mot de passe',
      submitting: 'Enregistrement…',
      success: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.',
      failed: 'Le mot de passe n’a pas pu être modifié. Réessayez.',
      backToLogin: 'Retour à la connexion',
    },
    logout: 'Se déconnecter',
    /** Issue #17: an explicit sign-out that could not send the changes made offline first. */
    unsentChanges: {
      title: 'Modifications non envoyées',
      message: (count: number) =>
        count === 1
          ? '1 modification faite hors ligne n’a pas encore été envoyée et sera perdue. Se déconnecter quand même ?'
          : `${count} modifications faites hors ligne n’ont pas encore été envoyées et seront perdues. Se déconnecter quand même ?`,
      confirm: 'Se déconnecter quand même',
      cancel: 'Rester connecté',
    },
  },
  devtools: {
    title: 'Outils de développement',
    environment: (appEnv: string) => `Environnement : ${appEnv}`,
    currentUser: (name: string, roleLabel: string) => `${name} (${roleLabel})`,
    role: 'Rôle',
    switchRole: 'Changer de rôle',
    user: 'Utilisateur',
    chooseUser: 'Choisir un utilisateur',
    userEmail: 'Adresse e-mail de l’utilisateur',
    connectAs: 'Se connecter en tant que',
    loadingUsers: 'Chargement des utilisateurs…',
    usersUnavailable: 'Liste des utilisateurs indisponible : saisissez une adresse e-mail.',
    userOption: (name: string, roleLabel: string, email: string) => `${name} · ${roleLabel} · ${email}`,
    pages: 'Pages de développement',
    connectedAs: (roleLabel: string) => `Connecté en tant que ${roleLabel}`,
    switchFailed: 'Erreur lors du changement de rôle',
  },
  calls: {
    /** Issue #4 "Screens": the call bar, on every page while a call is ongoing. */
    bar: {
      label: 'Appel en cours',
      direction: { inbound: 'Entrant', outbound: 'Sortant' },
      unknownNumber: 'Numéro masqué',
      noLead: 'Lead inconnu',
      lead: (name: string) => `Lead : ${name}`,
      durationLabel: 'Durée',
      forceEnd: 'Terminer l’appel',
      forceEndFailed: 'Impossible de terminer l’appel.',
    },
    statuses: {
      initial: 'Numérotation',
      ringing: 'Sonnerie',
      answered: 'En communication',
      voicemail: 'Messagerie',
      ended: 'Terminé',
      missed: 'Manqué',
    },
    unknownStatus: 'Statut inconnu',
    /** The inbound call alert ('Appel entrant', caller, matched lead, Répondre). */
    inbound: {
      title: 'Appel entrant',
      caller: (number: string) => `Appelant : ${number}`,
      matchedLead: (name: string) => `Lead reconnu : ${name}`,
      noMatchedLead: 'Aucun lead ne correspond à ce numéro.',
      answer: 'Répondre',
      answerAnyway: 'Répondre quand même',
      answerFailed: 'Impossible de répondre à l’appel.',
      blocked: {
        UNTAGGED_CALL: 'Un appel précédent n’a pas été taggé.',
        UNFINISHED_PROCESSING_LEAD: 'Vous avez un lead en cours de traitement.',
      },
    },
    /** Dev tools softphone (simulator, non-production). */
    softphone: {
      title: 'Softphone (simulateur)',
      fromNumber: 'Numéro de l’appelant',
      raiseInbound: 'Simuler un appel entrant',
      currentCall: (number: string) => `Appel en cours : ${number}`,
      noCall: 'Aucun appel en cours.',
      answer: 'Décrocher',
      hangup: 'Raccrocher',
      miss: 'Manquer',
      failed: 'Action du simulateur impossible.',
      randomLead: 'Lead au hasard',
      noRandomLead: 'Aucun lead disponible pour vous.',
    },
  },
  leads: {
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
  },
  /** Booking an appointment for a lead (`/lead/{uuid}/appointment`, docs/domain.md "Appointments"). */
  appointment: {
    title: (name: string) => `Rendez-vous pour ${name}`,
    documentTitle: (name: string) => `Rendez-vous de ${name} – Prise de rendez-vous`,
    agenda: (mission: string) => `Agenda de la mission ${mission}`,
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
      'Après le tag « RDV pris », son auteur dispose de 30 minutes.',
    backToLead: 'Retour à la fiche du lead',
  },
  layout: {
    skipToContent: 'Aller au contenu',
    userArea: 'Compte',
    exitFullscreen: 'Quitter le plein écran',
  },
  live: {
    /** Spec §4: live-event connection states, shown in the header. */
    status: {
      idle: '',
      connecting: 'Connexion…',
      connected: 'Connecté',
      reconnecting: 'Reconnexion…',
      reconnected: 'Reconnecté',
      failed: 'Connexion perdue',
    },
    failedDetail: 'Les informations ne se mettent plus à jour automatiquement.',
    retry: 'Réessayer',
    experiencePoints: (points: number) => `${points.toLocaleString('fr-FR')} XP`,
    experiencePointsLabel: 'Points d’expérience',
  },
  /** Issue #5: alerts (web push and the hidden-tab bridge; docs/domain.md "Alerts (push)"). */
  alerts: {
    /** The notifications; also shown by the service worker (src/sw/alert-notification.ts). */
    notification: {
      callTitle: 'Appel entrant',
      callBody: (caller: string, lead: string | null) => (lead ? `${caller} · Lead : ${lead}` : caller),
      hiddenNumber: 'Numéro masqué',
      badgeTitle: 'Nouveau badge',
      badgeBody: (code: string, earner: string | null) =>
        earner ? `${earner} a obtenu le badge « ${code} ».` : `Vous avez obtenu le badge « ${code} ».`,
      tentacallTitle: 'Nouveau tentacall',
      tentacallBody: (code: string, count: number, earner: string | null) =>
        earner
          ? `${earner} a obtenu le tentacall « ${code} » (${count} au total).`
          : `Vous avez obtenu le tentacall « ${code} » (${count} au total).`,
    },
    /** The 'Alertes' panel of the header. */
    panel: {
      open: 'Alertes',
      title: 'Alertes',
      intro:
        'Recevez une notification pour un appel entrant, un badge ou un tentacall, même quand ' +
        'l’onglet est en arrière-plan ou l’application fermée.',
      enable: 'Activer les alertes',
      disable: 'Désactiver',
      retry: 'Réessayer',
      states: {
        checking: 'Vérification…',
        enabled: 'Alertes activées sur ce navigateur.',
        disabled: 'Alertes désactivées sur ce navigateur.',
        denied: 'Alertes refusées par le navigateur.',
        deniedHelp:
          'Pour les autoriser : cliquez sur l’icône à gauche de l’adresse du site, ' +
          'puis autorisez les notifications et rechargez la page.',
        dismissed: 'Vous n’avez pas encore autorisé les notifications.',
        unsupported: 'Ce navigateur ne prend pas en charge les alertes.',
        unsupportedHelp:
          'Utilisez une version récente de Chrome, Edge ou Firefox, ou installez l’application (Safari).',
        error: 'Impossible d’activer les alertes pour le moment.',
        errorHelp: 'Le service de notification du navigateur ne répond pas. Réessayez plus tard.',
      },
      preferencesTitle: 'Recevoir les alertes pour',
      preferences: { badges: 'Les badges', tentacalls: 'Les tentacalls' },
      sharedWorkstation: 'Les alertes de ce navigateur s’arrêtent quand vous vous déconnectez.',
    },
  },
  /** Issue #5: offline behaviour (docs/domain.md "Offline"). */
  offline: {
    banner: 'Hors ligne',
    bannerDetail:
      'Le serveur est injoignable : les pages déjà consultées restent lisibles, ' +
      'les commentaires et préférences seront envoyés au retour de la connexion.',
    pending: (count: number) =>
      count === 1 ? '1 modification en attente d’envoi' : `${count} modifications en attente d’envoi`,
    /** Why an action that must reach the server at once is disabled. */
    unavailable: 'Indisponible hors ligne',
    queued: 'Hors ligne : la modification sera envoyée au retour de la connexion.',
    replayed: (count: number) =>
      count === 1
        ? 'La modification faite hors ligne a été enregistrée.'
        : `Les ${count} modifications faites hors ligne ont été enregistrées.`,
    replayFailed: (change: string, reason: string) => `${change} n’a pas pu être enregistré : ${reason}`,
    changes: {
      leadComment: (leadId: number) => `Le commentaire du lead n° ${leadId}`,
      preference: 'Le réglage de vos préférences',
    },
  },
  /** Issue #5: a new version of the app (service worker update). */
  update: {
    available: 'Nouvelle version disponible',
    reload: 'Recharger',
    afterCall: 'La mise à jour se fera à la fin de l’appel.',
  },
} as const
