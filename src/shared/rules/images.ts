import { isPublicIpAddress, parseIpv4 } from './ipAddresses'

/**
 * Image addresses people type (a business page's or a profile's image): the renderer puts them into
 * `<img src>` in every member's app, so only an https:// address on a public host, or a path on
 * Pagecrew's own origin, is accepted. Refused: http:// (the message promises https://, and a
 * plain-http image is mixed content), credentials in the address, `localhost`, `*.localhost` and
 * `localhost.localdomain`, same-origin paths other than the server's image answers, and IP literals in
 * any range that is not public (rules/ipAddresses.ts: loopback, private, link-local — cloud
 * metadata —, carrier-grade NAT, documentation, multicast, reserved; IPv4 and IPv6): an address that would make every member's app knock on their own network.
 */
export function isSafeImageAddress(value: string): boolean {
  if (value.length === 0 || value.length > 2048 || /[\s\\]/.test(value)) return false
  // On Pagecrew's own origin only the paths that serve images: never an API action (an <img> of
  // /api/auth/logout in every member's app would sign them out), nor '//host', another origin.
  if (value.startsWith('/')) return SAME_ORIGIN_IMAGE_PATHS.some((path) => path.test(value))
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false
  const host = url.hostname.toLowerCase().replace(/\.$/, '')
  if (host === '' || isLocalHostName(host)) return false
  // URL has already turned 0x7f.1, 2130706433 and friends into dotted decimal, and IPv6 into its short form.
  if (host.startsWith('[') || parseIpv4(host)) return isPublicIpAddress(host)
  return true
}

/**
 * The server's own image answers (a team's image, a user's photo, a post's media file and
 * thumbnail: GET /team/image/:teamId, USER_PHOTO_PATH and the contract's MEDIA_FILE_PATH and
 * MEDIA_THUMBNAIL_PATH under /api), as the server writes them: one id segment of plain characters
 * (no '.', '%' or '/': no way out of the path), a team image's or photo's `?v=` version.
 */
const SAME_ORIGIN_IMAGE_PATHS = [
  /^\/api\/team\/image\/[A-Za-z0-9_-]{1,100}(\?v=[A-Za-z0-9_-]{1,100})?$/,
  /^\/api\/user\/photo\/[A-Za-z0-9_-]{1,100}(\?v=[A-Za-z0-9_-]{1,100})?$/,
  /^\/api\/posts\/media\/[A-Za-z0-9_-]{1,100}\/(file|thumbnail)$/
]

/** localhost, any name under it, and localhost.localdomain (and names under that): this machine. */
function isLocalHostName(host: string): boolean {
  return ['localhost', 'localhost.localdomain'].some((name) => host === name || host.endsWith(`.${name}`))
}
