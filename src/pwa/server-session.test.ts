// Asking the server who is signed in when the service worker served the page (issue #17).
import { describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../tests/mocks/session.ts'
import { askServerWhoIsSignedIn } from './server-session.ts'

describe('who is signed in, at start', () => {
  it('is the server’s user, or nobody on 401', async () => {
    const me = makeMe('TELEOPERATOR')
    server.use(signedInAs(me))
    expect(await askServerWhoIsSignedIn()).toEqual(me)
    // The default handler: signed out.
    server.resetHandlers()
    expect(await askServerWhoIsSignedIn()).toBeNull()
  })

  it('says nothing offline, on a network failure or without an answer in time', async () => {
    server.use(http.get('*/api/user/me', () => HttpResponse.error()))
    expect(await askServerWhoIsSignedIn()).toBeUndefined()

    server.use(http.get('*/api/user/me', () => new Promise<Response>(() => undefined)))
    expect(await askServerWhoIsSignedIn(30)).toBeUndefined()

    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    try {
      server.use(signedInAs(makeMe('TELEOPERATOR')))
      expect(await askServerWhoIsSignedIn()).toBeUndefined()
    } finally {
      offline.mockRestore()
    }
  })
})
