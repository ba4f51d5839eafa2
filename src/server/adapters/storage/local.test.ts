import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLocalStorage } from './local'
import { StorageNotFoundError, type MediaStorage } from './storage'

describe('local media storage', () => {
  let dir: string
  let root: string
  let storage: MediaStorage
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pagecrew-storage-'))
    root = join(dir, 'uploads', 'media')
    storage = createLocalStorage(root)
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  const from = (s: string) => Readable.from([Buffer.from(s)])

  it('appends chunks in order and reads the whole file or a byte range', async () => {
    expect(await storage.append('a1', 0, from('hello '))).toBe(6)
    expect(await storage.append('a1', 6, from('world'))).toBe(5)
    expect(await storage.stat('a1')).toEqual({ size: 11 })
    expect(await text(await storage.openRead('a1'))).toBe('hello world')
    expect(await text(await storage.openRead('a1', { start: 6, end: 9 }))).toBe('worl')
    expect(await readFile(join(root, 'a1'), 'utf8')).toBe('hello world')
  })

  it('an append at an earlier offset replaces everything after it (a resumed chunk)', async () => {
    await storage.append('b1', 0, from('0123456789'))
    await storage.append('b1', 4, from('ab'))
    expect(await text(await storage.openRead('b1'))).toBe('0123ab')
    await storage.append('b1', 0, from('x'))
    expect(await text(await storage.openRead('b1'))).toBe('x')
  })

  it('refuses to append past the end or to a missing file', async () => {
    await expect(storage.append('missing', 3, from('abc'))).rejects.toBeInstanceOf(StorageNotFoundError)
    await storage.append('c1', 0, from('ab'))
    await expect(storage.append('c1', 5, from('abc'))).rejects.toThrow(/holds 2 bytes/)
    expect(await text(await storage.openRead('c1'))).toBe('ab')
  })

  it('rejects when the source fails; a retry at the same offset leaves a clean file', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'))
        this.destroy(new Error('client went away'))
      }
    })
    await storage.append('d1', 0, from('keep'))
    await expect(storage.append('d1', 4, failing)).rejects.toThrow('client went away')
    // Nothing of the failed chunk stays on disk, even if nobody retries.
    expect(await storage.stat('d1')).toEqual({ size: 4 })
    const failingFirst = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024))
        this.destroy(new Error('too large'))
      }
    })
    await expect(storage.append('d2', 0, failingFirst)).rejects.toThrow('too large')
    expect(await storage.stat('d2')).toBeNull()
    // A retry at the same offset gives a clean file.
    await storage.append('d1', 4, from('!'))
    expect(await text(await storage.openRead('d1'))).toBe('keep!')
  })

  it('stat and openRead of an unknown key; delete is idempotent', async () => {
    expect(await storage.stat('nothing')).toBeNull()
    await expect(storage.openRead('nothing')).rejects.toBeInstanceOf(StorageNotFoundError)
    await storage.append('e1', 0, from('x'))
    await storage.delete('e1')
    await storage.delete('e1')
    expect(await storage.stat('e1')).toBeNull()
  })

  it('never leaves its folder: keys that are paths are refused', async () => {
    for (const key of ['../escape', '..', 'a/../../b', '/etc/passwd', 'sub/dir', '.hidden', 'a..b', '', 'x'.repeat(201)]) {
      await expect(storage.append(key, 0, from('x')), key).rejects.toThrow(/Invalid storage key/)
      await expect(storage.openRead(key), key).rejects.toThrow(/Invalid storage key/)
      await expect(storage.delete(key), key).rejects.toThrow(/Invalid storage key/)
    }
    expect(await readdir(dir)).toEqual([])
  })
})
