import { randomBytes } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type pg from 'pg'
import type { Database } from './client'

/** The channel the database's change triggers notify on (migration 0016_user_changes). */
export const CHANGES_CHANNEL = 'pagecrew_changes'

export interface ChangeHandlers {
  /** A change notice ('u:<user id>'), heard after the change committed, in commit order. */
  notice(payload: string): void
  /**
   * Whether every notice is being heard. False when the listening connection is lost (notices sent
   * meanwhile are lost with it); true again once listening anew. Each call means "forget what you
   * kept": a change may have gone unheard.
   */
  live(isLive: boolean): void
}

/**
 * Notices of committed changes, for caches that must forget what changed in the database,
 * whichever server process changed it (LISTEN/NOTIFY; PGlite hears its own).
 */
export interface ChangeFeed {
  start(handlers: ChangeHandlers): Promise<void>
  /**
   * Resolves once every notice committed before the call has been heard: true, or false when the
   * feed is not live or the notice did not come back in time (the caller then forgets everything).
   * A request that changed something settles before it answers, so its client's next request,
   * whichever process it reaches first, never meets what the change made stale in this one.
   */
  settle(): Promise<boolean>
  close(): Promise<void>
}

interface FeedOptions {
  /** Wait between attempts to listen again after the connection was lost (default 1 s). */
  reconnectMs?: number
  /** How long settle() waits for its own notice (default 2 s). */
  settleTimeoutMs?: number
  log?: (message: string) => void
}

/**
 * The change feed of the database a server runs on: a LISTEN connection of its own beside the pool
 * for a PostgreSQL server, PGlite's listener for the embedded database.
 */
export function openChangeFeed(db: Database, options: FeedOptions = {}): ChangeFeed {
  const client = (db as unknown as { $client: unknown }).$client
  const listenOn = isPglite(client) ? pgliteListener(client) : isPool(client) ? postgresListener(client, options) : deafListener()
  const settleTimeoutMs = options.settleTimeoutMs ?? 2_000
  // Settle notices carry this feed's own id, so two processes (or two servers in one test) never answer each other's.
  const own = `s:${randomBytes(6).toString('base64url')}:`
  let counter = 0
  let isLive = false
  const waiting = new Map<string, () => void>()
  let closed = false

  return {
    async start(handlers) {
      await listenOn({
        notice(payload) {
          if (payload.startsWith(own)) {
            waiting.get(payload)?.()
            return
          }
          if (!payload.startsWith('s:')) handlers.notice(payload)
        },
        live(next) {
          isLive = next && !closed
          if (!isLive) for (const done of waiting.values()) done()
          handlers.live(isLive)
        }
      })
    },

    async settle() {
      if (!isLive) return false
      const payload = `${own}${++counter}`
      let heard = false
      let timer: NodeJS.Timeout | undefined
      const back = new Promise<void>((resolve) => {
        waiting.set(payload, () => {
          heard = isLive
          resolve()
        })
        timer = setTimeout(resolve, settleTimeoutMs)
      })
      try {
        await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`)
        await back
      } catch {
        heard = false
      } finally {
        clearTimeout(timer)
        waiting.delete(payload)
      }
      return heard
    },

    async close() {
      closed = true
      isLive = false
      for (const done of waiting.values()) done()
      await listenOn.close()
    }
  }
}

interface Listener {
  (handlers: ChangeHandlers): Promise<void>
  close(): Promise<void>
}

function isPool(client: unknown): client is pg.Pool {
  return typeof (client as pg.Pool | null)?.connect === 'function' && typeof (client as pg.Pool).options === 'object'
}

/** A database this feed cannot listen to: never live, so nothing is kept. */
function deafListener(): Listener {
  const listen = async (handlers: ChangeHandlers) => handlers.live(false)
  listen.close = async () => undefined
  return listen
}

function isPglite(client: unknown): client is PGlite {
  return typeof (client as PGlite | null)?.listen === 'function' && 'waitReady' in (client as object)
}

/** PGlite runs in this process: its notices arrive with the answer of the statement that committed. */
function pgliteListener(client: PGlite): Listener {
  let unlisten: (() => Promise<void>) | null = null
  const listen = async (handlers: ChangeHandlers) => {
    unlisten = await client.listen(CHANGES_CHANNEL, (payload) => handlers.notice(payload))
    handlers.live(true)
  }
  listen.close = async () => {
    const stop = unlisten
    unlisten = null
    if (stop && !client.closed) await stop().catch(() => undefined)
  }
  return listen
}

/**
 * PostgreSQL: one connection of its own (not the pool's: a LISTEN lasts as long as its
 * connection), made again after it is lost, every reconnectMs, until closed.
 */
function postgresListener(pool: pg.Pool, options: FeedOptions): Listener {
  const reconnectMs = options.reconnectMs ?? 1_000
  let closed = false
  let current: pg.Client | null = null
  let retry: NodeJS.Timeout | null = null
  // Said once per outage, not at every attempt.
  let failing = false

  const connect = async (handlers: ChangeHandlers): Promise<void> => {
    if (closed) return
    const { default: pgModule } = await import('pg')
    const client = new pgModule.Client({ ...pool.options, keepAlive: true })
    let lost = false
    const onLost = () => {
      if (lost) return
      lost = true
      if (current === client) current = null
      client.removeAllListeners('notification')
      client.end().catch(() => undefined)
      handlers.live(false)
      if (!closed) retry = setTimeout(() => void connect(handlers), reconnectMs)
    }
    client.on('error', (err) => {
      if (!failing) options.log?.(`Change notices not heard (sessions and GET /user answers are read from the database meanwhile): ${err.message}`)
      failing = true
      onLost()
    })
    client.on('end', onLost)
    client.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload !== undefined) handlers.notice(message.payload)
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${CHANGES_CHANNEL}`)
    } catch (err) {
      if (!failing) options.log?.(`Change notices not heard (sessions and GET /user answers are read from the database meanwhile): ${(err as Error).message}`)
      failing = true
      onLost()
      return
    }
    if (closed || lost) {
      await client.end().catch(() => undefined)
      return
    }
    current = client
    if (failing) options.log?.('Change notices heard again.')
    failing = false
    handlers.live(true)
  }

  const listen = (handlers: ChangeHandlers) => connect(handlers)
  listen.close = async () => {
    closed = true
    if (retry) clearTimeout(retry)
    const client = current
    current = null
    if (client) {
      client.removeAllListeners('end')
      client.removeAllListeners('notification')
      client.on('error', () => undefined)
      await client.end().catch(() => undefined)
    }
  }
  return listen
}
