// Shown while the first route's code and data load (react-router HydrateFallback).
import { ui } from '../../i18n/fr/common.ts'

export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      {ui.loading}
    </div>
  )
}
