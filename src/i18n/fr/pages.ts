// French texts of the generic pages (home, not found, forbidden, error). The screens' titles are in
// ./screens.ts, keyed by route id.
import type { RouteId } from '../../contracts/routes.ts'
import { routeError } from './route-error.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  notFound: 'Page introuvable',
  home: 'Accueil',
} as const satisfies Partial<Record<RouteId, string>>

export const pages = {
  home: {
    greeting: (firstName: string) => `Bonjour ${firstName} !`,
    role: (roleLabel: string) => `Votre rôle : ${roleLabel}.`,
  },
  notFound: {
    message: 'La page demandée n’existe pas ou a été déplacée.',
    backHome: 'Retour à l’accueil',
  },
  forbidden: {
    title: 'Accès refusé',
    message: 'Vous n’avez pas les droits nécessaires pour afficher cette page.',
    backHome: 'Retour à l’accueil',
  },
  error: routeError,
} as const
