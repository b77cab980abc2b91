// Keeps a wall screen awake (issue #14, Screen Wake Lock API where the browser has it): the lock is
// released by the browser whenever the page is hidden, so it is asked again each time it shows.
import { useEffect } from 'react'

export function useWakeLock(): void {
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('wakeLock' in navigator)) return
    let sentinel: WakeLockSentinel | null = null
    let stopped = false
    async function acquire() {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return
      try {
        const lock = await navigator.wakeLock.request('screen')
        if (stopped) void lock.release()
        else sentinel = lock
      } catch {
        // Refused (battery saver, a page not visible yet): the next visibility change asks again.
      }
    }
    function handleVisibilityChange() {
      if (document.visibilityState === 'visible') void acquire()
    }
    void acquire()
    document.addEventListener('visibilitychange', handleVisibilityChange)
    return () => {
      stopped = true
      document.removeEventListener('visibilitychange', handleVisibilityChange)
      void sentinel?.release().catch(() => undefined)
    }
  }, [])
}
