// Issue #29 point 6: a badge or tentacall the signed-in user earns shows at once in their tab — its
// name and picture, in a polite live region so screen readers read it (src/stores/award-toasts.ts,
// fed by the live channel). The region is on every page from the start (a live region must exist
// before what it announces); its toasts load with the first award (issue #27: not on /login).
import { lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio'
import { awardToasts as t } from '../i18n/fr/award-toasts.ts'
import { awardToastsStore } from '../stores/award-toasts.ts'

const AwardToastList = lazy(() => import('./award-toast-list.tsx'))

export function AwardToastsOutlet() {
  const { items } = useSnapshot(awardToastsStore)
  return (
    <div className="award-toasts" role="region" aria-live="polite" aria-label={t.label}>
      {items.length > 0 && (
        <Suspense fallback={null}>
          <AwardToastList />
        </Suspense>
      )}
    </div>
  )
}
