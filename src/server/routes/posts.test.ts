import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { fileTooBigMessage, mediaOffsetMismatchMessage, MESSAGES } from '../../shared/api/messages'
import type { AssignedSlot, BusinessPage, Post, PostMedia } from '../../shared/domain'
import { createLinkedInSandbox, sandboxMemberId, type LinkedInSandbox } from '../adapters/linkedin/sandbox'
import { contentDisposition, parseRange } from './posts'
import { linkedInConnections, media, posts } from '../db/schema'
import { PUBLISHED_TITLE, UNKNOWN_OUTCOME_REASON } from '../jobs/publisher'
import { imageDimensions } from '../services/mediaTypes'
import { encodePng } from '../testing/images'
import { TestClient, type TestResponse } from '../testing/harness'
import { expectError, postFixtures, type ErrorBody, type TestPerson } from '../testing/postFixtures'
import { describeEachDatabase } from '../testing/suite'

type PostBody = Post & ErrorBody
type MediaBody = PostMedia & ErrorBody

const NOW = '2026-03-10T10:00:00.000Z'
const IN_ONE_HOUR = '2026-03-10T11:00:00.000Z'
const MAX_UPLOAD = 300_000
const PUBLISHER_INTERVAL_MS = 5_000
let sandbox: LinkedInSandbox

