import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import type { ExtractTablesWithRelations, Logger } from 'drizzle-orm'
import type pg from 'pg'
import { embeddedOptions } from './embedded'
import { openPgliteThread } from './pgliteThread'
import { prepareDataFolder } from './unpackTemplate'
import * as schema from './schema'

type Schema = typeof schema

/**
 * The one database type every service uses, whichever driver is underneath (PGlite embedded or
 * a PostgreSQL server through node-postgres).
 */
export type Database = PgDatabase<PgQueryResultHKT, Schema>
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** Either the database or an open transaction: services accept both. */
export type Executor = Database | Transaction

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

interface DatabaseOptions {
  /** postgres:// address of a PostgreSQL server; when absent PGlite is used. */
  databaseUrl?: string | null
  /** Folder for PGlite's files; when absent (and no databaseUrl) PGlite runs in memory. */
  pgliteDir?: string | null
  /** Told every statement sent (tests count them). */
  logger?: Logger
  /** PostgreSQL: how long to wait for a connection (a new one, or a free one of the pool) before failing (default 5 s). */
  connectTimeoutMs?: number
  /** A migrated data folder (tar) a new pgliteDir starts from (./pgliteTemplate.ts). */
  pgliteTemplate?: string | null
  /**
   * The built worker script (./pgliteWorker.ts) that runs a pgliteDir's PGlite on a thread of its
   * own (./pgliteThread.ts). The handle then comes back at once: statements wait until PGlite has
   * started, and fail if it cannot. Without it PGlite runs in this thread.
   */
  pgliteWorker?: string | URL | null
  /** With pgliteWorker: told when that thread stops on its own, after which no statement is answered. */
  onPgliteStopped?: (err: Error) => void
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // node-postgres is loaded only for a PostgreSQL server: the embedded database never needs it (issue 16: start-up time).
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')])
    // While the server is down or unreachable a request fails within connectTimeoutMs (a 503,
    // errors.ts isDatabaseUnavailable) instead of waiting for a connection that never comes; that
    // wait covers waiting for a free pooled connection too. keepAlive notices a peer that vanished.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      keepAlive: true
    })
    // An idle client losing its connection must not crash the process.
    pool.on('error', (err) => console.error(`PostgreSQL pool error: ${err.message}`))
    // Nor a checked-out one between two statements of a transaction (the pool listens only while a
    // client is idle): its next statement fails instead.
    pool.on('connect', (client) => client.on('error', () => undefined))
    releaseLostConnections(pool)
    const db: Database = drizzlePg({ client: pool, schema, logger: options.logger })
    return { db, kind: 'postgres', close: () => pool.end() }
  }
  if (options.pgliteDir && options.pgliteWorker) {
    const thread = openPgliteThread(options.pgliteWorker, { dataDir: options.pgliteDir, template: options.pgliteTemplate ?? null }, options.onPgliteStopped)
    // The thread's client speaks the part of PGlite's interface Drizzle's driver uses.
    const db: Database = drizzlePglite({ client: thread as unknown as PGlite, schema, logger: options.logger })
    return { db, kind: 'pglite', close: () => thread.close() }
  }
  if (options.pgliteDir) prepareDataFolder(options.pgliteDir, options.pgliteTemplate)
  const client = options.pgliteDir ? new PGlite(options.pgliteDir, embeddedOptions()) : new PGlite(embeddedOptions())
  await client.waitReady
  const db: Database = drizzlePglite({ client, schema, logger: options.logger })
  return { db, kind: 'pglite', close: () => client.close() }
}

/**
 * Drizzle's transactions take a client from the pool and send `begin` before their try/finally
 * that releases it: a connection lost right then (the database killed, issue 16) was never given
 * back, and after ten of those every request waited for a connection that never came. A client
 * whose connection ends while it is checked out is released at once (the pool drops it), and
 * release() becomes safe to call again for the code still holding it.
 */
function releaseLostConnections(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool)
  const guarded = async (): Promise<pg.PoolClient> => {
    const client = await connect()
    const release = client.release.bind(client)
    let released = false
    const onLost = () => {
      if (released) return
      released = true
      release(new Error('Connection lost while checked out'))
    }
    client.once('end', onLost)
    client.release = (error?: Error | boolean) => {
      client.removeListener('end', onLost)
      if (released) return
      released = true
      release(error)
    }
    return client
  }
  // pool.query() uses the callback form and releases its client itself: only the promise form is guarded.
  pool.connect = ((callback?: Parameters<pg.Pool['connect']>[0]) => (callback ? connect(callback) : guarded())) as pg.Pool['connect']
}
