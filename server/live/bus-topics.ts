// The bus's interface (server/live/bus.ts): its topics and what publishing and subscribing look like.
// The one file of server/live/ the domain and lib may import (issue #28 point 2): they take a Bus as a
// parameter and never reach the plugin.
export type BusTopics = {
  /** A user's row, teams, preferences or sessions changed: drop what is cached about them. */
  'user-changed': { userId: number }
  /** Issue #14: a user's experience, badges or tentacalls moved: drop their cached `me`, nothing else. */
  'me-changed': { userId: number }
  /** One session ended or changed (logout, rotation, role switch). */
  'session-changed': { idHash: string }
  /** Signals may have been missed (bus reconnected): forget everything cached. */
  reset: Record<string, never>
  /** A live-channel signal for the sockets of every process (server/live/hub.ts; ≤ 512 bytes). */
  live: { channel: string; data: unknown }
  /** A back-office change agents' pages must show (issue #12): every process tells its sockets. */
  'reference-data': { kind: string; id: number | null }
  /** An import's progress (issue #13): every process tells its administrators' sockets. */
  'import-progress': Record<string, unknown>
}
export type BusTopic = keyof BusTopics

export type Bus = {
  publish: <T extends BusTopic>(topic: T, data: BusTopics[T]) => Promise<void>
  subscribe: <T extends BusTopic>(topic: T, handler: (data: BusTopics[T]) => void) => () => void
  /** Issue #15 metrics: messages this process published, and received from other processes. */
  counts: () => { published: number; received: number }
}
