// Issue #29 point 4: the automatic call's preview countdown calls once at zero; one key (Escape)
// cancels it; a call that cannot be made now stops it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { AutoCall } from './auto-call.tsx'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('automatic call', () => {
  it('counts down the preview, then calls once', () => {
    const onCall = vi.fn()
    render(<AutoCall seconds={5} blockedReason={undefined} onCall={onCall} />)
    expect(screen.getByRole('status').textContent).toContain('Appel automatique dans 5 s')
    act(() => vi.advanceTimersByTime(2_000))
    expect(screen.getByRole('status').textContent).toContain('Appel automatique dans 3 s')
    expect(onCall).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(3_000))
    expect(onCall).toHaveBeenCalledTimes(1)
    act(() => vi.advanceTimersByTime(10_000))
    expect(onCall).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('is cancelled by Escape: nothing is called, and it says so', () => {
    const onCall = vi.fn()
    render(<AutoCall seconds={5} blockedReason={undefined} onCall={onCall} />)
    act(() => vi.advanceTimersByTime(1_000))
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.getByRole('status').textContent).toBe('Appel automatique annulé.')
    act(() => vi.advanceTimersByTime(10_000))
    expect(onCall).not.toHaveBeenCalled()
  })

  it('does not count while the lead may not be called now (calling rules, a call in progress)', () => {
    const onCall = vi.fn()
    const { rerender } = render(
      <AutoCall seconds={5} blockedReason="Appel impossible maintenant." onCall={onCall} />,
    )
    expect(screen.queryByRole('status')).toBeNull()
    act(() => vi.advanceTimersByTime(10_000))
    expect(onCall).not.toHaveBeenCalled()
    rerender(<AutoCall seconds={5} blockedReason={undefined} onCall={onCall} />)
    act(() => vi.advanceTimersByTime(5_000))
    expect(onCall).toHaveBeenCalledTimes(1)
  })
})
