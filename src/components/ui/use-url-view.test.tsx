import { act, render, screen } from '@testing-library/react'
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

let update: (changes: Partial<View>) => void = () => undefined
let changeFilters: ReturnType<typeof useUrlFilters>[1] = () => undefined

function PagedList() {
  const [view, change] = usePagedView(read, write, ['search'])
  update = change
  return <output aria-label="vue">{JSON.stringify(view)}</output>
}

function Filters() {
  const [params, change] = useUrlFilters()
  changeFilters = change
  return <output aria-label="filtres">{params.toString()}</output>
}

function mount(element: React.ReactNode, entry: string) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: [entry] })
  render(<RouterProvider router={router} />)
  return router
}

describe('useUrlView', () => {
  it('keeps a change made before the previous one was rendered (a delayed search after a row opened)', async () => {
    const router = mount(<PagedList />, '/?page=3')
    await act(async () => {
      update({ open: 7 })
      // The search's timer fires with the update of the render before the row opened.
      update({ search: 'relance' })
    })
    expect(JSON.parse(screen.getByLabelText('vue').textContent ?? '')).toEqual({
      search: 'relance',
      page: 1,
      open: 7,
    })
    expect(router.state.location.search).toBe('?q=relance&open=7')
  })

  it('starts from a navigation made elsewhere (back to an earlier entry)', async () => {
    const router = mount(<PagedList />, '/?q=a')
    await act(async () => update({ open: 2 }))
    await act(async () => router.navigate(-1))
    await act(async () => update({ page: 2 }))
    expect(router.state.location.search).toBe('?q=a&page=2')
  })
})

describe('useUrlFilters', () => {
  it('drops empty values and page 1, and goes back to the first page when a filter changes', async () => {
    const router = mount(<Filters />, '/?status=sent&page=4')
    await act(async () => {
      changeFilters({ template: 'welcome' })
      changeFilters({ status: '' })
    })
    expect(screen.getByLabelText('filtres').textContent).toBe('template=welcome')
    await act(async () => changeFilters({ page: 2 }))
    await act(async () => changeFilters({ page: 1 }))
    expect(router.state.location.search).toBe('?template=welcome')
  })
})
