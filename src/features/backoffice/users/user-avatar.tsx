// A user's avatar (the versioned URL of their uploaded picture), else their initials on a tint.
import type { AdminUser } from '../../../contracts/user-admin.ts'
import { usersTable as t } from '../../../i18n/fr/backoffice-users.ts'
import { personName } from '../../../contracts/person-name.ts'

export type UserAvatarProps = {
  user: Pick<AdminUser, 'firstName' | 'lastName' | 'avatar'>
  size: number
}

export function UserAvatar({ user, size }: UserAvatarProps) {
  const name = personName(user)
  if (user.avatar)
    return <img className="user-avatar" src={user.avatar} alt={t.avatar(name)} width={size} height={size} />
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase()
  return (
    <span
      className="user-avatar user-avatar--initials"
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      {initials}
    </span>
  )
}
