import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './client'
import { migrate, MIGRATIONS, rowsOf } from './migrate'
import { migratedPgliteDump, writeDumpFile } from './pgliteTemplate'

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
    await first.db.execute(sql`create table kept_between_starts (id int)`)
    await first.close()

    // A later start opens the folder it has: the template would have thrown the table away.
    const later = await openDatabase({ pgliteDir, pgliteTemplate: template })
    expect(rowsOf(await later.db.execute(sql`select count(*)::int as n from kept_between_starts`))).toEqual([{ n: 0 }])
    await later.close()
  }, 120_000)
})
