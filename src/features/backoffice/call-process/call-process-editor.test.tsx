// Issue #12 "Call processes": the editor reorders steps by keyboard (move buttons, focus kept), its
// "étape suivante" references follow the steps, and the script's preview follows the typing.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../tests/setup/render-app.tsx'
import { callProcessServer } from './call-process-test-server.ts'

/** The editor of process 5, once loaded (the first test also waits for the lazy route's chunk). */
async function openEditor() {
  renderApp('/backoffice/call-process/5')
  await screen.findByRole('heading', { level: 1, name: 'Isolation' }, { timeout: 5000 })
}

function stepHeadings(): string[] {
  return within(screen.getByRole('region', { name: 'Étapes' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent ?? '')
}

function step(number: number) {
  return within(screen.getByRole('listitem', { name: new RegExp(`^Étape ${number}\\b`) }))
}

describe('the call-process editor', () => {
  it('moves steps with the move buttons, keeps focus on the moved step and its references', async () => {
    callProcessServer()
    await openEditor()
    expect(stepHeadings()).toEqual(['Étape 1 – Accueil', 'Étape 2 – Qualification', 'Étape 3 – Rendez-vous'])

    const down = screen.getByRole('button', { name: 'Descendre l’étape 1' })
    down.focus()
    await userEvent.keyboard('{Enter}')
    expect(stepHeadings()).toEqual(['Étape 1 – Qualification', 'Étape 2 – Accueil', 'Étape 3 – Rendez-vous'])
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Descendre l’étape 2' }))

    await userEvent.keyboard('{Enter}')
    expect(stepHeadings()).toEqual(['Étape 1 – Qualification', 'Étape 2 – Rendez-vous', 'Étape 3 – Accueil'])
    // At the end of the list, "Descendre" is disabled: focus goes to the step's "Monter".
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Monter l’étape 3' }))
    // "Accueil" still sends its leads to "Rendez-vous", now step 2.
    expect((step(3).getByLabelText('Étape suivante') as HTMLSelectElement).value).toBe('2')

    await userEvent.keyboard('{Enter}')
    expect(stepHeadings()).toEqual(['Étape 1 – Qualification', 'Étape 2 – Accueil', 'Étape 3 – Rendez-vous'])
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Monter l’étape 2' }))
    expect((step(2).getByLabelText('Étape suivante') as HTMLSelectElement).value).toBe('3')
  })

  it('shows the script as the agent will read it while it is typed', async () => {
    callProcessServer()
    await openEditor()
    const second = step(2)
    expect(second.getByText('Le script est vide.')).toBeTruthy()
    const script = second.getByLabelText('Script lu par le téléopérateur')
    await userEvent.type(script, 'Bonjour ')
    await userEvent.click(second.getByRole('button', { name: 'Insérer le prénom du client' }))
    await userEvent.type(script, ' de [[ville], je suis [[votre prénom].')
    const preview = within(second.getByRole('region', { name: 'Aperçu pour le téléopérateur' }))
    expect(preview.getByText(/Bonjour/).textContent).toBe('Bonjour Jeanne de Lyon, je suis Camille.')
    expect(preview.getByRole('heading', { level: 2 }).textContent).toBe('Étape 2 / 3 – Qualification')
  })

  it('shows each catalogue tag’s effect and offers no retired tag', async () => {
    callProcessServer()
    await openEditor()
    const third = step(3)
    expect(third.getByText(/Statut : Rendez-vous · Termine le traitement · Rendez-vous requis/)).toBeTruthy()
    expect(step(2).getByText('Statut : À rappeler · Rappel dans 1 jour')).toBeTruthy()
    const options = within(third.getByLabelText('Tag')).getAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual([
      '— Choisir un tag —',
      'Intéressé',
      'Rendez-vous pris',
      'À rappeler',
    ])
    await waitFor(() => expect(screen.getByText('Historique des modifications')).toBeTruthy())
  })
})
