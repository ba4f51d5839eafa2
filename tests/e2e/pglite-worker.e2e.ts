/**
 * The embedded database in its worker thread (issue 16: src/server/db/pgliteWorker.ts and
 * pgliteProxy.ts), as the built server runs it: the built worker (out/main/pglite-worker.js) on a
 * data folder started from the build's template. First what the server relies on of a database —
 * statements, transactions that commit or roll back, statements outside a transaction waiting for
 * it, PostgreSQL's error fields, change notices heard before the committing statement's answer —
 * then the web host end to end in Chromium on a server using it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client'
import { migrate, rowsOf } from '../../src/server/db/migrate'
import { PgliteInWorker } from '../../src/server/db/pgliteProxy'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { launchChromium } from './support/browser'
import { openAvatarMenu, signUpAndOnboard } from './support/flows'
import { startE2eServer } from './support/server'

const WORKER = join(__dirname, '../../out/main/pglite-worker.js')
const TEMPLATE = join(__dirname, '../../out/main/pglite-template.tar')

const folders: string[] = []
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pagecrew-pglite-worker-'))
  folders.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

describe('the embedded database in a worker thread', () => {
  let client: PgliteInWorker
  beforeAll(async () => {
    client = new PgliteInWorker(WORKER, { dataDir: join(folder(), 'pglite'), template: TEMPLATE })
    await client.waitReady
    await client.query('create table worker_probe (id int primary key, note text, at timestamptz)')
  })
  afterAll(async () => client?.close())

  it('answers statements in both row modes, leaving the types asked for as text', async () => {
    await client.query('insert into worker_probe values ($1, $2, $3)', [1, 'one', '2026-03-01T10:00:00.000Z'])
    const objects = await client.query<{ id: number; note: string; at: unknown }>('select id, note, at from worker_probe where id = $1', [1], {
      rowMode: 'object',
      parsers: { 1184: (value: string) => value }
    })
    expect(objects.rows).toEqual([{ id: 1, note: 'one', at: '2026-03-01 10:00:00+00' }])
    const arrays = await client.query<unknown[]>('select id, at from worker_probe where id = $1', [1], { rowMode: 'array' })
    expect(arrays.rows[0]![0]).toBe(1)
    expect(arrays.rows[0]![1]).toBeInstanceOf(Date)
  })

  it('commits a transaction, rolls back one that throws, and makes other statements wait for an open one', async () => {
    await client.transaction(async (tx) => {
      await tx.query('insert into worker_probe (id, note) values (2, $1)', ['committed'])
    })
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into worker_probe (id, note) values (3, $1)', ['rolled back'])
        throw new Error('changed my mind')
      })
    ).rejects.toThrow('changed my mind')
    const notes = await client.query<{ note: string }>('select note from worker_probe where id in (2, 3) order by id', [], { rowMode: 'object' })
    expect(notes.rows).toEqual([{ note: 'committed' }])

    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const order: string[] = []
    const open = client.transaction(async (tx) => {
      await tx.query('insert into worker_probe (id, note) values (4, $1)', ['inside'])
      order.push('inserted')
      await held
      order.push('committing')
    })
    await expect.poll(() => order).toEqual(['inserted'])
    const outside = client.query<{ count: number }>('select count(*)::int as count from worker_probe where id = 4', [], { rowMode: 'object' }).then((r) => {
      order.push('outside answered')
      return r.rows[0]!.count
    })
    release()
    await open
    expect(await outside).toBe(1)
    expect(order).toEqual(['inserted', 'committing', 'outside answered'])
  })

  it('fails with PostgreSQL’s error fields, and the transaction with the error of its commit', async () => {
    const duplicate = await client.query('insert into worker_probe (id) values (1)').catch((err: unknown) => err)
    expect(duplicate).toBeInstanceOf(Error)
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'worker_probe_pkey' })
    await client.query('create table worker_deferred (id int primary key, parent int references worker_probe (id) deferrable initially deferred)')
    const atCommit = await client
      .transaction(async (tx) => {
        await tx.query('insert into worker_deferred values (1, 999)')
      })
      .catch((err: unknown) => err)
    expect(atCommit).toMatchObject({ code: '23503' })
    expect((await client.query<{ n: number }>('select count(*)::int as n from worker_deferred', [], { rowMode: 'object' })).rows[0]!.n).toBe(0)
  })

  it('hears change notices before the answer of the statement that committed them', async () => {
    const heard: string[] = []
    const stop = await client.listen('worker_probe_channel', (payload) => heard.push(payload))
    await client.query(`select pg_notify('worker_probe_channel', 'hello')`)
    expect(heard).toEqual(['hello'])
    await stop()
    await client.query(`select pg_notify('worker_probe_channel', 'unheard')`)
    expect(heard).toEqual(['hello'])
  })

  it('says why when the database cannot start, to the first statement', async () => {
    const notAFolder = join(folder(), 'file')
    writeFileSync(notAFolder, 'not a data folder')
    const broken = new PgliteInWorker(WORKER, { dataDir: notAFolder, template: null })
    await expect(broken.query('select 1')).rejects.toThrow(/The embedded database stopped/)
    await broken.close()
  })
})

describe('a server on the embedded database in its worker thread, in Chromium', () => {
  let handle: DatabaseHandle
  let server: RunningTestServer
  let browser: Browser
  beforeAll(async () => {
    handle = await openDatabase({ pgliteDir: join(folder(), 'pglite'), pgliteTemplate: TEMPLATE, pgliteWorker: WORKER })
    await migrate(handle.db)
    ;[server, browser] = await Promise.all([startE2eServer({ databaseHandle: handle }), launchChromium()])
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('signs up, onboards, opens a second organization, reloads and signs out', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await signUpAndOnboard(page, server.url, 'wes@worker.example', 'Worker Co')
    await expect.poll(() => page.getByTestId('dashboard-organization').textContent()).toContain('Worker Co')

    await openAvatarMenu(page)
    await page.getByTestId('create-organization').click()
    await page.getByTestId('create-organization-name').fill('Second Co')
    await page.getByTestId('create-organization-submit').click()
    await expect.poll(() => page.getByTestId('dashboard-organization').textContent(), { timeout: 15_000 }).toContain('Second Co')
    const user = await (await context.request.get(`${server.url}/api/user`)).json()
    expect(user.organizations.map((o: { name: string }) => o.name).sort()).toEqual(['Second Co', 'Worker Co'])

    await page.goto(`${server.url}/dashboard`)
    await expect.poll(() => page.getByTestId('dashboard-organization').textContent()).toContain('Second Co')
    // What the server wrote went through the worker: the rows are in its database.
    const rows = rowsOf<{ name: string }>(await handle.db.execute(sql`select name from organizations order by name`))
    expect(rows.map((r) => r.name)).toEqual(['Second Co', 'Worker Co'])

    await openAvatarMenu(page)
    await page.getByTestId('logout').click()
    await page.waitForURL('**/login')
    expect((await context.request.get(`${server.url}/api/auth`)).status()).toBe(401)
    expect(errors).toEqual([])
    await context.close()
  })
})
