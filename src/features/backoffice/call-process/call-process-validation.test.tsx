// Issue #12 "Call processes": the editor's French validation messages, next to their fields, with
// nothing sent: no step, a step without outcome, a "next step" removed, a last step that never ends.
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../../../tests/mocks/server.ts'
import { renderApp } from '../../../../tests/setup/render-app.tsx'
import { callProcessServer, makeProcess } from './call-process-test-server.ts'

function step(number: number) {
  return within(screen.getByRole('listitem', { name: new RegExp(`^Étape ${number}\\b`) }))
}

describe('the call-process editor’s validation', () => {
  it('asks for a name and at least one step before creating anything', async () => {
    callProcessServer()
    const posts: unknown[] = []
    server.use(
      http.post('*/api/call-processes', async ({ request }) => {
        posts.push(await request.json())
        return HttpResponse.json(makeProcess({ id: 9 }), { status: 201 })
      }),
    )
    renderApp('/backoffice/call-process/nouveau')
    await screen.findByRole('heading', { level: 1, name: 'Nouveau process d’appel' }, { timeout: 5000 })
    expect(screen.getByText('Aucune étape : ajoutez la première avec « Ajouter une étape ».')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Créer le process d’appel' }))
    expect(await screen.findByText('Le process d’appel a au moins une étape.')).toBeTruthy()
    expect(screen.getByText('Le nom du process d’appel est obligatoire.')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Nom du process d’appel'))
    expect(posts).toEqual([])
  })

  it('wants an outcome on every step, a chosen tag, and an ending outcome on the last step', async () => {
    callProcessServer()
    renderApp('/backoffice/call-process/nouveau')
    await screen.findByRole('heading', { level: 1, name: 'Nouveau process d’appel' }, { timeout: 5000 })
    await userEvent.type(screen.getByLabelText('Nom du process d’appel'), 'Pompes à chaleur')
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter une étape' }))
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter une étape' }))
    await userEvent.type(step(1).getByLabelText('Titre de l’étape'), 'Accueil')
    await userEvent.type(step(2).getByLabelText('Titre de l’étape'), 'Conclusion')
    await userEvent.click(step(1).getByRole('button', { name: 'Retirer l’issue 1' }))
    await userEvent.selectOptions(step(2).getByLabelText('Tag'), 'Intéressé')
    await userEvent.click(screen.getByRole('button', { name: 'Créer le process d’appel' }))

    expect(await step(1).findByText('Chaque étape propose au moins une issue.')).toBeTruthy()
    expect(
      step(2).getByText('La dernière étape propose au moins une issue qui termine le traitement.'),
    ).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe(
      'Le process d’appel n’est pas enregistré : corrigez les champs signalés.',
    )

    // Fixed: the messages go as the fields change (no new submit needed).
    await userEvent.click(step(1).getByRole('button', { name: 'Ajouter une issue' }))
    expect(await step(1).findByText('Choisissez un tag.')).toBeTruthy()
    await userEvent.selectOptions(step(1).getByLabelText('Tag'), 'Intéressé')
    await userEvent.selectOptions(step(2).getByLabelText('Tag'), 'Rendez-vous pris')
    expect(step(1).queryByText('Chaque étape propose au moins une issue.')).toBeNull()
    expect(
      step(2).queryByText('La dernière étape propose au moins une issue qui termine le traitement.'),
    ).toBeNull()
  })

  it('flags an outcome whose next step was removed, and sends nothing', async () => {
    const process = callProcessServer()
    process.answerPuts(() => HttpResponse.json(makeProcess()))
    renderApp('/backoffice/call-process/5')
    await screen.findByRole('heading', { level: 1, name: 'Isolation' }, { timeout: 5000 })
    // Step 1's outcome goes to step 3 "Rendez-vous", which has no lead: removed at once.
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer l’étape 3' }))
    const next = step(1).getByLabelText('Étape suivante') as HTMLSelectElement
    expect(next.selectedOptions[0]?.textContent).toBe('— Étape supprimée : choisissez —')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(await step(1).findByText('L’étape suivante n’existe pas.')).toBeTruthy()
    expect(next.getAttribute('aria-invalid')).toBe('true')
    expect(process.puts).toEqual([])
  })
})
