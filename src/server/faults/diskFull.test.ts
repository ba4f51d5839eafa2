import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { MESSAGES } from '../../shared/api/messages'
import type { Post, PostMedia } from '../../shared/domain'
import { createLocalStorage } from '../adapters/storage/local'
import { encodePng } from '../testing/images'
import { expectError, postFixtures, type ErrorBody, type TestPerson } from '../testing/postFixtures'
import { describeEachDatabase } from '../testing/suite'

/**
 * Issue 16, fault 3: the disk fills during an upload. The storage's file writes go through a file
 * system that, once told the disk is full, writes `room` more bytes and then fails as a full disk
 * does (ENOSPC) — the bytes before the failure do reach the file, as they would.
 */
const disk: { room: number | null } = { room: null }
const roots: string[] = []

function fillingFileSystem() {
  return {
    createWriteStream: ((path: string, options: Parameters<typeof createWriteStream>[1]) => {
      const out = createWriteStream(path, options)
      const write = out._write.bind(out)
      // One chunk at a time, so the room is counted per write.
      ;(out as { _writev?: unknown })._writev = undefined
      out._write = (chunk: Buffer, encoding, callback) => {
        if (disk.room === null || chunk.length <= disk.room) {
          if (disk.room !== null) disk.room -= chunk.length
          return write(chunk, encoding, callback)
        }
        const fits = chunk.subarray(0, disk.room)
        disk.room = 0
        const full = Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC', errno: -28, syscall: 'write' })
        write(fits, encoding, (error) => callback(error ?? full))
      }
      return out
    }) as typeof createWriteStream
  }
}

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

const newRoot = () => {
  const root = mkdtempSync(join(tmpdir(), 'pagecrew-disk-full-'))
  roots.push(root)
  return root
}
const mediaRoot = newRoot()

describeEachDatabase(
  'the disk fills during an upload',
  (t) => {
    const { newOrg, create } = postFixtures(t)
    type MediaBody = PostMedia & ErrorBody

    const start = (person: TestPerson, size: number) =>
      person.client.post<{ uploadId: string; chunkSize: number } & ErrorBody>('/posts/media/start', { fileName: 'chart.png', contentType: 'image/png', size })
    const chunk = (person: TestPerson, uploadId: string, offset: number, data: Buffer) =>
      person.client.multipart<{ received: number } & ErrorBody>('POST', '/posts/media/chunk', { uploadId, offset: String(offset) }, [
        { field: 'chunk', fileName: 'blob', contentType: 'application/octet-stream', data }
      ])
    async function upload(person: TestPerson, data: Buffer): Promise<PostMedia> {
      const started = await start(person, data.length)
      expect((await chunk(person, started.body.uploadId, 0, data)).body).toEqual({ received: data.length })
      const done = await person.client.post<MediaBody>('/posts/media/complete', { uploadId: started.body.uploadId })
      expect(done.status, JSON.stringify(done.body)).toBe(200)
      return done.body
    }
    const png = encodePng(300, 200, (x, y) => [x % 256, y % 256, (x * y) % 256, 255])

    it('a clear 507, the partial file removed, the post untouched; once there is room the upload goes through', async () => {
      disk.room = null
      const ann = await newOrg()
      const first = await upload(ann, encodePng(40, 20))
      const post = await create(ann, { type: 'images', text: 'Our numbers', mediaIds: [first.id] })
      const filesBefore = readdirSync(mediaRoot).sort()

      const started = await start(ann, png.length)
      const half = Math.ceil(png.length / 2)
      expect((await chunk(ann, started.body.uploadId, 0, png.subarray(0, half))).body).toEqual({ received: half })
      expect(existsSync(join(mediaRoot, started.body.uploadId))).toBe(true)

      // The disk fills in the middle of the second chunk.
      disk.room = 1_000
      const refused = await chunk(ann, started.body.uploadId, half, png.subarray(half))
      expect(refused.status).toBe(507)
      expect(refused.body.error).toEqual({ code: 'storage_full', message: MESSAGES.storageFull })
      // Nothing of the upload is left: not its file (the space comes back), not the upload itself.
      expect(existsSync(join(mediaRoot, started.body.uploadId))).toBe(false)
      expect(readdirSync(mediaRoot).sort()).toEqual(filesBefore)
      expectError(await chunk(ann, started.body.uploadId, half, png.subarray(half)), 404, MESSAGES.uploadNotFound)
      expectError(await ann.client.post('/posts/media/complete', { uploadId: started.body.uploadId }), 404, MESSAGES.uploadNotFound)
      // The post is as it was.
      const after = await ann.client.get<Post>('/posts/get', { postId: post.id })
      expect(after.body).toEqual(post)

      // Room again: the same file, started afresh, goes through and joins the post.
      disk.room = null
      const second = await upload(ann, png)
      expect(second).toMatchObject({ fileName: 'chart.png', size: png.length, contentType: 'image/png' })
      const file = await ann.client.app.inject({ method: 'GET', url: `/api/posts/media/${second.id}/file`, headers: { cookie: `pagecrew_session=${ann.client.cookie}` } })
      expect(file.rawPayload.equals(png)).toBe(true)
      const updated = await ann.client.put<Post>('/posts/update', { postId: post.id, version: post.version, mediaIds: [first.id, second.id] })
      expect(updated.status, JSON.stringify(updated.body)).toBe(200)
      expect(updated.body.media.map((m) => m.id)).toEqual([first.id, second.id])
    })

    it('a disk already full when an upload starts writing: 507 and no file at all', async () => {
      const ben = await newOrg('Ben')
      const started = await start(ben, png.length)
      disk.room = 0
      const refused = await chunk(ben, started.body.uploadId, 0, png)
      disk.room = null
      expectError(refused, 507, MESSAGES.storageFull)
      expect(existsSync(join(mediaRoot, started.body.uploadId))).toBe(false)
    })
  },
  { mediaStorage: createLocalStorage(mediaRoot, fillingFileSystem()) }
)
