import { isPublicIpAddress, parseIpv4 } from './ipAddresses'

/**
 * Image addresses people type (a business page's or a profile's image): the renderer puts them into
 * `<img src>` in every member's app, so only an https:// address on a public host, or a path on
 * Pagecrew's own origin, is accepted. Refused: http:// (the message promises https://, and a
 * plain-http image is mixed content), credentials in the address, `localhost`, and IP literals in
 * any range that is not public (rules/ipAddresses.ts: loopback, private, link-local — cloud
 * metadata —, carrier-grade NAT, documentation, multicast, reserved; IPv4 and IPv6): an address that would make every member's app knock on their own network.
 */
export function isSafeImageAddress(value: string): boolean {
  if (value.length === 0 || value.length > 2048 || /[\s\\]/.test(value)) return false
  // A same-origin path (e.g. /api/team/image/…); never '//host', which a browser reads as another origin.
  if (value.startsWith('/')) return !value.startsWith('//')
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false
  const host = url.hostname.toLowerCase().replace(/\.$/, '')
  if (host === '' || host === 'localhost' || host.endsWith('.localhost')) return false
  // URL has already turned 0x7f.1, 2130706433 and friends into dotted decimal, and IPv6 into its short form.
  if (host.startsWith('[') || parseIpv4(host)) return isPublicIpAddress(host)
  return true
}
