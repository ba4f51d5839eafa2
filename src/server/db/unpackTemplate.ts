import { randomBytes } from 'node:crypto'
import { closeSync, existsSync, ftruncateSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs'
import { dirname, join, resolve, sep } from 'node:path'

/**
 * Makes `pgliteDir` a copy of the template when PGlite has not made a database there yet (no
 * PG_VERSION) and the template exists; true when it did. The tar is unpacked here with Node's own
 * file calls, at once (about 0.25 s on a 2-core machine; PGlite's loadDataDir took about 1 s through
 * its WebAssembly file system, and written asynchronously it waited behind the loading server),
 * into a folder beside `pgliteDir` that is renamed into place once complete: a start stopped
 * halfway leaves no half-made database behind, and the next start unpacks again.
 */
export function unpackTemplate(pgliteDir: string, template: string | null | undefined): boolean {
  if (!template || existsSync(join(pgliteDir, 'PG_VERSION')) || !existsSync(template)) return false
  const partial = `${pgliteDir}.partial-${process.pid}-${randomBytes(4).toString('hex')}`
  try {
    extractTar(readFileSync(template), partial)
    // A folder without PG_VERSION holds no database: PGlite's own folder, made empty or half-made before.
    rmSync(pgliteDir, { recursive: true, force: true })
    renameSync(partial, pgliteDir)
  } finally {
    rmSync(partial, { recursive: true, force: true })
  }
  return true
}

/** Makes sure `pgliteDir` exists before PGlite opens it: a copy of the template when new, else as it is. */
export function prepareDataFolder(pgliteDir: string, template: string | null | undefined): void {
  if (!unpackTemplate(pgliteDir, template)) mkdirSync(pgliteDir, { recursive: true })
}

const BLOCK = 512

/**
 * Unpacks an uncompressed ustar archive (what PGlite's dumpDataDir('none') writes: directories and
 * regular files) into `dir`. Anything else, or a path leaving `dir`, is refused rather than guessed at.
 */
export function extractTar(archive: Buffer, dir: string): void {
  const files: { path: string; data: Buffer; mode: number }[] = []
  const dirs = new Set<string>([dir])
  let offset = 0
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK)
    if (header.every((byte) => byte === 0)) break
    const name = field(header, 0, 100)
    const prefix = field(header, 345, 155)
    const size = octal(header, 124, 12)
    const mode = octal(header, 100, 8) & 0o777
    const type = String.fromCharCode(header[156] ?? 0)
    const relative = (prefix ? `${prefix}/${name}` : name).replace(/^\/+/, '').replace(/\/+$/, '')
    const target = resolve(dir, relative)
    if (relative === '' || (target !== dir && !target.startsWith(`${dir}${sep}`))) throw new Error(`The embedded database template holds a path outside its folder: ${relative}`)
    const start = offset + BLOCK
    if (type === '5') dirs.add(target)
    else if (type === '0' || type === '\0') {
      if (start + size > archive.length) throw new Error(`The embedded database template is cut short at ${relative}`)
      files.push({ path: target, data: archive.subarray(start, start + size), mode: mode || 0o600 })
      dirs.add(dirname(target))
    } else throw new Error(`The embedded database template holds an entry of type '${type}' (${relative}), which it never should`)
    offset = start + Math.ceil(size / BLOCK) * BLOCK
  }
  for (const folder of [...dirs].sort()) mkdirSync(folder, { recursive: true, mode: 0o700 })
  for (const file of files) {
    // A file ending in zeros (a WAL segment is mostly zeros) is written up to them and then
    // lengthened: the file system keeps the rest as a hole that reads back as zeros.
    const written = withoutZeroTail(file.data)
    const fd = openSync(file.path, 'w', file.mode)
    try {
      for (let done = 0; done < written.length; ) done += writeSync(fd, written, done)
      if (written.length < file.data.length) ftruncateSync(fd, file.data.length)
    } finally {
      closeSync(fd)
    }
  }
}

const ZERO_BLOCK = Buffer.alloc(8192)

/** `data` up to where only zeros follow, looked at in 8 KB blocks (PostgreSQL's page size). */
function withoutZeroTail(data: Buffer): Buffer {
  let end = data.length
  while (end > 0) {
    const start = Math.max(0, end - ZERO_BLOCK.length)
    if (!data.subarray(start, end).equals(ZERO_BLOCK.subarray(0, end - start))) break
    end = start
  }
  return data.subarray(0, end)
}

function field(header: Buffer, start: number, length: number): string {
  const bytes = header.subarray(start, start + length)
  const end = bytes.indexOf(0)
  return bytes.subarray(0, end === -1 ? length : end).toString('utf8')
}

function octal(header: Buffer, start: number, length: number): number {
  const text = field(header, start, length).trim()
  return text === '' ? 0 : parseInt(text, 8)
}
