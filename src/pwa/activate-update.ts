// Applying a waiting version (issue #5): SKIP_WAITING to the waiting worker, then one reload once it
// controls this page — or, for a page no worker controls yet, once it is activated. It listens to
// the browser's own events, not to workbox-window's `controlling` (which only reports an update to
// pages that were controlled when they registered), so the reload cannot be missed.

export type UpdateEnvironment = {
  container: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'>
  getRegistration: () => Promise<Pick<ServiceWorkerRegistration, 'waiting'> | undefined>
  reload: () => void
}

export async function activateWaitingVersion({
  container,
  getRegistration,
  reload,
}: UpdateEnvironment): Promise<void> {
  let reloaded = false
  const reloadOnce = (): void => {
    if (reloaded) return
    reloaded = true
    reload()
  }
  // The listeners first, then SKIP_WAITING: the change of controller cannot be missed.
  const controller = container.controller
  container.addEventListener('controllerchange', reloadOnce, { once: true })
  const waiting = (await getRegistration().catch(() => undefined))?.waiting ?? null
  // Nothing waits any more (another tab activated it meanwhile), or the registration's answer came
  // after the change of controller: this page only needs the reload.
  if (!waiting || container.controller !== controller) return reloadOnce()
  const done = (): boolean => waiting.state === 'activated' || waiting.state === 'redundant'
  waiting.addEventListener('statechange', () => {
    if (done()) reloadOnce()
  })
  // The registration's `waiting` is the page's copy: the worker may have moved on already, and then
  // no statechange will come for it.
  if (done()) return reloadOnce()
  waiting.postMessage({ type: 'SKIP_WAITING' })
}
