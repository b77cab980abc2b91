// Issue #27 point 4: React replaces the server-painted sign-in form; the visitor's next key presses go
// to the field they were last in, even when they moved to it after the first render began.
import { useRef } from 'react'
import { render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { holdFirstPaintSubmit, useFirstPaintInput, type CarriedInput } from './first-paint-input.ts'

function paintCopy(): HTMLElement {
  const copy = document.createElement('div')
  copy.dataset.firstPaint = 'login'
  copy.innerHTML = '<input name="email" type="email"><input name="password" type="password">'
  document.body.append(copy)
  return copy
}

function LiveForm({ onCarry }: { onCarry: (input: CarriedInput) => void }) {
  const email = useRef<HTMLInputElement>(null)
  const password = useRef<HTMLInputElement>(null)
  useFirstPaintInput('login', { email, password }, onCarry)
  return (
    <>
      <input aria-label="live email" ref={email} />
      <input aria-label="live password" ref={password} />
    </>
  )
}

afterEach(() => document.body.replaceChildren())

describe('the painted form handing over to the live one', () => {
  it('puts the focus in the field last focused in the copy, not the one of the first render', () => {
    const copy = paintCopy()
    holdFirstPaintSubmit(copy)
    const [email, password] = copy.querySelectorAll('input')
    email!.focus()
    email!.value = 'teleop1@demo.fr'
    password!.focus()
    // The first render starts with the focus nowhere in the copy (it was one step behind).
    password!.blur()
    let carried: CarriedInput | null = null
    const { getByLabelText } = render(<LiveForm onCarry={(input) => (carried = input)} />)
    expect(carried!.text).toEqual({ email: 'teleop1@demo.fr', password: '' })
    expect(document.activeElement).toBe(getByLabelText('live password'))
  })

  it('starts on the e-mail field when the visitor was in none', () => {
    const copy = paintCopy()
    holdFirstPaintSubmit(copy)
    const { getByLabelText } = render(<LiveForm onCarry={() => undefined} />)
    expect(document.activeElement).toBe(getByLabelText('live email'))
  })
})
