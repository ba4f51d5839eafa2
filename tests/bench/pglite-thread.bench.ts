/**
 * The embedded database's thread (issue 16, src/server/db/pgliteThread.ts): what a statement costs
 * through the built worker (out/main/pgliteWorker.js, as the built server runs it) against PGlite in
 * the same thread (the baseline, measured in the same run), each on a data folder of its own made
 * from the build's template:
 * - a small statement (`select 1`), one after another: the messages' round trip;
 * - a 5,000-row answer (a calendar's worth: text, timestamps, json): cloning the rows across;
 * - a transaction of ten inserts: the begin/end messages around PGlite's own transaction;
 * - the same small statement from 8 callers at once.
 *
 * `npm run bench` builds first; alone: `npm run build && npx vitest run -c vitest.bench.config.ts tests/bench/pglite-thread.bench.ts`.
 * Knob: PAGECREW_BENCH_THREAD_SCALE (1): multiplies every repetition count.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database, type DatabaseHandle } from '../../src/server/db/client'
import { rowsOf } from '../../src/server/db/migrate'
import { ROOT } from './support/serverProcess'

const WORKER = join(ROOT, 'out/main/pgliteWorker.js')
const TEMPLATE = join(ROOT, 'out/main/pglite-template.tar')
const SCALE = Number(process.env.PAGECREW_BENCH_THREAD_SCALE ?? 1)
const built = existsSync(WORKER) && existsSync(TEMPLATE)
if (!built) console.warn('database thread benchmark skipped: no build (out/main/pgliteWorker.js); `npm run bench` builds first')

interface Workload {
  label: string
  unit: string
  repeat: number
  run(db: Database): Promise<void>
}

const WORKLOADS: Workload[] = [
  {
    label: '`select 1`, one after another',
    unit: 'statement',
    repeat: 3000,
    run: async (db) => void (await db.execute(sql`select 1`))
  },
  {
    label: '5,000 rows (text, timestamptz, jsonb)',
    unit: 'answer',
    repeat: 30,
    run: async (db) => {
      const rows = rowsOf(
        await db.execute(
          sql`select n as id, 'slot ' || n as title, now() + n * interval '1 hour' as starts_at, jsonb_build_object('n', n, 'tags', jsonb_build_array('a', 'b')) as info from generate_series(1, 5000) n`
        )
      )
      expect(rows).toHaveLength(5000)
    }
  },
  {
    label: 'transaction of 10 inserts',
    unit: 'transaction',
    repeat: 300,
    run: (db) =>
      db.transaction(async (tx) => {
        for (let i = 0; i < 10; i++) await tx.execute(sql`insert into bench_rows (note) values (${`row ${i}`})`)
      })
  },
  {
    label: '`select 1`, 8 callers at once',
    unit: '8 statements',
    repeat: 600,
    run: async (db) => void (await Promise.all(Array.from({ length: 8 }, () => db.execute(sql`select 1`))))
  }
]

/** Microseconds per repetition of `workload` on `db` (after a warm-up of a tenth). */
async function measure(db: Database, workload: Workload): Promise<number> {
  const repeat = Math.max(1, Math.round(workload.repeat * SCALE))
  for (let i = 0; i < Math.ceil(repeat / 10); i++) await workload.run(db)
  const started = performance.now()
  for (let i = 0; i < repeat; i++) await workload.run(db)
  return ((performance.now() - started) * 1000) / repeat
}

describe.skipIf(!built)('database thread benchmark', () => {
  const scratch: string[] = []
  const handles: DatabaseHandle[] = []
  afterAll(async () => {
    for (const handle of handles) await handle.close()
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true })
  })

  const open = async (pgliteWorker: string | null) => {
    const dir = mkdtempSync(join(tmpdir(), 'pagecrew-bench-thread-'))
    scratch.push(dir)
    const handle = await openDatabase({ pgliteDir: join(dir, 'pglite'), pgliteTemplate: TEMPLATE, pgliteWorker })
    handles.push(handle)
    await handle.db.execute(sql`create table bench_rows (id serial primary key, note text not null)`)
    return handle.db
  }

  it('statements through the thread ÷ in the same thread', async () => {
    const inThread = await open(null)
    const threaded = await open(WORKER)
    const lines = ['| workload | same thread µs | own thread µs | ratio |', '|---|---|---|---|']
    for (const workload of WORKLOADS) {
      // Alternating halves, so a busy moment of the machine touches both alike.
      let same = await measure(inThread, workload)
      let own = await measure(threaded, workload)
      same = (same + (await measure(inThread, workload))) / 2
      own = (own + (await measure(threaded, workload))) / 2
      lines.push(`| ${workload.label}, per ${workload.unit} | ${same.toFixed(0)} | ${own.toFixed(0)} | ${(own / same).toFixed(2)} |`)
    }
    console.log(['PGlite on its own thread (the built server) ÷ in the same thread (the baseline), same run', ...lines].join('\n'))
  })
})
