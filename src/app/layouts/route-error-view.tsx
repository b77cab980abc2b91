// Root error boundary of the router: a French page instead of react-router's developer screen,
// and the error goes to error reporting (a no-op until Sentry is loaded).
import { useEffect } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { routeError } from '../../i18n/fr/route-error.ts'
import { reportError } from '../sentry.ts'

export function RouteErrorView() {
  const error = useRouteError()

  useEffect(() => {
    // Thrown responses (4xx from a loader) are answers, not faults.
    if (!isRouteErrorResponse(error)) reportError(error)
  }, [error])

  function handleReload() {
    window.location.reload()
  }

  return (
    <main className="route-error" role="alert">
      <h1>{routeError.title}</h1>
      <p>{routeError.message}</p>
      <button type="button" className="route-error__reload" onClick={handleReload}>
        {routeError.reload}
      </button>
    </main>
  )
}
