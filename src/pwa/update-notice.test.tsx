// The update prompt (issue #5): 'Nouvelle version disponible' + 'Recharger'; asked during a call,
// the reload waits for the end of the call.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { callQueries } from '../api/calls.ts'
import { makeCurrentCall, NO_CALL } from '../../tests/mocks/calls.ts'
import { renderFeature } from '../../tests/setup/render-feature.tsx'
import { offerUpdate, resetUpdateStore } from './update-store.ts'

afterEach(() => resetUpdateStore())

describe('update notice', () => {
  it('stays hidden until a new version waits', () => {
    renderFeature(<p>page</p>)
    expect(screen.queryByText('Nouvelle version disponible')).toBeNull()
  })

  it('reloads into the new version when asked', async () => {
    const apply = vi.fn()
    const { queryClient } = renderFeature(<p>page</p>)
    queryClient.setQueryData(callQueries.ongoing().queryKey, NO_CALL)
    act(() => offerUpdate(apply))

    expect(await screen.findByText('Nouvelle version disponible')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Recharger' }))
    await waitFor(() => expect(apply).toHaveBeenCalledTimes(1))
  })

  it('waits for the end of an ongoing call, then reloads', async () => {
    const apply = vi.fn()
    const { queryClient } = renderFeature(<p>page</p>)
    act(() => queryClient.setQueryData(callQueries.ongoing().queryKey, makeCurrentCall()))
    act(() => offerUpdate(apply))

    await userEvent.click(await screen.findByRole('button', { name: 'Recharger' }))
    expect(screen.getByText('La mise à jour se fera à la fin de l’appel.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Recharger' })).toBeNull()
    // The message above is the render that saw the reload asked during the call: its effect, where
    // the reload is applied, ran in the same act() as the click.
    expect(apply).not.toHaveBeenCalled()

    act(() => queryClient.setQueryData(callQueries.ongoing().queryKey, { ...NO_CALL }))
    await waitFor(() => expect(apply).toHaveBeenCalledTimes(1))
  })
})
