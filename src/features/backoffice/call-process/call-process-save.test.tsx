// Issue #12 "Call processes": saving. A stale version shows the server's French reason and offers
// the current version; removing a step that leads are at asks where they go and sends `reassign`;
// a save the server finds would strand leads asks for their destination.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../../../tests/mocks/server.ts'
import { currentUrl, renderApp } from '../../../../tests/setup/render-app.tsx'
import { callProcessServer, makeProcess } from './call-process-test-server.ts'

const STALE =
  'Quelqu’un d’autre a modifié cet élément entre-temps. La version actuelle est affichée : vérifiez-la puis recommencez.'

async function openEditor() {
  renderApp('/backoffice/call-process/5')
  await screen.findByRole('heading', { level: 1, name: 'Isolation' }, { timeout: 5000 })
}

describe('saving a call process', () => {
  it('shows the French reason of a stale version and offers the current version', async () => {
    const process = callProcessServer()
    process.answerPuts(() => {
      const current = process.changeBehindTheScenes({ name: 'Isolation 2027', version: 4 })
      return HttpResponse.json({ error: { code: 'STALE_VERSION', message: STALE }, current }, { status: 409 })
    })
    await openEditor()
    const name = screen.getByLabelText('Nom du process d’appel') as HTMLInputElement
    await userEvent.clear(name)
    await userEvent.type(name, 'Isolation combles')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))

    expect(await screen.findByText(STALE)).toBeTruthy()
    expect(process.puts).toEqual([expect.objectContaining({ name: 'Isolation combles', version: 3 })])
    expect(name.value).toBe('Isolation combles')
    await userEvent.click(screen.getByRole('button', { name: 'Afficher la version actuelle' }))
    await waitFor(() => expect(name.value).toBe('Isolation 2027'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Isolation 2027' })).toBeTruthy()
    expect(document.activeElement).toBe(name)
    expect(screen.queryByText(STALE)).toBeNull()
  })

  it('asks where the leads of a removed step go and sends the move with the new numbers', async () => {
    const process = callProcessServer()
    process.answerPuts(() => HttpResponse.json(makeProcess({ version: 4 })))
    await openEditor()
    // Step 2 "Qualification" has 4 leads.
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer l’étape 2' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Où vont les leads de cette étape ?' }))
    expect(dialog.getByText(/4 leads sont à l’étape 2/)).toBeTruthy()
    await userEvent.click(dialog.getByRole('button', { name: 'Supprimer l’étape' }))
    expect(await dialog.findByText('Choisissez l’étape de destination.')).toBeTruthy()
    const destination = dialog.getByLabelText('Étape de destination')
    expect(
      within(destination)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['— Choisir une étape —', 'Étape 1 – Accueil', 'Étape 2 – Rendez-vous'])
    await userEvent.selectOptions(destination, 'Étape 2 – Rendez-vous')
    await userEvent.click(dialog.getByRole('button', { name: 'Supprimer l’étape' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ajouter une étape' }))
    // A new step put first: "Rendez-vous" becomes step 3, and the leads follow it.
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter une étape' }))
    const added = within(screen.getByRole('listitem', { name: /^Étape 3\b/ }))
    await userEvent.type(added.getByLabelText('Titre de l’étape'), 'Relance')
    await userEvent.selectOptions(added.getByLabelText('Tag'), 'Rendez-vous pris')
    await userEvent.click(screen.getByRole('button', { name: 'Monter l’étape 3' }))
    await userEvent.click(screen.getByRole('button', { name: 'Monter l’étape 2' }))
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))

    await waitFor(() => expect(process.puts).toHaveLength(1))
    expect(process.puts[0]).toEqual({
      name: 'Isolation',
      version: 3,
      steps: [
        { title: 'Relance', script: '', outcomes: [{ tagId: 2, nextStep: null }] },
        { id: 11, title: 'Accueil', script: 'Bonjour [prénom]', outcomes: [{ tagId: 1, nextStep: 3 }] },
        { id: 13, title: 'Rendez-vous', script: '', outcomes: [{ tagId: 2, nextStep: null }] },
      ],
      reassign: { '2': 3 },
    })
    expect(await screen.findByText('Process d’appel enregistré.')).toBeTruthy()
  })

  it('asks for a destination when the server finds leads that would be stranded', async () => {
    const process = callProcessServer(
      makeProcess({
        steps: makeProcess().steps.map((step) => ({ ...step, leadCount: 0 })),
      }),
    )
    process.answerPuts((body) =>
      (body as { reassign?: unknown }).reassign
        ? HttpResponse.json(makeProcess({ version: 4 }))
        : HttpResponse.json(
            {
              error: { code: 'STRANDED_LEADS', message: 'Des leads seraient sans étape.' },
              strandedSteps: [{ number: 2, title: 'Qualification', leadCount: 2 }],
            },
            { status: 409 },
          ),
    )
    await openEditor()
    // No lead known at step 2 when the page loaded: removed without asking.
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer l’étape 2' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))

    const panel = within(await screen.findByRole('alert', { name: 'Des leads n’ont pas de destination' }))
    expect(panel.getByText('Ancienne étape 2 « Qualification » : 2 leads')).toBeTruthy()
    await userEvent.selectOptions(panel.getByLabelText('Étape de destination'), 'Étape 1 – Accueil')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(process.puts).toHaveLength(2))
    expect(process.puts[1]).toEqual(expect.objectContaining({ reassign: { '2': 1 } }))
    expect(await screen.findByText('Process d’appel enregistré.')).toBeTruthy()
  })

  it('creates a process from /nouveau and opens it, without asking to leave', async () => {
    callProcessServer()
    const posts: unknown[] = []
    const created = makeProcess({ id: 9, name: 'Fenêtres', missions: [], steps: [] })
    server.use(
      http.post('*/api/call-processes', async ({ request }) => {
        posts.push(await request.json())
        return HttpResponse.json(created, { status: 201 })
      }),
      http.get('*/api/call-process/9', () => HttpResponse.json(created)),
    )
    const { router } = renderApp('/backoffice/call-process/nouveau')
    await userEvent.type(
      await screen.findByLabelText('Nom du process d’appel', {}, { timeout: 5000 }),
      '  Fenêtres ',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter une étape' }))
    expect(document.activeElement).toBe(screen.getByLabelText('Titre de l’étape'))
    await userEvent.keyboard('Accueil')
    await userEvent.type(screen.getByLabelText('Script lu par le téléopérateur'), 'Bonjour [[prénom]')
    await userEvent.selectOptions(screen.getByLabelText('Tag'), 'Rendez-vous pris')
    await userEvent.click(screen.getByRole('button', { name: 'Créer le process d’appel' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Fenêtres' })).toBeTruthy()
    expect(currentUrl(router)).toBe('/backoffice/call-process/9')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(posts).toEqual([
      {
        name: 'Fenêtres',
        steps: [{ title: 'Accueil', script: 'Bonjour [prénom]', outcomes: [{ tagId: 2, nextStep: null }] }],
      },
    ])
  })
})
