// French names of the roles and user statuses (back office, dev tools, home greeting).

export const roles = {
  ADMIN: 'Administrateur',
  MANAGER: 'Manager',
  TELEOPERATOR: 'Téléopérateur',
} as const

export const userStatuses = {
  ACTIVE: 'Actif',
  INACTIVE: 'Inactif',
} as const
