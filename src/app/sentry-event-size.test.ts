import { describe, expect, it } from 'vitest'
import type { Breadcrumb, ErrorEvent } from '@sentry/react'
import { eventBytes, limitEventSize } from './sentry-event-size.ts'

const KB = 1024
const LIMIT = 100 * KB

function text(bytes: number, fill = 'x'): string {
  return fill.repeat(bytes)
}

function breadcrumbs(count: number, bytesEach: number): Breadcrumb[] {
  return Array.from({ length: count }, (_, i) => ({
    category: 'ui.click',
    message: `${i} ${text(bytesEach)}`,
  }))
}

/** An error event of about 300 KB: 100 KB of breadcrumbs, extra, contexts and request body. */
function bigEvent(): ErrorEvent {
  return {
    type: undefined,
    message: 'boom',
    exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] },
    tags: { route: '/lead/:uuid' },
    user: { id: '3' },
    breadcrumbs: breadcrumbs(100, KB),
    extra: { dump: text(80 * KB) },
    contexts: {
      trace: { trace_id: 'a'.repeat(32), span_id: 'b'.repeat(16) },
      lead: { notes: text(60 * KB) },
      screen: { name: 'lead-sheet' },
    },
    request: { url: 'https://app.example/lead/1', data: text(60 * KB) },
  }
}

describe('limitEventSize (spec §9: event body limit 100 KB)', () => {
  it('returns an event that fits as it is', () => {
    const event: ErrorEvent = { type: undefined, message: 'boom', breadcrumbs: breadcrumbs(10, 100) }
    expect(limitEventSize(event, LIMIT)).toBe(event)
  })

  it('brings a 300 KB event under 100 KB, dropping breadcrumbs, then extra and contexts, before the request body', () => {
    const event = bigEvent()
    const before = structuredClone(event)
    expect(eventBytes(event)).toBeGreaterThanOrEqual(300 * KB)

    const trimmed = limitEventSize(event, LIMIT)

    expect(eventBytes(trimmed)).toBeLessThanOrEqual(LIMIT)
    expect(trimmed.breadcrumbs).toEqual([])
    expect(trimmed.extra).toBeUndefined()
    expect(trimmed.contexts).toEqual({ trace: event.contexts?.trace, screen: { name: 'lead-sheet' } })
    // 60 KB of request body fit once the rest is gone: it is kept.
    expect(trimmed.request).toEqual(event.request)
    expect(trimmed).toMatchObject({
      message: 'boom',
      exception: event.exception,
      tags: event.tags,
      user: event.user,
    })
    expect(event).toEqual(before)
  })

  it('keeps the newest breadcrumbs when dropping some is enough', () => {
    const event: ErrorEvent = { type: undefined, message: 'boom', breadcrumbs: breadcrumbs(300, KB) }

    const trimmed = limitEventSize(event, LIMIT)

    expect(eventBytes(trimmed)).toBeLessThanOrEqual(LIMIT)
    expect(trimmed.breadcrumbs?.length).toBeGreaterThan(0)
    expect(trimmed.breadcrumbs?.at(-1)).toEqual(event.breadcrumbs?.at(-1))
  })

  it('drops the request body last, when nothing else is left to drop', () => {
    const event: ErrorEvent = {
      type: undefined,
      message: 'boom',
      request: { url: 'https://app.example/import', data: text(300 * KB) },
    }

    const trimmed = limitEventSize(event, LIMIT)

    expect(eventBytes(trimmed)).toBeLessThanOrEqual(LIMIT)
    expect(trimmed.request).toEqual({ url: 'https://app.example/import' })
  })

  it('counts bytes, not characters', () => {
    // 60 000 'é' are 60 000 characters but 120 000 bytes in UTF-8.
    const event: ErrorEvent = { type: undefined, message: 'boom', extra: { note: text(60_000, 'é') } }

    expect(limitEventSize(event, LIMIT).extra).toBeUndefined()
  })

  it('does not count the SDK metadata that is never sent', () => {
    const event: ErrorEvent = {
      type: undefined,
      message: 'boom',
      extra: { note: 'kept' },
      sdkProcessingMetadata: { internal: text(200 * KB) },
    }

    expect(limitEventSize(event, LIMIT)).toBe(event)
  })
})
