import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Notifications } from './notifications.tsx'

describe('Notifications', () => {
  it('announces errors as alerts and other kinds as status messages', () => {
    render(
      <Notifications
        items={[
          { id: 1, kind: 'error', message: 'Échec' },
          { id: 2, kind: 'success', message: 'Enregistré' },
          { id: 3, kind: 'info', message: 'Pour info' },
        ]}
        onDismiss={() => {}}
        closeLabel="Fermer la notification"
      />,
    )

    expect(screen.getByRole('alert').textContent).toBe('Échec')
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual(['Enregistré', 'Pour info'])
    expect(screen.getByRole('alert').className).toContain('notification--error')
  })

  it('calls onDismiss with the id when the close button is pressed', async () => {
    const onDismiss = vi.fn()
    render(
      <Notifications
        items={[{ id: 7, kind: 'success', message: 'Enregistré' }]}
        onDismiss={onDismiss}
        closeLabel="Fermer la notification"
      />,
    )

    await userEvent.click(screen.getByRole('button', { name: 'Fermer la notification' }))

    expect(onDismiss).toHaveBeenCalledWith(7)
  })
})
