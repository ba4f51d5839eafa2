import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { MessageChannel } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isUniqueViolation } from '../errors'
import { openDatabase, type Database } from './client'
import { embeddedOptions } from './embedded'
import { migrate, MIGRATIONS, rowsOf } from './migrate'
import { migratedPgliteDump, writeDumpFile } from './pgliteTemplate'
import { openPgliteThread, PgliteThreadClient, servePglite } from './pgliteThread'
import * as schema from './schema'

const ROOT = resolve(__dirname, '../../..')

/** A PGlite served over a MessageChannel in this thread: the same messages, clones and order as across the worker. */
function threadedPglite(): { client: PgliteThreadClient; db: Database; served: PGlite } {
  const { port1, port2 } = new MessageChannel()
  const served = new PGlite(embeddedOptions())
  servePglite(port1, served)
  const client = new PgliteThreadClient(port2, async () => {
    port1.close()
    port2.close()
  })
  return { client, served, db: drizzle({ client: client as unknown as PGlite, schema }) as unknown as Database }
}

const SETUP = `
  create table things (
    id serial primary key,
    name text not null unique,
    made timestamptz not null default '2026-11-27 10:00:00+00',
    day date, spent interval, tags text[], stamps timestamptz[], info jsonb, raw bytea, big bigint, price numeric, ok boolean
  );
  insert into things (name, day, spent, tags, stamps, info, raw, big, price, ok) values
    ('one', '2026-11-27', '1 day 2 hours', '{a,b}', '{"2026-01-01 00:00:00+00"}', '{"k": [1, "x", null]}', '\\x0001ff', 9007199254740993, 12.50, true),
    ('two', null, null, null, null, null, null, null, null, null);
`

describe('the embedded database on its own thread (issue 16)', () => {
  let threaded: ReturnType<typeof threadedPglite>
  let local: PGlite
  let localDb: Database

  beforeAll(async () => {
    threaded = threadedPglite()
    local = new PGlite(embeddedOptions())
    localDb = drizzle({ client: local, schema }) as unknown as Database
    await threaded.client.waitReady
    await threaded.client.exec(SETUP)
    await local.exec(SETUP)
  })
  afterAll(async () => {
    await threaded.client.close()
    expect(threaded.served.closed).toBe(true)
    await local.close()
  })

  it('answers every type as PGlite in the same thread does, rows as objects and as arrays', async () => {
    const query = sql`select * from things order by id`
    expect(await threaded.db.execute(query)).toEqual(await localDb.execute(query))
    const typed = (db: Database) => db.execute(sql`select made, day, spent, stamps, price from things order by id`)
    expect(await typed(threaded.db)).toEqual(await typed(localDb))
    const viaThread = await threaded.client.query<unknown[]>('select made, day, name from things order by id', [], { rowMode: 'array', parsers: { 1184: (text) => `parsed ${text}` } })
    expect(viaThread.rows).toEqual([
      ['parsed 2026-11-27 10:00:00+00', new Date('2026-11-27T00:00:00.000Z'), 'one'],
      ['parsed 2026-11-27 10:00:00+00', null, 'two']
    ])
  })

  it('commits a transaction, rolls one back when its callback throws, and keeps savepoints', async () => {
    await threaded.db.transaction(async (tx) => {
      await tx.execute(sql`insert into things (name) values ('committed')`)
    })
    await expect(
      threaded.db.transaction(async (tx) => {
        await tx.execute(sql`insert into things (name) values ('rolled back')`)
        throw new Error('changed my mind')
      })
    ).rejects.toThrow('changed my mind')
    await threaded.db.transaction(async (tx) => {
      await tx.execute(sql`insert into things (name) values ('outer')`)
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into things (name) values ('inner')`)
          throw new Error('inner only')
        })
      ).rejects.toThrow('inner only')
    })
    const names = rowsOf<{ name: string }>(await threaded.db.execute(sql`select name from things where id > 2 order by id`)).map((r) => r.name)
    expect(names).toEqual(['committed', 'outer'])
  })

  it('makes statements from outside a transaction wait for it, as one connection does', async () => {
    let outside: Promise<unknown> | undefined
    await threaded.db.transaction(async (tx) => {
      outside = threaded.db.execute(sql`select count(*)::int as n from things where name = 'waited for'`)
      await new Promise((resolve) => setTimeout(resolve, 20))
      await tx.execute(sql`insert into things (name) values ('waited for')`)
    })
    expect(rowsOf(await outside)).toEqual([{ n: 1 }])
  })

  it("passes PostgreSQL's errors on with their code and constraint, and goes on answering", async () => {
    const insert = (db: Database): Promise<unknown> => db.execute(sql`insert into things (name) values ('one')`).catch((err: unknown) => err)
    const [viaThread, inThread] = [await insert(threaded.db), await insert(localDb)]
    expect(isUniqueViolation(viaThread, 'things_name_key')).toBe(true)
    // Every field PostgreSQL sent (severity, code, detail, schema, table, constraint, routine…) arrives.
    const fields = (err: unknown) => Object.fromEntries(Object.entries((err as Error).cause as object).filter(([, value]) => typeof value !== 'object' && typeof value !== 'function'))
    expect(fields(viaThread)).toEqual(fields(inThread))
    expect(Object.keys(fields(viaThread)).length).toBeGreaterThan(8)
    const wrong = await threaded.client.query('selec 1').catch((err: unknown) => err)
    expect(wrong).toMatchObject({ code: '42601', message: 'syntax error at or near "selec"' })
    // A parameter that cannot cross to the thread fails that statement only.
    await expect(threaded.client.query('select $1::text', [() => 1])).rejects.toThrow()
    expect((await threaded.client.query('select 1 as one')).rows).toEqual([{ one: 1 }])
  })

  it('hears a notice before the answer of the statement that committed it, and stops when told', async () => {
    const heard: string[] = []
    const stop = await threaded.client.listen('pagecrew_test', (payload) => heard.push(`notice ${payload}`))
    await threaded.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('pagecrew_test', 'first')`)
    })
    heard.push('committed')
    await threaded.client.query(`select pg_notify('pagecrew_test', 'second')`)
    heard.push('answered')
    await stop()
    await threaded.client.query(`select pg_notify('pagecrew_test', 'unheard')`)
    expect(heard).toEqual(['notice first', 'committed', 'notice second', 'answered'])
  })

  it('listens again on a channel whose LISTEN failed, without keeping the failed listener', async () => {
    const listen = threaded.served.listen.bind(threaded.served)
    threaded.served.listen = () => Promise.reject(new Error('LISTEN failed'))
    const failed: string[] = []
    try {
      await expect(threaded.client.listen('pagecrew_retry', (payload) => failed.push(payload))).rejects.toThrow('LISTEN failed')
    } finally {
      threaded.served.listen = listen
    }
    const heard: string[] = []
    const stop = await threaded.client.listen('pagecrew_retry', (payload) => heard.push(payload))
    await threaded.client.query(`select pg_notify('pagecrew_retry', 'after the retry')`)
    await stop()
    expect(heard).toEqual(['after the retry'])
    expect(failed).toEqual([])
  })
})

