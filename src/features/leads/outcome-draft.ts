// The outcome form survives a reload (spec "Screens"): its draft is kept per lead in sessionStorage.
import { useState } from 'react'

export type OutcomeDraft = { tagId: number | null; details: string; comment: string }

const EMPTY_DRAFT: OutcomeDraft = { tagId: null, details: '', comment: '' }

function storageKey(leadId: number): string {
  return `lead-outcome-draft:${leadId}`
}

export function readOutcomeDraft(leadId: number): OutcomeDraft {
  try {
    const raw = sessionStorage.getItem(storageKey(leadId))
    if (raw === null) return EMPTY_DRAFT
    const value = JSON.parse(raw) as Partial<OutcomeDraft>
    return {
      tagId: typeof value.tagId === 'number' ? value.tagId : null,
      details: typeof value.details === 'string' ? value.details : '',
      comment: typeof value.comment === 'string' ? value.comment : '',
    }
  } catch {
    return EMPTY_DRAFT
  }
}

export function clearOutcomeDraft(leadId: number): void {
  sessionStorage.removeItem(storageKey(leadId))
}

/** The draft of one lead's outcome form; every change is written through to sessionStorage. */
export function useOutcomeDraft(leadId: number) {
  const [draft, setDraft] = useState(() => readOutcomeDraft(leadId))

  function update(change: Partial<OutcomeDraft>) {
    const next = { ...draft, ...change }
    setDraft(next)
    try {
      sessionStorage.setItem(storageKey(leadId), JSON.stringify(next))
    } catch {
      // Storage full or disabled: the form still works, it only will not survive a reload.
    }
  }

  function reset() {
    setDraft(EMPTY_DRAFT)
    clearOutcomeDraft(leadId)
  }

  return { draft, update, reset }
}
