import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { acceptedEncoding, AnswerCache, type CacheTicket } from './answerCache'

const ticket = (key: string, version = '1', now = 0): CacheTicket => ({ key, version, now })

describe('AnswerCache', () => {
  it('serves an entry only for its key and version, and only before it expires', () => {
    const cache = new AnswerCache(1024 * 1024)
    cache.set(ticket('a', '1', 0), '{"n":1}', 100)
    expect(cache.get(ticket('a', '1', 99))?.json.toString()).toBe('{"n":1}')
    expect(cache.get(ticket('b', '1', 0))).toBeNull()
    expect(cache.get(ticket('a', '2', 0))).toBeNull()
    // A stale version is dropped, not kept beside the new one.
    expect(cache.size).toBe(0)
    cache.set(ticket('a', '1', 0), '{"n":1}', 100)
    expect(cache.get(ticket('a', '1', 100))).toBeNull()
  })

  it('gives each key, version, expiry and body its own ETag', () => {
    const cache = new AnswerCache(1024 * 1024)
    const tags = new Set([
      cache.set(ticket('a', '1'), '{}', 10).etag,
      cache.set(ticket('b', '1'), '{}', 10).etag,
      cache.set(ticket('a', '2'), '{}', 10).etag,
      cache.set(ticket('a', '1'), '{}', 11).etag,
      cache.set(ticket('a', '1'), '[]', 10).etag
    ])
    expect(tags.size).toBe(5)
    expect(cache.set(ticket('a', '1'), '{}', 10).etag).toBe(cache.set(ticket('a', '1'), '{}', 10).etag)
  })

  it('keeps at most its bytes, the least recently used leaving first, compressed forms counted', () => {
    const body = (c: string) => JSON.stringify(c.repeat(300))
    const cache = new AnswerCache(1000)
    cache.set(ticket('a'), body('a'), Infinity)
    cache.set(ticket('b'), body('b'), Infinity)
    cache.set(ticket('c'), body('c'), Infinity)
    expect(cache.size).toBe(3)
    expect(cache.get(ticket('a'))).not.toBeNull() // a is now the most recently used
    cache.set(ticket('d'), body('d'), Infinity)
    expect(cache.get(ticket('b'))).toBeNull()
    expect(cache.get(ticket('a'))).not.toBeNull()
    // An answer larger than half the cache is sent but not kept.
    const big = cache.set(ticket('e'), body('e'.repeat(2)), Infinity)
    expect(big.json.length).toBeGreaterThan(500)
    expect(cache.get(ticket('e'))).toBeNull()

    const roomy = new AnswerCache(1024 * 1024)
    const entry = roomy.set(ticket('z'), JSON.stringify({ text: 'hello '.repeat(500) }), Infinity)
    const br = roomy.encode('z', entry, 'br')
    expect(roomy.encode('z', entry, 'br')).toBe(br)
    expect(brotliDecompressSync(br).equals(entry.json)).toBe(true)
    expect(gunzipSync(roomy.encode('z', entry, 'gzip')).equals(entry.json)).toBe(true)
  })
})

describe('acceptedEncoding', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=1, br;q=0', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['identity', null],
    ['', null],
    [undefined, null],
    ['BR ; q=0.5', 'br'],
    [['gzip', 'br'], 'br']
  ] as const)('%j → %j', (header, expected) => {
    expect(acceptedEncoding(header as string | string[] | undefined)).toBe(expected)
  })
})
