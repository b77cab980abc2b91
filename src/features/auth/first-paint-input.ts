// Issue #27 point 4: the server paints the sign-in form in the page's HTML (src/app/first-paint/,
// server/lib/shell.ts), so it shows before the JavaScript has run. React then replaces that copy: what
// the visitor typed into it meanwhile, and the field they were in, carry over to the live form.
import { useLayoutEffect, useState, type RefObject } from 'react'

/** The attribute that marks the server-painted copy of a form (`data-first-paint="login"`). */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint'

export type CarriedInput = {
  /** The text fields' values, by field name. */
  text: Record<string, string>
  /** The check boxes' states, by field name. */
  checked: Record<string, boolean>
  /** The visitor pressed the copy's button, or Enter in it (src/main.tsx marks it). */
  submitted: boolean
}

/**
 * From the entry's first run: the copy's button comes on, and a press of it or of Enter marks the copy
 * (`data-submitted`) for the live form to act on. Before the script runs, the button is off (painted so).
 */
export function holdFirstPaintSubmit(copy: HTMLElement): void {
  for (const button of copy.querySelectorAll('button')) button.disabled = false
  // The field the visitor is in, up to the moment React replaces the copy: the live form's focus goes
  // back there. Read at the first render alone, it could be one field behind (a render waits for the
  // router before its commit), and the next key presses went into the wrong field.
  const remember = (target: EventTarget | null) => {
    if (target instanceof HTMLInputElement && copy.contains(target)) copy.dataset.focused = target.name
  }
  remember(document.activeElement)
  copy.addEventListener('focusin', (event) => remember(event.target))
  const ask = () => (copy.dataset.submitted = 'true')
  copy.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('button[type="submit"]')) ask()
  })
  copy.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) ask()
  })
}

/**
 * Read while the server's copy is still in the document (the first render, before React's commit
 * replaces it): the copy itself and the field that has the focus. Its inputs keep their values once
 * detached, so they are read after the commit, when nothing more can be typed into them.
 */
export function useFirstPaintInput(
  form: string,
  fields: Record<string, RefObject<HTMLInputElement | null>>,
  apply: (input: CarriedInput) => void,
): void {
  const [copy] = useState(() => document.querySelector(`[${FIRST_PAINT_ATTRIBUTE}="${form}"]`))
  const [focused] = useState(() => {
    const active = document.activeElement
    return active instanceof HTMLInputElement && copy?.contains(active) ? active.name : null
  })
  useLayoutEffect(() => {
    if (copy) {
      const input: CarriedInput = {
        text: {},
        checked: {},
        submitted: copy instanceof HTMLElement && copy.dataset.submitted === 'true',
      }
      for (const field of copy.querySelectorAll('input')) {
        if (field.type === 'checkbox') input.checked[field.name] = field.checked
        else input.text[field.name] = field.value
      }
      apply(input)
    }
    // The first key press is the e-mail address (issue #11), unless the visitor was already elsewhere:
    // the last field they focused in the copy (holdFirstPaintSubmit), else the one at the first render.
    const last = (copy instanceof HTMLElement ? copy.dataset.focused : undefined) ?? focused
    const target = (last !== null ? fields[last] : undefined) ?? Object.values(fields)[0]
    target?.current?.focus()
    // Once, on mount: the copy is gone after the first commit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
