import { sql } from 'drizzle-orm'
import type { Executor } from './client'
import { rowsOf } from './migrate'

/**
 * The data the database keeps current by itself, with triggers, and every table each one depends
 * on: the one declaration of which table must carry which trigger. derivedData.test.ts checks it
 * against pg_trigger on PGlite and PostgreSQL both ways (a declared trigger missing, or a trigger
 * of these functions on a table or event not declared), and the calendar's tables against the
 * statements the calendar really sends. A table the calendar starts to read without its triggers
 * would let GET /schedule/calendar's answer cache serve stale answers, silently.
 */

type TriggerEvent = 'INSERT' | 'UPDATE' | 'DELETE'

export const TRIGGER_EVENTS: readonly TriggerEvent[] = ['INSERT', 'UPDATE', 'DELETE']

/** Triggers a table must have: for each event, an enabled AFTER trigger calling `function`. */
interface TriggerRequirement {
  function: string
  events: readonly TriggerEvent[]
  /**
   * 'statement': FOR EACH STATEMENT with the transition tables the function reads ("new_rows" on
   * INSERT, "old_rows" on DELETE, both on UPDATE; so one trigger per event). 'row': FOR EACH ROW.
   */
  level: 'statement' | 'row'
  /** A constraint trigger DEFERRABLE INITIALLY DEFERRED (runs when the transaction commits). */
  deferred: boolean
}

interface DependencyTable {
  table: string
  triggers: readonly TriggerRequirement[]
  /** Columns the trigger functions read from the changed rows: each must exist and be named in every required function's source. */
  columns: readonly string[]
  /** Why the triggers are as they are, where it is not plain (conditions inside the function). */
  note?: string
}

interface DerivedData {
  /** What is kept. */
  name: string
  /** The table the triggers write. */
  keptIn: string
  /** Who relies on it being current. */
  readBy: string
  /** Every trigger function of this data is named so; a trigger calling one anywhere must be declared here. */
  functionPrefix: string
  tables: readonly DependencyTable[]
}

const ALL = TRIGGER_EVENTS

/**
 * A table the calendar reads (migration 0015): per event, a statement trigger noting the
 * organizations its rows belong to, and a deferred row trigger bumping their Plan versions at commit.
 */
function planTable(table: string, bump: string, columns: readonly string[], events: readonly TriggerEvent[] = ALL, note?: string): DependencyTable {
  return {
    table,
    triggers: [
      { function: bump, events, level: 'statement', deferred: false },
      { function: 'plan_versions_flush', events, level: 'row', deferred: true }
    ],
    columns,
    ...(note ? { note } : {})
  }
}

/** The organization's Plan version (0015): GET /schedule/calendar's answer is served again only while it holds. */
export const PLAN_VERSION: DerivedData = {
  name: "the organization's Plan version",
  keptIn: 'plan_versions',
  readBy: 'GET /schedule/calendar (services/schedule/calendarTicket.ts, http/answerCache.ts)',
  functionPrefix: 'plan_versions_',
  tables: [
    planTable('assigned_slots', 'plan_versions_bump', ['organization_id']),
    planTable('assigned_slot_pages', 'plan_versions_bump', ['organization_id']),
    planTable('memberships', 'plan_versions_bump', ['organization_id']),
    planTable('teams', 'plan_versions_bump', ['organization_id']),
    planTable('team_members', 'plan_versions_bump', ['organization_id']),
    planTable('post_tags', 'plan_versions_bump', ['organization_id']),
    planTable('business_post_tags', 'plan_versions_bump', ['organization_id']),
    planTable('business_pages', 'plan_versions_bump', ['organization_id']),
    planTable(
      'posts',
      'plan_versions_bump_posts',
      ['organization_id', 'slot_id', 'status'],
      ALL,
      'Only posts the Plan shows (SCHEDULED, PENDING_PUBLISH, PUBLISHED) or that belong to a slot, before or after the change.'
    ),
    planTable(
      'users',
      'plan_versions_bump_people',
      ['id', 'full_name', 'image'],
      ['UPDATE'],
      "Only a changed full_name or image, in every organization the user is a member of; a user is new or gone with their memberships (memberships' own triggers). The calendar reads no other column of users but the id."
    )
  ]
}

