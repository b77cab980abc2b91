// A clock for the durations on screen (on a call for 2:05): the server's time, read with the overview,
// moved forward by the device's own clock, so a device set a few minutes off shows the right length.
// It ticks every second only while `ticking` (an agent is on a call), else stays at the answer's time.
import { useEffect, useState } from 'react'

export function useServerClock(serverNow: string | undefined, receivedAt: number, ticking: boolean): number {
  const skew = serverNow === undefined ? 0 : Date.parse(serverNow) - receivedAt
  const [deviceNow, setDeviceNow] = useState(() => Date.now())
  useEffect(() => {
    if (!ticking) return
    const timer = setInterval(() => setDeviceNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [ticking])
  return Math.max(deviceNow, receivedAt) + skew
}
