import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { rename, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { embeddedOptions } from './embedded'
import { migrate } from './migrate'
import * as schema from './schema'

/**
 * The embedded database's first start (issue 16): PGlite's initdb and the migrations cost seconds,
 * loading a data folder about a tenth of that. The build makes a migrated data folder once
 * (`node out/main/server.js --write-pglite-template`); a new data folder starts as a copy of it and
 * migrate() then finds nothing, or only what came after the build, to apply. The tests' databases
 * start from the same kind of dump (src/server/testing/harness.ts).
 */
const PGLITE_TEMPLATE_FILE = 'pglite-template.tar'

/** Where the build puts the template: beside the server bundle (out/main). */
export function bundledPgliteTemplate(moduleUrl: string): string {
  return resolve(dirname(fileURLToPath(moduleUrl)), PGLITE_TEMPLATE_FILE)
}

/**
 * The embedded database's thread (./pgliteWorker.ts), which the build puts beside the server bundle
 * too; null where there is none (main.ts run from source, testing/serveFromSource.ts): PGlite then
 * runs in the server's own thread.
 */
export function bundledPgliteWorker(moduleUrl: string): string | null {
  const file = resolve(dirname(fileURLToPath(moduleUrl)), 'pgliteWorker.js')
  return existsSync(file) ? file : null
}

/** A migrated, checkpointed PGlite data folder as an uncompressed tar. */
export async function migratedPgliteDump(): Promise<Blob> {
  // Old WAL segments are removed rather than kept for reuse: the dump holds one segment.
  const client = new PGlite(embeddedOptions('wal_recycle=off'))
  await client.waitReady
  await migrate(drizzle({ client, schema }))
  // Pagecrew uses one database ('postgres'). initdb's template0 and template1 are two more copies
  // of the system catalogs that nothing here opens or copies (no CREATE DATABASE): dropped, a new
  // data folder has 550 files and 9.5 MB to write instead of 1,240 and 26 MB. VACUUM FULL then
  // compacts the catalogs the migrations rewrote.
  for (const name of ['template1', 'template0']) {
    await client.exec(`alter database ${name} is_template false`)
    await client.exec(`drop database ${name}`)
  }
  await client.exec('vacuum full')
  // A checkpointed dump starts without WAL replay: about twice as fast to load. Switching to a new
  // WAL segment first leaves the migrations' WAL behind: the segment kept holds little but the
  // checkpoint, and the rest of its 16 MB is zeros a new data folder does not write (unpackTemplate).
  await client.query('checkpoint')
  await client.query('select pg_switch_wal()')
  await client.query('checkpoint')
  const dump = await client.dumpDataDir('none')
  await client.close()
  return dump
}

/** Writes `dump` to `file` atomically: a reader never sees half of it. */
export async function writeDumpFile(file: string, dump: Blob): Promise<void> {
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()))
  await rename(partial, file)
}
