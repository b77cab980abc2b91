// French titles and texts of the generic pages (home, lead, not found, forbidden, error). The titles of
// the screens still to build are in ./screens.ts, with their route modules.

export const pages = {
  placeholder: 'Cet écran arrive dans une prochaine version.',
  home: {
    title: 'Accueil',
    greeting: (firstName: string) => `Bonjour ${firstName} !`,
    role: (roleLabel: string) => `Votre rôle : ${roleLabel}.`,
  },
  lead: 'Fiche lead',
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
    message: 'La page n’a pas pu s’afficher. Rechargez-la ; si le problème persiste, contactez l’assistance.',
    reload: 'Recharger la page',
  },
} as const
