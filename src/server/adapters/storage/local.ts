import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm, stat, truncate } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { assertStorageKey, StorageNotFoundError, type MediaStorage } from './storage'

/** The file writes the local storage makes: Node's, or a test's that fails them (a full disk, issue 16). */
interface LocalFileSystem {
  createWriteStream: typeof createWriteStream
}

/**
 * The built-in storage: one file per key in `root` (<dataDir>/uploads/media). Keys are checked
 * against STORAGE_KEY_PATTERN, so no key can leave the folder.
 */
export function createLocalStorage(root: string, fileSystem: LocalFileSystem = { createWriteStream }): MediaStorage {
  let ready: Promise<unknown> | null = null
  const pathOf = (key: string) => {
    assertStorageKey(key)
    return join(root, key)
  }
  const sizeOf = (path: string) =>
    stat(path).then(
      (s) => s.size,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null
        throw error
      }
    )

  return {
    async append(key, offset, source) {
      const path = pathOf(key)
      ready ??= mkdir(root, { recursive: true })
      await ready
      if (offset > 0) {
        const size = await sizeOf(path)
        if (size === null) {
          source.resume()
          throw new StorageNotFoundError(key)
        }
        if (size < offset) {
          source.resume()
          throw new Error(`Cannot append to ${key} at ${offset}: it holds ${size} bytes`)
        }
      }
      const out = fileSystem.createWriteStream(path, { flags: offset === 0 ? 'w' : 'r+', start: offset })
      try {
        await pipeline(source, out)
      } catch (error) {
        // A refused or broken chunk (413, a dropped connection) leaves nothing behind: the file is
        // its first `offset` bytes again, and a new upload's empty file goes altogether.
        if (offset === 0) await rm(path, { force: true })
        else await truncate(path, offset).catch(() => undefined)
        throw error
      }
      // An earlier append at this offset that was cut short may have left bytes beyond ours.
      await truncate(path, offset + out.bytesWritten)
      return out.bytesWritten
    },

    async openRead(key, range) {
      const path = pathOf(key)
      if ((await sizeOf(path)) === null) throw new StorageNotFoundError(key)
      return createReadStream(path, range ? { start: range.start, end: range.end } : {})
    },

    async stat(key) {
      const size = await sizeOf(pathOf(key))
      return size === null ? null : { size }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true })
    }
  }
}
