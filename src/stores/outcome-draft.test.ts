import { beforeEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import {
  DRAFT_MAX_AGE_MS,
  draftKey,
  forgetOutcomeDrafts,
  isStaleBooking,
  readOutcomeDraft,
  useOutcomeDraft,
} from './outcome-draft.ts'

const USER = 3
const LEAD = 42
const key = draftKey(USER, LEAD)

/** What another tab of the same browser does: write the storage, which fires `storage` here. */
function otherTabWrites(value: object | null, storageKey = key) {
  const oldValue = localStorage.getItem(storageKey)
  const newValue = value === null ? null : JSON.stringify(value)
  if (newValue === null) localStorage.removeItem(storageKey)
  else localStorage.setItem(storageKey, newValue)
  act(() => {
    window.dispatchEvent(
      new StorageEvent('storage', { key: storageKey, oldValue, newValue, storageArea: localStorage }),
    )
  })
}

beforeEach(() => localStorage.clear())

describe('outcome draft', () => {
  it('keeps the draft in localStorage per user and lead, so it survives a reload', () => {
    const first = renderHook(() => useOutcomeDraft(USER, LEAD))
    act(() => first.result.current.update({ tagId: 101 }))
    act(() => first.result.current.update({ details: 'Rappeler après 18 h' }))
    first.unmount()

    const reloaded = renderHook(() => useOutcomeDraft(USER, LEAD))
    expect(reloaded.result.current.draft).toEqual({
      tagId: 101,
      details: 'Rappeler après 18 h',
      comment: '',
      recallDate: '',
      recallTime: '',
      booking: null,
    })
    expect(JSON.parse(localStorage.getItem(key)!)).toMatchObject({ tagId: 101, savedAt: expect.any(Number) })
    expect(renderHook(() => useOutcomeDraft(99, LEAD)).result.current.draft.tagId).toBeNull()
    expect(renderHook(() => useOutcomeDraft(USER, 43)).result.current.draft.tagId).toBeNull()
  })

  it('follows the changes made in another tab through the storage event', () => {
    const { result } = renderHook(() => useOutcomeDraft(USER, LEAD))
    otherTabWrites({ tagId: 102, details: 'Déjà équipé', comment: '', savedAt: Date.now() })
    expect(result.current.draft).toEqual({
      tagId: 102,
      details: 'Déjà équipé',
      comment: '',
      recallDate: '',
      recallTime: '',
      booking: null,
    })
    // Another lead's draft changing leaves this one as it is.
    const before = result.current.draft
    otherTabWrites({ tagId: 5, details: '', comment: '', savedAt: Date.now() }, draftKey(USER, 7))
    expect(result.current.draft).toBe(before)
  })

  it('is cleared in every tab when the outcome is recorded in one', () => {
    const here = renderHook(() => useOutcomeDraft(USER, LEAD))
    const sameTabForm = renderHook(() => useOutcomeDraft(USER, LEAD))
    act(() => here.result.current.update({ tagId: 101, comment: 'ok' }))
    expect(sameTabForm.result.current.draft.tagId).toBe(101)

    act(() => here.result.current.reset())
    expect(localStorage.getItem(key)).toBeNull()
    expect(sameTabForm.result.current.draft).toEqual({
      tagId: null,
      details: '',
      comment: '',
      recallDate: '',
      recallTime: '',
      booking: null,
    })

    act(() => here.result.current.update({ tagId: 101 }))
    otherTabWrites(null)
    expect(here.result.current.draft.tagId).toBeNull()
  })

  it('forgets drafts older than 24 hours and sweeps them from the storage', () => {
    const old = Date.now() - DRAFT_MAX_AGE_MS - 1000
    localStorage.setItem(key, JSON.stringify({ tagId: 101, details: 'vieux', comment: '', savedAt: old }))
    localStorage.setItem(draftKey(8, 9), JSON.stringify({ tagId: 1, details: '', comment: '', savedAt: old }))
    const fresh = draftKey(8, 10)
    localStorage.setItem(fresh, JSON.stringify({ tagId: 2, details: '', comment: '', savedAt: Date.now() }))
    localStorage.setItem('other-app-key', 'kept')

    const { result } = renderHook(() => useOutcomeDraft(USER, LEAD))
    expect(result.current.draft.tagId).toBeNull()
    expect(localStorage.getItem(key)).toBeNull()
    expect(localStorage.getItem(draftKey(8, 9))).toBeNull()
    expect(localStorage.getItem(fresh)).not.toBeNull()
    expect(localStorage.getItem('other-app-key')).toBe('kept')
  })

  it('ignores an unreadable stored value, and still works when the storage refuses writes', () => {
    localStorage.setItem(key, '{not json')
    expect(readOutcomeDraft(USER, LEAD)).toEqual({
      tagId: null,
      details: '',
      comment: '',
      recallDate: '',
      recallTime: '',
      booking: null,
    })
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    const { result } = renderHook(() => useOutcomeDraft(USER, LEAD))
    try {
      act(() => result.current.update({ details: 'en mémoire' }))
      expect(result.current.draft.details).toBe('en mémoire')
    } finally {
      setItem.mockRestore()
      act(() => result.current.reset())
    }
  })
})

describe('outcome drafts at the end of a session (issue #17)', () => {
  it('are all forgotten at sign-out, and the form shows an empty draft at once', () => {
    const open = renderHook(() => useOutcomeDraft(USER, LEAD))
    act(() => open.result.current.update({ comment: 'M. Martin, 06 12 34 56 78, rappeler' }))
    localStorage.setItem('unrelated', 'kept')

    act(() => forgetOutcomeDrafts())

    expect(localStorage.getItem(key)).toBeNull()
    expect(open.result.current.draft).toEqual({
      tagId: null,
      details: '',
      comment: '',
      recallDate: '',
      recallTime: '',
      booking: null,
    })
    expect(localStorage.getItem('unrelated')).toBe('kept')
  })

  it('keep only the user who stays when another user signs in', () => {
    const other = renderHook(() => useOutcomeDraft(USER + 1, LEAD))
    act(() => other.result.current.update({ details: 'de quelqu’un d’autre' }))
    const own = renderHook(() => useOutcomeDraft(USER, LEAD))
    act(() => own.result.current.update({ details: 'le mien' }))

    act(() => forgetOutcomeDrafts(USER))

    expect(localStorage.getItem(draftKey(USER + 1, LEAD))).toBeNull()
    expect(readOutcomeDraft(USER, LEAD).details).toBe('le mien')
  })
})

describe('a pending booking (issue #29 point 3)', () => {
  const draft = { tagId: 201, details: '', comment: '', recallDate: '', recallTime: '' }
  const pending = { ...draft, booking: { callId: 40 } }

  it('is stale once the reader may no longer record the outcome, or its call awaits none', () => {
    expect(isStaleBooking(pending, { mayRecord: true, callIds: [40] })).toBe(false)
    expect(isStaleBooking(pending, { mayRecord: true, callIds: [41, 40] })).toBe(false)
    expect(isStaleBooking(pending, { mayRecord: false, callIds: [40] })).toBe(true)
    expect(isStaleBooking(pending, { mayRecord: true, callIds: [null] })).toBe(true)
    expect(isStaleBooking(pending, { mayRecord: true, callIds: [41] })).toBe(true)
    // « Sans appel »: no call to check; a draft without booking is never stale.
    expect(
      isStaleBooking({ ...draft, booking: { callId: null } }, { mayRecord: true, callIds: [null] }),
    ).toBe(false)
    expect(isStaleBooking({ ...draft, booking: null }, { mayRecord: false, callIds: [] })).toBe(false)
  })
})
