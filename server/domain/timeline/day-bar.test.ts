// The day bar's rules (docs/domain.md "Timeline and follow-up"): when a sheet stops counting, what is
// idle and what is only away, and how far an open sheet or a call never reported ended runs.
import { describe, expect, it } from 'vitest'
import { dayBar, type BarEvent } from './day-bar.ts'

const at = (time: string) => new Date(`2026-03-10T${time}Z`)
const DAY_END = new Date('2026-03-10T23:00:00Z')
const ev = (kind: string, time: string, more: Partial<BarEvent> = {}): BarEvent => ({
  kind,
  at: at(time),
  leadId: null,
  ...more,
})
const shape = (segments: { kind: string; start: string; end: string }[]) =>
  segments.map((s) => [s.kind, s.start.slice(11, 16), s.end.slice(11, 16)])

describe('the day bar', () => {
  it('has nothing for a day without events', () => {
    expect(dayBar([], { dayEnd: DAY_END, openUntil: null }).segments).toEqual([])
  })

  it('does not count a signed-out stretch as idle, and closes a sheet at the sign-out', () => {
    const events = [
      ev('signed-in', '08:00:00'),
      ev('sheet-viewed', '08:01:00', { leadId: 1 }),
      ev('signed-out', '09:00:00'),
      ev('signed-in', '13:00:00'),
      ev('sheet-viewed', '13:05:00', { leadId: 2 }),
      ev('sheet-left', '13:10:00', { leadId: 2 }),
      ev('signed-out', '13:40:00'),
    ]
    const { segments, sheetEnds } = dayBar(events, { dayEnd: DAY_END, openUntil: null })
    expect(shape(segments)).toEqual([
      ['sheet', '08:01', '09:00'],
      ['sheet', '13:05', '13:10'],
      ['idle', '13:10', '13:40'],
    ])
    expect(sheetEnds.get(1)).toBe(at('09:00:00').getTime())
  })

  it('today, with a live session: the open sheet, an ongoing call and the idle time run until now', () => {
    const now = at('10:00:00')
    const events = [
      ev('signed-in', '08:00:00'),
      ev('sheet-viewed', '08:10:00', { leadId: 1 }),
      ev('call-started', '09:50:00', { leadId: 1, endedAt: null, answered: true }),
    ]
    const { segments } = dayBar(events, { dayEnd: now, openUntil: now })
    expect(shape(segments)).toEqual([
      ['sheet', '08:10', '10:00'],
      ['call', '09:50', '10:00'],
    ])
  })

  it('a past day: a call never reported ended runs to midnight, an open sheet to the last event', () => {
    const events = [
      ev('sheet-viewed', '08:00:00', { leadId: 1 }),
      ev('call-started', '08:05:00', { leadId: 1, endedAt: null, answered: false }),
      ev('comment', '08:30:00', { leadId: 1 }),
    ]
    const { segments } = dayBar(events, { dayEnd: DAY_END, openUntil: null })
    expect(shape(segments)).toEqual([
      ['sheet', '08:00', '08:30'],
      ['call', '08:05', '23:00'],
    ])
  })

  it('an idle gap is 15 minutes or more with nothing at all', () => {
    const events = [ev('signed-in', '08:00:00'), ev('comment', '08:14:59'), ev('comment', '08:30:00')]
    expect(shape(dayBar(events, { dayEnd: DAY_END, openUntil: null }).segments)).toEqual([
      ['idle', '08:14', '08:30'],
    ])
  })
})
