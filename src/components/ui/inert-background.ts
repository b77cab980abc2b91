// While a modal is open, everything else in document.body is `inert`: neither focusable, nor
// clickable, nor in the accessibility tree (WAI-ARIA APG modal dialog; `aria-modal` alone is not
// honoured by every screen reader). Modals stack: only the topmost layer stays interactive, and the
// page comes back only when the last one closes, with each element's own `inert` as it was.

/**
 * Marks a direct child of document.body that stays reachable under a modal: live regions such as
 * the notification stack, whose announcements and close buttons must not be silenced.
 */
export const INERT_EXEMPT_ATTRIBUTE = 'data-inert-exempt'

/** Open layers (direct children of document.body), the topmost last. */
const layers: HTMLElement[] = []
/** Elements this module made inert, with whether they already were before. */
const touched = new Map<Element, boolean>()

function apply(): void {
  const top = layers.at(-1)
  // Give back what no longer needs to be inert: everything once no layer is open, else the new
  // top layer (a modal whose stacked child just closed) and elements that left the page.
  for (const [element, wasInert] of touched) {
    if (!top || element === top || !element.isConnected) {
      element.toggleAttribute('inert', wasInert)
      touched.delete(element)
    }
  }
  if (!top) return
  for (const child of Array.from(document.body.children)) {
    if (child === top || touched.has(child) || child.hasAttribute(INERT_EXEMPT_ATTRIBUTE)) continue
    touched.set(child, child.hasAttribute('inert'))
    child.setAttribute('inert', '')
  }
}

/**
 * Makes every other child of document.body inert while `layer` (a direct child of it) is open;
 * returns the function that closes the layer again.
 */
export function inertOutside(layer: HTMLElement): () => void {
  layers.push(layer)
  apply()
  return () => {
    const index = layers.lastIndexOf(layer)
    if (index !== -1) layers.splice(index, 1)
    apply()
  }
}
