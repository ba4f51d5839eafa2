import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './client'
import { migrate, MIGRATIONS, rowsOf } from './migrate'
import { EMBEDDED_SHARED_BUFFERS } from './embedded'
import { migratedPgliteDump, writeDumpFile } from './pgliteTemplate'
import { extractTar, unpackTemplate } from './unpackTemplate'

describe('the embedded database template (issue 16)', () => {
  const folders: string[] = []
  const folder = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pagecrew-template-'))
    folders.push(dir)
    return dir
  }
  afterAll(async () => {
    for (const dir of folders) await rm(dir, { recursive: true, force: true })
  })

  it('starts a new data folder as a migrated copy, and leaves an existing one as it is', async () => {
    const template = join(await folder(), 'pglite-template.tar')
    await writeDumpFile(template, await migratedPgliteDump())
    const pgliteDir = join(await folder(), 'pglite')

    const first = await openDatabase({ pgliteDir, pgliteTemplate: template })
    // Everything came with the template: nothing left to migrate.
    expect(await migrate(first.db)).toEqual([])
    const applied = rowsOf<{ name: string }>(await first.db.execute(sql`select name from pagecrew_migrations order by name`)).map((r) => r.name)
    expect(applied).toEqual(MIGRATIONS.map((m) => m.name))
    // One database: initdb's two template databases are not part of the template.
    expect(rowsOf(await first.db.execute(sql`select datname from pg_database order by datname`))).toEqual([{ datname: 'postgres' }])
    await first.db.execute(sql`create table kept_between_starts (id int)`)
    await first.close()

    // A later start opens the folder it has: the template would have thrown the table away.
    const later = await openDatabase({ pgliteDir, pgliteTemplate: template })
    expect(rowsOf(await later.db.execute(sql`select count(*)::int as n from kept_between_starts`))).toEqual([{ n: 0 }])
    await later.close()
  }, 120_000)

  it('replaces a folder a start left without a database, leaves nothing half-made beside it, and runs with small shared buffers', async () => {
    const template = join(await folder(), 'pglite-template.tar')
    await writeDumpFile(template, await migratedPgliteDump())
    const dataDir = await folder()
    const pgliteDir = join(dataDir, 'pglite')
    await mkdir(join(pgliteDir, 'base'), { recursive: true })
    await writeFile(join(pgliteDir, 'base', 'half-written'), 'x')

    const database = await openDatabase({ pgliteDir, pgliteTemplate: template })
    expect(await migrate(database.db)).toEqual([])
    expect(rowsOf(await database.db.execute(sql`show shared_buffers`))).toEqual([{ shared_buffers: EMBEDDED_SHARED_BUFFERS }])
    await database.close()
    expect(await readdir(dataDir)).toEqual(['pglite'])
    expect(await readdir(join(pgliteDir, 'base'))).not.toContain('half-written')
    // Once the folder holds a database, the template is not unpacked again.
    expect(unpackTemplate(pgliteDir, template)).toBe(false)
  }, 120_000)

  it('refuses an archive entry that would land outside the folder or is not a file or folder', async () => {
    const entry = (name: string, type: string, body = '') => {
      const header = Buffer.alloc(512)
      header.write(name, 0)
      header.write('0000600\0', 100)
      header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124)
      header.write(type, 156)
      const data = Buffer.alloc(Math.ceil(body.length / 512) * 512)
      data.write(body)
      return Buffer.concat([header, data])
    }
    const end = Buffer.alloc(1024)
    const dir = join(await folder(), 'out')
    expect(() => extractTar(Buffer.concat([entry('/../escaped', '0', 'x'), end]), dir)).toThrow(/outside its folder/)
    expect(() => extractTar(Buffer.concat([entry('/link', '2'), end]), dir)).toThrow(/type '2'/)
    expect(() => extractTar(Buffer.concat([entry('/cut', '0', 'x'.repeat(600)).subarray(0, 700)]), dir)).toThrow(/cut short/)
    // Files ending in zeros (as a WAL segment does) read back whole: written up to the zeros, then lengthened.
    const zeroTail = `wal${'\0'.repeat(20_000)}`
    const zeros = '\0'.repeat(16_384)
    extractTar(Buffer.concat([entry('/base/', '5'), entry('/base/1', '0', 'hello'), entry('/base/2', '0', zeroTail), entry('/base/3', '0', zeros), end]), dir)
    expect(await readdir(join(dir, 'base'))).toEqual(['1', '2', '3'])
    expect(await readFile(join(dir, 'base/1'), 'utf8')).toBe('hello')
    expect(await readFile(join(dir, 'base/2'), 'utf8')).toBe(zeroTail)
    expect(await readFile(join(dir, 'base/3'), 'utf8')).toBe(zeros)
  })
})
