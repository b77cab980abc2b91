// The e-mails the product sends (issue #15 "E-mails", docs/domain.md "E-mails") and their French
// defaults, which "Rétablir le modèle par défaut" brings back. Placeholders are single-brace names from
// each template's whitelist (src/contracts/mails.ts MAIL_VARIABLES).
import type { MailContent, MailTemplateKey } from '../../../src/contracts/mails.ts'

export type MailDefinition = {
  defaults: MailContent
  /** The mail carries a password link: made fresh at each send, never stored (`{lien}`). */
  passwordLink: boolean
  /** Values of the preview and of a test send. */
  sample: Record<string, string>
}

const SAMPLE_PERSON = { prénom: 'Camille', nom: 'Martin' }
const SAMPLE_APPOINTMENT = {
  ...SAMPLE_PERSON,
  date_rdv: 'jeudi 3 décembre 2026',
  heure_rdv: '14 h 30',
  mission: 'Isolation des combles',
}
const SAMPLE_LINK = 'https://exemple.fr/reset-password?token=exemple'
const IGNORE = 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.'

export const MAIL_CATALOGUE: Record<MailTemplateKey, MailDefinition> = {
  welcome: {
    passwordLink: true,
    sample: { ...SAMPLE_PERSON, lien: SAMPLE_LINK, validité: '72 heures' },
    defaults: {
      subject: 'Votre compte sur le centre d’appels',
      html: '<p>Bonjour {prénom},</p>\n<p>Un compte vient d’être créé pour vous. Choisissez votre mot de passe avec ce lien (valable {validité}) :</p>\n<p><a href="{lien}">Choisir mon mot de passe</a></p>',
      text: 'Bonjour {prénom},\n\nUn compte vient d’être créé pour vous. Choisissez votre mot de passe avec ce lien (valable {validité}) :\n{lien}',
    },
  },
  'password-reset': {
    passwordLink: true,
    sample: { ...SAMPLE_PERSON, lien: SAMPLE_LINK },
    defaults: {
      subject: 'Réinitialisation de votre mot de passe',
      html: `<p>Bonjour {prénom},</p>\n<p>Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure, utilisable une seule fois) :</p>\n<p><a href="{lien}">Choisir un nouveau mot de passe</a></p>\n<p>${IGNORE}</p>`,
      text: `Bonjour {prénom},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure, utilisable une seule fois) :\n{lien}\n\n${IGNORE}`,
    },
  },
  'appointment-confirmation': {
    passwordLink: false,
    sample: SAMPLE_APPOINTMENT,
    defaults: {
      subject: 'Confirmation de votre rendez-vous du {date_rdv}',
      html: '<p>Bonjour {prénom} {nom},</p>\n<p>Nous vous confirmons votre rendez-vous <strong>{mission}</strong> le <strong>{date_rdv} à {heure_rdv}</strong> (heure de Paris).</p>\n<p>À bientôt.</p>',
      text: 'Bonjour {prénom} {nom},\n\nNous vous confirmons votre rendez-vous {mission} le {date_rdv} à {heure_rdv} (heure de Paris).\n\nÀ bientôt.',
    },
  },
  'appointment-reminder': {
    passwordLink: false,
    sample: SAMPLE_APPOINTMENT,
    defaults: {
      subject: 'Rappel : votre rendez-vous du {date_rdv} à {heure_rdv}',
      html: '<p>Bonjour {prénom} {nom},</p>\n<p>Nous vous rappelons votre rendez-vous <strong>{mission}</strong> le <strong>{date_rdv} à {heure_rdv}</strong> (heure de Paris).</p>\n<p>À bientôt.</p>',
      text: 'Bonjour {prénom} {nom},\n\nNous vous rappelons votre rendez-vous {mission} le {date_rdv} à {heure_rdv} (heure de Paris).\n\nÀ bientôt.',
    },
  },
}

/** What a password link reads as in the log and in stored bodies (docs/domain.md "E-mails"). */
export const MASKED_LINK = '[lien personnel masqué]'
