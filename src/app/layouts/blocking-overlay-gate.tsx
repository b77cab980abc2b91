// Loads the blocking-reason overlay (spec §2) only when the query carries both of its parameters,
// so the modal's code is not part of every first visit. The overlay checks the cause itself.
import { lazy, Suspense } from 'react'
import { useSearchParams } from 'react-router-dom'

const BlockingOverlay = lazy(() =>
  import('../../features/blocking/blocking-overlay.tsx').then((m) => ({ default: m.BlockingOverlay })),
)

/** Parameter names of BLOCKING_QUERY (src/contracts/blocking.ts), which imports zod. */
const REDIRECT_PARAM = 'redirect'
const CAUSE_PARAM = 'cause'

export function BlockingOverlayGate() {
  const [searchParams] = useSearchParams()
  if (!searchParams.has(REDIRECT_PARAM) || !searchParams.has(CAUSE_PARAM)) return null
  return (
    <Suspense fallback={null}>
      <BlockingOverlay />
    </Suspense>
  )
}
