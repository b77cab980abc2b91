import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from '@testing-library/react'
import { cancelFocusRequest, requestFocus } from './focus-request.ts'

afterEach(() => {
  cancelFocusRequest()
  document.body.innerHTML = ''
})

function html(markup: string) {
  document.body.innerHTML = markup
}

describe('requestFocus', () => {
  it('waits for its target to appear, then focuses it', async () => {
    html('<main><h1>Fiche</h1></main>')
    requestFocus(['call-end'])
    const end = document.createElement('button')
    end.dataset.focusTarget = 'call-end'
    document.querySelector('main')!.append(end)
    await waitFor(() => expect(document.activeElement).toBe(end))
  })

  it('focuses the checked choice of a form target, else its first enabled control', async () => {
    html(`<form data-focus-target="outcome">
      <input type="radio" name="t" value="1" /><input type="radio" name="t" value="2" checked />
    </form>`)
    requestFocus(['outcome'])
    await waitFor(() => expect(document.activeElement).toBe(document.querySelector('input[value="2"]')))

    html(`<form data-focus-target="outcome"><fieldset disabled><input type="radio" /></fieldset>
      <textarea></textarea></form>`)
    requestFocus(['outcome'])
    await waitFor(() => expect(document.activeElement).toBe(document.querySelector('textarea')))
  })

  it('falls back on the next target, the page’s heading made focusable by script only', async () => {
    html('<main><h1>Accueil</h1></main>')
    requestFocus(['outcome', 'page-heading'])
    const heading = document.querySelector('h1')!
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(heading.tabIndex).toBe(-1)
  })

  it('is dropped when the user clicks or types meanwhile', async () => {
    html('<main><h1>Fiche</h1><input /></main>')
    requestFocus(['call-end'])
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }))
    const end = document.createElement('button')
    end.dataset.focusTarget = 'call-end'
    document.body.append(end)
    // A later request proves the first one is over: only the heading is focused.
    requestFocus(['page-heading'])
    await waitFor(() => expect(document.activeElement).toBe(document.querySelector('h1')))
  })

  it('with unlessMovedFrom, leaves the focus where the new page put it', async () => {
    html('<main><h1>Accueil</h1><button>Traiter un lead</button></main>')
    const submit = document.createElement('button')
    const action = document.querySelector('button')!
    // The page that follows the action focused its own button before the request was made.
    action.focus()
    requestFocus(['page-heading'], { unlessMovedFrom: submit })
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    expect(document.activeElement).toBe(action)
  })

  it('with unlessMovedFrom, moves the focus still on the element the action started from', async () => {
    html('<main><h1>Fiche</h1><button>Enregistrer</button></main>')
    const submit = document.querySelector('button')!
    submit.focus()
    requestFocus(['page-heading'], { unlessMovedFrom: submit })
    await waitFor(() => expect(document.activeElement).toBe(document.querySelector('h1')))
  })
})
