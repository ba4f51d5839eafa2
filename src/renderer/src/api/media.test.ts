// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_UPLOAD_BYTES } from '@shared/constants'
import { MESSAGES, mediaOffsetMismatchMessage } from '@shared/api/messages'
import type { HostRequest, HostResponse } from '@shared/host'
import { createFakeHost, fail, ok, type FakeHost } from '@renderer/testing/fakeHost'
import { aFile, aHugeFile, aMedia } from '@renderer/testing/mediaFixtures'
import { CHUNK_RETRIES, UploadRefused, canRetryUpload, contentTypeOf, isUploadCancelled, uploadMedia } from './media'

const UPLOAD = '11111111-2222-4333-8444-555555555555'
const CHUNK = 10

let alert: ReturnType<typeof vi.fn>
beforeEach(() => {
  alert = vi.fn()
  window.alert = alert as unknown as typeof window.alert
  // Every refused request is logged with its URL (spec §8); these tests refuse on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => vi.restoreAllMocks())

/** A server that keeps the bytes it received and checks every chunk's offset, as the real one does. */
function uploadServer(options: { chunkReply?: (req: HostRequest) => HostResponse | null; offsetField?: boolean } = {}) {
  const received: number[] = []
  const fake: FakeHost = createFakeHost({
    'POST /posts/media/start': ok({ uploadId: UPLOAD, chunkSize: CHUNK }),
    'POST /posts/media/complete': (req) => ok(aMedia({ fileName: 'deck.pdf', kind: 'document', size: received.length, altText: (req.body as { altText?: string }).altText ?? '' }))
  })
  fake.reply('POST /posts/media/chunk', (req) => {
    const override = options.chunkReply?.(req)
    if (override) return override
    const offset = Number(req.multipart?.fields.offset)
    if (offset !== received.length) return fail(409, mediaOffsetMismatchMessage(received.length), 'conflict', options.offsetField === false ? undefined : { offset: String(received.length) })
    received.push(...(req.multipart?.files[0]?.data ?? []))
    return ok({ received: received.length })
  })
  const chunkOffsets = () => fake.requestsTo('POST', '/posts/media/chunk').map((r) => Number(r.multipart?.fields.offset))
  return { fake, received, chunkOffsets }
}

describe('uploadMedia', () => {
  it('refuses a file of 200 MB and one byte with the spec’s alert, before any request', async () => {
    const { fake } = uploadServer()
    await expect(uploadMedia(fake.host, aHugeFile('holiday.mov', MAX_UPLOAD_BYTES + 1))).rejects.toBeInstanceOf(UploadRefused)
    expect(alert).toHaveBeenCalledWith('holiday.mov is too big!')
    expect(fake.requests).toEqual([])
  })

  it('refuses a type Pagecrew does not take, before any request', async () => {
    const { fake } = uploadServer()
    await expect(uploadMedia(fake.host, aFile('notes.txt', 5, 'text/plain'))).rejects.toBeInstanceOf(UploadRefused)
    expect(alert).toHaveBeenCalledWith(MESSAGES.mediaTypeUnsupported)
    expect(fake.requests).toEqual([])
  })

  it('starts, sends the file in chunks at increasing offsets, completes, and reports progress up to the whole file', async () => {
    const { fake, received, chunkOffsets } = uploadServer()
    const progress: Array<[number, number]> = []
    const file = aFile('deck.pdf', 25, 'application/pdf')

    const media = await uploadMedia(fake.host, file, { onProgress: (sent, total) => progress.push([sent, total]) })

    expect(fake.requests.map((r) => r.path)).toEqual(['/posts/media/start', '/posts/media/chunk', '/posts/media/chunk', '/posts/media/chunk', '/posts/media/complete'])
    expect(fake.requestsTo('POST', '/posts/media/start')[0]?.body).toEqual({ fileName: 'deck.pdf', size: 25, contentType: 'application/pdf' })
    expect(chunkOffsets()).toEqual([0, 10, 20])
    const parts = fake.requestsTo('POST', '/posts/media/chunk').map((r) => r.multipart)
    expect(parts.every((p) => p?.fields.uploadId === UPLOAD && p.files[0]?.field === 'chunk')).toBe(true)
    expect(parts.map((p) => p?.files[0]?.data.length)).toEqual([10, 10, 5])
    expect(received).toEqual(Array.from(new Uint8Array(await file.arrayBuffer())))
    expect(fake.requestsTo('POST', '/posts/media/complete')[0]?.body).toEqual({ uploadId: UPLOAD })
    expect(progress).toEqual([
      [0, 25],
      [10, 25],
      [20, 25],
      [25, 25]
    ])
    expect(media.kind).toBe('document')
  })

  it.each([
    ['its offset field', true],
    ['its message', false]
  ])('continues from the offset a 409 names in %s', async (_where, offsetField) => {
    let first = true
    const { fake, received, chunkOffsets } = uploadServer({
      offsetField,
      // The first chunk arrives but its answer is lost; the client sends it again and learns the server has it.
      chunkReply: (req) => {
        if (!first) return null
        first = false
        received.push(...(req.multipart?.files[0]?.data ?? []))
        return fail(502, 'Lost.', 'bad_gateway')
      }
    })
    await uploadMedia(fake.host, aFile('deck.pdf', 25, 'application/pdf'), { retryDelayMs: 1 })
    expect(chunkOffsets()).toEqual([0, 0, 10, 20])
    expect(received).toHaveLength(25)
  })

  it('sends a failed chunk again with a growing wait, and gives up after three more tries', async () => {
    let failuresLeft = 2
    const { fake, chunkOffsets } = uploadServer({ chunkReply: () => (failuresLeft-- > 0 ? fail(503, 'Busy', 'unavailable') : null) })
    await uploadMedia(fake.host, aFile('clip.mp4', 15, 'video/mp4'), { retryDelayMs: 1 })
    expect(chunkOffsets()).toEqual([0, 0, 0, 10])

    const broken = uploadServer({ chunkReply: () => fail(500, 'Down', 'internal') })
    await expect(uploadMedia(broken.fake.host, aFile('clip.mp4', 15, 'video/mp4'), { retryDelayMs: 1 })).rejects.toMatchObject({ status: 500 })
    expect(broken.chunkOffsets()).toHaveLength(1 + CHUNK_RETRIES)
    expect(broken.fake.requestsTo('POST', '/posts/media/complete')).toEqual([])
  })

  it('a full disk on the server (507) ends the upload at once with its message; Retry may start it again later', async () => {
    const { fake, chunkOffsets } = uploadServer({ chunkReply: () => fail(507, MESSAGES.storageFull, 'storage_full') })
    const error: unknown = await uploadMedia(fake.host, aFile('clip.mp4', 15, 'video/mp4'), { retryDelayMs: 1 }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 507, message: MESSAGES.storageFull })
    expect(chunkOffsets()).toEqual([0])
    expect(canRetryUpload(error)).toBe(true)
  })

  it('does not send a refused chunk again', async () => {
    const { fake, chunkOffsets } = uploadServer({ chunkReply: () => fail(404, 'Not found', 'not_found') })
    await expect(uploadMedia(fake.host, aFile('clip.mp4', 15, 'video/mp4'), { retryDelayMs: 1 })).rejects.toMatchObject({ status: 404 })
    expect(chunkOffsets()).toEqual([0])
  })

  it('alerts the file name when the server says it is too big', async () => {
    const { fake } = uploadServer()
    fake.reply('POST /posts/media/start', fail(413, 'big.png is too big!', 'too_large'))
    await expect(uploadMedia(fake.host, aFile('big.png', 5))).rejects.toBeInstanceOf(UploadRefused)
    expect(alert).toHaveBeenCalledWith('big.png is too big!')

    const chunked = uploadServer({ chunkReply: () => fail(413, 'Too large', 'too_large') })
    await expect(uploadMedia(chunked.fake.host, aFile('grown.png', 5))).rejects.toBeInstanceOf(UploadRefused)
    expect(alert).toHaveBeenLastCalledWith('grown.png is too big!')
  })

  it('stops sending when cancelled, without completing', async () => {
    const controller = new AbortController()
    const { fake, chunkOffsets } = uploadServer()
    const upload = uploadMedia(fake.host, aFile('deck.pdf', 45, 'application/pdf'), {
      signal: controller.signal,
      onProgress: (sent) => {
        if (sent === 20) controller.abort()
      }
    })
    const error = await upload.catch((e: unknown) => e)
    expect(isUploadCancelled(error)).toBe(true)
    expect(chunkOffsets()).toEqual([0, 10])
    expect(fake.requestsTo('POST', '/posts/media/complete')).toEqual([])
  })

  it('stops waiting for a chunk in flight when cancelled', async () => {
    const controller = new AbortController()
    const { fake } = uploadServer({ chunkReply: () => null })
    fake.host.request.mockImplementationOnce(async (req) => {
      fake.requests.push(req)
      return ok({ uploadId: UPLOAD, chunkSize: CHUNK })
    })
    fake.host.request.mockImplementationOnce(async () => new Promise<HostResponse>(() => undefined))
    const upload = uploadMedia(fake.host, aFile('deck.pdf', 45, 'application/pdf'), { signal: controller.signal })
    await vi.waitFor(() => expect(fake.host.request).toHaveBeenCalledTimes(2))
    controller.abort()
    expect(isUploadCancelled(await upload.catch((e: unknown) => e))).toBe(true)
  })

  it('takes the type from the extension when the system gives none', () => {
    expect(contentTypeOf({ name: 'Slides.PPTX', type: '' })).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation')
    expect(contentTypeOf({ name: 'photo.jpg', type: 'image/jpeg' })).toBe('image/jpeg')
    expect(contentTypeOf({ name: 'README', type: '' })).toBe('')
  })
})
