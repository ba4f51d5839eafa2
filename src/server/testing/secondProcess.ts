import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type pg from 'pg'
import { createServer, type CreateServerOptions } from '../app'
import type { ServerConfig } from '../config'
import { openDatabase, type Database, type DatabaseHandle } from '../db/client'
import type { TestApp } from './harness'

/** What another server process on the test's database is made of. */
export interface SecondProcess {
  /** A server of its own (no listening port: inject() as with the test's app). */
  app: FastifyInstance
  /** Its database: on PostgreSQL a connection pool of its own, as another process would have; PGlite's one connection is shared. */
  db: Database
  close(): Promise<void>
}

/**
 * A second server on the test app's database, as a second server process sees it: its own pool on
 * PostgreSQL, its own data folder, the test's clock. Tests of what must hold across processes
 * (authority, shared limits) act through one and check through the other. `options.config` adds
 * settings (e.g. the token key both share, or a publisher interval that runs its background jobs);
 * `options.webhooks` is createServer's.
 */
export async function openSecondProcess(t: TestApp, options: { config?: Partial<ServerConfig>; webhooks?: CreateServerOptions['webhooks'] } = {}): Promise<SecondProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pagecrew-second-process-'))
  let own: DatabaseHandle | null = null
  if (t.kind === 'postgres') {
    const pool = (t.db as unknown as { $client: pg.Pool }).$client
    own = await openDatabase({ databaseUrl: pool.options.connectionString })
  }
  const db = own?.db ?? t.db
  const app = createServer({ db, clock: t.clock, webhooks: options.webhooks, config: { logLevel: 'error', ...options.config, dataDir } })
  await app.ready()
  return {
    app,
    db,
    async close() {
      await app.close()
      await own?.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  }
}
