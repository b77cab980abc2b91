// Loads the import indicator (issue #13) for administrators only, on demand: its code is not part of
// any first visit, and other roles never load it.
import { lazy, Suspense } from 'react'
import type { Role } from '../../contracts/roles.ts'

const ImportIndicator = lazy(() =>
  import('../../features/integration/import-indicator.tsx').then((m) => ({ default: m.ImportIndicator })),
)

export function ImportIndicatorGate({ role }: { role: Role }) {
  if (role !== 'ADMIN') return null
  return (
    <Suspense fallback={null}>
      <ImportIndicator />
    </Suspense>
  )
}
