/**
 * Image addresses people type (a business page's or a profile's image): the renderer puts them into
 * `<img src>` in every member's app, so only an https:// address on a public host, or a path on
 * Pagecrew's own origin, is accepted. Refused: http:// (the message promises https://, and a
 * plain-http image is mixed content), credentials in the address, `localhost`, and IP literals in
 * loopback, private, link-local (169.254.0.0/16: cloud metadata), carrier-grade NAT, multicast or
 * reserved ranges (IPv4 and IPv6): an address that would make every member's app knock on their own network.
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
  if (host.startsWith('[')) return !isNonPublicIpv6(host.slice(1, -1))
  // URL has already turned 0x7f.1, 2130706433 and friends into dotted decimal.
  const v4 = parseIpv4(host)
  return v4 === null || !isNonPublicIpv4(v4)
}

function parseIpv4(host: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host)
  if (!match) return null
  const parts = match.slice(1).map(Number)
  return parts.every((p) => p <= 255) ? parts : null
}

function isNonPublicIpv4([a, b]: number[]): boolean {
  if (a === undefined || b === undefined) return true
  return (
    a === 0 || // this network
    a === 10 || // private
    a === 127 || // loopback
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) || // private
    (a === 192 && b === 168) || // private
    a >= 224 // multicast and reserved
  )
}

function isNonPublicIpv6(address: string): boolean {
  const a = address.toLowerCase()
  if (a === '::' || a === '::1') return true
  // IPv4-mapped or -compatible (::ffff:a.b.c.d; URL writes it as ::ffff:7f00:1).
  const mapped = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(a)
  if (mapped) {
    const hi = parseInt(mapped[1]!, 16)
    const lo = parseInt(mapped[2]!, 16)
    return isNonPublicIpv4([hi >> 8, hi & 255, lo >> 8, lo & 255])
  }
  const first = parseInt(a.split(':')[0] || '0', 16)
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xffc0) === 0xfec0 || // site-local (deprecated)
    (first & 0xff00) === 0xff00 // multicast
  )
}
