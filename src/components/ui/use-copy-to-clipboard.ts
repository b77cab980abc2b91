// A copy button's state (spec §9): 'copied' for 1.5 s after a copy, 'failed' when the browser refuses
// (the text then stays selectable in its field). Display links and welcome links share it.
import { useEffect, useState } from 'react'

/** Spec §9: the "copied" flag lasts 1500 ms. */
export const COPIED_FLAG_MS = 1500

export type CopyState = 'idle' | 'copied' | 'failed'

export function useCopyToClipboard(): { state: CopyState; copy: (text: string) => Promise<void> } {
  const [state, setState] = useState<CopyState>('idle')
  useEffect(() => {
    if (state !== 'copied') return
    const timer = setTimeout(() => setState('idle'), COPIED_FLAG_MS)
    return () => clearTimeout(timer)
  }, [state])

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text)
      setState('copied')
    } catch {
      setState('failed')
    }
  }
  return { state, copy }
}
