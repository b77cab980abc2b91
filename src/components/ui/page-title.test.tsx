import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { PageTitle } from './page-title.tsx'

describe('PageTitle', () => {
  it('shows the page heading and sets the document title', () => {
    render(<PageTitle title="Accueil" documentTitle="Accueil – Centre d’appels" />)

    expect(screen.getByRole('heading', { level: 1, name: 'Accueil' })).toBeTruthy()
    expect(document.title).toBe('Accueil – Centre d’appels')
  })

  it('uses the heading as document title by default', () => {
    render(<PageTitle title="Utilisateurs" />)
    expect(document.title).toBe('Utilisateurs')
  })
})
