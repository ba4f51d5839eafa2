import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { z } from 'zod'
import type { Clock } from '../../../clock'
import type { LinkedInConfig } from '../linkedin'
import { LinkedInPermissionError, LinkedInRateLimitError, LinkedInTimeoutError, LinkedInValidationError, TokenExpiredError } from '../linkedin'

/**
 * The LinkedIn REST client's HTTP exchanges and the reading of LinkedIn's answers, per the
 * adapter's error contract (./index.ts).
 */

/** Uploads may take long; they fail only when nothing moves for this long. */
const UPLOAD_IDLE_MS = 60_000
const MAX_ANSWER_BYTES = 2 * 1024 * 1024
/** How long to wait after a 429 that carries no Retry-After (LinkedIn's limits are per day, so not seconds). */
const RATE_LIMIT_DEFAULT_MS = 5 * 60_000

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  text: string
}

interface CallOptions {
  method: string
  headers: Record<string, string>
  body?: string | AsyncIterable<Buffer>
  timeoutMs: number
}

/** One HTTP exchange; a body given as an iterable is streamed (backpressure through pipeline). */
export function call(url: string, options: CallOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url)
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest
    const req = send(target, { method: options.method, headers: options.headers })
    let settled = false
    const fail = (err: unknown) => {
      if (settled) return
      settled = true
      req.destroy()
      reject(err instanceof Error ? err : new Error(String(err)))
    }
    req.setTimeout(options.timeoutMs, () => fail(new LinkedInTimeoutError(`LinkedIn did not answer ${options.method} ${target.pathname} in time`)))
    req.on('error', fail)
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk)
      })
      res.on('error', fail)
      res.on('end', () => {
        if (settled) return
        settled = true
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') })
      })
    })
    if (options.body === undefined || typeof options.body === 'string') req.end(options.body)
    else pipeline(Readable.from(options.body), req).catch(fail)
  })
}

/** LinkedIn's error text: `{"message": …}` (REST) or `{"error_description": …}` (OAuth), else the status. */
export function messageOf(answer: Answer): string {
  try {
    const body = JSON.parse(answer.text) as { message?: unknown; error_description?: unknown }
    const text = typeof body.message === 'string' ? body.message : typeof body.error_description === 'string' ? body.error_description : null
    if (text) return text.slice(0, 500)
  } catch {
    // Not JSON: the status says enough.
  }
  return `status ${answer.status}`
}

const isSafeRefusal = (status: number) => status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429

/** A refusal of the post itself, per the adapter's error contract. */
export function postRefused(answer: Answer, what: string): Error {
  if (answer.status === 401) return new TokenExpiredError()
  if (isSafeRefusal(answer.status)) return new LinkedInValidationError(`LinkedIn refused ${what}: ${messageOf(answer)}`)
  return new Error(`LinkedIn answered ${answer.status} to ${what}: ${messageOf(answer)}`)
}

export function expectOk(answer: Answer, what: string): Answer {
  if (answer.status === 401) throw new TokenExpiredError()
  if (answer.status < 200 || answer.status >= 300) throw new Error(`LinkedIn answered ${answer.status} to ${what}: ${messageOf(answer)}`)
  return answer
}

/** Retry-After in seconds (LinkedIn's form) or as an HTTP date; the default when absent or unreadable. */
function retryAfterMs(answer: Answer, now: Date): number {
  const value = answer.headers['retry-after']
  const text = (Array.isArray(value) ? value[0] : value)?.trim()
  if (!text) return RATE_LIMIT_DEFAULT_MS
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  return Number.isNaN(at) ? RATE_LIMIT_DEFAULT_MS : Math.max(0, at - now.getTime())
}

/** A statistics call's answer: 401 token expired, 403 no permission, 429 slow down, else it must be 2xx. */
export function statisticsAnswer(answer: Answer, what: string, now: Date): Answer {
  if (answer.status === 429) throw new LinkedInRateLimitError(retryAfterMs(answer, now))
  if (answer.status === 403) throw new LinkedInPermissionError()
  return expectOk(answer, what)
}

export function json<T>(answer: Answer, schema: z.ZodType<T>, what: string): T {
  let value: unknown
  try {
    value = JSON.parse(answer.text)
  } catch {
    throw new Error(`LinkedIn's answer to ${what} is not JSON`)
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new Error(`LinkedIn's answer to ${what} is not as documented`)
  return parsed.data
}

/** What every part of the client works with: its settings, and the two kinds of call it makes. */
export interface RestContext {
  config: LinkedInConfig
  clock: Clock
  /** Per call, for API requests (not uploads). */
  timeoutMs: number
  /** Pause between looks at a video LinkedIn is still processing. */
  videoPollMs: number
  /** A versioned REST call (`LinkedIn-Version`, `X-Restli-Protocol-Version: 2.0.0`) with a JSON body, if any. */
  rest(method: string, path: string, token: string, body?: unknown, extra?: Record<string, string>): Promise<Answer>
  /** PUT of `length` bytes to an upload URL LinkedIn handed out. */
  put(url: string, length: number, body: AsyncIterable<Buffer>, token: string | null): Promise<Answer>
}

export function restContext(config: LinkedInConfig, clock: Clock, timeoutMs: number, videoPollMs: number): RestContext {
  const rest = (method: string, path: string, token: string, body?: unknown, extra: Record<string, string> = {}) => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      'linkedin-version': config.version,
      'x-restli-protocol-version': '2.0.0',
      accept: 'application/json',
      ...extra
    }
    const payload = body === undefined ? undefined : JSON.stringify(body)
    if (payload !== undefined) {
      headers['content-type'] = 'application/json'
      headers['content-length'] = String(Buffer.byteLength(payload))
    }
    return call(`${config.apiBase}${path}`, { method, headers, body: payload, timeoutMs })
  }

  const put = (url: string, length: number, body: AsyncIterable<Buffer>, token: string | null) =>
    call(url, {
      method: 'PUT',
      headers: {
        'content-type': 'application/octet-stream',
        'content-length': String(length),
        ...(token ? { authorization: `Bearer ${token}` } : {})
      },
      body,
      timeoutMs: UPLOAD_IDLE_MS
    })

  return { config, clock, timeoutMs, videoPollMs, rest, put }
}
