// The page's side of the service worker's messages (src/sw/messages.ts, issue #5): each message
// goes through a MessageChannel and resolves with the worker's answer, or null when there is no
// worker (first visit before activation, tests, browsers without one) or it did not answer in time.
export type PageToSwMessage = { type: 'SET_USER'; userId: number } | { type: 'LOGOUT' }

const ANSWER_TIMEOUT_MS = 3000

async function activeWorker(): Promise<ServiceWorker | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null
  const registration = await navigator.serviceWorker.getRegistration()
  return registration?.active ?? null
}

export async function messageServiceWorker(message: PageToSwMessage): Promise<unknown> {
  const worker = await activeWorker().catch(() => null)
  if (!worker) return null
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => resolve(null), ANSWER_TIMEOUT_MS)
    channel.port1.onmessage = (event: MessageEvent) => {
      clearTimeout(timer)
      resolve(event.data)
    }
    worker.postMessage(message, [channel.port2])
  })
}

/**
 * Tells the worker who is signed in, once it is active: on the first visit the worker installs
 * after sign-in, and its reference-data cache must know whose it is.
 */
export function announceUser(userId: number): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  void navigator.serviceWorker.ready
    .then(() => messageServiceWorker({ type: 'SET_USER', userId }))
    .catch(() => undefined)
}
