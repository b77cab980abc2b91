// An editor's draft of a versioned entity (issue #12 "Concurrency"): the version it started from and
// what was typed since. The editor is not remounted when the entity changes (a remount keyed by the
// version threw the draft away as soon as a refused save refetched the list): a newer version replaces
// the draft only while nothing is typed; otherwise the draft stays, its save names the version it
// started from, and a stale one is refused (409) for the editor to offer the current version.
import { useState } from 'react'

export type VersionedDraft<Entity, Draft> = {
  /** The version the draft started from: the one a save names. */
  base: Entity
  draft: Draft
  setDraft: (update: Draft | ((current: Draft) => Draft)) => void
  /** The draft differs from its base. */
  changed: boolean
  /** Starts again from `entity` (a saved, restored or current version), dropping what was typed. */
  startFrom: (entity: Entity) => void
}

export function useVersionedDraft<Entity extends { version: number }, Draft>(
  entity: Entity,
  draftOf: (entity: Entity) => Draft,
  same: (a: Draft, b: Draft) => boolean,
): VersionedDraft<Entity, Draft> {
  const [base, setBase] = useState(entity)
  const [draft, setDraft] = useState(() => draftOf(entity))
  const changed = !same(draft, draftOf(base))
  // Adjusted while rendering (React's pattern for state following a prop), not in an effect.
  if (entity.version > base.version && !changed) {
    setBase(entity)
    setDraft(draftOf(entity))
  }

  function startFrom(next: Entity) {
    setBase(next)
    setDraft(draftOf(next))
  }

  return { base, draft, setDraft, changed, startFrom }
}
