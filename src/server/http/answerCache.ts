import { createHash } from 'node:crypto'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CacheTicket } from '../services/schedule'

export type { CacheTicket }

/** Answers over this many bytes are compressed when the client accepts it (issue 16). */
export const COMPRESS_THRESHOLD_BYTES = 1024
/** Brotli quality for answers compressed per request: fast enough for every answer, most of the gain. */
export const BROTLI_QUALITY = 4

type Encoding = 'br' | 'gzip'

interface CachedAnswer {
  version: string
  /** ms; the answer changes by itself then (e.g. a slot's time passes and it turns MISSED). */
  expiresAt: number
  json: Buffer
  etag: string
  /** Compressed on first asked, once per entry. */
  encoded: Partial<Record<Encoding, Buffer>>
}

/**
 * Serialized answers of one endpoint, least recently used first out, at most `maxBytes` in all
 * (JSON and its compressed forms). Per server process: every process checks the version in the
 * database per request, so a change made through another process is never served stale.
 */
export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>()
  private bytes = 0

  constructor(private readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size
  }

  /** The entry for the ticket, if it is of its version and not expired. */
  get(ticket: CacheTicket): CachedAnswer | null {
    const entry = this.entries.get(ticket.key)
    if (!entry) return null
    if (entry.version !== ticket.version || ticket.now >= entry.expiresAt) {
      this.delete(ticket.key)
      return null
    }
    // Most recently used last.
    this.entries.delete(ticket.key)
    this.entries.set(ticket.key, entry)
    return entry
  }

  /** Keeps `json` under the ticket until `expiresAt` (ms); the entry, kept or not (too big). */
  set(ticket: CacheTicket, json: string, expiresAt: number): CachedAnswer {
    const body = Buffer.from(json)
    const entry: CachedAnswer = {
      version: ticket.version,
      expiresAt,
      json: body,
      etag: `W/"${createHash('sha256').update(ticket.key).update('\0').update(ticket.version).update('\0').update(String(expiresAt)).update('\0').update(body).digest('base64url').slice(0, 32)}"`,
      encoded: {}
    }
    this.delete(ticket.key)
    if (body.length * 2 > this.maxBytes) return entry
    this.entries.set(ticket.key, entry)
    this.bytes += body.length
    this.evict()
    return entry
  }

  /** The entry's body in `encoding`, compressed once and counted against the cache's bytes. */
  encode(key: string, entry: CachedAnswer, encoding: Encoding): Buffer {
    const done = entry.encoded[encoding]
    if (done) return done
    const body =
      encoding === 'br'
        ? brotliCompressSync(entry.json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.json.length } })
        : gzipSync(entry.json)
    entry.encoded[encoding] = body
    if (this.entries.get(key) === entry) {
      this.bytes += body.length
      this.evict()
    }
    return body
  }

  private delete(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.bytes -= entry.json.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0)
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return
      this.delete(key)
    }
  }
}

/** The encoding to answer in: br, else gzip, when the request accepts it (q > 0), else none. */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Map<string, number>()
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [rawName, ...params] = part.toLowerCase().split(';')
    const name = rawName?.trim()
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const quality = q === undefined ? 1 : Number(q.slice(2))
    accepted.set(name, Number.isFinite(quality) ? quality : 0)
  }
  const quality = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0
  if (quality('br') > 0) return 'br'
  if (quality('gzip') > 0) return 'gzip'
  return null
}

/**
 * Sends a cached answer as bytes: 304 when the request already holds it (If-None-Match), else
 * its JSON, compressed as the client accepts over COMPRESS_THRESHOLD_BYTES. It must be revalidated
 * on every use (`private, no-cache`): the ETag changes with the data's version.
 */
export function sendCachedAnswer(cache: AnswerCache, key: string, entry: CachedAnswer, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('ETag', entry.etag).header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding')
  const held = request.headers['if-none-match']
  if (held !== undefined && held.split(',').some((tag) => tag.trim() === entry.etag)) return reply.code(304).send()
  const encoding = entry.json.length >= COMPRESS_THRESHOLD_BYTES ? acceptedEncoding(request.headers['accept-encoding']) : null
  reply.type('application/json; charset=utf-8')
  if (encoding === null) return reply.send(entry.json)
  return reply.header('Content-Encoding', encoding).send(cache.encode(key, entry, encoding))
}
