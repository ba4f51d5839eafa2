import { PGlite, type PGliteOptions } from '@electric-sql/pglite'

/**
 * PGlite's settings for Pagecrew (issue 16). Its data folders come with PostgreSQL's 128 MB of
 * shared buffers, which PGlite allocates and clears in its WebAssembly memory at every start:
 * about 0.35 s of a start and 128 MB of the process's memory. An embedded server's data fits a far
 * smaller cache, and pages outside it are read from the operating system's file cache.
 * `settings` are further PostgreSQL settings ('name=value') for this start.
 */
export function embeddedOptions(...settings: string[]): PGliteOptions {
  const all = [`shared_buffers=${EMBEDDED_SHARED_BUFFERS}`, ...settings]
  return { startParams: [...PGlite.defaultStartParams, ...all.flatMap((setting) => ['-c', setting])] }
}
export const EMBEDDED_SHARED_BUFFERS = '16MB'
