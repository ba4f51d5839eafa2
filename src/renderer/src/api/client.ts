import { useCallback } from 'react'
import type { z } from 'zod'
import { API_BASE, apiErrorSchema, type Endpoint } from '@shared/api/contract'
import type { HostBridge, HostRequest } from '@shared/host'
import { useHost } from '@renderer/host/HostContext'

export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again later.'
const NETWORK_ERROR_MESSAGE = 'Cannot reach Pagecrew. Check your connection and try again.'
export const OPEN_PLAN_MODAL_EVENT = 'openPlanModal'

/** A failed API call: the HTTP status and the server's `{"error": {...}}` body (DESIGN.md §3). */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: Record<string, string>
  readonly url: string

  constructor(init: { status: number; code: string; message: string; fields?: Record<string, string>; url: string }) {
    super(init.message)
    this.name = 'ApiError'
    this.status = init.status
    this.code = init.code
    this.fields = init.fields ?? {}
    this.url = init.url
  }

  /** 4xx: the request itself is wrong, so repeating it cannot help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status)
}

type Input<S extends z.ZodType> = z.input<S>
type QueryPart<E extends Endpoint> = undefined extends Input<E['query']> ? { query?: Input<E['query']> } : { query: Input<E['query']> }
type BodyPart<E extends Endpoint> = undefined extends Input<E['body']> ? { body?: Input<E['body']> } : { body: Input<E['body']> }
/**
 * A dialog submission's idempotency key (components/useFormDialog), sent as the Idempotency-Key
 * header so the server can answer a repeated create with its first answer (DESIGN.md §7).
 */
export interface IdempotencyPart {
  idempotencyKey?: string
}
export type CallOptions<E extends Endpoint> = QueryPart<E> & BodyPart<E> & IdempotencyPart
type CallArgs<E extends Endpoint> = object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>]
export type ResponseOf<E extends Endpoint> = z.output<E['response']>

function toQueryRecord(query: unknown): Record<string, string> | undefined {
  if (!query || typeof query !== 'object') return undefined
  const entries = Object.entries(query as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null)
  return Object.fromEntries(entries.map(([k, v]) => [k, String(v)]))
}

function errorFrom(status: number, body: unknown, url: string): ApiError {
  const parsed = apiErrorSchema.safeParse(body)
  if (parsed.success) return new ApiError({ status, url, ...parsed.data.error })
  return new ApiError({ status, url, code: `http_${status}`, message: GENERIC_ERROR_MESSAGE })
}

/** A file for a multipart endpoint's file part, read into bytes so either host can send it. */
export interface UploadFile {
  fileName: string
  contentType: string
  data: Uint8Array<ArrayBuffer>
}

/** Sends a request and turns the answer into the endpoint's parsed response or an ApiError. */
async function send<E extends Endpoint>(host: HostBridge, endpoint: E, request: HostRequest, expected: readonly number[] = []): Promise<ResponseOf<E>> {
  const url = `${endpoint.method} ${API_BASE}${endpoint.path}`
  let response
  try {
    response = await host.request(request)
  } catch (cause) {
    console.error(`Request failed: ${url}`, cause)
    throw new ApiError({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE, url })
  }
  if (response.status < 200 || response.status >= 300) {
    const error = errorFrom(response.status, response.body, url)
    if (response.status === 402) {
      window.dispatchEvent(new Event(OPEN_PLAN_MODAL_EVENT))
    } else if (!expected.includes(response.status)) {
      console.error(`Request failed: ${url} -> ${response.status} ${error.code}: ${error.message}`)
    }
    throw error
  }
  const parsed = endpoint.response.safeParse(response.body)
  if (!parsed.success) {
    console.error(`Unexpected response: ${url}`, parsed.error.issues)
    throw new ApiError({ status: response.status, code: 'invalid_response', message: GENERIC_ERROR_MESSAGE, url })
  }
  return parsed.data as ResponseOf<E>
}

/**
 * Calls one JSON endpoint of the contract through the HostBridge. Non-2xx responses reject with an
 * ApiError; a 402 first opens the plan dialog (spec §4, §8); every other failure is logged with
 * its URL (spec §8).
 */
