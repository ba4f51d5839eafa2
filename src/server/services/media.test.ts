import { randomUUID } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DAY_MS } from '../../shared/constants'
import { createLocalStorage } from '../adapters/storage/local'
import { manualClock } from '../testing/clock'
import type { DatabaseHandle } from '../db/client'
import { media, organizations, postMedia, posts, users } from '../db/schema'
import { createJobRunner } from '../jobs/runner'
import { createTestDatabase } from '../testing/harness'
import { manualTimers } from '../testing/timers'
import { cleanFileName, createMediaService, type MediaService } from './media'
import { newPostValues } from './posts'

describe('media cleanup', () => {
  let handle: DatabaseHandle
  let dir: string
  let service: MediaService
  const clock = manualClock('2026-03-10T10:00:00Z')
  const organizationId = randomUUID()
  const userId = randomUUID()

  beforeAll(async () => {
    handle = await createTestDatabase('pglite')
    dir = await mkdtemp(join(tmpdir(), 'pagecrew-media-'))
    const now = clock.now()
    await handle.db.insert(organizations).values({ id: organizationId, organizationWorkOSId: `org_${randomUUID()}`, name: 'Acme', createdAt: now, updatedAt: now })
    await handle.db.insert(users).values({ id: userId, email: `${userId}@example.com`, fullName: 'Ann', createdAt: now, updatedAt: now })
    service = createMediaService({
      db: handle.db,
      clock,
      storage: createLocalStorage(dir),
      thumbnailer: { make: async () => null },
      maxUploadBytes: 1000
    })
  })
  afterAll(async () => {
    await handle?.close()
    await rm(dir, { recursive: true, force: true })
  })

  /** A media row with its file (and a thumbnail file), last touched `ageMs` ago. */
  async function stored(status: 'UPLOADING' | 'READY', ageMs: number) {
    const id = randomUUID()
    const at = new Date(clock.now().getTime() - ageMs)
    await service.storage.append(id, 0, Readable.from([Buffer.from('bytes')]))
    await service.storage.append(`${id}.thumb.jpg`, 0, Readable.from([Buffer.from('thumb')]))
    await handle.db.insert(media).values({
      id,
      organizationId,
      uploaderUserId: userId,
      status,
      kind: 'image',
      fileName: 'a.png',
      contentType: 'image/png',
      size: 5,
      receivedBytes: status === 'READY' ? 5 : 2,
      storageKey: id,
      thumbnailKey: `${id}.thumb.jpg`,
      createdAt: at,
      updatedAt: at
    })
    return id
  }

  it('removes uploads idle for a day and files no post used for a week, with their files; keeps the rest', async () => {
    const staleUpload = await stored('UPLOADING', DAY_MS + 1)
    const activeUpload = await stored('UPLOADING', DAY_MS - 60_000)
    const unusedOld = await stored('READY', 7 * DAY_MS + 1)
    const unusedRecent = await stored('READY', 6 * DAY_MS)
    const usedOld = await stored('READY', 30 * DAY_MS)
    const [post] = await handle.db.insert(posts).values(newPostValues({ organizationId, authorUserId: userId, text: 'with an image' }, clock.now())).returning()
    await handle.db.insert(postMedia).values({ postId: post!.id, mediaId: usedOld, position: 0 })

    expect(await service.cleanup()).toBe(2)
    const left = (await handle.db.select({ id: media.id }).from(media)).map((r) => r.id).sort()
    expect(left).toEqual([activeUpload, unusedRecent, usedOld].sort())
    const files = await readdir(dir)
    for (const gone of [staleUpload, unusedOld]) expect(files.filter((f) => f.startsWith(gone))).toEqual([])
    for (const kept of left) expect(files.filter((f) => f.startsWith(kept)).sort()).toEqual([kept, `${kept}.thumb.jpg`])
    expect(await service.cleanup()).toBe(0)
  })

  it('on the job runner, the cleanup runs at start and then hourly; stop waits for the run', async () => {
    const timers = manualTimers()
    const runner = createJobRunner({ db: handle.db, clock, timers })
    runner.register(service.cleanupJob)
    const isKept = async (id: string) => (await handle.db.select().from(media)).some((r) => r.id === id)
    const staleUpload = await stored('UPLOADING', 2 * DAY_MS)
    runner.start()
    expect(await timers.advance(0)).toBe(1)
    expect(await isKept(staleUpload)).toBe(false)
    expect(timers.pending).toEqual([60 * 60_000])
    const another = await stored('UPLOADING', 2 * DAY_MS)
    expect(await timers.advance(60 * 60_000 - 1)).toBe(0)
    expect(await isKept(another)).toBe(true)
    const ran = timers.advance(1)
    await runner.stop()
    expect(await ran).toBe(1)
    expect(await isKept(another)).toBe(false)
    expect(timers.pending).toEqual([])
  })
})

describe('cleanFileName', () => {
  it('keeps the name only, without folders or control characters', () => {
    expect(cleanFileName('C:\\Users\\ann\\chart.png')).toBe('chart.png')
    expect(cleanFileName('../../etc/passwd')).toBe('passwd')
    expect(cleanFileName('re\u0000port\n.pdf')).toBe('report.pdf')
    expect(cleanFileName('   ')).toBe('file')
    // Bidi controls would make 'report\u202Efdp.exe' show as 'reportexe.pdf'.
    expect(cleanFileName('report\u202Efdp.exe')).toBe('reportfdp.exe')
    expect(cleanFileName('\u2066a\u2069\u200Eb\u200F\u202A.png')).toBe('ab.png')
    expect(cleanFileName('\u202E')).toBe('file')
    expect(cleanFileName(`${'a'.repeat(300)}.png`)).toHaveLength(255)
  })
})
