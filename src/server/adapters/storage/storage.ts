import type { Readable } from 'node:stream'

/**
 * Where uploaded post media live (DESIGN §4): files addressed by keys the server generates (never
 * by anything a user typed). The built-in implementation is a local folder (./local.ts), which
 * several servers can share as a network folder. An object store (S3-compatible) would be the
 * second implementation: append() maps onto a multipart upload whose parts are the chunks in
 * order, openRead() onto ranged GETs, stat() onto HEAD.
 *
 * Nothing here holds a whole file in memory: writes and reads are streams.
 */
export interface MediaStorage {
  /**
   * Writes `source` into `key` starting at byte `offset`; afterwards the file is exactly its first
   * `offset` bytes followed by `source` (bytes an earlier, interrupted append left past `offset` are
   * gone). Offset 0 creates or replaces the file. Resolves with the number of bytes written; if
   * `source` fails, rejects with its error.
   */
  append(key: string, offset: number, source: Readable): Promise<number>
  /** The file's bytes, or `range` of them (both ends inclusive). Rejects with StorageNotFoundError. */
  openRead(key: string, range?: { start: number; end: number }): Promise<Readable>
  /** Null when there is no such file. */
  stat(key: string): Promise<{ size: number } | null>
  /** Removes the file; nothing happens when it does not exist. */
  delete(key: string): Promise<void>
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file ${key}`)
    this.name = 'StorageNotFoundError'
  }
}

/** Keys are server-made: letters, digits, '.', '_' and '-', not starting with a dot. */
const STORAGE_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Invalid storage key ${JSON.stringify(key)}`)
}
