// Shows the update prompt (update-prompt.tsx, its own chunk: only needed once a new version waits,
// so the /login first visit does not load it) when the service worker reports a new version.
import { lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio'
import { updateStore } from './update-store.ts'

const UpdatePrompt = lazy(() => import('./update-prompt.tsx').then((m) => ({ default: m.UpdatePrompt })))

export function UpdateNotice() {
  const { available, reloadRequested } = useSnapshot(updateStore)
  if (!available) return null
  return (
    <Suspense fallback={null}>
      <UpdatePrompt reloadRequested={reloadRequested} />
    </Suspense>
  )
}
