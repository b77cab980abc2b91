// The user's picture, or their initials when there is none (or it fails to load).
import { useState } from 'react'

export type UserAvatarProps = {
  firstName: string
  lastName: string
  avatarUrl: string | null
}

function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toLocaleUpperCase('fr-FR')
}

export function UserAvatar({ firstName, lastName, avatarUrl }: UserAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null)

  function handleError() {
    setFailedUrl(avatarUrl)
  }

  // The name is written next to the avatar: the picture is decorative (alt="").
  if (avatarUrl && failedUrl !== avatarUrl) {
    return <img className="user-avatar" src={avatarUrl} alt="" width={32} height={32} onError={handleError} />
  }
  return (
    <span className="user-avatar user-avatar--initials" aria-hidden="true">
      {initialsOf(firstName, lastName)}
    </span>
  )
}
