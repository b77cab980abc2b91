// The data the server embeds in the page: in the query cache before the first render, read once.
import { describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { makeMe } from '../../tests/mocks/session.ts'
import { authQueries } from '../api/auth.ts'
import { configQueries } from '../api/config.ts'
import { applyBootstrapData } from './bootstrap-data.ts'

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('app')
  const script = doc.createElement('script')
  script.id = 'bootstrap-data'
  script.type = 'application/json'
  script.textContent = json
  doc.body.append(script)
  return doc
}

const config = { appEnv: 'develop', version: '1.0.0', sentryDsn: null, sessionIdleMinutes: 240 }

describe('applyBootstrapData', () => {
  it('puts the embedded user and configuration in the cache, and removes the element', () => {
    const queryClient = new QueryClient()
    const me = makeMe('TELEOPERATOR')
    const doc = pageWith(JSON.stringify({ me, config }))
    expect(applyBootstrapData(queryClient, doc)).toBe(true)
    expect(queryClient.getQueryData(authQueries.me().queryKey)).toEqual(me)
    expect(queryClient.getQueryData(configQueries.app().queryKey)).toEqual(config)
    expect(doc.getElementById('bootstrap-data')).toBeNull()
    // Fresh: the router's guard does not fetch it again.
    expect(queryClient.getQueryState(authQueries.me().queryKey)?.isInvalidated).toBe(false)
  })

  it('records a signed-out visitor as such (no request before /login)', () => {
    const queryClient = new QueryClient()
    expect(applyBootstrapData(queryClient, pageWith(JSON.stringify({ me: null, config })))).toBe(true)
    expect(queryClient.getQueryData(authQueries.me().queryKey)).toBeNull()
  })

  it('ignores a page without data (the service worker’s shell) or with unreadable data', () => {
    const queryClient = new QueryClient()
    expect(applyBootstrapData(queryClient, document.implementation.createHTMLDocument('app'))).toBe(false)
    expect(applyBootstrapData(queryClient, pageWith('{not json'))).toBe(false)
    expect(applyBootstrapData(queryClient, pageWith(JSON.stringify({ me: 'x', config })))).toBe(false)
    expect(queryClient.getQueryData(authQueries.me().queryKey)).toBeUndefined()
  })
})
