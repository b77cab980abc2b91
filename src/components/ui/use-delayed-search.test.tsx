// The search field of a list: typing applies once it pauses, what is typed meanwhile stays when the
// applied value comes back, and a search changed elsewhere (back, forward, a link) shows in the field.
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SEARCH_DELAY_MS, useDelayedSearch } from './use-delayed-search.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function mount(initial: string) {
  const applied: string[] = []
  const view = renderHook(({ url }) => useDelayedSearch(url, (value) => applied.push(value)), {
    initialProps: { url: initial },
  })
  const type = (value: string) => act(() => view.result.current[1](value))
  const field = () => view.result.current[0]
  return { applied, type, field, navigate: (url: string) => view.rerender({ url }) }
}

describe('useDelayedSearch', () => {
  it('applies once typing pauses, trimmed, and keeps what was typed since when it comes back', () => {
    const search = mount('')
    search.type('zo')
    search.type('zoe ')
    expect(search.applied).toEqual([])
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS))
    expect(search.applied).toEqual(['zoe'])
    search.type('zoe m')
    search.navigate('zoe')
    expect(search.field()).toBe('zoe m')
  })

  it('shows a search changed elsewhere, including one it had applied itself before', () => {
    const search = mount('zoe')
    search.type('max')
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS))
    search.navigate('max')
    search.navigate('zoe')
    expect(search.field()).toBe('zoe')
    search.navigate('max')
    expect(search.field()).toBe('max')
  })

  it('keeps what is typed when the view shows an earlier applied value late, or skips it', () => {
    const search = mount('')
    search.type('l')
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS))
    search.type('lé')
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS))
    search.type('léa')
    // The view renders the first applied value only now (a navigation rendered in a transition).
    search.navigate('l')
    expect(search.field()).toBe('léa')
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS))
    expect(search.applied).toEqual(['l', 'lé', 'léa'])
    // 'lé' is never rendered: the view goes straight to the last value.
    search.navigate('léa')
    expect(search.field()).toBe('léa')
    search.navigate('x')
    expect(search.field()).toBe('x')
  })
})