describeEachDatabase(
  'posts and media',
  (t) => {
    const { newOrg, addMember, connect, connectedOrg, create } = postFixtures(t, { now: NOW })

    async function startUpload(person: TestPerson, fileName: string, contentType: string, size: number) {
      return person.client.post<{ uploadId: string; chunkSize: number } & ErrorBody>('/posts/media/start', { fileName, contentType, size })
    }

    const sendChunk = (person: TestPerson, uploadId: string, offset: number, data: Buffer) =>
      person.client.multipart<{ received: number } & ErrorBody>('POST', '/posts/media/chunk', { uploadId, offset: String(offset) }, [
        { field: 'chunk', fileName: 'blob', contentType: 'application/octet-stream', data }
      ])

    /** start, the bytes in `pieces` chunks, complete. */
    async function upload(person: TestPerson, fileName: string, contentType: string, data: Buffer, pieces = 1): Promise<TestResponse<MediaBody>> {
      const started = await startUpload(person, fileName, contentType, data.length)
      expect(started.status, JSON.stringify(started.body)).toBe(200)
      expect(started.body.chunkSize).toBe(4 * 1024 * 1024)
      const step = Math.ceil(data.length / pieces)
      for (let offset = 0; offset < data.length; offset += step) {
        const res = await sendChunk(person, started.body.uploadId, offset, data.subarray(offset, offset + step))
        expect(res.body).toEqual({ received: Math.min(data.length, offset + step) })
      }
      return person.client.post<MediaBody>('/posts/media/complete', { uploadId: started.body.uploadId, altText: 'A chart' })
    }

    const png = (width = 800, height = 400) => encodePng(width, height, (x, y) => [x % 256, y % 256, 128, 255])

    const timers = () => t().timers!

    /**
     * The publisher's run that publish now and retry ask for (a zero-delay timer), to its end; then
     * the post, which must have the status.
     */
    async function afterKickedRun(person: TestPerson, postId: string, status: Post['status']) {
      expect(await timers().advance(0)).toBeGreaterThanOrEqual(1)
      const res = await person.client.get<Post>('/posts/get', { postId })
      expect(res.body.status).toBe(status)
      return res.body
    }

    /** One run of the publisher on its interval, to its end: whatever is due by then has had its chance. */
    async function publisherRound() {
      expect(await timers().advance(PUBLISHER_INTERVAL_MS)).toBeGreaterThanOrEqual(1)
    }

    async function slotFor(admin: TestPerson, assignee: TestPerson, time = '2026-03-12T09:00:00.000Z', postType = 'textOnly') {
      const res = await admin.client.post<{ slots: AssignedSlot[] }>('/schedule/assigned-slots/create', { assignedUserId: [assignee.userId], time, comment: 'Idea', postType })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.slots[0]!
    }

    describe('access', () => {
      it('needs a session (401) and the client header (403) for every endpoint', async () => {
        const anonymous = new TestClient(t().app)
        const id = randomUUID()
        const calls: Array<[string, Promise<TestResponse>]> = [
          ['list', anonymous.get('/posts')],
          ['get', anonymous.get('/posts/get', { postId: id })],
          ['create', anonymous.post('/posts/create', { text: 'x' })],
          ['update', anonymous.put('/posts/update', { postId: id, version: 1 })],
          ['schedule', anonymous.post('/posts/schedule', { postId: id, version: 1, scheduledAt: IN_ONE_HOUR })],
          ['publish-now', anonymous.post('/posts/publish-now', { postId: id, version: 1 })],
          ['unschedule', anonymous.post('/posts/unschedule', { postId: id })],
          ['retry', anonymous.post('/posts/retry', { postId: id })],
          ['delete', anonymous.delete('/posts/delete', { postId: id })],
          ['versions', anonymous.get('/posts/versions', { postId: id })],
          ['media start', anonymous.post('/posts/media/start', { fileName: 'a.png', contentType: 'image/png', size: 10 })],
          ['media chunk', sendChunk({ client: anonymous } as TestPerson, id, 0, Buffer.from('x'))],
          ['media complete', anonymous.post('/posts/media/complete', { uploadId: id })],
          ['media update', anonymous.put('/posts/media/update', { mediaId: id, altText: 'x' })],
          ['media file', anonymous.get(`/posts/media/${id}/file`)],
          ['media thumbnail', anonymous.get(`/posts/media/${id}/thumbnail`)]
        ]
        for (const [name, call] of calls) expect((await call).status, name).toBe(401)

        const ann = await newOrg()
        const noHeader = await ann.client.request('POST', '/posts/create', { body: { text: 'x' }, clientHeader: false })
        expect(noHeader.status).toBe(403)
        expect((noHeader.body as ErrorBody).error.code).toBe('csrf')
      })

      it("answers 404 for another member's or another organization's posts and media, and never lists them", async () => {
        const ann = await connectedOrg()
        const max = await addMember(ann)
        const other = await connectedOrg('Olga Other')
        const post = await create(ann, { text: 'Mine' })
        const image = (await upload(ann, 'chart.png', 'image/png', png(40, 20))).body
        const started = await startUpload(ann, 'doc.pdf', 'application/pdf', 10)

        for (const intruder of [max, other]) {
          expectError(await intruder.client.get('/posts/get', { postId: post.id }), 404, MESSAGES.postNotFound)
          expectError(await intruder.client.put('/posts/update', { postId: post.id, version: post.version, text: 'hacked' }), 404, MESSAGES.postNotFound)
          expectError(await intruder.client.post('/posts/schedule', { postId: post.id, version: post.version, scheduledAt: IN_ONE_HOUR }), 404, MESSAGES.postNotFound)
          expectError(await intruder.client.post('/posts/publish-now', { postId: post.id, version: post.version }), 404, MESSAGES.postNotFound)
          expectError(await intruder.client.post('/posts/unschedule', { postId: post.id }), 404, MESSAGES.postNotFound)
          expectError(await intruder.client.post('/posts/retry', { postId: post.id }), 404, MESSAGES.postNotFound)
          expectError(await intruder.client.delete('/posts/delete', { postId: post.id }), 404, MESSAGES.postNotFound)
          expect((await intruder.client.get<Post[]>('/posts')).body).toEqual([])
          expectError(await sendChunk(intruder, started.body.uploadId, 0, Buffer.from('%PDF-')), 404, MESSAGES.uploadNotFound)
          expectError(await intruder.client.post('/posts/media/complete', { uploadId: started.body.uploadId }), 404, MESSAGES.uploadNotFound)
          expectError(await intruder.client.put('/posts/media/update', { mediaId: image.id, altText: 'mine now' }), 404, MESSAGES.mediaNotFound)
          // Files uploaded by someone else cannot go into one's own post.
          expectError(await intruder.client.post('/posts/create', { text: 'x', type: 'images', mediaIds: [image.id] }), 400, MESSAGES.mediaUnavailable, 'mediaIds')
        }
        // A teammate may see the files of the organization's posts; another organization may not.
        expect((await max.client.get(`/posts/media/${image.id}/file`)).status).toBe(200)
        expectError(await other.client.get(`/posts/media/${image.id}/file`), 404, MESSAGES.mediaNotFound)
        expectError(await other.client.get(`/posts/media/${image.id}/thumbnail`), 404, MESSAGES.mediaNotFound)
        expectError(await ann.client.get('/posts/get', { postId: 'not-a-uuid' }), 404, MESSAGES.postNotFound)
        expect((await ann.client.get<Post>('/posts/get', { postId: post.id })).body.text).toBe('Mine')
      })
    })

    describe('drafts', () => {
      it('creates, updates with the current version, refuses a stale one (409) and bumps the version on every change', async () => {
        const ann = await newOrg()
        const post = await create(ann, { text: 'First words' })
        expect(post).toMatchObject({
          status: 'DRAFT',
          type: 'textOnly',
          text: 'First words',
          poll: null,
          media: [],
          author: { id: ann.userId, fullName: 'Ann Author' },
          businessPage: null,
          slotId: null,
          scheduledAt: null,
          linkedInPostUrn: null,
          linkedInPostUrl: null,
          failureReason: null,
          version: 1
        })
        const saved = await ann.client.put<PostBody>('/posts/update', { postId: post.id, version: 1, text: 'Second words' })
        expect(saved.body).toMatchObject({ text: 'Second words', version: 2 })
        expectError(await ann.client.put('/posts/update', { postId: post.id, version: 1, text: 'From an old window' }), 409, MESSAGES.postChangedElsewhere)
        expect((await ann.client.get<Post>('/posts/get', { postId: post.id })).body).toMatchObject({ text: 'Second words', version: 2 })
        const poll = await ann.client.put<PostBody>('/posts/update', { postId: post.id, version: 2, type: 'poll', poll: { question: 'Which?', options: ['A', 'B'] } })
        expect(poll.body).toMatchObject({ type: 'poll', poll: { question: 'Which?', options: ['A', 'B'], durationDays: 7 }, text: 'Second words', version: 3 })

        t().clock.advance(1000)
        await create(ann, { text: 'Another' })
        const list = await ann.client.get<Post[]>('/posts', { status: 'DRAFT' })
        expect(list.body.map((p) => p.text)).toEqual(['Another', 'Second words'])
        expect((await ann.client.get<Post[]>('/posts', { status: 'PUBLISHED' })).body).toEqual([])
      })

      it('keeps 3,001 characters as a draft, but scheduling answers every problem at once; a scheduled post broken by an edit goes back to DRAFT', async () => {
        const ann = await newOrg()
        const long = 'x'.repeat(3001)
        const post = await create(ann, { text: long })
        expect(post.text).toHaveLength(3001)
        const refused = await ann.client.post<ErrorBody>('/posts/schedule', { postId: post.id, version: 1, scheduledAt: '2026-03-09T10:00:00.000Z' })
        expectError(refused, 400, MESSAGES.postTooLong, 'text')
        expect(refused.body.error.fields).toEqual({ text: MESSAGES.postTooLong, scheduledAt: MESSAGES.scheduleInPast, linkedIn: MESSAGES.linkedInNotConnected })
        expect((await ann.client.post<ErrorBody>('/posts/schedule', { postId: post.id, version: 1 })).body.error.fields?.scheduledAt).toBe(MESSAGES.scheduleTimeMissing)

        await connect(ann)
        const fixed = await ann.client.put<PostBody>('/posts/update', { postId: post.id, version: 1, text: 'x'.repeat(3000) })
        const scheduled = await ann.client.post<PostBody>('/posts/schedule', { postId: post.id, version: fixed.body.version, scheduledAt: IN_ONE_HOUR })
        expect(scheduled.body).toMatchObject({ status: 'SCHEDULED', scheduledAt: IN_ONE_HOUR, version: 3 })
        // Still publishable: stays scheduled.
        const edited = await ann.client.put<PostBody>('/posts/update', { postId: post.id, version: 3, text: 'Shorter' })
        expect(edited.body).toMatchObject({ status: 'SCHEDULED', version: 4 })
        const broken = await ann.client.put<PostBody>('/posts/update', { postId: post.id, version: 4, text: long })
        expect(broken.body).toMatchObject({ status: 'DRAFT', scheduledAt: IN_ONE_HOUR, version: 5 })
      })

      it('checks polls and media counts against LinkedIn’s limits when scheduling', async () => {
        const ann = await connectedOrg()
        const schedule = (post: Post) => ann.client.post<ErrorBody>('/posts/schedule', { postId: post.id, version: post.version, scheduledAt: IN_ONE_HOUR })
        const fiveOptions = await create(ann, { type: 'poll', text: 'Vote', poll: { question: 'Best?', options: ['A', 'B', 'C', 'D', 'E'] } })
        expectError(await schedule(fiveOptions), 400, MESSAGES.pollOptionCount, 'pollOptions')
        const longOption = await create(ann, { type: 'poll', text: 'Vote', poll: { question: 'Best?', options: ['A', 'y'.repeat(31)] } })
        expectError(await schedule(longOption), 400, MESSAGES.pollOptionTooLong, 'pollOptions')
        const noQuestion = await create(ann, { type: 'poll', text: 'Vote', poll: { question: ' ', options: ['A', 'B'] } })
        expectError(await schedule(noQuestion), 400, MESSAGES.pollQuestionMissing, 'pollQuestion')
        const good = await create(ann, { type: 'poll', text: 'Vote', poll: { question: 'Best?', options: ['A', 'B'], durationDays: 3 } })
        expect((await schedule(good)).status).toBe(200)
        const noImages = await create(ann, { type: 'images', text: 'Look' })
        expectError(await schedule(noImages), 400, MESSAGES.imagesMissing, 'media')
        const twentyOne = Array.from({ length: 21 }, () => randomUUID())
        expectError(await ann.client.post('/posts/create', { type: 'images', mediaIds: twentyOne }), 400, MESSAGES.tooManyImages, 'mediaIds')
        const pdf = (await upload(ann, 'deck.pdf', 'application/pdf', Buffer.from('%PDF-1.7\nslides'))).body
        const chart = (await upload(ann, 'chart.png', 'image/png', png(20, 10))).body
        const docAsImages = await create(ann, { type: 'images', text: 'Look', mediaIds: [chart.id, pdf.id] })
        expectError(await schedule(docAsImages), 400, MESSAGES.mediaWrongKind, 'media')
        expectError(await ann.client.post('/posts/create', { mediaIds: [pdf.id, pdf.id] }), 400, MESSAGES.mediaRepeated, 'mediaIds')
      })
    })

    describe('media', () => {
      it('uploads a PNG in chunks: READY with its size, a thumbnail at most 480 px wide, and both served with the right headers', async () => {
        const ann = await newOrg()
        const data = png(800, 400)
        const done = await upload(ann, 'C:\\Users\\ann\\chart.png', 'image/png', data, 3)
        expect(done.status, JSON.stringify(done.body)).toBe(200)
        expect(done.body).toMatchObject({ kind: 'image', fileName: 'chart.png', contentType: 'image/png', size: data.length, width: 800, height: 400, altText: 'A chart' })
        expect(done.body.url).toBe(`/api/posts/media/${done.body.id}/file`)
        expect(done.body.thumbnailUrl).toBe(`/api/posts/media/${done.body.id}/thumbnail`)

        const file = await t().app.inject({ method: 'GET', url: done.body.url, headers: { cookie: `pagecrew_session=${ann.client.cookie}` } })
        expect(file.statusCode).toBe(200)
        expect(file.rawPayload.equals(data)).toBe(true)
        expect(file.headers).toMatchObject({
          'content-type': 'image/png',
          'content-length': String(data.length),
          'cache-control': 'private, max-age=86400',
          'content-disposition': 'inline; filename="chart.png"; filename*=UTF-8\'\'chart.png',
          'x-content-type-options': 'nosniff',
          'accept-ranges': 'bytes'
        })
        const thumb = await t().app.inject({ method: 'GET', url: done.body.thumbnailUrl!, headers: { cookie: `pagecrew_session=${ann.client.cookie}` } })
        expect(thumb.statusCode).toBe(200)
        expect(thumb.headers['content-type']).toBe('image/jpeg')
        expect(imageDimensions(thumb.rawPayload, 'image/jpeg')).toEqual({ width: 480, height: 240 })

        const range = await t().app.inject({ method: 'GET', url: done.body.url, headers: { cookie: `pagecrew_session=${ann.client.cookie}`, range: 'bytes=8-15' } })
        expect(range.statusCode).toBe(206)
        expect(range.headers['content-range']).toBe(`bytes 8-15/${data.length}`)
        expect(range.rawPayload.equals(data.subarray(8, 16))).toBe(true)

        const renamed = await ann.client.put<MediaBody>('/posts/media/update', { mediaId: done.body.id, altText: 'Quarterly growth' })
        expect(renamed.body.altText).toBe('Quarterly growth')
        // Completing again answers the same file.
        const [row] = await t().db.select().from(media).where(eq(media.id, done.body.id))
        expect((await ann.client.post<MediaBody>('/posts/media/complete', { uploadId: row!.id })).body.id).toBe(done.body.id)
      })

      it('keeps an image it cannot decode without a thumbnail, and serves documents as downloads', async () => {
        const ann = await newOrg()
        const webp = Buffer.concat([Buffer.from('RIFF\x20\x00\x00\x00WEBPVP8X', 'latin1'), Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 4, 0, 0]), Buffer.alloc(30)])
        const image = await upload(ann, 'odd.webp', 'image/webp', webp)
        expect(image.body).toMatchObject({ kind: 'image', contentType: 'image/webp', width: 10, height: 5, thumbnailUrl: null })
        const pdf = await upload(ann, 'Résumé "final".pdf', 'application/pdf', Buffer.from('%PDF-1.7\n1 0 obj'))
        expect(pdf.body).toMatchObject({ kind: 'document', thumbnailUrl: null, width: null })
        const file = await t().app.inject({ method: 'GET', url: pdf.body.url, headers: { cookie: `pagecrew_session=${ann.client.cookie}` } })
        expect(file.headers['content-disposition']).toBe(`attachment; filename="R_sum_ _final_.pdf"; filename*=UTF-8''${encodeURIComponent('Résumé "final".pdf')}`)
        expect(file.headers['content-type']).toBe('application/pdf')
        expectError(await ann.client.get(`/posts/media/${pdf.body.id}/thumbnail`), 404, MESSAGES.mediaNotFound)
      })

      it("refuses files over the limit with '{file name} is too big!' (413) at start and when chunks go past the announced size", async () => {
        const ann = await newOrg()
        expectError(await startUpload(ann, 'huge.mp4', 'video/mp4', MAX_UPLOAD + 1), 413, fileTooBigMessage('huge.mp4'), 'size')
        expectError(await startUpload(ann, 'giant.mp4', 'video/mp4', 209_715_201), 413, fileTooBigMessage('giant.mp4'), 'size')
        const started = await startUpload(ann, 'small.png', 'image/png', 100)
        expectError(await sendChunk(ann, started.body.uploadId, 0, Buffer.alloc(101)), 413, fileTooBigMessage('small.png'), 'file')
        // Nothing of the refused chunk counted: the upload goes on from 0.
        expect((await sendChunk(ann, started.body.uploadId, 0, png(2, 2).subarray(0, 50))).body).toEqual({ received: 50 })
        expectError(await sendChunk(ann, started.body.uploadId, 50, Buffer.alloc(51)), 413, fileTooBigMessage('small.png'))
      })

      it('answers a chunk at the wrong offset with 409 naming the offset to resume from', async () => {
        const ann = await newOrg()
        const data = png(30, 30)
        const started = await startUpload(ann, 'a.png', 'image/png', data.length)
        const id = started.body.uploadId
        expect((await sendChunk(ann, id, 0, data.subarray(0, 40))).body).toEqual({ received: 40 })
        const skipped = await sendChunk(ann, id, 80, data.subarray(80))
        expectError(skipped, 409, mediaOffsetMismatchMessage(40))
        expect((skipped.body as ErrorBody).error.fields).toEqual({ offset: '40' })
        // The same chunk again (its answer was lost): also 409, nothing written twice.
        expectError(await sendChunk(ann, id, 0, data.subarray(0, 40)), 409, mediaOffsetMismatchMessage(40))
        expectError(await ann.client.post('/posts/media/complete', { uploadId: id }), 409, MESSAGES.uploadIncomplete(40, data.length))
        expect((await sendChunk(ann, id, 40, data.subarray(40))).body).toEqual({ received: data.length })
        expect((await ann.client.post<MediaBody>('/posts/media/complete', { uploadId: id })).body).toMatchObject({ width: 30, height: 30 })
      })

      it('refuses types it does not take, empty files, and files whose bytes do not match their type (deleted)', async () => {
        const ann = await newOrg()
        expectError(await startUpload(ann, 'notes.txt', 'text/plain', 10), 400, MESSAGES.mediaTypeUnsupported, 'contentType')
        expectError(await startUpload(ann, 'empty.png', 'image/png', 0), 400, MESSAGES.mediaEmpty, 'size')
        const fake = await upload(ann, 'fake.png', 'image/png', Buffer.from('this is text, not a picture'))
        expectError(fake, 400, MESSAGES.mediaContentMismatch, 'file')
        expect(await t().db.select().from(media).where(eq(media.fileName, 'fake.png'))).toEqual([])
        const pdfAsVideo = await upload(ann, 'talk.mp4', 'video/mp4', Buffer.from('%PDF-1.4 not a video'))
        expectError(pdfAsVideo, 400, MESSAGES.mediaContentMismatch)
        const video = await upload(ann, 'talk.mp4', 'video/mp4', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]))
        expect(video.body).toMatchObject({ kind: 'video', contentType: 'video/mp4', thumbnailUrl: null })
      })
    })

    describe('scheduling and publishing', () => {
      it("needs the author's LinkedIn connection: 'You need to connect to LinkedIn.', then 'You need to reconnect to LinkedIn.' once expired", async () => {
        const ann = await newOrg()
        const post = await create(ann)
        const body = { postId: post.id, version: post.version, scheduledAt: IN_ONE_HOUR }
        expectError(await ann.client.post('/posts/schedule', body), 400, MESSAGES.linkedInNotConnected, 'linkedIn')
        expectError(await ann.client.post('/posts/publish-now', { postId: post.id, version: post.version }), 400, MESSAGES.linkedInNotConnected, 'linkedIn')
        await connect(ann)
        await t().db.update(linkedInConnections).set({ accessTokenExpiresAt: new Date('2026-03-01T00:00:00Z') }).where(eq(linkedInConnections.userId, ann.userId))
        expectError(await ann.client.post('/posts/schedule', body), 400, MESSAGES.linkedInExpired, 'linkedIn')
        expect((await ann.client.get<Post>('/posts/get', { postId: post.id })).body).toMatchObject({ status: 'DRAFT', version: 1 })
      })

      it('schedules into an assigned slot at its time; the slot must be the author’s, in the future and free', async () => {
        const ann = await connectedOrg()
        const max = await addMember(ann)
        await connect(max)
        const slot = await slotFor(ann, ann, '2026-03-12T09:00:00.000Z', 'poll')
        const maxSlot = await slotFor(ann, max)

        const post = await create(ann, { slotId: slot.id, text: 'Vote', poll: { question: 'Best?', options: ['A', 'B'] } })
        expect(post).toMatchObject({ slotId: slot.id, type: 'poll' })
        const scheduled = await ann.client.post<PostBody>('/posts/schedule', { postId: post.id, version: post.version })
        expect(scheduled.body).toMatchObject({ status: 'SCHEDULED', scheduledAt: slot.time, slotId: slot.id })

        expectError(await ann.client.post('/posts/create', { slotId: maxSlot.id }), 400, MESSAGES.slotNotYours, 'slotId')
        const second = await create(ann, { text: 'Also for that slot' })
        expectError(await ann.client.post('/posts/schedule', { postId: second.id, version: second.version, slotId: slot.id }), 409, MESSAGES.slotTaken, 'slotId')
        expectError(await ann.client.post('/posts/create', { slotId: randomUUID() }), 404, MESSAGES.slotNotFound)

        // A slot whose time has passed.
        const later = await slotFor(ann, ann, '2026-03-13T09:00:00.000Z')
        const late = await create(ann, { slotId: later.id })
        t().clock.set('2026-03-13T09:30:00.000Z')
        expectError(await ann.client.post('/posts/schedule', { postId: late.id, version: late.version }), 400, MESSAGES.scheduleInPast, 'slotId')
      })

      it('publishes now through LinkedIn: PUBLISHED with its urn, LinkedIn got the text and the images in order, the slot is DONE and the author is told', async () => {
        const ann = await connectedOrg()
        const slot = await slotFor(ann, ann, '2026-03-12T09:00:00.000Z', 'images')
        const first = (await upload(ann, 'one.png', 'image/png', png(64, 32))).body
        const second = (await upload(ann, 'two.png', 'image/png', png(32, 64))).body
        const post = await create(ann, { slotId: slot.id, text: 'Our new office 🎉', mediaIds: [second.id, first.id] })
        expect(post.media.map((m) => m.fileName)).toEqual(['two.png', 'one.png'])
        const now = await ann.client.post<PostBody>('/posts/publish-now', { postId: post.id, version: post.version })
        expect(now.body).toMatchObject({ status: 'SCHEDULED', scheduledAt: NOW })
        const published = await afterKickedRun(ann, post.id, 'PUBLISHED')
        expect(published.linkedInPostUrn).toMatch(/^urn:li:share:\d+$/)
        // An address the system browser can open: the sandbox's viewer on this server's origin.
        expect(published.linkedInPostUrl).toMatch(/^https?:\/\/[^/]+\/api\/linkedin\/sandbox\/posts\//)
        expect(published.linkedInPostUrl).toContain(encodeURIComponent(published.linkedInPostUrn!))
        expect(published.publishedAt).toBe(NOW)

        const sent = sandbox.posts.find((p) => p.urn === published.linkedInPostUrn)!
        expect(sent).toMatchObject({ author: { kind: 'person', id: sandboxMemberId(ann.userId) }, text: 'Our new office 🎉', type: 'images' })
        expect(sent.media.map((m) => [m.fileName, m.size, m.altText])).toEqual([
          ['two.png', second.size, 'A chart'],
          ['one.png', first.size, 'A chart']
        ])

        const slots = await ann.client.get<AssignedSlot[]>('/schedule/assigned-slots', { from: '2026-03-11T00:00:00Z', to: '2026-03-20T00:00:00Z' })
        expect(slots.body.find((s) => s.id === slot.id)).toMatchObject({ status: 'DONE', postId: post.id })
        const notes = await ann.client.notifications()
        expect(notes.body.find((n) => n.title === PUBLISHED_TITLE)).toMatchObject({ message: 'Your post “Our new office 🎉” is live on LinkedIn.', link: `/content/write-post?postId=${post.id}` })

        for (const res of [
          await ann.client.put('/posts/update', { postId: post.id, version: published.version, text: 'edit' }),
          await ann.client.post('/posts/unschedule', { postId: post.id }),
          await ann.client.delete('/posts/delete', { postId: post.id })
        ]) {
          expectError(res, 409, MESSAGES.postPublished)
        }
      })

      it('publishes a poll as a business page the author is linked to, and refuses a page they are not linked to', async () => {
        const ann = await connectedOrg()
        const page = (await ann.client.post<BusinessPage>('/organization/business-pages/create', { linkedInCompanyName: 'Acme Robotics' })).body
        const notLinked = await ann.client.post('/posts/create', { businessPageId: page.id })
        expectError(notLinked, 400, MESSAGES.notLinkedToPage, 'businessPageId')
        expect((await ann.client.put('/members/update', { userId: ann.userId, selectedBusinessPages: [page.id] })).status).toBe(200)
        const post = await create(ann, { businessPageId: page.id, type: 'poll', text: 'Vote', poll: { question: 'Which robot?', options: ['R2', 'C3'], durationDays: 3 } })
        expect(post.businessPage).toEqual({ id: page.id, linkedInCompanyName: 'Acme Robotics', image: null })
        await ann.client.post('/posts/publish-now', { postId: post.id, version: post.version })
        const published = await afterKickedRun(ann, post.id, 'PUBLISHED')
        expect(sandbox.posts.find((p) => p.urn === published.linkedInPostUrn)).toMatchObject({
          author: { kind: 'organization', id: page.id },
          type: 'poll',
          poll: { question: 'Which robot?', options: ['R2', 'C3'], durationDays: 3 }
        })
        expectError(await ann.client.post('/posts/create', { businessPageId: randomUUID() }), 404, MESSAGES.businessPageNotFound)
      })

      it('publishes a scheduled post when its time comes', async () => {
        const ann = await connectedOrg()
        const post = await create(ann, { text: 'Later today' })
        await ann.client.post('/posts/schedule', { postId: post.id, version: post.version, scheduledAt: IN_ONE_HOUR })
        await publisherRound()
        expect((await ann.client.get<Post>('/posts/get', { postId: post.id })).body.status).toBe('SCHEDULED')
        t().clock.set(IN_ONE_HOUR)
        await publisherRound()
        expect((await ann.client.get<Post>('/posts/get', { postId: post.id })).body).toMatchObject({ status: 'PUBLISHED', publishedAt: IN_ONE_HOUR })
      })

      it('unschedules back to DRAFT; retry is only for a failed post and publishes it again with a new key', async () => {
        const ann = await connectedOrg()
        const post = await create(ann, { text: 'Try me' })
        const scheduled = (await ann.client.post<PostBody>('/posts/schedule', { postId: post.id, version: 1, scheduledAt: IN_ONE_HOUR })).body
        const draft = await ann.client.post<PostBody>('/posts/unschedule', { postId: post.id })
        expect(draft.body).toMatchObject({ status: 'DRAFT', version: scheduled.version + 1 })
        expect((await ann.client.post<PostBody>('/posts/unschedule', { postId: post.id })).body).toMatchObject({ status: 'DRAFT', version: scheduled.version + 1 })
        expectError(await ann.client.post('/posts/retry', { postId: post.id }), 409, MESSAGES.postNotFailed)

        sandbox.acceptThenTimeoutNext()
        await ann.client.post('/posts/publish-now', { postId: post.id, version: draft.body.version })
        const failed = await afterKickedRun(ann, post.id, 'DRAFT')
        expect(failed.failureReason).toBe(UNKNOWN_OUTCOME_REASON)
        const [before] = await t().db.select({ key: posts.idempotencyKey }).from(posts).where(eq(posts.id, post.id))
        const calls = sandbox.publishCalls

        const retried = await ann.client.post<PostBody>('/posts/retry', { postId: post.id })
        expect(retried.body).toMatchObject({ status: 'SCHEDULED', failureReason: null })
        const published = await afterKickedRun(ann, post.id, 'PUBLISHED')
        const [after] = await t().db.select({ key: posts.idempotencyKey }).from(posts).where(eq(posts.id, post.id))
        expect(after!.key).not.toBe(before!.key)
        expect(sandbox.publishCalls).toBe(calls + 1)
        expect(sandbox.posts.filter((p) => p.text === 'Try me')).toHaveLength(2) // the user's informed decision: a second post
        expect(published.failureReason).toBeNull()
      })

      it('deletes drafts and scheduled posts, never one being published', async () => {
        const ann = await connectedOrg()
        const draft = await create(ann)
        expect((await ann.client.delete('/posts/delete', { postId: draft.id })).body).toEqual({ ok: true })
        expectError(await ann.client.get('/posts/get', { postId: draft.id }), 404, MESSAGES.postNotFound)
        const pending = await create(ann)
        await t().db.update(posts).set({ status: 'PENDING_PUBLISH' }).where(eq(posts.id, pending.id))
        expectError(await ann.client.delete('/posts/delete', { postId: pending.id }), 409, MESSAGES.postBeingPublished)
        expectError(await ann.client.put('/posts/update', { postId: pending.id, version: 1, text: 'x' }), 409, MESSAGES.postBeingPublished)
        expectError(await ann.client.post('/posts/unschedule', { postId: pending.id }), 409, MESSAGES.postBeingPublished)
        const scheduled = await create(ann)
        await ann.client.post('/posts/schedule', { postId: scheduled.id, version: 1, scheduledAt: IN_ONE_HOUR })
        expect((await ann.client.delete('/posts/delete', { postId: scheduled.id })).status).toBe(200)
      })

      it("unschedules a removed member's posts: nothing is published in the organization's name after they leave", async () => {
        const ann = await connectedOrg()
        const max = await addMember(ann)
        await connect(max)
        const post = await create(max, { text: 'Leaving soon' })
        expect((await max.client.post('/posts/schedule', { postId: post.id, version: post.version, scheduledAt: IN_ONE_HOUR })).status).toBe(200)
        expect((await ann.client.delete('/members/delete', { userId: max.userId })).status).toBe(200)
        const [row] = await t().db.select().from(posts).where(eq(posts.id, post.id))
        expect(row).toMatchObject({ status: 'DRAFT', failureReason: MESSAGES.authorLeftOrganization, version: post.version + 2 })
        const calls = sandbox.publishCalls
        t().clock.set('2026-03-10T11:05:00.000Z')
        await publisherRound()
        t().clock.set(NOW)
        expect(sandbox.publishCalls).toBe(calls)
        expect(sandbox.posts.some((p) => p.text === 'Leaving soon')).toBe(false)
      })
    })
  },
  {
    config: { maxUploadBytes: MAX_UPLOAD, publisherIntervalMs: PUBLISHER_INTERVAL_MS },
    // The publisher runs only when a test advances its timers, so a test knows when it has run.
    manualTimers: true,
    linkedInAdapter: ({ clock }) => (sandbox = createLinkedInSandbox({ clock }))
  }
)

describe('byte ranges and download names', () => {
  it('reads bytes=a-b, a- and -n within the file; anything else sends the whole file', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 })
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 })
    for (const header of [undefined, '', 'bytes=100-', 'bytes=9-3', 'bytes=-', 'bytes=0-1,5-6', 'items=0-1']) expect(parseRange(header, 100), header).toBeNull()
    expect(parseRange('bytes=0-0', 0)).toBeNull()
  })

  it('names the file in ASCII and in UTF-8', () => {
    expect(contentDisposition('attachment', 'Plan "Q1" – Équipe.pdf')).toBe(
      `attachment; filename="Plan _Q1_ _ _quipe.pdf"; filename*=UTF-8''${encodeURIComponent('Plan "Q1" – Équipe.pdf')}`
    )
  })
})
