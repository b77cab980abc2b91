// Focus after an action (issue #11): the element the next key press is for, once it is on the page.
// An action often removes what had the focus (a busy button, a closing dialog, a call bar that goes)
// and its target appears a moment later (after a refetch, a navigation): the request waits for it,
// one attempt per frame, and is dropped as soon as the user clicks or types elsewhere.
// Targets: an element carrying `data-focus-target`, its checked radio or first enabled control when
// it is a container; `page-heading` is the page's <h1> (made focusable by script, not by Tab).

export const FOCUS_TARGET_ATTRIBUTE = 'data-focus-target'

/** call-end: the call bar's "Terminer l’appel"; call: the lead sheet's « Appeler »; outcome: the outcome form; page-heading: the <h1>. */
export type FocusTarget = 'call-end' | 'outcome' | 'page-heading' | 'call'

export type FocusRequestOptions = {
  /**
   * Give up when the focus has moved from this element (the one that had it when the action
   * started) to another one meanwhile: e.g. a page that focuses its own action on arrival.
   */
  unlessMovedFrom?: Element | null
}

/** About 10 s at 60 frames a second: a target that never comes is forgotten. */
const MAX_ATTEMPTS = 600
const CONTROLS = 'input, button, textarea, select, a[href]'
const ENABLED_CONTROL =
  'input:not(:disabled), button:not(:disabled), textarea:not(:disabled), select:not(:disabled)'

let cancelCurrent: (() => void) | null = null

function schedule(callback: () => void): () => void {
  if (typeof requestAnimationFrame === 'function') {
    const handle = requestAnimationFrame(callback)
    return () => cancelAnimationFrame(handle)
  }
  const handle = setTimeout(callback, 16)
  return () => clearTimeout(handle)
}

function elementOf(target: FocusTarget): HTMLElement | null {
  if (target === 'page-heading') {
    const heading =
      document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1')
    if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1
    return heading
  }
  const holder = document.querySelector<HTMLElement>(`[${FOCUS_TARGET_ATTRIBUTE}="${target}"]`)
  if (!holder) return null
  if (holder.matches(CONTROLS)) return holder.matches(':disabled') ? null : holder
  return (
    holder.querySelector<HTMLElement>('input[type="radio"]:checked:not(:disabled)') ??
    holder.querySelector<HTMLElement>(ENABLED_CONTROL)
  )
}

/**
 * Moves the focus to the first of `targets` present and focusable (an inert page behind a dialog is
 * not), as soon as one is. A new request replaces the previous one.
 */
export function requestFocus(targets: readonly FocusTarget[], options: FocusRequestOptions = {}): void {
  cancelCurrent?.()
  const origin = options.unlessMovedFrom
  let attempts = 0
  let cancelAttempt = () => {}

  function stop() {
    cancelAttempt()
    document.removeEventListener('pointerdown', stop, true)
    document.removeEventListener('keydown', stop, true)
    if (cancelCurrent === stop) cancelCurrent = null
  }

  function attempt() {
    const active = document.activeElement
    const moved = active !== null && active !== document.body && active !== origin && active.isConnected
    if (origin !== undefined && moved) return stop()
    for (const target of targets) {
      const element = elementOf(target)
      if (!element) continue
      element.focus()
      if (document.activeElement === element) return stop()
    }
    attempts += 1
    if (attempts >= MAX_ATTEMPTS) return stop()
    cancelAttempt = schedule(attempt)
  }

  // The user acting elsewhere has the last word.
  document.addEventListener('pointerdown', stop, true)
  document.addEventListener('keydown', stop, true)
  cancelCurrent = stop
  cancelAttempt = schedule(attempt)
}

/** Drops a pending request (tests, sign-out). */
export function cancelFocusRequest(): void {
  cancelCurrent?.()
}
