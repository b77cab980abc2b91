// Keyboard focus helpers for dialogs (WAI-ARIA APG modal dialog pattern: Tab and Shift+Tab cycle).
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

export function focusableElements(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE))
}

/** Keeps Tab inside `container`; returns true when it moved focus itself. */
export function trapTab(container: HTMLElement, shiftKey: boolean): boolean {
  const items = focusableElements(container)
  const first = items[0]
  const last = items.at(-1)
  const active = document.activeElement
  if (!first || !last) {
    container.focus()
    return true
  }
  const inside = active instanceof Node && container.contains(active)
  if (shiftKey && (!inside || active === first || active === container)) {
    last.focus()
    return true
  }
  if (!shiftKey && (!inside || active === last)) {
    first.focus()
    return true
  }
  return false
}
