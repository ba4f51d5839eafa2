import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { manualClock, type ManualClock } from '../testing/clock'
import type { Database, DatabaseHandle } from '../db/client'
import { jobs } from '../db/schema'
import { createTestDatabase, testDatabaseKinds } from '../testing/harness'
import { manualTimers, type ManualTimers } from '../testing/timers'
import { createJobRunner } from './runner'

const MINUTE_MS = 60_000

describe('job runner lanes', () => {
  it('a kind that fails is logged and runs again at its interval; the other kinds go on', async () => {
    const timers = manualTimers()
    const logged: string[] = []
    // The lanes never touch the database; the queue helpers are not used here.
    const runner = createJobRunner({ db: null as unknown as Database, clock: manualClock(), timers, workerId: 'w1', log: (m) => logged.push(m) })
    let broken = 0
    let healthy = 0
    runner.register({
      name: 'broken',
      intervalMs: 1_000,
      run: async () => {
        broken++
        throw new Error('database went away')
      }
    })
    runner.register({
      name: 'healthy',
      intervalMs: 1_000,
      // Three batches waiting at first: run again at once while more is waiting.
      run: async () => ++healthy < 3
    })
    runner.start()
    expect(await timers.advance(0)).toBe(2)
    expect({ broken, healthy }).toEqual({ broken: 1, healthy: 3 })
    expect(logged).toEqual(['job broken (w1): database went away'])
    expect(timers.pending).toEqual([1_000, 1_000])
    expect(await timers.advance(1_000)).toBe(2)
    expect({ broken, healthy }).toEqual({ broken: 2, healthy: 4 })
    expect(() => runner.register({ name: 'healthy', intervalMs: 1, run: async () => false })).toThrow(/registered already/)
    await runner.stop()
    expect(timers.pending).toEqual([])
    runner.kick('healthy')
    expect(timers.pending).toEqual([])
  })
})

const kinds = await testDatabaseKinds()

describe.each(kinds)('job runner queue [%s]', (kind) => {
  let handle: DatabaseHandle
  let db: Database
  let clock: ManualClock
  let timers: ManualTimers

  beforeAll(async () => {
    handle = await createTestDatabase(kind)
    db = handle.db
  })
  afterAll(async () => {
    await handle?.close()
  })
  beforeEach(async () => {
    await db.delete(jobs)
    clock = manualClock('2026-03-10T09:00:00Z')
    timers = manualTimers()
  })
  const runner = (workerId: string) => createJobRunner({ db, clock, timers, workerId, lockMs: 10 * MINUTE_MS })
  const at = (minutes: number) => new Date(clock.now().getTime() + minutes * MINUTE_MS)

  it('claims due jobs of a kind in due order, once; enqueue of the same key replaces it', async () => {
    const a = runner('a')
    await a.enqueue('metrics', 'p2', at(-1), { n: 2 })
    await a.enqueue('metrics', 'p1', at(-5), { n: 1 })
    await a.enqueue('metrics', 'p3', at(5))
    await a.enqueue('other', 'p1', at(-5))
    // The same key again: one job, its new time and payload.
    await a.enqueue('metrics', 'p3', at(-2), { n: 3 })
    expect(await db.$count(jobs)).toBe(4)
    const claimed = await a.claim('metrics', 10)
    expect(claimed.map((j) => [j.key, j.payload, j.lockedBy])).toEqual([
      ['p1', { n: 1 }, 'a'],
      ['p3', { n: 3 }, 'a'],
      ['p2', { n: 2 }, 'a']
    ])
    expect(await runner('b').claim('metrics', 10)).toEqual([])
  })

  it('complete, fail and defer record runs and attempts; a worker whose lock expired and was taken over changes nothing', async () => {
    const a = runner('a')
    const b = runner('b')
    await a.enqueue('metrics', 'p1', at(0))
    await a.enqueue('metrics', 'p2', at(0))
    await a.enqueue('metrics', 'p3', at(0))
    const [j1, j2, j3] = (await a.claim('metrics', 3)).sort((x, y) => x.key.localeCompare(y.key))
    await a.fail(j1!, 'LinkedIn answered 503', at(5))
    await a.defer(j2!, at(60))
    await a.complete(j3!, at(360))
    const rows = async () => Object.fromEntries((await db.select().from(jobs)).map((j) => [j.key, j]))
    expect(await rows()).toMatchObject({
      p1: { attempts: 1, runs: 0, lastError: 'LinkedIn answered 503', runAt: at(5), lockedBy: null, lockedUntil: null },
      p2: { attempts: 0, runs: 0, runAt: at(60), lockedBy: null },
      p3: { attempts: 0, runs: 1, runAt: at(360), lockedBy: null }
    })

    // Worker a claims p1 and dies; after its lock has expired, worker b takes it over.
    clock.advance(5 * MINUTE_MS)
    const [stale] = await a.claim('metrics', 10)
    clock.advance(10 * MINUTE_MS)
    expect(await b.claim('metrics', 10)).toEqual([])
    clock.advance(1)
    const [taken] = await b.claim('metrics', 10)
    expect(taken).toMatchObject({ key: 'p1', lockedBy: 'b' })
    // a comes back: its complete does nothing to b's job.
    await a.complete(stale!, null)
    expect((await rows()).p1).toMatchObject({ lockedBy: 'b', attempts: 1 })
    await b.complete(taken!, null)
    expect(Object.keys(await rows()).sort()).toEqual(['p2', 'p3'])
  })

  it('a job queued again while it runs keeps its new time and payload over the running claim, and runs again', async () => {
    const a = runner('a')
    await a.enqueue('metrics', 'p1', at(0), { n: 1 })
    const [running] = await a.claim('metrics', 10)
    // Queued again during the run (a post published again): due now, with what the new run needs.
    await a.enqueue('metrics', 'p1', at(0), { n: 2 })
    await a.complete(running!, at(360))
    const [again] = await a.claim('metrics', 10)
    expect(again).toMatchObject({ key: 'p1', payload: { n: 2 }, runs: 0 })
    // The same worker's claim of the re-queued job is its own: the first run's fail or defer does not touch it.
    await a.fail(running!, 'late answer', at(5))
    await a.defer(running!, at(60))
    await a.complete(again!, null)
    expect(await db.$count(jobs)).toBe(0)

    // Queued again to run later (also while the job ran through to its removal): the job stays, due then.
    await a.enqueue('metrics', 'p2', at(0))
    const [first] = await a.claim('metrics', 10)
    await a.enqueue('metrics', 'p2', at(30))
    await a.complete(first!, null)
    expect(await a.claim('metrics', 10)).toEqual([])
    clock.advance(30 * MINUTE_MS)
    expect(await a.claim('metrics', 10)).toMatchObject([{ key: 'p2', runs: 0 }])
  })
})