export async function callApi<E extends Endpoint>(host: HostBridge, endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>> {
  return callApiExpecting(host, endpoint, [], ...args)
}

/**
 * callApi for a call where a refusal with one of the `expected` statuses is an answer, not a
 * failure: it still rejects with the ApiError, but is not logged (a 401 to GET /auth, from a server
 * that still refuses signed-out callers, means 'signed out', the sign-in screens' normal state).
 */
export async function callApiExpecting<E extends Endpoint>(
  host: HostBridge,
  endpoint: E,
  expected: readonly number[],
  ...[options]: CallArgs<E>
): Promise<ResponseOf<E>> {
  const opts = (options ?? {}) as { query?: unknown; body?: unknown } & IdempotencyPart
  return send(
    host,
    endpoint,
    {
      method: endpoint.method,
      path: endpoint.path,
      query: toQueryRecord(opts.query),
      body: opts.body,
      ...(opts.idempotencyKey !== undefined ? { idempotencyKey: opts.idempotencyKey } : {})
    },
    expected
  )
}

/**
 * The text fields of a multipart endpoint: every field of its body schema as the string the server
 * decodes (the contract's `toTeamFormFields` builds them for teams).
 */
export type MultipartFields<E extends Endpoint> = { [K in keyof Input<E['body']>]: Input<E['body']>[K] & string }

interface MultipartOptions<E extends Endpoint> extends IdempotencyPart {
  fields: MultipartFields<E>
  /** Sent as the endpoint's file part (`multipart.fileField`); omitted when null. */
  file?: UploadFile | null
}

/**
 * Calls a multipart/form-data endpoint of the contract (spec §7: team create and update); errors as
 * callApi. Refuses endpoints the contract does not mark multipart.
 */
export async function callMultipartApi<E extends Endpoint>(host: HostBridge, endpoint: E, options: MultipartOptions<E>): Promise<ResponseOf<E>> {
  if (!endpoint.multipart) throw new Error(`${endpoint.method} ${endpoint.path} is not a multipart endpoint.`)
  const fields: Record<string, string> = {}
  for (const [name, value] of Object.entries(options.fields as Record<string, unknown>)) {
    if (typeof value === 'string') fields[name] = value
  }
  const files = options.file ? [{ field: endpoint.multipart.fileField, ...options.file }] : []
  return send(host, endpoint, {
    method: endpoint.method,
    path: endpoint.path,
    multipart: { fields, files },
    ...(options.idempotencyKey !== undefined ? { idempotencyKey: options.idempotencyKey } : {})
  })
}

/** callApi bound to the HostBridge in context. */
export function useCallApi() {
  const host = useHost()
  return useCallback(
    <E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>> => callApi(host, endpoint, ...args),
    [host]
  )
}

/**
 * Saves a file an API path streams (CSV exports) through the host — the renderer never fetches
 * itself. `query` values are sent as strings, undefined ones left out. Resolves false when the
 * user cancelled the desktop's save dialog; rejects with an ApiError when the host could not reach
 * the server or the server refused.
 */
export async function downloadApiFile(host: HostBridge, path: string, query: object, fileName: string): Promise<boolean> {
  const url = `GET ${API_BASE}${path}`
  let result
  try {
    result = await host.download({ path, query: toQueryRecord(query) ?? {}, fileName })
  } catch (cause) {
    console.error(`Download failed: ${url}`, cause)
    throw new ApiError({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE, url })
  }
  if (result.status < 200 || result.status >= 300) {
    throw new ApiError({ status: result.status, code: `http_${result.status}`, message: result.message ?? GENERIC_ERROR_MESSAGE, url })
  }
  return result.saved
}

/** callMultipartApi bound to the HostBridge in context. */
export function useCallMultipartApi() {
  const host = useHost()
  return useCallback(
    <E extends Endpoint>(endpoint: E, options: MultipartOptions<E>): Promise<ResponseOf<E>> => callMultipartApi(host, endpoint, options),
    [host]
  )
}
