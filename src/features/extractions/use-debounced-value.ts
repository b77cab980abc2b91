// A value that follows its source once it has stopped changing for `delayMs` (the live count of the
// extraction screen asks the server 500 ms after the last filter change, spec §9).
import { useEffect, useState } from 'react'

export const COUNT_DELAY_MS = 500

export function useDebouncedValue<T>(value: T, delayMs = COUNT_DELAY_MS): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}
