// Which push endpoints the server accepts (issue #5). A subscription's endpoint is a URL the server
// will POST to whenever the user gets an alert: accepting any https URL would let a signed-in user
// aim the server at internal hosts (SSRF). Browsers only ever use their vendor's push service.
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Opera, Samsung Internet, other Chromium browsers
  'android.googleapis.com',
  'push.services.mozilla.com', // Firefox (updates.push.services.mozilla.com)
  'notify.windows.com', // Edge on Windows (*.notify.windows.com)
  'push.apple.com', // Safari (web.push.apple.com)
] as const

/** True when the endpoint is https on the standard port of a known push service (or an extra host). */
export function isPushServiceEndpoint(endpoint: string, extraHosts: readonly string[] = []): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false
  const host = url.hostname.toLowerCase()
  if (extraHosts.includes(host)) return true
  if (url.port !== '') return false
  return PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`))
}
