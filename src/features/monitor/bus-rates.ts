// The bus rates of /dev/monitor: the server gives cumulative counts; the rate is the difference
// between two successive readings over the time between them.
import type { DevMonitor } from '../../contracts/monitor.ts'

export type BusRates = { published: number; received: number }

export function busRates(previous: DevMonitor | null, current: DevMonitor): BusRates | null {
  if (!previous || previous.process.pid !== current.process.pid) return null
  const seconds = (Date.parse(current.sampledAt) - Date.parse(previous.sampledAt)) / 1000
  if (!(seconds > 0)) return null
  const rate = (now: number, before: number) => Math.max(0, now - before) / seconds
  return {
    published: rate(current.bus.published, previous.bus.published),
    received: rate(current.bus.received, previous.bus.received),
  }
}
