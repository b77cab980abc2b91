// Signing out on a shared workstation (issue #17): the changes made offline are sent first; when
// they cannot be, the user is told how many would be lost and asked; nothing of theirs stays.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { clear, keys, set } from 'idb-keyval'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { renderApp } from '../../../tests/setup/render-app.tsx'
import { draftKey } from '../../stores/outcome-draft.ts'
import { storedChangesDatabase } from '../../pwa/outbox-store.ts'
import type { OutboxEntry } from '../../pwa/outbox.ts'
import { isSignOutPending, clearSignOutPending } from '../../pwa/pending-sign-out.ts'
import { readSessionRecord, recordSessionConfirmed } from '../../pwa/session-record.ts'
import { reportServerUnreachable } from '../../stores/connectivity.ts'

const me = makeMe('TELEOPERATOR')

function storeChange(id: string, comment: string): Promise<void> {
  const entry: OutboxEntry = {
    id,
    userId: me.id,
    label: { kind: 'lead-comment', leadId: 42 },
    method: 'PUT',
    path: '/api/lead/42/comment',
    body: { comment },
    invalidates: [],
    createdAt: Date.now(),
    attempts: 0,
  }
  return set(id, entry, storedChangesDatabase())
}

afterEach(async () => {
  localStorage.clear()
  clearSignOutPending()
  await clear(storedChangesDatabase())
})

describe('signing out', () => {
  it('sends the changes made offline first, then signs out with nothing left behind', async () => {
    const sent: { key: string | null; body: unknown }[] = []
    let signedOut = false
    server.use(
      signedInAs(me),
      http.put('*/api/lead/42/comment', async ({ request }) => {
        sent.push({ key: request.headers.get('idempotency-key'), body: await request.json() })
        return HttpResponse.json({ ok: true })
      }),
      http.post('*/api/logout', () => {
        signedOut = true
        return HttpResponse.json({ ok: true, redirect: '/login' })
      }),
    )
    await storeChange('change-1', 'écrit hors ligne')
    const draft = { tagId: 1, details: 'M. Martin, 06 12 34 56 78', comment: '', savedAt: Date.now() }
    localStorage.setItem(draftKey(me.id, 42), JSON.stringify(draft))
    recordSessionConfirmed(me.id, 60_000)
    renderApp('/home')
    await screen.findByText('Bonjour Camille !')

    await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }))

    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy()
    expect(sent).toEqual([{ key: 'change-1', body: { comment: 'écrit hors ligne' } }])
    expect(signedOut).toBe(true)
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(async () => expect(await keys(storedChangesDatabase())).toEqual([]))
    expect(localStorage.getItem(draftKey(me.id, 42))).toBeNull()
    expect(readSessionRecord()).toBeNull()
  })

  it('offline, says how many changes would be lost and asks; « Rester connecté » keeps them', async () => {
    let signedOut = false
    server.use(
      signedInAs(me),
      http.post('*/api/logout', () => {
        signedOut = true
        return HttpResponse.json({ ok: true })
      }),
    )
    await storeChange('change-1', 'premier')
    await storeChange('change-2', 'second')
    renderApp('/home')
    await screen.findByText('Bonjour Camille !')
    reportServerUnreachable()

    await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }))

    const dialog = await screen.findByRole('dialog', { name: 'Modifications non envoyées' })
    expect(
      within(dialog).getByText(
        '2 modifications faites hors ligne n’ont pas encore été envoyées et seront perdues. Se déconnecter quand même ?',
      ),
    ).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rester connecté' }))

    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByText('Bonjour Camille !')).toBeTruthy()
    expect(signedOut).toBe(false)
    expect((await keys(storedChangesDatabase())).sort()).toEqual(['change-1', 'change-2'])
  })

  it('offline, once confirmed, signs out here at once and tells the server when it can', async () => {
    server.use(
      signedInAs(me),
      // The sign-out request cannot reach the server.
      http.post('*/api/logout', () => HttpResponse.error()),
    )
    await storeChange('change-1', 'perdu')
    const { router } = renderApp('/home')
    await screen.findByText('Bonjour Camille !')
    reportServerUnreachable()

    await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }))
    const dialog = await screen.findByRole('dialog')
    expect(
      within(dialog).getByText(
        '1 modification faite hors ligne n’a pas encore été envoyée et sera perdue. Se déconnecter quand même ?',
      ),
    ).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Se déconnecter quand même' }))

    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
    await waitFor(async () => expect(await keys(storedChangesDatabase())).toEqual([]))
    expect(isSignOutPending()).toBe(true)
  })
})
