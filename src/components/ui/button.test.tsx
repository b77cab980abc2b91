import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button } from './button.tsx'

describe('Button', () => {
  it('is a plain button by default and reports presses', async () => {
    const onClick = vi.fn()
    const onSubmit = vi.fn()
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        <Button onClick={onClick}>Annuler</Button>
      </form>,
    )

    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }))

    expect(onClick).toHaveBeenCalledTimes(1)
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('submits its form when type is submit', async () => {
    const onSubmit = vi.fn()
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        <Button type="submit">Se connecter</Button>
      </form>,
    )

    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }))

    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('ignores presses while busy or disabled', async () => {
    const onClick = vi.fn()
    render(
      <>
        <Button busy onClick={onClick}>
          Envoyer
        </Button>
        <Button disabled variant="danger" onClick={onClick}>
          Supprimer
        </Button>
      </>,
    )

    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }))
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer' }))

    expect(onClick).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Envoyer' }).getAttribute('aria-busy')).toBe('true')
  })

  it('is disabled with its reason as tooltip and accessible description', () => {
    render(<Button disabledReason="Indisponible hors ligne">Appeler</Button>)
    const button = screen.getByRole('button', { name: 'Appeler' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(button.title).toBe('Indisponible hors ligne')
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Indisponible hors ligne',
    )
  })
})
