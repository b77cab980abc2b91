// Issue #31 point 4: a phone in a list reads as the French write it and never breaks across lines.
import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { PhoneNumber } from './phone-number.tsx'

describe('PhoneNumber', () => {
  it('writes a French number in the national format, on one line', () => {
    const { container } = render(<PhoneNumber phone="+33612345678" className="extra" />)
    const span = container.querySelector('span')!
    expect(span.textContent).toBe('06 12 34 56 78')
    expect(span.className).toBe('phone-number extra')
    expect(span.getAttribute('translate')).toBe('no')
  })

  it('leaves a foreign number as it is', () => {
    const { container } = render(<PhoneNumber phone="+32470123456" />)
    expect(container.textContent).toBe('+32470123456')
  })
})
