import { lookup as dnsLookup } from 'node:dns/promises'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { isLoopbackIpAddress, isPublicIpAddress } from '../../shared/rules/ipAddresses'

/**
 * The one outbound-fetch policy (DESIGN §7) for every request the server makes to an address
 * someone typed: single sign-on's discovery, token, JWKS and userinfo requests (and webhooks and
 * chat channels when they come). Server-side request forgery is what it stops: an anonymous
 * sign-in start must not make the server knock on its own network or a cloud's metadata service.
 *
 * - https only. http, and loopback addresses, only with the development setting
 *   (`allowLoopback`: PAGECREW_OUTBOUND_ALLOW_LOOPBACK=1, the tests' local identity provider);
 *   private, link-local and every other non-public range stay refused even then.
 * - The host name is resolved once (injectable resolver) and every address it resolves to must be
 *   public (shared/rules/ipAddresses.ts); IP literals are judged the same way (URL has already
 *   turned decimal, octal and hex IPv4 spellings into dotted decimal).
 * - The connection goes to the address that was checked (the socket's lookup answers it), never to a
 *   second resolution that a DNS rebinding could answer differently. TLS still checks the
 *   certificate against the host name.
 * - Redirects are never followed: a 3xx is answered as it came (callers treat it as a failure).
 * - A short timeout for the whole exchange and a cap on the answer's size.
 */
export type HostResolver = (hostname: string) => Promise<{ address: string; family: number }[]>

export interface OutboundPolicy {
  /** Development only: http, and loopback addresses (127/8, ::1), are allowed too. */
  allowLoopback: boolean
  /** DNS (tests inject theirs); default node:dns lookup of every address. */
  resolve?: HostResolver
  /** The whole request, connection to last byte; default OUTBOUND_TIMEOUT_MS. */
  timeoutMs?: number
  /** Largest answer body in bytes; default OUTBOUND_MAX_BYTES. */
  maxBytes?: number
}

const OUTBOUND_TIMEOUT_MS = 5_000
const OUTBOUND_MAX_BYTES = 1024 * 1024

/** A request the policy refused before anything left the machine, or an answer it cut off. */
export class OutboundRefused extends Error {
  override readonly name = 'OutboundRefused'
}

interface OutboundRequestInit {
  method?: string
  headers?: ConstructorParameters<typeof Headers>[0]
  body?: string | URLSearchParams | Uint8Array | ArrayBuffer | null
  signal?: AbortSignal | null
  redirect?: string
}

/** fetch's shape (what openid-client's customFetch calls), under the policy. */
export type OutboundFetch = (url: string | URL, init?: OutboundRequestInit) => Promise<Response>

const defaultResolver: HostResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true })

/** Whether one resolved address may be connected to under the policy. */
function addressAllowed(address: string, policy: OutboundPolicy): boolean {
  return isPublicIpAddress(address) || (policy.allowLoopback && isLoopbackIpAddress(address))
}

/**
 * Checks an address under the policy and resolves its host: the URL and the one address to
 * connect to. Throws OutboundRefused when anything is not allowed.
 */
export async function checkOutboundUrl(input: string | URL, policy: OutboundPolicy): Promise<{ url: URL; address: string; family: 4 | 6 }> {
  let url: URL
  try {
    url = new URL(input)
  } catch {
    throw new OutboundRefused('not an address')
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowLoopback)) {
    throw new OutboundRefused(`${url.protocol} addresses are not allowed`)
  }
  if (url.username || url.password) throw new OutboundRefused('credentials in the address are not allowed')
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (host === '') throw new OutboundRefused('no host')
  let addresses: { address: string; family: number }[]
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }]
  } else {
    try {
      addresses = await (policy.resolve ?? defaultResolver)(host.replace(/\.$/, ''))
    } catch (err) {
      throw new OutboundRefused(`${host} could not be resolved: ${err instanceof Error ? err.message : String(err)}`)
    }
  }
  if (addresses.length === 0) throw new OutboundRefused(`${host} has no address`)
  const refused = addresses.find((a) => isIP(a.address) === 0 || !addressAllowed(a.address, policy))
  if (refused) throw new OutboundRefused(`${host} resolves to ${refused.address}, which is not a public address`)
  const first = addresses[0]!
  return { url, address: first.address, family: isIP(first.address) === 6 ? 6 : 4 }
}

function bodyBytes(body: OutboundRequestInit['body']): Buffer | null {
  if (body === undefined || body === null) return null
  if (typeof body === 'string') return Buffer.from(body)
  if (body instanceof URLSearchParams) return Buffer.from(body.toString())
  if (body instanceof ArrayBuffer) return Buffer.from(body)
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength)
}

const NO_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

export function createOutboundFetch(policy: OutboundPolicy): OutboundFetch {
  const timeoutMs = policy.timeoutMs ?? OUTBOUND_TIMEOUT_MS
  const maxBytes = policy.maxBytes ?? OUTBOUND_MAX_BYTES

  return async (input, init = {}) => {
    const { url, address, family } = await checkOutboundUrl(input, policy)
    const headers = new Headers(init.headers)
    const body = bodyBytes(init.body)
    if (body && body.byteLength > maxBytes) throw new OutboundRefused('request body too large')
    if (body) headers.set('content-length', String(body.byteLength))
    if (body && !headers.has('content-type') && init.body instanceof URLSearchParams) {
      headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8')
    }
    // The socket connects to the checked address: no second resolution (DNS rebinding).
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if (options.all) (callback as (err: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }])
      else callback(null, address, family)
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    return new Promise<Response>((resolve, reject) => {
      let settled = false
      const fail = (err: Error) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        init.signal?.removeEventListener('abort', onAbort)
        req.destroy()
        reject(err)
      }
      const onAbort = () => fail(init.signal?.reason instanceof Error ? init.signal.reason : new OutboundRefused('aborted'))
      const timer = setTimeout(() => fail(new OutboundRefused(`no answer within ${timeoutMs} ms`)), timeoutMs)
      const req = send(url, { method: init.method ?? 'GET', headers: Object.fromEntries(headers), lookup: pinned, family }, (res: IncomingMessage) => {
        const chunks: Buffer[] = []
        let size = 0
        const declared = Number(res.headers['content-length'])
        if (Number.isFinite(declared) && declared > maxBytes) return fail(new OutboundRefused(`answer larger than ${maxBytes} bytes`))
        res.on('data', (chunk: Buffer) => {
          size += chunk.byteLength
          if (size > maxBytes) return fail(new OutboundRefused(`answer larger than ${maxBytes} bytes`))
          chunks.push(chunk)
        })
        res.on('error', fail)
        res.on('end', () => {
          if (settled) return
          settled = true
          clearTimeout(timer)
          init.signal?.removeEventListener('abort', onAbort)
          const responseHeaders = new Headers()
          for (const [name, value] of Object.entries(res.headers)) {
            if (value === undefined) continue
            for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one)
          }
          const status = res.statusCode ?? 502
          resolve(new Response(NO_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage, headers: responseHeaders }))
        })
      })
      req.on('error', fail)
      if (init.signal?.aborted) return onAbort()
      init.signal?.addEventListener('abort', onAbort, { once: true })
      req.end(body ?? undefined)
    })
  }
}
