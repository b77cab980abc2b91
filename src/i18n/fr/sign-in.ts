// French strings of the sign-in form and the titles of the sign-in pages: their own module, so the
// first visit of /login carries none of the other auth strings (issue #27). ./auth.ts composes them.
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  login: 'Connexion',
  forgotPassword: 'Mot de passe oublié',
  resetPassword: 'Nouveau mot de passe',
} as const satisfies Partial<Record<RouteId, string>>

export const signIn = {
  email: 'Adresse e-mail',
  password: 'Mot de passe',
  submit: 'Se connecter',
  submitting: 'Connexion…',
  forgotPassword: 'Mot de passe oublié ?',
  failed: 'La connexion a échoué. Réessayez.',
  /** Issue #17: a persistent session for a personal device; by default it ends with the browser. */
  rememberMe: 'Rester connecté sur cet appareil',
  rememberMeHint: 'À ne cocher que sur un appareil personnel, jamais sur un poste partagé.',
} as const
