// Shown while the first route's code and data load (react-router HydrateFallback).
import { fr } from '../../i18n/fr.ts'

export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      {fr.ui.loading}
    </div>
  )
}
