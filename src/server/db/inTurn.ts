import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Executor } from './client'

/**
 * Whether statements on `executor` go to one open transaction, so to one connection. Also through
 * requestScopedDatabase's proxy: its prototype stays the database's, but the constructor it answers
 * is the open transaction's (an identity check against the service's `db` is always false there).
 */
export function inTransaction(executor: Executor): boolean {
  const kind = executor.constructor
  return kind === PgTransaction || kind.prototype instanceof PgTransaction
}

type Results<W extends readonly (() => Promise<unknown>)[]> = { -readonly [K in keyof W]: Awaited<ReturnType<W[K]>> }

/**
 * Runs reads on `executor` as Promise.all would, but one after another inside a transaction: a
 * transaction is one connection, and node-postgres refuses a query sent while one is still running
 * there (a deprecation warning in pg 8, an error from pg 9). Outside one each read gets a pooled
 * connection of its own, and they run at once.
 */
export async function allInTurn<const W extends readonly (() => Promise<unknown>)[]>(executor: Executor, work: W): Promise<Results<W>> {
  if (!inTransaction(executor)) return (await Promise.all(work.map((read) => read()))) as Results<W>
  const results: unknown[] = []
  for (const read of work) results.push(await read())
  return results as Results<W>
}
