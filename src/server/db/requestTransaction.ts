import { AsyncLocalStorage } from 'node:async_hooks'
import type { Database, Transaction } from './client'

/**
 * One transaction around everything a request does, without threading it through every service:
 * idempotent requests (services/idempotency.ts) record their key and their effect in one transaction,
 * so a key is never kept without its effect nor an effect without its key.
 *
 * Services reach the database through `requestScopedDatabase(db)`: outside a request transaction it
 * is the database itself; inside one, every statement goes to that transaction and a service's own
 * `db.transaction(...)` becomes a savepoint in it (its failure still rolls back only its part, and
 * the error then rolls back the whole request). On PGlite, with its single connection, this is also
 * what keeps a service from waiting on the connection its own request holds.
 */

interface Scope {
  /** The open transaction; null once it has ended (late callbacks then use the database itself). */
  tx: Transaction | null
  afterCommit: (() => Promise<void>)[]
}

const scopes = new AsyncLocalStorage<Scope>()

/** The database as services should see it: the current request transaction's, when there is one. */
export function requestScopedDatabase(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      const base: object = scopes.getStore()?.tx ?? target
      const value: unknown = Reflect.get(base, property, base)
      // Methods run on the object they came from; the constructor stays itself (drizzle's is() reads its statics).
      return typeof value === 'function' && property !== 'constructor' ? (value as (...args: unknown[]) => unknown).bind(base) : value
    }
  })
}

/**
 * Runs `work` in one transaction of `db` that every requestScopedDatabase use inside joins. Work
 * registered with `afterRequestCommit` runs once it committed (and not at all when it rolled back).
 */
export async function inRequestTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const scope: Scope = { tx: null, afterCommit: [] }
  const result = await scopes.run(scope, () =>
    db.transaction(async (tx) => {
      scope.tx = tx
      try {
        return await work(tx)
      } finally {
        // A promise the work left running must not reach a transaction that is about to end.
        scope.tx = null
      }
    })
  )
  for (const task of scope.afterCommit) await task()
  return result
}

/**
 * Work with effects outside the database (sending mail): inside a request transaction it waits
 * until that commits, so nothing goes out for a request that is rolled back; elsewhere it runs now.
 */
export async function afterRequestCommit(task: () => Promise<void>): Promise<void> {
  const scope = scopes.getStore()
  if (scope?.tx) scope.afterCommit.push(() => scopes.exit(task))
  else await task()
}
