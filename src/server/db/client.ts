import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import type { ExtractTablesWithRelations, Logger } from 'drizzle-orm'
import pg from 'pg'
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
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    // An idle client losing its connection must not crash the process.
    pool.on('error', (err) => console.error(`PostgreSQL pool error: ${err.message}`))
    const db: Database = drizzlePg({ client: pool, schema, logger: options.logger })
    return { db, kind: 'postgres', close: () => pool.end() }
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true })
  const client = options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite()
  await client.waitReady
  const db: Database = drizzlePglite({ client, schema, logger: options.logger })
  return { db, kind: 'pglite', close: () => client.close() }
}
