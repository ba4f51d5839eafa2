import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/**
 * Image thumbnails for post media (at most 480 px wide). Decoding a photo in pure JavaScript (jimp)
 * takes seconds of CPU (a 12 MP JPEG about 2.5 s), so it runs in a worker thread, one image at a
 * time per process, never on the event loop that serves requests and publishes posts. A worker
 * per image: its memory (a 50 MP bitmap is 200 MB) is returned when it ends.
 *
 * An image the library cannot decode (WebP, unusual JPEG variants) or that takes too long gets no
 * thumbnail; the caller keeps the image without one.
 */
interface Thumbnail {
  data: Buffer
  contentType: 'image/jpeg' | 'image/png'
  /** The decoded image's size (after its EXIF orientation is applied). */
  width: number
  height: number
}

export interface Thumbnailer {
  make(image: Buffer): Promise<Thumbnail | null>
}

const THUMBNAIL_MAX_WIDTH = 480
const THUMBNAIL_TIMEOUT_MS = 60_000

// CommonJS, evaluated in the worker. Transparent results stay PNG (a logo keeps its background); the rest is JPEG.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { Jimp } = require(workerData.jimpPath)
;(async () => {
  const image = await Jimp.read(Buffer.from(workerData.input.buffer, workerData.input.byteOffset, workerData.input.byteLength))
  const width = image.bitmap.width
  const height = image.bitmap.height
  if (width > workerData.maxWidth) image.resize({ w: workerData.maxWidth })
  const pixels = image.bitmap.data
  let transparent = false
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] < 255) { transparent = true; break }
  const contentType = transparent ? 'image/png' : 'image/jpeg'
  const data = await image.getBuffer(contentType, transparent ? {} : { quality: 80 })
  parentPort.postMessage({ width, height, contentType, data })
})().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }))
`

export function createThumbnailer(options: { maxWidth?: number; timeoutMs?: number; log?: (message: string) => void } = {}): Thumbnailer {
  const maxWidth = options.maxWidth ?? THUMBNAIL_MAX_WIDTH
  const timeoutMs = options.timeoutMs ?? THUMBNAIL_TIMEOUT_MS
  const jimpPath = createRequire(import.meta.url).resolve('jimp')
  let queue: Promise<unknown> = Promise.resolve()

  const run = (image: Buffer) =>
    new Promise<Thumbnail | null>((resolve) => {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { jimpPath, maxWidth, input: image } })
      let settled = false
      const finish = (result: Thumbnail | null, problem?: string) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        if (problem) options.log?.(`thumbnail: ${problem}`)
        void worker.terminate()
        resolve(result)
      }
      const timer = setTimeout(() => finish(null, `gave up after ${timeoutMs} ms`), timeoutMs)
      worker.on('message', (message: { error?: string; width: number; height: number; contentType: Thumbnail['contentType']; data: Uint8Array }) => {
        if (message.error) finish(null, message.error)
        else finish({ data: Buffer.from(message.data), contentType: message.contentType, width: message.width, height: message.height })
      })
      worker.on('error', (error) => finish(null, error.message))
      worker.on('exit', (code) => finish(null, `worker exited with code ${code}`))
    })

  return {
    make(image) {
      const result = queue.then(() => run(image))
      queue = result
      return result
    }
  }
}
