// Work the first screen does not need (the service worker, the outbox, the live channel) starts once
// the page has loaded and the main thread is idle, so it never competes with the first paint.

export type IdleEnvironment = {
  win: Pick<Window, 'addEventListener'> & {
    requestIdleCallback?: (callback: () => void, options: { timeout: number }) => unknown
  }
  doc: Pick<Document, 'readyState'>
}

/** Runs `run` after the `load` event, when the browser is idle (or after `timeoutMs` at most). */
export function whenLoadedAndIdle(
  run: () => void,
  timeoutMs = 3000,
  { win, doc }: IdleEnvironment = { win: window, doc: document },
): void {
  const idle = () => {
    if (win.requestIdleCallback) win.requestIdleCallback(() => run(), { timeout: timeoutMs })
    else setTimeout(run, 0)
  }
  if (doc.readyState === 'complete') idle()
  else win.addEventListener('load', idle, { once: true })
}
