/**
 * Which IP addresses are public: the one range table used by image addresses people type
 * (rules/images.ts) and by every request the server makes to an address someone typed
 * (server/adapters/outboundFetch.ts). Pure text in, no Node APIs, so the renderer may use it too.
 *
 * Refused (not public): IPv4 this-network 0/8, private 10/8 172.16/12 192.168/16, loopback 127/8,
 * CGNAT 100.64/10, link-local 169.254/16 (cloud metadata 169.254.169.254), IETF assignments
 * 192.0.0/24, documentation 192.0.2/24 198.51.100/24 203.0.113/24, 6to4 relay 192.88.99/24,
 * benchmarking 198.18/15, multicast 224/4, reserved 240/4 and broadcast. IPv6: only global
 * unicast 2000::/3 may be public, minus documentation 2001:db8::/32, IETF 2001::/23 (Teredo and
 * friends), and 6to4 2002::/16 unless its embedded IPv4 address is public; IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::/96) addresses are judged by
 * the IPv4 address they carry. A zone index (fe80::1%eth0) is never public.
 */

/** Four octets of a strict dotted-decimal IPv4 address (no octal, hex or shortened forms), else null. */
export function parseIpv4(text: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text)
  if (!match) return null
  const parts = match.slice(1).map(Number)
  // A leading zero would be octal to some parsers: refused rather than guessed.
  if (match.slice(1).some((p) => p.length > 1 && p.startsWith('0'))) return null
  return parts.every((p) => p <= 255) ? parts : null
}

/** The eight 16-bit groups of an IPv6 address (without brackets), else null. */
function parseIpv6(text: string): number[] | null {
  const address = text.toLowerCase()
  if (!/^[0-9a-f:.]+$/.test(address) || address.split('::').length > 2) return null
  const [head, tail] = address.split('::') as [string, string | undefined]
  const groupsOf = (part: string): number[] | null => {
    if (part === '') return []
    const pieces = part.split(':')
    const out: number[] = []
    for (const [i, piece] of pieces.entries()) {
      if (piece.includes('.')) {
        // An embedded IPv4 address: only as the last piece.
        const v4 = i === pieces.length - 1 ? parseIpv4(piece) : null
        if (!v4) return null
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!)
      } else {
        if (!/^[0-9a-f]{1,4}$/.test(piece)) return null
        out.push(parseInt(piece, 16))
      }
    }
    return out
  }
  const first = groupsOf(head)
  const last = tail === undefined ? [] : groupsOf(tail)
  if (!first || !last) return null
  if (tail === undefined) return first.length === 8 ? first : null
  const missing = 8 - first.length - last.length
  if (missing < 1) return null
  return [...first, ...Array<number>(missing).fill(0), ...last]
}

function isPublicIpv4([a, b, c, d]: number[]): boolean {
  if (a === undefined || b === undefined || c === undefined || d === undefined) return false
  const refused =
    a === 0 || // this network
    a === 10 || // private
    a === 127 || // loopback
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) || // private
    (a === 192 && b === 0 && c === 0) || // IETF protocol assignments
    (a === 192 && b === 0 && c === 2) || // documentation TEST-NET-1
    (a === 192 && b === 88 && c === 99) || // 6to4 relay anycast
    (a === 192 && b === 168) || // private
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) || // documentation TEST-NET-2
    (a === 203 && b === 0 && c === 113) || // documentation TEST-NET-3
    a >= 224 // multicast 224/4, reserved 240/4, broadcast
  return !refused
}

function isPublicIpv6(groups: number[]): boolean {
  if (groups.length !== 8) return false
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number]
  const v4 = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255]
  const zeroUpTo = (n: number) => groups.slice(0, n).every((g) => g === 0)
  // IPv4-mapped ::ffff:a.b.c.d and IPv4-compatible ::a.b.c.d (also :: and ::1, never public).
  if (zeroUpTo(5) && g5 === 0xffff) return isPublicIpv4(v4(g6, g7))
  if (zeroUpTo(6)) return g6 !== 0 && isPublicIpv4(v4(g6, g7))
  // NAT64 64:ff9b::/96 reaches the IPv4 address it carries.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isPublicIpv4(v4(g6, g7))
  // Only global unicast 2000::/3 (unique local fc00::/7, link-local fe80::/10, multicast ff00::/8 and the rest are not).
  if ((g0 & 0xe000) !== 0x2000) return false
  if (g0 === 0x2001 && g1 === 0x0db8) return false // documentation
  if (g0 === 0x2001 && g1 < 0x0200) return false // IETF protocol assignments 2001::/23 (Teredo 2001::/32, ORCHID…)
  if (g0 === 0x2002) return isPublicIpv4(v4(g1, g2)) // 6to4 carries an IPv4 address
  if (g0 === 0x3fff && g1 < 0x1000) return false // documentation 3fff::/20
  return true
}

/**
 * Whether `address` (an IP literal: dotted-decimal IPv4 or IPv6, with or without brackets) is a
 * public address. Anything that is not a well-formed literal, including a zone index, is not.
 */
export function isPublicIpAddress(address: string): boolean {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address
  const v4 = parseIpv4(text)
  if (v4) return isPublicIpv4(v4)
  const v6 = parseIpv6(text)
  return v6 !== null && isPublicIpv6(v6)
}

/** Whether `address` is a loopback literal (127/8, ::1, or either IPv4-mapped). */
export function isLoopbackIpAddress(address: string): boolean {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address
  const v4 = parseIpv4(text)
  if (v4) return v4[0] === 127
  const v6 = parseIpv6(text)
  if (!v6) return false
  if (v6.slice(0, 7).every((g) => g === 0) && v6[7] === 1) return true
  return v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff && v6[6]! >> 8 === 127
}
