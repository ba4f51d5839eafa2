import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DomainEvent } from '../../shared/api/events'
import { systemClock } from '../clock'
import { openDatabase, type Database, type DatabaseHandle, type Executor } from '../db/client'
import { rowsOf } from '../db/migrate'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'
import { eventConsumerJob, eventsBehind, type EventConsumer } from './consumers'
import { recordEvent } from './outbox'

/**
 * The outbox (docs/decisions/0002-domain-events-outbox.md): changes written at once by two server
 * processes (on PostgreSQL, two connection pools), some committing long after others took later
 * positions, are each seen exactly once in their effect by every consumer — also when the process
 * running a consumer dies mid-batch (its connection killed) and another one, then a restarted one,
 * carry on from its cursor.
 */
const CHANGES = { postgres: 1_000, pglite: 300 } as const
const WRITERS = 20

describeEachDatabase('domain events outbox', (t) => {
  let second: DatabaseHandle | null = null
  let otherProcess: Database
  let organizationId: string

  beforeAll(async () => {
    if (t().kind === 'postgres') {
      const pool = (t().db as unknown as { $client: pg.Pool }).$client
      second = await openDatabase({ databaseUrl: pool.options.connectionString })
    }
    otherProcess = second?.db ?? t().db
    const admin = new TestClient(t().app)
    await admin.signup()
    organizationId = (await admin.createOrganization('Outbox Co')).id
    await t().db.execute(sql`create table test_effects (consumer text not null, position bigint not null, seen int not null default 1, primary key (consumer, position))`)
  })
  afterAll(async () => {
    await second?.close()
  })

  /** A consumer whose effect is a row per event, counted: a second sight of an event shows as seen = 2. */
  const consumer = (name: string, during?: (tx: Executor, events: DomainEvent[]) => Promise<void>): EventConsumer => ({
    name,
    events: ['slot.assigned'],
    async handle(tx, events) {
      for (const event of events) {
        await tx.execute(sql`insert into test_effects (consumer, position) values (${name}, ${event.position}) on conflict (consumer, position) do update set seen = test_effects.seen + 1`)
      }
      await during?.(tx, events)
    }
  })

  /** One change: a transaction that writes its event and, now and then, commits only after later ones took their positions. */
  const change = async (db: Database, n: number) => {
    await db.transaction(async (tx) => {
      await recordEvent(tx, systemClock.now(), {
        organizationId,
        name: 'slot.assigned',
        payload: { slotId: crypto.randomUUID(), assigneeId: crypto.randomUUID(), startAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(), seriesId: null },
        actor: { type: 'system' }
      })
      if (n % 7 === 0) await tx.execute(sql`select pg_sleep(0.02)`)
    })
  }

  const runUntilCaughtUp = async (job: ReturnType<typeof eventConsumerJob>, name: string) => {
    for (let i = 0; i < 10_000 && (await eventsBehind(t().db, name)) > 0; i++) await job.run()
  }

  it('gives every consumer every event exactly once, with two writing processes and a consumer killed mid-batch', async () => {
    const total = CHANGES[t().kind]
    const dbs = [t().db, otherProcess]
    let written = 0
    const writing = Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        for (let i = w; i < total; i += WRITERS) {
          await change(dbs[i % 2]!, i)
          written++
        }
      })
    )

    // Consumer A runs on both processes at once while the changes are written.
    const a = [eventConsumerJob({ db: t().db, clock: systemClock, consumer: consumer('a'), batchSize: 50 }), eventConsumerJob({ db: otherProcess, clock: systemClock, consumer: consumer('a'), batchSize: 50 })]
    const consuming = Promise.all(
      a.map(async (job) => {
        while (written < total) if (!(await job.run())) await new Promise((resolve) => setTimeout(resolve, 2))
      })
    )

    // Consumer B dies in its third batch, after writing its effects and before its commit.
    let batches = 0
    let keptBeforeDeath = 0
    let dying: ((pid: number | null) => void) | null = null
    const died = new Promise<number | null>((resolve) => (dying = resolve))
    let resume: () => void = () => undefined
    const doomed = eventConsumerJob({
      db: otherProcess,
      clock: systemClock,
      batchSize: 50,
      consumer: consumer('b', async (tx, events) => {
        if (++batches !== 3) {
          keptBeforeDeath += events.length
          return
        }
        const pid = t().kind === 'postgres' ? Number(rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]!.pid) : null
        dying!(pid)
        // PostgreSQL: hangs until its connection is killed; PGlite (one connection, nothing to kill): fails.
        if (pid === null) throw new Error('the process died')
        await new Promise<void>((resolve) => (resume = resolve))
      })
    })
    const doomedRuns = (async () => {
      for (;;) {
        try {
          if (!(await doomed.run())) await new Promise((resolve) => setTimeout(resolve, 2))
        } catch {
          return
        }
      }
    })()
    const pid = await died
    if (pid !== null) {
      await t().db.execute(sql`select pg_terminate_backend(${pid})`)
      resume()
    }
    await doomedRuns
    const diedAt = rowsOf<{ n: number }>(await t().db.execute(sql`select count(*)::int as n from test_effects where consumer = 'b'`))[0]!.n

    await writing
    await consuming
    // A restarted consumer B (a new process) and consumer A finish the stream.
    const restarted = eventConsumerJob({ db: otherProcess, clock: systemClock, consumer: consumer('b'), batchSize: 50 })
    await runUntilCaughtUp(a[0]!, 'a')
    await runUntilCaughtUp(restarted, 'b')

    const effects = rowsOf<{ consumer: string; events: number; doubled: number }>(
      await t().db.execute(sql`select consumer, count(*)::int as events, count(*) filter (where seen > 1)::int as doubled from test_effects group by consumer order by consumer`)
    )
    const [{ written: stored }] = rowsOf<{ written: number }>(await t().db.execute(sql`select count(*)::int as written from domain_events where organization_id = ${organizationId}`)) as [{ written: number }]
    expect(stored).toBe(total)
    expect(effects).toEqual([
      { consumer: 'a', events: total, doubled: 0 },
      { consumer: 'b', events: total, doubled: 0 }
    ])
    // B's two batches before it died were kept; its third, written and not committed, was not.
    expect(keptBeforeDeath).toBeGreaterThan(0)
    expect(diedAt).toBe(keptBeforeDeath)
  }, 120_000)

  it('refuses an event off the catalogue before anything is written', async () => {
    const before = rowsOf<{ n: number }>(await t().db.execute(sql`select count(*)::int as n from domain_events`))[0]!.n
    await expect(
      recordEvent(t().db, systemClock.now(), { organizationId, name: 'member.role_changed', payload: { userId: 'not a uuid', from: 'MEMBER', to: 'OWNER' } as never, actor: { type: 'system' } })
    ).rejects.toThrow()
    expect(rowsOf<{ n: number }>(await t().db.execute(sql`select count(*)::int as n from domain_events`))[0]!.n).toBe(before)
  })
})
