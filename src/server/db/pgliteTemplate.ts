import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from './migrate'
import * as schema from './schema'

/**
 * The embedded database's first start (issue 16): PGlite's initdb and the migrations cost seconds,
 * loading a data folder about a tenth of that. The build makes a migrated data folder once
 * (`node out/main/server.js --write-pglite-template`); a new data folder starts as a copy of it and
 * migrate() then finds nothing, or only what came after the build, to apply. The tests' databases
 * start from the same kind of dump (src/server/testing/harness.ts).
 */
export const PGLITE_TEMPLATE_FILE = 'pglite-template.tar'

/** Where the build puts the template: beside the server bundle (out/main). */
export function bundledPgliteTemplate(moduleUrl: string): string {
  return resolve(dirname(fileURLToPath(moduleUrl)), PGLITE_TEMPLATE_FILE)
}

/** A migrated, checkpointed PGlite data folder as an uncompressed tar. */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = new PGlite()
  await client.waitReady
  await migrate(drizzle({ client, schema }))
  // A checkpointed dump starts without WAL replay: about twice as fast to load.
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

/** The template to start `pgliteDir` from: only for a folder PGlite has not made yet, and only when the template exists. */
export async function templateFor(pgliteDir: string, template: string | null | undefined): Promise<Blob | undefined> {
  if (!template || existsSync(join(pgliteDir, 'PG_VERSION')) || !existsSync(template)) return undefined
  return new Blob([await readFile(template)])
}
