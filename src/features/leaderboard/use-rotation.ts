// Which view of `count` the screen shows: the next one every `intervalMs` (issue #14).
import { useEffect, useState } from 'react'

export function useRotation(count: number, intervalMs: number): number {
  const [step, setStep] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => setStep((current) => current + 1), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return count > 0 ? step % count : 0
}
