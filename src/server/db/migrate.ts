import { sql } from 'drizzle-orm'
import type { Database } from './client'

/**
 * SQL migrations written by drizzle-kit (`npm run db:generate`), bundled as strings so the same
 * code runs from the electron-vite bundle and under vitest.
 */
const bundled = import.meta.glob<string>('./migrations/*.sql', { query: '?raw', import: 'default', eager: true })

interface Migration {
  name: string
  sql: string
}

export const MIGRATIONS: readonly Migration[] = Object.entries(bundled)
  .map(([path, text]) => ({ name: path.replace(/^.*\//, '').replace(/\.sql$/, ''), sql: text }))
  .sort((a, b) => a.name.localeCompare(b.name))

/** Arbitrary constant: every Pagecrew server migrating the same database queues on this lock. */
const MIGRATION_LOCK_KEY = 4_680_001

/**
 * Applies the migrations not yet recorded in `pagecrew_migrations`, in order, in one transaction
 * holding a transaction-scoped advisory lock, so servers starting together migrate once.
 * Returns the names applied.
 */
export async function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`)
    await tx.execute(sql`
      create table if not exists pagecrew_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`)
    const rows = await tx.execute<{ name: string }>(sql`select name from pagecrew_migrations`)
    const done = new Set(rowsOf<{ name: string }>(rows).map((r) => r.name))
    const applied: string[] = []
    for (const migration of migrations) {
      if (done.has(migration.name)) continue
      for (const statement of migration.sql.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement))
      }
      await tx.execute(sql`insert into pagecrew_migrations (name) values (${migration.name})`)
      applied.push(migration.name)
    }
    return applied
  })
}

/** node-postgres and PGlite both return `{ rows }` from execute. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}
