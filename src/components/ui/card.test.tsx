import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { Card } from './card.tsx'

describe('Card', () => {
  it('shows its title as the name of the section, its icon and its content', () => {
    render(
      <Card title="Statistiques" icon={<svg data-testid="icon" />}>
        <p>42 appels</p>
      </Card>,
    )
    const card = screen.getByRole('region', { name: 'Statistiques' })
    expect(card.textContent).toContain('42 appels')
    expect(screen.getByTestId('icon')).toBeTruthy()
    expect(card.getAttribute('aria-busy')).toBe('false')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('covers the content with a labelled loading overlay while loading', () => {
    render(
      <Card title="Statistiques" loading loadingLabel="Chargement…">
        <p>42 appels</p>
      </Card>,
    )
    expect(screen.getByRole('status').textContent).toBe('Chargement…')
    expect(screen.getByRole('region', { name: 'Statistiques' }).getAttribute('aria-busy')).toBe('true')
  })

  it('uses the French loading label by default', () => {
    render(
      <Card title="Statistiques" loading>
        <p>42 appels</p>
      </Card>,
    )
    expect(screen.getByRole('status').textContent).toBe('Chargement…')
  })
})
