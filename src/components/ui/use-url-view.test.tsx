import { act, renderHook } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { usePagedView, useUrlFilters } from './use-url-view.ts'

type View = { search: string; page: number; open: number | null }

function read(params: URLSearchParams): View {
  const open = Number(params.get('open'))
  return {
    search: params.get('q') ?? '',
    page: Number(params.get('page')) || 1,
    open: open > 0 ? open : null,
  }
}

function write(view: View): URLSearchParams {
  const params = new URLSearchParams()
  if (view.search) params.set('q', view.search)
  if (view.page > 1) params.set('page', String(view.page))
  if (view.open !== null) params.set('open', String(view.open))
  return params
}

/** Renders `hook` inside a memory router at `entry`; the router shows what the URL holds. */
function mount<Result>(hook: () => Result, entry: string) {
  let router: ReturnType<typeof createMemoryRouter> | undefined
  function Wrapper({ children }: { children: React.ReactNode }) {
    router ??= createMemoryRouter([{ path: '/', element: children }], { initialEntries: [entry] })
    return <RouterProvider router={router} />
  }
  const view = renderHook(hook, { wrapper: Wrapper })
  return { view, router: () => router! }
}

describe('useUrlView', () => {
  it('keeps a change made before the previous one was rendered (a delayed search after a row opened)', async () => {
    const { view, router } = mount(() => usePagedView(read, write, ['search']), '/?page=3')
    const update = view.result.current[1]
    await act(async () => {
      update({ open: 7 })
      // The search's timer fires with the update of the render before the row opened.
      update({ search: 'relance' })
    })
    expect(view.result.current[0]).toEqual({ search: 'relance', page: 1, open: 7 })
    expect(router().state.location.search).toBe('?q=relance&open=7')
  })

  it('starts from a navigation made elsewhere (back to an earlier entry)', async () => {
    const { view, router } = mount(() => usePagedView(read, write, ['search']), '/?q=a')
    await act(async () => view.result.current[1]({ open: 2 }))
    await act(async () => router().navigate(-1))
    await act(async () => view.result.current[1]({ page: 2 }))
    expect(router().state.location.search).toBe('?q=a&page=2')
  })
})

describe('useUrlFilters', () => {
  it('drops empty values and page 1, and goes back to the first page when a filter changes', async () => {
    const { view, router } = mount(() => useUrlFilters(), '/?status=sent&page=4')
    const changeFilters = view.result.current[1]
    await act(async () => {
      changeFilters({ template: 'welcome' })
      changeFilters({ status: '' })
    })
    expect(view.result.current[0].toString()).toBe('template=welcome')
    await act(async () => view.result.current[1]({ page: 2 }))
    await act(async () => view.result.current[1]({ page: 1 }))
    expect(router().state.location.search).toBe('?template=welcome')
  })
})
