// French messages the server answers with in more than one place (conventions §3.7): one wording per
// situation, so the same situation always reads the same. Messages said once stay next to their rule.
export const messages = {
  leadNotFound: 'Lead introuvable.',
  userNotFound: 'Utilisateur introuvable.',
  callNotFound: 'Appel introuvable.',
  resourceNotFound: 'Ressource introuvable.',
  leadHeldByOther: 'Ce lead est traité par un autre utilisateur.',
  tagOutsideCallProcess: 'Ce tag n’appartient pas au processus d’appel de la mission du lead.',
  unknownTeam: 'Équipe inconnue.',
  aircallRateLimited: 'Limite de requêtes Aircall atteinte : réessayez dans un instant.',
} as const
