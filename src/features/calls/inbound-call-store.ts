// Client-owned state of the inbound call alert (conventions §3.3): which ringing call the user
// closed the alert of, and the blocking causes already met for a call, which the next answer
// bypasses (issue #4 "Screens": `Répondre` offers to bypass them). The call itself stays in the
// query cache.
import { proxy } from 'valtio'

export const BYPASSABLE_CAUSES = ['UNTAGGED_CALL', 'UNFINISHED_PROCESSING_LEAD'] as const
export type BypassableCause = (typeof BYPASSABLE_CAUSES)[number]

type InboundCallState = {
  /** The call whose alert was closed: it does not open again for that call. */
  dismissedCallId: number | null
  /** The call the causes below belong to. */
  callId: number | null
  /** Causes the server answered with for this call, in order; the last one is shown. */
  causes: BypassableCause[]
}

export const inboundCallStore = proxy<InboundCallState>({
  dismissedCallId: null,
  callId: null,
  causes: [],
})

export function isBypassableCause(code: string | undefined): code is BypassableCause {
  return (BYPASSABLE_CAUSES as readonly (string | undefined)[]).includes(code)
}

export function dismissInboundCall(callId: number): void {
  inboundCallStore.dismissedCallId = callId
}

export function recordBlockingCause(callId: number, cause: BypassableCause): void {
  if (inboundCallStore.callId !== callId) {
    inboundCallStore.callId = callId
    inboundCallStore.causes = []
  }
  if (!inboundCallStore.causes.includes(cause)) inboundCallStore.causes.push(cause)
}

/** The causes met for that call (none for another call). */
export function causesOf(
  state: { readonly callId: number | null; readonly causes: readonly BypassableCause[] },
  callId: number,
): readonly BypassableCause[] {
  return state.callId === callId ? state.causes : []
}

export function resetInboundCallStore(): void {
  inboundCallStore.dismissedCallId = null
  inboundCallStore.callId = null
  inboundCallStore.causes = []
}
