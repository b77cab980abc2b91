import { describe, expect, it } from 'vitest'
import { encodeClientMessage, liveUrl, parseServerMessage } from './live-protocol.ts'

describe('liveUrl', () => {
  it('is /ws on the page’s own origin, wss under https', () => {
    expect(liveUrl('http://localhost:3000/home?x=1')).toBe('ws://localhost:3000/ws')
    expect(liveUrl('https://crm.example.fr/lead/4')).toBe('wss://crm.example.fr/ws')
  })
})

describe('messages', () => {
  it('encodes client messages as the server reads them', () => {
    expect(encodeClientMessage({ type: 'subscribe', channel: 'badge:3' })).toBe(
      '{"type":"subscribe","channel":"badge:3"}',
    )
    expect(encodeClientMessage({ type: 'ping' })).toBe('{"type":"ping"}')
  })

  it('reads { event, data } and nothing else', () => {
    expect(parseServerMessage('{"event":"connected","data":{"userId":3}}')).toEqual({
      event: 'connected',
      data: { userId: 3 },
    })
    expect(parseServerMessage('{"event":"pong"}')).toEqual({ event: 'pong', data: undefined })
    expect(parseServerMessage('not json')).toBeNull()
    expect(parseServerMessage('{"data":1}')).toBeNull()
    expect(parseServerMessage('{"event":4}')).toBeNull()
    expect(parseServerMessage('null')).toBeNull()
    expect(parseServerMessage(new ArrayBuffer(2))).toBeNull()
  })
})