describe('the embedded database thread as the built server starts it', () => {
  const scratch: string[] = []
  let workerFile: string
  let template: string
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pagecrew-thread-'))
    scratch.push(dir)
    return dir
  }

  beforeAll(async () => {
    // The worker is built as the server's build builds it (one file; packages resolved from node_modules).
    const out = join(ROOT, 'node_modules/.cache')
    mkdirSync(out, { recursive: true })
    const dir = mkdtempSync(join(out, 'pagecrew-worker-'))
    scratch.push(dir)
    workerFile = join(dir, 'pgliteWorker.mjs')
    await build({ entryPoints: [join(__dirname, 'pgliteWorker.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: workerFile, logLevel: 'error' })
    template = join(folder(), 'pglite-template.tar')
    await writeDumpFile(template, await migratedPgliteDump())
  }, 120_000)
  afterAll(() => {
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true })
  })

  it('unpacks the template, keeps what was written across a restart, and closes cleanly', async () => {
    const pgliteDir = join(folder(), 'pglite')
    const first = await openDatabase({ pgliteDir, pgliteTemplate: template, pgliteWorker: workerFile })
    expect(await migrate(first.db)).toEqual([])
    expect(rowsOf<{ n: number }>(await first.db.execute(sql`select count(*)::int as n from pagecrew_migrations`))[0]?.n).toBe(MIGRATIONS.length)
    await first.db.execute(sql`create table kept (id int)`)
    await first.db.execute(sql`insert into kept values (7)`)
    await first.close()

    const later = await openDatabase({ pgliteDir, pgliteTemplate: template, pgliteWorker: workerFile })
    expect(rowsOf(await later.db.execute(sql`select id from kept`))).toEqual([{ id: 7 }])
    await later.close()
    await expect(later.db.execute(sql`select 1`)).rejects.toMatchObject({ cause: { message: 'PGlite is closed' } })
  }, 60_000)

  it('fails its statements with a clear message when the database cannot start or its thread stops', async () => {
    const notAFolder = join(folder(), 'file')
    writeFileSync(notAFolder, 'x')
    const broken = await openDatabase({ pgliteDir: join(notAFolder, 'pglite'), pgliteWorker: workerFile })
    await expect(broken.db.execute(sql`select 1`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/^The embedded database stopped: .*ENOTDIR/) } })
    await broken.close()

    const exits = join(folder(), 'exits.mjs')
    writeFileSync(exits, 'process.exit(3)\n')
    const told: string[] = []
    const stopped = openPgliteThread(exits, { dataDir: folder(), template: null }, (err) => told.push(err.message))
    await expect(stopped.query('select 1')).rejects.toThrow('The embedded database stopped (its thread exited with code 3)')
    await expect(stopped.waitReady).rejects.toThrow('exited with code 3')
    expect(told).toEqual(['The embedded database stopped (its thread exited with code 3)'])
    await stopped.close()
    expect(told).toHaveLength(1)
  }, 60_000)
})
