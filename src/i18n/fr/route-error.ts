// French strings of the route error view, which every page's first visit carries (the root layout's
// error element): their own module, so /login does not carry the other pages' strings (issue #27).

export const routeError = {
  title: 'Une erreur est survenue',
  message: 'La page n’a pas pu s’afficher. Rechargez-la ; si le problème persiste, contactez l’assistance.',
  reload: 'Recharger la page',
} as const
