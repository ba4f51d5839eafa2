// Draws the Pagecrew mark (a page with a folded corner and lines of text on an indigo tile) and
// writes the app and tray icons as PNG, with Node's zlib only. Run: node build/generate-icons.mjs
import { writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

const INDIGO = [79, 70, 229, 255]
const FOLD = [199, 210, 254, 255]
const WHITE = [255, 255, 255, 255]
const RED = [225, 29, 72, 255]

function roundedRect(x, y, x0, y0, x1, y1, r) {
  const cx = Math.min(Math.max(x, x0 + r), x1 - r)
  const cy = Math.min(Math.max(y, y0 + r), y1 - r)
  return x >= x0 && x <= x1 && y >= y0 && y <= y1 && (x - cx) ** 2 + (y - cy) ** 2 <= r * r
}

/** The colour at (x, y) in the unit square, topmost shape first; null is transparent. */
function mark(x, y, { lines, unread }) {
  if (unread) {
    const d = (x - 0.8) ** 2 + (y - 0.2) ** 2
    if (d <= 0.17 ** 2) return RED
    if (d <= 0.23 ** 2) return WHITE
  }
  const fold = 0.14
  const [px0, py0, px1, py1] = [0.28, 0.2, 0.72, 0.8]
  if (x >= px0 && x <= px1 && y >= py0 && y <= py1) {
    const inCorner = x >= px1 - fold && y <= py0 + fold
    if (inCorner && x - (px1 - fold) > y - py0) return roundedRect(x, y, 0.03, 0.03, 0.97, 0.97, 0.22) ? INDIGO : null
    if (inCorner) return FOLD
    if (lines) {
      for (const [ly, lx1] of [[0.45, 0.64], [0.55, 0.64], [0.65, 0.54]]) {
        if (roundedRect(x, y, 0.36, ly - 0.025, lx1, ly + 0.025, 0.025)) return INDIGO
      }
    }
    return WHITE
  }
  return roundedRect(x, y, 0.03, 0.03, 0.97, 0.97, 0.22) ? INDIGO : null
}

/** RGBA pixels, 4x4 supersampled for smooth edges (premultiplied while averaging). */
function render(size, options) {
  const n = 4
  const pixels = Buffer.alloc(size * size * 4)
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = mark((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size, options)
          if (!c) continue
          const alpha = c[3] / 255
          r += c[0] * alpha
          g += c[1] * alpha
          b += c[2] * alpha
          a += alpha
        }
      }
      const i = (py * size + px) * 4
      pixels[i] = a ? Math.round(r / a) : 0
      pixels[i + 1] = a ? Math.round(g / a) : 0
      pixels[i + 2] = a ? Math.round(b / a) : 0
      pixels[i + 3] = Math.round((a / (n * n)) * 255)
    }
  }
  return pixels
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(buffer) {
  let c = 0xffffffff
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

function png(size, pixels) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0))
  ])
}

const icons = [
  ['build/icon.png', 512, { lines: true, unread: false }],
  ['resources/icon.png', 256, { lines: true, unread: false }],
  ['resources/tray.png', 16, { lines: false, unread: false }],
  ['resources/tray@2x.png', 32, { lines: false, unread: false }],
  ['resources/tray-unread.png', 16, { lines: false, unread: true }],
  ['resources/tray-unread@2x.png', 32, { lines: false, unread: true }]
]

for (const [file, size, options] of icons) {
  writeFileSync(join(root, file), png(size, render(size, options)))
  console.log(`${file} ${size}x${size}`)
}
