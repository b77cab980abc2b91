// French strings of alerts: the notifications (./push.ts) and the header's 'Alertes' panel.
import { alertNotificationText } from './push.ts'

/** Issue #5: alerts (web push and the hidden-tab bridge; docs/domain.md "Alerts (push)"). */
export const alerts = {
  notification: alertNotificationText,
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
} as const
