import type { FastifyInstance } from 'fastify'
import createClient, { type Client } from 'openapi-fetch'
import { V1_BASE } from '../../shared/api/v1/contract'
import type { paths } from './v1Api.gen'

/*
 * The typed /api/v1 client the tests use: openapi-fetch over the paths openapi-typescript generated
 * from the OpenAPI document (v1Api.gen.ts, `npm run api:client`), called with a Bearer key. In
 * process it answers through Fastify's inject(); with a URL it goes over HTTP (e2e).
 */

export type V1Client = Client<paths>

/** A fetch that answers through app.inject() (no port). */
export function injectFetch(app: FastifyInstance): (input: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url)
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text()
    const res = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers.entries()),
      payload: body === '' ? undefined : body
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v))
    }
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers })
  }
}

/** A client for one key (none: no Authorization header). */
export function v1Client(target: FastifyInstance | string, key?: string, headers: Record<string, string> = {}): V1Client {
  const local = typeof target !== 'string'
  return createClient<paths>({
    baseUrl: `${local ? 'http://in-process' : target.replace(/\/+$/, '')}${V1_BASE}`,
    ...(local ? { fetch: injectFetch(target) } : {}),
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers }
  })
}
