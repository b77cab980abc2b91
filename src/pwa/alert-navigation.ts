// The page's side of a notification click (issue #5, src/sw/push.ts `openAlert`): the service worker
// asks an open window to go to the alert's page; the router navigates (no reload, nothing lost) and
// the page acknowledges on the message's port — without an answer the worker navigates the window.
import { navigateTo } from '../app/navigation.ts'
import { safeAppPath } from '../contracts/app-paths.ts'
import { NAVIGATE_MESSAGE } from '../sw/alert-notification.ts'

type MessageSource = Pick<
  ServiceWorkerContainer,
  'addEventListener' | 'removeEventListener' | 'startMessages'
>

/** Obeys the worker's navigation requests until the returned function is called. */
export function listenForAlertNavigation(
  navigate: (to: string) => void = navigateTo,
  source: MessageSource | undefined = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker,
): () => void {
  if (!source) return () => undefined
  function handleMessage(event: MessageEvent) {
    const data: unknown = event.data
    if (typeof data !== 'object' || data === null) return
    const { type, url } = data as { type?: unknown; url?: unknown }
    if (type !== NAVIGATE_MESSAGE || typeof url !== 'string') return
    const path = safeAppPath(url)
    if (!path) return
    event.ports[0]?.postMessage(true)
    navigate(path)
  }
  source.addEventListener('message', handleMessage)
  source.startMessages()
  return () => source.removeEventListener('message', handleMessage)
}
