import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { resetLiveStore, setLiveStatus, type LiveStatus as Status } from '../../live/live-store.ts'
import { LiveStatus } from './live-status.tsx'

afterEach(resetLiveStore)

describe('LiveStatus', () => {
  it.each<[Status, string]>([
    ['connecting', 'Connexion…'],
    ['connected', 'Connecté'],
    ['reconnecting', 'Reconnexion…'],
    ['reconnected', 'Reconnecté'],
  ])('%s reads “%s” in a status region, without a retry button', (status, text) => {
    setLiveStatus(status)
    render(<LiveStatus onRetry={vi.fn()} />)
    expect(screen.getByRole('status').textContent).toBe(text)
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('is empty while there is no connection to show (signed out)', () => {
    render(<LiveStatus onRetry={vi.fn()} />)
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('failed: “Connexion perdue” and Réessayer, which asks for a new attempt', async () => {
    const onRetry = vi.fn()
    render(<LiveStatus onRetry={onRetry} />)
    // valtio notifies its subscribers a microtask after the change.
    await act(async () => setLiveStatus('failed'))
    expect(screen.getByRole('status').textContent).toBe('Connexion perdue')
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(onRetry).toHaveBeenCalledOnce()
    await act(async () => setLiveStatus('reconnecting', 1))
    expect(screen.getByRole('status').textContent).toBe('Reconnexion…')
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull()
  })
})