/** The unread notification counts (0014): GET /user's unread count reads notification_unread_counts. */
const UNREAD_COUNTS: DerivedData = {
  name: 'the unread notification counts',
  keptIn: 'notification_unread_counts',
  readBy: 'GET /user',
  functionPrefix: 'notification_unread_counts_',
  tables: [
    {
      table: 'notifications',
      triggers: [{ function: 'notification_unread_counts_apply', events: ALL, level: 'statement', deferred: false }],
      columns: ['user_id', 'organization_id', 'read']
    }
  ]
}

export const DERIVED_DATA: readonly DerivedData[] = [PLAN_VERSION, UNREAD_COUNTS]

/** Columns of `users` the calendar may read: those whose change bumps the Plan version, and the key. */
export const PLAN_USER_COLUMNS: readonly string[] = PLAN_VERSION.tables.find((t) => t.table === 'users')!.columns

// pg_trigger.tgtype bits (src/include/catalog/pg_trigger.h).
const TYPE_ROW = 1
const TYPE_BEFORE = 2
const TYPE_INSERT = 4
const TYPE_DELETE = 8
const TYPE_UPDATE = 16
const TYPE_INSTEAD = 64
const EVENT_BIT: Record<TriggerEvent, number> = { INSERT: TYPE_INSERT, UPDATE: TYPE_UPDATE, DELETE: TYPE_DELETE }

/** A user trigger of the current schema as pg_trigger has it. */
interface InstalledTrigger {
  table: string
  name: string
  function: string
  events: TriggerEvent[]
  level: 'statement' | 'row'
  after: boolean
  enabled: boolean
  deferred: boolean
  oldTable: string | null
  newTable: string | null
  /** A WHEN condition or an UPDATE OF column list: fires on fewer changes than the function decides. */
  narrowed: boolean
}

interface TriggerRow {
  table: string
  name: string
  function: string
  type: number | string
  enabled: string
  deferrable: boolean
  initially_deferred: boolean
  old_table: string | null
  new_table: string | null
  has_when: boolean
  columns: string | null
}

async function installedTriggers(db: Executor): Promise<InstalledTrigger[]> {
  const rows = rowsOf<TriggerRow>(
    await db.execute(sql`
      select c.relname as "table", t.tgname as "name", p.proname as "function", t.tgtype::int as "type", t.tgenabled::text as "enabled",
        t.tgdeferrable as "deferrable", t.tginitdeferred as "initially_deferred", t.tgoldtable as "old_table", t.tgnewtable as "new_table",
        t.tgqual is not null as "has_when", t.tgattr::text as "columns"
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and n.nspname = current_schema()
      order by c.relname, t.tgname`)
  )
  return rows.map((r) => {
    const type = Number(r.type)
    return {
      table: r.table,
      name: r.name,
      function: r.function,
      events: TRIGGER_EVENTS.filter((e) => (type & EVENT_BIT[e]) !== 0),
      level: type & TYPE_ROW ? 'row' : 'statement',
      after: (type & (TYPE_BEFORE | TYPE_INSTEAD)) === 0,
      enabled: r.enabled !== 'D',
      deferred: r.deferrable && r.initially_deferred,
      oldTable: r.old_table,
      newTable: r.new_table,
      narrowed: r.has_when || (r.columns ?? '').trim() !== ''
    }
  })
}

/** Whether `trigger` fulfils `requirement` for `event` (transition tables as the function reads them). */
function fulfils(trigger: InstalledTrigger, requirement: TriggerRequirement, event: TriggerEvent): boolean {
  if (trigger.function !== requirement.function || !trigger.events.includes(event)) return false
  if (!trigger.after || !trigger.enabled || trigger.narrowed) return false
  if (trigger.level !== requirement.level || trigger.deferred !== requirement.deferred) return false
  if (requirement.level === 'statement') {
    if (event !== 'INSERT' && trigger.oldTable !== 'old_rows') return false
    if (event !== 'DELETE' && trigger.newTable !== 'new_rows') return false
  }
  return true
}

