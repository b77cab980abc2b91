import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { PageTitle, ScreenTitle } from './page-title.tsx'

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

describe('ScreenTitle', () => {
  it('shows the route’s title and names the app in the browser tab', () => {
    render(<ScreenTitle title="Tags" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Tags' })).toBeTruthy()
    expect(document.title).toBe('Tags – Centre d’appels')
  })

  it('shows a heading of the screen’s own with the app’s name', () => {
    render(<ScreenTitle title="Utilisateurs de la mission" heading="Utilisateurs de la mission Solaire" />)
    expect(document.title).toBe('Utilisateurs de la mission Solaire – Centre d’appels')
  })

  it('names what the screen shows before the route’s title', () => {
    render(<ScreenTitle title="Fiche lead" subject="Jeanne Dupont" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Jeanne Dupont' })).toBeTruthy()
    expect(document.title).toBe('Jeanne Dupont – Fiche lead')
  })
})
