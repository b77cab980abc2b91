// Applies the `handle.access` rules of the matched routes (router.tsx) to the signed-in user.
import { useQuery } from '@tanstack/react-query'
import { useMatches } from 'react-router-dom'
import { configQueries } from '../../api/config.ts'
import type { Role } from '../../contracts/roles.ts'
import { canOpen } from '../../contracts/route-access.ts'

export function useRouteAccess(role: Role): boolean {
  const matches = useMatches()
  const { data: config } = useQuery(configQueries.app())
  return canOpen(
    matches.map((match) => match.handle),
    role,
    config?.appEnv,
  )
}
