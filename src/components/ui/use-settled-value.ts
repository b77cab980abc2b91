// A value that follows another once it stopped changing for `delayMs`: a screen asks the server once
// typing pauses, not at every key (lead search, the extraction count, cron and mail previews).
import { useEffect, useState } from 'react'

export function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}
