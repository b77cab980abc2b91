// French strings of the dev tools (non-production).

export const devtools = {
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
} as const
