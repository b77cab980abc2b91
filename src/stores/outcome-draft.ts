// The outcome form's draft (issue #4: "The outcome form survives a reload and a second tab"). Kept
// in localStorage per user and lead, so a reload and every tab of the browser see the same draft;
// other tabs follow each change through the `storage` event; recording the outcome clears it in all
// of them; a draft untouched for 24 h is forgotten. docs/domain.md "Leads" (Outcome draft).
import { useCallback, useEffect, useSyncExternalStore } from 'react'

/**
 * Issue #29 point 3: an outcome that requires an appointment (« RDV pris ») waits for its booking; the
 * call it will be recorded on is kept with it. The lead stays held meanwhile (nothing was sent).
 */
export type PendingBooking = { callId: number | null }

/**
 * `recallDate` (`YYYY-MM-DD`, Paris) and `recallTime` (minutes after midnight, as text): issue #11.
 * `booking`: the outcome chosen waits for its booking (issue #29 point 3).
 */
export type OutcomeDraft = {
  tagId: number | null
  details: string
  comment: string
  recallDate: string
  recallTime: string
  booking: PendingBooking | null
}
type StoredDraft = OutcomeDraft & { savedAt: number }

export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000
const PREFIX = 'lead-outcome-draft:'
const EMPTY_DRAFT: OutcomeDraft = Object.freeze({
  tagId: null,
  details: '',
  comment: '',
  recallDate: '',
  recallTime: '',
  booking: null,
})

/** An outcome that makes the lead « Rendez-vous » is recorded with its booking (issue #29 point 3). */
export function outcomeNeedsBooking(tag: { requiresAppointment: boolean; status: string | null }): boolean {
  return tag.requiresAppointment || tag.status === 'APPOINTMENT'
}

function pendingBookingOf(value: unknown): PendingBooking | null {
  if (typeof value !== 'object' || value === null) return null
  const callId = (value as { callId?: unknown }).callId
  return { callId: typeof callId === 'number' ? callId : null }
}

/** What a booking sends of the draft: the outcome waiting for it and its call; null without one. */
export type PendingOutcome = { tagId: number | null; callId: number | null } | null

/** What a page knows of the lead: may the reader record its outcome, and their calls awaiting one. */
export type OutcomeContext = { mayRecord: boolean; callIds: ReadonlyArray<number | null> }

/**
 * Issue #29 point 3 review: a pending booking that can no longer be sent, typically one whose booking
 * committed when its answer was lost: the reader may no longer record the lead's outcome (the booking
 * released the lead, or another user holds it), or its call is none of theirs awaiting an outcome.
 */
export function isStaleBooking(draft: OutcomeDraft, context: OutcomeContext): boolean {
  if (draft.booking === null) return false
  if (!context.mayRecord) return true
  const { callId } = draft.booking
  return callId !== null && !context.callIds.includes(callId)
}

/** The outcome the draft keeps for a booking, a stale one (isStaleBooking) counting as none. */
export function pendingOutcomeIn(draft: OutcomeDraft, context: OutcomeContext): PendingOutcome {
  if (draft.booking === null || isStaleBooking(draft, context)) return null
  return { tagId: draft.tagId, callId: draft.booking.callId }
}

export function samePendingOutcome(a: PendingOutcome, b: PendingOutcome): boolean {
  return a === null || b === null ? a === b : a.tagId === b.tagId && a.callId === b.callId
}

/** One draft per user and lead: someone else signing in on this browser never sees it. */
export function draftKey(userId: number, leadId: number): string {
  return `${PREFIX}${userId}:${leadId}`
}

/** This tab's subscribers per key (the `storage` event only reaches the other tabs). */
const listeners = new Map<string, Set<() => void>>()
/** Stable snapshots: the same stored text gives the same object (useSyncExternalStore needs it). */
const snapshots = new Map<string, { raw: string | null; draft: OutcomeDraft }>()
/** Drafts kept in memory only, when localStorage is full or disabled: the form still works. */
const unsaved = new Map<string, OutcomeDraft>()

function parse(raw: string | null, now: number): OutcomeDraft | null {
  if (raw === null) return null
  try {
    const value = JSON.parse(raw) as Partial<StoredDraft>
    if (typeof value.savedAt !== 'number' || now - value.savedAt > DRAFT_MAX_AGE_MS) return null
    return {
      tagId: typeof value.tagId === 'number' ? value.tagId : null,
      details: typeof value.details === 'string' ? value.details : '',
      comment: typeof value.comment === 'string' ? value.comment : '',
      recallDate: typeof value.recallDate === 'string' ? value.recallDate : '',
      recallTime: typeof value.recallTime === 'string' ? value.recallTime : '',
      booking: pendingBookingOf(value.booking),
    }
  } catch {
    return null
  }
}

