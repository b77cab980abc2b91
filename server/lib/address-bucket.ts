// The key under which limits count a client address (docs/domain.md "Sign-in limits",
// docs/decisions.md 2026-11-25): one IPv6 /64 is what a single subscriber gets, so counting each of
// its 2^64 addresses apart would make per-address limits meaningless.
import { isIPv4, isIPv6 } from 'node:net'

/**
 * An IPv4 address as it is; an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) as that IPv4 address;
 * any other IPv6 address as its /64 prefix (`2001:db8:0:1::/64`). Anything else is returned as is.
 */
export function addressBucketOf(ip: string): string {
  if (isIPv4(ip)) return ip
  if (!isIPv6(ip)) return ip
  const groups = ipv6Groups(ip)
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6)
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`
}

/** The eight 16-bit groups of an address `isIPv6` accepted (zone id and dotted tail included). */
function ipv6Groups(ip: string): number[] {
  const zone = ip.indexOf('%')
  let text = zone >= 0 ? ip.slice(0, zone) : ip
  const tail: number[] = []
  const lastColon = text.lastIndexOf(':')
  if (text.includes('.', lastColon)) {
    // A dotted IPv4 tail makes the last two groups; what precedes it keeps a "::" but no lone ":".
    const [a = 0, b = 0, c = 0, d = 0] = text
      .slice(lastColon + 1)
      .split('.')
      .map(Number)
    tail.push(a * 256 + b, c * 256 + d)
    text = text.slice(0, lastColon + 1)
    if (!text.endsWith('::')) text = text.slice(0, -1)
  }
  const gap = text.indexOf('::')
  const head = groupsOf(gap >= 0 ? text.slice(0, gap) : text)
  const rest = gap >= 0 ? groupsOf(text.slice(gap + 2)) : []
  const zeros = Array.from({ length: 8 - head.length - rest.length - tail.length }, () => 0)
  return [...head, ...zeros, ...rest, ...tail]
}

function groupsOf(part: string): number[] {
  return part === '' ? [] : part.split(':').map((group) => parseInt(group, 16))
}
