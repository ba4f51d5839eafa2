import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { rowsOf } from '../../db/migrate'
import { describeEachDatabase } from '../../testing/suite'
import { EXPORTED_TABLES, PERSONAL_DATA } from './personalData'

/*
 * The declaration of personal data against the database itself: a table about people that the
 * declaration does not name (a new foreign key to users, a column named like a person's id or email)
 * fails here, so it cannot miss the export and the erasure silently.
 */

/** Columns that, by name, hold a person's id or email even without a foreign key. */
const PERSON_LIKE = /^(user_id|.+_user_id|.+_by|.+_by_id|assignee_id|email|.+_email|to_address)$/
/** Columns the name pattern takes for a person's that are not, and why. */
const NOT_PEOPLE: Record<string, string> = { 'jobs.locked_by': 'the id of the server process holding the job' }

describeEachDatabase('the personal data declaration', (t) => {
  async function columns() {
    return rowsOf<{ table_name: string; column_name: string }>(
      await t().db.execute(sql`
        select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = current_schema()`)
    )
  }

  async function foreignKeysToUsers() {
    return rowsOf<{ table_name: string; column_name: string }>(
      await t().db.execute(sql`
        select cl.relname as table_name, a.attname as column_name
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_namespace n on n.oid = cl.relnamespace and n.nspname = current_schema()
        join lateral unnest(c.conkey) as k(attnum) on true
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
        where c.contype = 'f' and c.confrelid = (current_schema() || '.users')::regclass`)
    )
  }

  const declared = new Set(PERSONAL_DATA.flatMap((table) => [...table.personColumns, ...(table.identifyingColumns ?? [])].map((c) => `${table.table}.${c}`)))

  it('names every foreign key to users(id)', async () => {
    const keys = (await foreignKeysToUsers()).map((k) => `${k.table_name}.${k.column_name}`)
    expect(keys.length).toBeGreaterThan(30)
    expect(keys.filter((k) => !declared.has(k)), 'foreign keys to users missing from PERSONAL_DATA (services/privacy/personalData.ts)').toEqual([])
  })

  it("names every column named like a person's id or email", async () => {
    const named = (await columns()).filter((c) => PERSON_LIKE.test(c.column_name)).map((c) => `${c.table_name}.${c.column_name}`)
    expect(named.filter((c) => !declared.has(c) && !(c in NOT_PEOPLE)), 'person-like columns missing from PERSONAL_DATA').toEqual([])
  })

  it('declares only tables and columns that exist, each table once', async () => {
    const existing = new Set((await columns()).map((c) => `${c.table_name}.${c.column_name}`))
    expect([...declared].filter((c) => !existing.has(c))).toEqual([])
    const tables = PERSONAL_DATA.map((d) => d.table)
    expect(new Set(tables).size).toBe(tables.length)
    for (const table of PERSONAL_DATA) {
      if (table.organizationColumn) expect(existing.has(`${table.table}.${table.organizationColumn}`), table.table).toBe(true)
      const omit = 'none' in table.export ? [] : (table.export.omit ?? [])
      for (const column of omit) expect(existing.has(`${table.table}.${column}`), `${table.table}.${column}`).toBe(true)
    }
  })

  it('exports the profile, memberships, posts and their versions, feedback, SSI, certificates, notifications and the audit log', () => {
    const exported = EXPORTED_TABLES.map((t) => t.table)
    for (const table of ['users', 'memberships', 'posts', 'post_versions', 'review_feedback', 'ssi_records', 'certificates', 'notifications', 'audit_log', 'linkedin_connections']) {
      expect(exported, table).toContain(table)
    }
  })
})