function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function readDraft(key: string): OutcomeDraft {
  const memory = unsaved.get(key)
  if (memory) return memory
  const raw = readRaw(key)
  const cached = snapshots.get(key)
  if (cached && cached.raw === raw) return cached.draft
  const draft = parse(raw, Date.now()) ?? EMPTY_DRAFT
  snapshots.set(key, { raw, draft })
  return draft
}

function emit(key: string): void {
  for (const listener of listeners.get(key) ?? []) listener()
}

function isEmpty(draft: OutcomeDraft): boolean {
  return (
    draft.tagId === null &&
    draft.details === '' &&
    draft.comment === '' &&
    draft.recallDate === '' &&
    draft.recallTime === '' &&
    draft.booking === null
  )
}

function writeDraft(key: string, draft: OutcomeDraft): void {
  unsaved.delete(key)
  try {
    if (isEmpty(draft)) localStorage.removeItem(key)
    else localStorage.setItem(key, JSON.stringify({ ...draft, savedAt: Date.now() } satisfies StoredDraft))
  } catch {
    unsaved.set(key, draft)
  }
  emit(key)
}

export function readOutcomeDraft(userId: number, leadId: number): OutcomeDraft {
  return readDraft(draftKey(userId, leadId))
}

/** Clears the draft here; the other tabs hear it through the `storage` event. */
export function clearOutcomeDraft(userId: number, leadId: number): void {
  writeDraft(draftKey(userId, leadId), EMPTY_DRAFT)
}

/** Removes every draft older than 24 h (and unreadable ones), whoever's and whichever lead. */
export function sweepOutcomeDrafts(now = Date.now()): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i))
    for (const key of keys) {
      if (key?.startsWith(PREFIX) && parse(localStorage.getItem(key), now) === null)
        localStorage.removeItem(key)
    }
  } catch {
    // Storage disabled: there is nothing to sweep.
  }
}

/**
 * Removes the drafts of everyone but `exceptUserId` (all of them without it), this tab's in-memory
 * ones too: a sign-out, a lapsed session or another user leaves nobody's customer notes behind
 * (issue #17, docs/domain.md "Leads", Outcome draft).
 */
export function forgetOutcomeDrafts(exceptUserId?: number): void {
  const own = exceptUserId === undefined ? null : `${PREFIX}${exceptUserId}:`
  const forgotten = (key: string) => key.startsWith(PREFIX) && (own === null || !key.startsWith(own))
  const keys = new Set([...unsaved.keys()].filter(forgotten))
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i)
      if (key !== null && forgotten(key)) keys.add(key)
    }
    for (const key of keys) localStorage.removeItem(key)
  } catch {
    // Storage disabled: only the in-memory drafts existed.
  }
  for (const key of keys) {
    unsaved.delete(key)
    emit(key)
  }
}

function subscribe(key: string, listener: () => void): () => void {
  const own = listeners.get(key) ?? new Set()
  own.add(listener)
  listeners.set(key, own)
  function handleStorage(event: StorageEvent) {
    // `key` null: the other tab cleared the whole storage.
    if (event.storageArea !== null && event.storageArea !== localStorage) return
    if (event.key === null || event.key === key) listener()
  }
  window.addEventListener('storage', handleStorage)
  return () => {
    own.delete(listener)
    if (own.size === 0) listeners.delete(key)
    window.removeEventListener('storage', handleStorage)
  }
}

/** The draft of one lead's outcome form for one user, shared by every tab. */
export function useOutcomeDraft(userId: number, leadId: number) {
  const key = draftKey(userId, leadId)
  const subscribeToKey = useCallback((listener: () => void) => subscribe(key, listener), [key])
  const draft = useSyncExternalStore(
    subscribeToKey,
    () => readDraft(key),
    () => EMPTY_DRAFT,
  )
  useEffect(() => sweepOutcomeDrafts(), [])

  // Merged with the stored draft, not this render's: two quick changes both land.
  function update(change: Partial<OutcomeDraft>) {
    writeDraft(key, { ...readDraft(key), ...change })
  }

  function reset() {
    clearOutcomeDraft(userId, leadId)
  }

  return { draft, update, reset }
}

/**
 * Drops the lead's draft, in every tab, once its pending booking is stale (isStaleBooking): its outcome
 * was recorded, or can no longer be by this user. Else the sheet would say « reste à enregistrer » and
 * a booking resend the outcome (409 « Cet appel a déjà une issue. »).
 */
export function useDropStaleBooking(userId: number, leadId: number, context: OutcomeContext): void {
  const { draft } = useOutcomeDraft(userId, leadId)
  const stale = isStaleBooking(draft, context)
  useEffect(() => {
    if (stale) clearOutcomeDraft(userId, leadId)
  }, [stale, userId, leadId])
}