const describeTrigger = (t: InstalledTrigger) =>
  `${t.name} (${t.after ? 'AFTER' : 'BEFORE/INSTEAD OF'} ${t.events.join(' OR ')} FOR EACH ${t.level.toUpperCase()}${t.deferred ? ' DEFERRED' : ''}${t.enabled ? '' : ' DISABLED'}${t.narrowed ? ' with WHEN/UPDATE OF' : ''}${t.oldTable ? ` OLD TABLE ${t.oldTable}` : ''}${t.newTable ? ` NEW TABLE ${t.newTable}` : ''})`

/**
 * What in the database disagrees with `declared`, one line each; empty when every declared table
 * has its triggers and no trigger of the declared functions is anywhere else.
 */
export async function checkDerivedData(db: Executor, declared: readonly DerivedData[] = DERIVED_DATA): Promise<string[]> {
  const problems: string[] = []
  const triggers = await installedTriggers(db)
  const columns = rowsOf<{ table: string; column: string }>(
    await db.execute(sql`select table_name as "table", column_name as "column" from information_schema.columns where table_schema = current_schema()`)
  )
  const hasColumn = new Set(columns.map((c) => `${c.table}.${c.column}`))
  const sources = new Map(
    rowsOf<{ name: string; source: string }>(
      await db.execute(sql`select p.proname as "name", p.prosrc as "source" from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema()`)
    ).map((r) => [r.name, r.source])
  )

  for (const data of declared) {
    for (const dependency of data.tables) {
      const onTable = triggers.filter((t) => t.table === dependency.table)
      for (const requirement of dependency.triggers) {
        if (!requirement.function.startsWith(data.functionPrefix)) {
          problems.push(`${data.name}: ${requirement.function} is not named ${data.functionPrefix}…`)
        }
        const source = sources.get(requirement.function)
        if (source === undefined) {
          problems.push(`${data.name}: the function ${requirement.function} does not exist`)
        }
        for (const event of requirement.events) {
          if (!onTable.some((t) => fulfils(t, requirement, event))) {
            const near = onTable.filter((t) => t.function === requirement.function && t.events.includes(event))
            problems.push(
              `${data.name}: ${dependency.table} has no ${requirement.deferred ? 'deferred ' : ''}AFTER ${event} trigger FOR EACH ${requirement.level.toUpperCase()} calling ${requirement.function}` +
                (near.length ? `; found ${near.map(describeTrigger).join(', ')}` : '')
            )
          }
        }
      }
      for (const column of dependency.columns) {
        if (!hasColumn.has(`${dependency.table}.${column}`)) problems.push(`${data.name}: ${dependency.table} has no column ${column}`)
        for (const requirement of dependency.triggers) {
          const source = sources.get(requirement.function)
          if (requirement.level === 'statement' && source !== undefined && !source.includes(`"${column}"`)) {
            problems.push(`${data.name}: ${requirement.function} does not read ${dependency.table}.${column}`)
          }
        }
      }
    }

    // The other way round: every trigger of this data's functions is declared, table and event.
    for (const trigger of triggers.filter((t) => t.function.startsWith(data.functionPrefix))) {
      const dependency = data.tables.find((d) => d.table === trigger.table)
      const requirements = dependency?.triggers.filter((r) => r.function === trigger.function) ?? []
      const undeclared = trigger.events.filter((e) => !requirements.some((r) => r.events.includes(e)))
      if (!dependency) problems.push(`${data.name}: trigger ${describeTrigger(trigger)} on ${trigger.table}, a table not declared`)
      else if (requirements.length === 0) problems.push(`${data.name}: trigger ${describeTrigger(trigger)} on ${trigger.table} calls ${trigger.function}, not declared for it`)
      else if (undeclared.length > 0) problems.push(`${data.name}: trigger ${describeTrigger(trigger)} on ${trigger.table} fires on ${undeclared.join(', ')}, not declared`)
    }
  }
  return problems
}

/** The tables of the current schema named (double-quoted, as drizzle writes them) in `statements`. */
export async function tablesNamedIn(db: Executor, statements: readonly string[]): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(await db.execute(sql`select table_name as "name" from information_schema.tables where table_schema = current_schema()`)).map(
    (r) => r.name
  )
  const named = new Set<string>()
  for (const statement of statements) {
    for (const match of statement.matchAll(/"([^"]+)"/g)) if (tables.includes(match[1]!)) named.add(match[1]!)
  }
  return [...named].sort()
}
