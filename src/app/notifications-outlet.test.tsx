import { afterEach, describe, expect, it } from 'vitest'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { NotificationsOutlet } from './notifications-outlet.tsx'
import { clearNotifications, notify } from '../stores/notifications.ts'
import { fr } from '../i18n/fr.ts'

afterEach(() => clearNotifications())

describe('NotificationsOutlet', () => {
  it('shows notifications from the store and removes one when closed', async () => {
    render(<NotificationsOutlet />)

    act(() => {
      notify({ kind: 'error', message: 'Échec de l’enregistrement' })
    })
    expect((await screen.findByRole('alert')).textContent).toBe('Échec de l’enregistrement')

    await userEvent.click(screen.getByRole('button', { name: fr.notifications.close }))

    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
  })
})
