// French strings of sign-in, password reset and sign-out.
import { signIn } from './sign-in.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export { screenTitles } from './sign-in.ts'

export const auth = {
  login: signIn,
  forgotPassword: {
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
} as const
