import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from './client'
import { migrate, MIGRATIONS, rowsOf } from './migrate'
import { createTestDatabase, testDatabaseKinds, TEST_POSTGRES_URL } from '../testing/harness'

const kinds = await testDatabaseKinds()

describe('migrations', () => {
  it('bundles the drizzle-kit SQL files in order', () => {
    expect(MIGRATIONS.length).toBeGreaterThan(0)
    expect(MIGRATIONS[0]?.name).toMatch(/^0000_/)
    const names = MIGRATIONS.map((m) => m.name)
    expect([...names].sort()).toEqual(names)
  })

  describe.each(kinds)('on %s', (kind) => {
    // One database per kind for the whole file: each test adds migrations with its own names.
    let handle: DatabaseHandle
    beforeAll(async () => {
      handle = await createTestDatabase(kind)
    })
    afterAll(async () => {
      await handle?.close()
    })

    it('creates every table and records the migrations; running again changes nothing', async () => {
      const tables = rowsOf<{ table_name: string }>(
        await handle.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`)
      ).map((r) => r.table_name)
      expect(tables).toEqual(
        expect.arrayContaining(['users', 'sessions', 'organizations', 'memberships', 'subscriptions', 'business_pages', 'notifications', 'certificates', 'pagecrew_migrations'])
      )
      const recorded = rowsOf<{ name: string }>(await handle.db.execute(sql`select name from pagecrew_migrations order by name`)).map((r) => r.name)
      expect(recorded).toEqual(MIGRATIONS.map((m) => m.name))
      expect(await migrate(handle.db)).toEqual([])
    })

    it('applies a new migration once, even when servers migrate at the same time', async () => {
      const extra = [...MIGRATIONS, { name: '9999_test_extra', sql: 'create table test_extra (id int);\n--> statement-breakpoint\ninsert into test_extra values (1);' }]
      let second = handle
      if (kind === 'postgres') {
        // A second connection pool to the same database stands in for a second server.
        const url = new URL(TEST_POSTGRES_URL)
        const name = rowsOf<{ db: string }>(await handle.db.execute(sql`select current_database() as db`))[0]!.db
        url.pathname = `/${name}`
        second = await openDatabase({ databaseUrl: url.toString() })
      }
      const results = await Promise.all([migrate(handle.db, extra), migrate(second.db, extra)])
      if (second !== handle) await second.close()
      expect(results.flat()).toEqual(['9999_test_extra'])
      const rows = rowsOf<{ id: number }>(await handle.db.execute(sql`select id from test_extra`))
      expect(rows).toEqual([{ id: 1 }])
    })

    it('rolls back a failing migration completely', async () => {
      const broken = [...MIGRATIONS, { name: '9998_broken', sql: 'create table half_done (id int);\n--> statement-breakpoint\nselect * from no_such_table;' }]
      await expect(migrate(handle.db, broken)).rejects.toThrow()
      const tables = rowsOf(await handle.db.execute(sql`select 1 from information_schema.tables where table_name = 'half_done'`))
      expect(tables).toEqual([])
      const recorded = rowsOf<{ name: string }>(await handle.db.execute(sql`select name from pagecrew_migrations`)).map((r) => r.name)
      expect(recorded).not.toContain('9998_broken')
    })
  })
})

describe('migration 0001 (organization administration)', () => {
  it('gives organizations made before it a default AI template carrying their industry', async () => {
    const { PGlite } = await import('@electric-sql/pglite')
    const { drizzle } = await import('drizzle-orm/pglite')
    const client = new PGlite()
    try {
      const db = drizzle({ client })
      await migrate(db as never, MIGRATIONS.slice(0, 1))
      await client.exec(`
        insert into organizations (id, organization_work_os_id, name, created_at, updated_at)
          values ('00000000-0000-4000-8000-000000000001', 'org_A', 'Old Org', now(), now()),
                 ('00000000-0000-4000-8000-000000000002', 'org_B', 'Bare Org', now(), now());
        insert into business_pages (id, organization_id, linked_in_company_name, industry, created_at, updated_at)
          values ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'Old Page', 'Shipping', now(), now());`)
      await migrate(db as never)
      const templates = await client.query<{ organization_id: string; template_name: string; is_default: boolean; industries: string[] }>(
        'select organization_id, template_name, is_default, industries from ai_templates order by organization_id'
      )
      expect(templates.rows).toEqual([
        { organization_id: '00000000-0000-4000-8000-000000000001', template_name: 'Default', is_default: true, industries: ['Shipping'] },
        { organization_id: '00000000-0000-4000-8000-000000000002', template_name: 'Default', is_default: true, industries: [] }
      ])
      const pages = await client.query<{ linked: boolean }>('select ai_setting_template_id is not null as linked from business_pages')
      expect(pages.rows).toEqual([{ linked: true }])
    } finally {
      await client.close()
    }
  })
})
