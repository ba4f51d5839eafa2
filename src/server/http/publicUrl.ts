import type { FastifyRequest } from 'fastify'
import type { ServerConfig } from '../config'

/**
 * The address people open Pagecrew at, for links that outlive the request or leave the app: join
 * links in invitation emails, the billing providers' return addresses, the LinkedIn redirect and
 * sign-in page, the sandbox's post links. Never the request's Host header: anyone can send
 * `Host: evil.example`, and a join link stored and mailed with it would send the invitee there.
 *
 * 1. PAGECREW_PUBLIC_URL when it is set (the setting for any server others reach).
 * 2. Behind a proxy the operator said to trust (PAGECREW_TRUST_PROXY), the X-Forwarded-Proto and
 *    X-Forwarded-Host the proxy sets, when it sets them: an explicit opt-in, as for client IPs.
 * 3. Else the address this server listens at, as the connection reached it (its local address and
 *    port, which the client cannot choose beyond picking one of the server's own addresses); the
 *    embedded desktop server and `npm start` on 127.0.0.1 get exactly the address they print.
 *    Requests that never touched a socket (tests' inject()) get http://localhost.
 */
export function publicBaseUrl(config: Pick<ServerConfig, 'publicUrl' | 'trustProxy'>, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '')
  if (config.trustProxy) {
    const forwarded = forwardedOrigin(request)
    if (forwarded) return forwarded
  }
  return listeningOrigin(request)
}

/** `https://app.example.com` from the proxy's X-Forwarded-Host (first value) and -Proto; null when absent or malformed. */
function forwardedOrigin(request: FastifyRequest): string | null {
  const host = firstValue(request.headers['x-forwarded-host'])
  if (!host) return null
  const proto = firstValue(request.headers['x-forwarded-proto']) || request.protocol
  if (proto !== 'http' && proto !== 'https') return null
  try {
    const url = new URL(`${proto}://${host}`)
    // Only a host (and port): anything that parses into a path, user or query is not a host header.
    return url.host === host.toLowerCase() && url.pathname === '/' && !url.username && !url.search ? url.origin : null
  } catch {
    return null
  }
}

function firstValue(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header
  return (value ?? '').split(',')[0]!.trim()
}

function listeningOrigin(request: FastifyRequest): string {
  const socket = request.raw.socket as { localAddress?: string; localPort?: number; encrypted?: boolean } | undefined
  const address = socket?.localAddress
  const port = socket?.localPort
  if (!address || !port) return 'http://localhost'
  const protocol = socket.encrypted ? 'https' : 'http'
  const bare = address.replace(/%.*$/, '') // an IPv6 zone (fe80::1%eth0) has no place in a URL
  const ip = bare.startsWith('::ffff:') && bare.includes('.') ? bare.slice('::ffff:'.length) : bare
  const host = ip.includes(':') ? `[${ip}]` : ip
  const defaultPort = protocol === 'https' ? 443 : 80
  return `${protocol}://${host}${port === defaultPort ? '' : `:${port}`}`
}
