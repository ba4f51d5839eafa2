import { Readable } from 'node:stream'
import { pipeline } from 'node:stream'
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { auditLogPageSchema, auditLogQuerySchema } from '../../shared/api/contract'
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction, type AuditEntry, type AuditTargetType } from '../../shared/domain/audit'
import type { Database } from '../db/client'
import { aiTemplates, auditLog, businessPages, businessPostTags, memberships, postTags, teams, users } from '../db/schema'
import type { OrganizationSession } from './sessions'
import { requireAdmin } from './access'
import type { CsvDownload } from './analytics'
import { csvWriter } from './csv'
import { isUuid } from './ids'

type AuditLogQuery = z.output<typeof auditLogQuerySchema>
type AuditLogPage = z.output<typeof auditLogPageSchema>
type Row = typeof auditLog.$inferSelect

/** Entries read per statement while a CSV streams. */
const CSV_BATCH = 1000

/**
 * The audit log's read side (issue 17): admins (ADMIN, GHOST) read their organization's entries,
 * newest first. Paging is by keyset — the last entry's (createdAt, id) — so page 5,000 of a million
 * rows costs what page 1 does: the statement walks audit_log_org_created_idx (or the actor/action
 * index with a filter) backwards from the cursor and stops after `limit` rows. Writing is
 * services/audit.ts' record(); nothing edits or deletes entries.
 */
export interface AuditLogService {
  list(session: OrganizationSession, query: AuditLogQuery): Promise<AuditLogPage>
  csv(session: OrganizationSession, query: AuditLogQuery): Promise<CsvDownload>
}

export const cursorOf = (row: { createdAt: Date; id: number }) => `${row.createdAt.toISOString()}_${row.id}`

function parseCursor(cursor: string): { at: Date; id: number } {
  const [at, id] = cursor.split('_')
  return { at: new Date(at!), id: Number(id) }
}

/** A group's prefix ('member.') as its actions: an IN list the action index serves (LIKE would not, under every collation). */
function actionsOf(filter: string): AuditAction[] {
  return filter.endsWith('.') ? AUDIT_ACTIONS.filter((a) => a.startsWith(filter)) : [filter as AuditAction]
}

/** The ids an entry's values hold (a field's value, or the items of a list), for names to be read for them. */
function idsIn(values: Record<string, unknown> | null | undefined, into: Set<string>): void {
  for (const value of Object.values(values ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) if (typeof item === 'string' && isUuid(item)) into.add(item)
  }
}

/** An entry's values with each id of the organization's people, teams, pages, tags and templates replaced by its name. */
function named(values: Record<string, unknown> | null | undefined, names: ReadonlyMap<string, string>): Record<string, unknown> | null {
  if (!values) return null
  const name = (item: unknown) => (typeof item === 'string' && names.has(item) ? names.get(item)! : item)
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, Array.isArray(value) ? value.map(name) : name(value)]))
}

export function createAuditLogService(deps: { db: Database }): AuditLogService {
  const { db } = deps

  /**
   * Names for the ids the entries' values hold (a member's pages and tags, a team's people and
   * template, a default page), read now from the organization's own rows: the log shows "Acme Inc."
   * rather than an id. An id of something since deleted stays as it was stored.
   */
  async function namesFor(organizationId: string, rows: readonly Row[]): Promise<Map<string, string>> {
    const ids = new Set<string>()
    for (const r of rows) {
      idsIn(r.before, ids)
      idsIn(r.after, ids)
    }
    if (ids.size === 0) return new Map()
    const wanted = [...ids]
    // One statement: the six look-ups as one UNION ALL.
    const found = await unionAll(
      db
        .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.email})` })
        .from(users)
        .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizationId)))
        .where(inArray(users.id, wanted)),
      db.select({ id: teams.id, name: teams.name }).from(teams).where(and(eq(teams.organizationId, organizationId), inArray(teams.id, wanted))),
      db
        .select({ id: businessPages.id, name: businessPages.linkedInCompanyName })
        .from(businessPages)
        .where(and(eq(businessPages.organizationId, organizationId), inArray(businessPages.id, wanted))),
      db.select({ id: postTags.id, name: postTags.title }).from(postTags).where(and(eq(postTags.organizationId, organizationId), inArray(postTags.id, wanted))),
      db
        .select({ id: businessPostTags.id, name: businessPostTags.title })
        .from(businessPostTags)
        .where(and(eq(businessPostTags.organizationId, organizationId), inArray(businessPostTags.id, wanted))),
      db
        .select({ id: aiTemplates.id, name: aiTemplates.templateName })
        .from(aiTemplates)
        .where(and(eq(aiTemplates.organizationId, organizationId), inArray(aiTemplates.id, wanted)))
    )
    return new Map(found.map((row) => [row.id, row.name]))
  }

  function conditions(organizationId: string, query: AuditLogQuery): SQL {
    return and(
      eq(auditLog.organizationId, organizationId),
      // A malformed id is nobody: an empty answer, never a uuid cast error.
      query.actorId !== undefined ? (isUuid(query.actorId) ? eq(auditLog.actorUserId, query.actorId) : sql`false`) : undefined,
      query.action !== undefined ? inArray(auditLog.action, actionsOf(query.action)) : undefined,
      query.from ? gte(auditLog.createdAt, new Date(query.from)) : undefined,
      query.to ? lt(auditLog.createdAt, new Date(query.to)) : undefined
    )!
  }

  async function page(organizationId: string, query: AuditLogQuery, cursor: string | undefined, limit: number): Promise<Row[]> {
    const after = cursor ? parseCursor(cursor) : null
    return db
      .select()
      .from(auditLog)
      .where(
        and(
          conditions(organizationId, query),
          after ? or(lt(auditLog.createdAt, after.at), and(eq(auditLog.createdAt, after.at), lt(auditLog.id, after.id))) : undefined
        )
      )
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
  }

  const view = (r: Row, names: ReadonlyMap<string, string> = new Map()): AuditEntry => ({
    id: String(r.id),
    createdAt: r.createdAt.toISOString(),
    actor: r.actorUserId ? { userId: r.actorUserId, name: r.actorName } : null,
    action: r.action as AuditAction,
    target: { type: r.targetType as AuditTargetType, id: r.targetId, label: r.targetLabel },
    before: named(r.before, names),
    after: named(r.after, names)
  })

  return {
    async list(session, query) {
      requireAdmin(session)
      const organizationId = session.organization.id
      // One row more than asked tells whether another page follows.
      const rows = await page(organizationId, query, query.cursor, query.limit + 1)
      const shown = rows.slice(0, query.limit)
      const actors = await db
        .select({ userId: users.id, name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.email})` })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.organizationId, organizationId))
        .orderBy(asc(sql`lower(coalesce(nullif(${users.fullName}, ''), ${users.email}))`), asc(users.id))
      const names = await namesFor(organizationId, shown)
      return {
        entries: shown.map((r) => view(r, names)),
        nextCursor: rows.length > query.limit ? cursorOf(shown[shown.length - 1]!) : null,
        actors
      }
    },

    async csv(session, query) {
      requireAdmin(session)
      const organizationId = session.organization.id
      const cells = (r: Row) => [
        r.createdAt.toISOString(),
        r.actorName,
        r.actorUserId ?? '',
        r.action,
        AUDIT_ACTION_LABELS[r.action as AuditAction] ?? r.action,
        r.targetType,
        r.targetId ?? '',
        r.targetLabel,
        r.before ? JSON.stringify(r.before) : '',
        r.after ? JSON.stringify(r.after) : ''
      ]
      // The first batch is read now, so a failing statement is an error answer rather than a cut download.
      const first = await page(organizationId, query, query.cursor, CSV_BATCH)
      async function* records() {
        let batch = first
        while (batch.length > 0) {
          yield* batch.map(cells)
          if (batch.length < CSV_BATCH) return
          batch = await page(organizationId, query, cursorOf(batch[batch.length - 1]!), CSV_BATCH)
        }
      }
      const out = csvWriter()
      // A batch failing half-way destroys the download (the client sees it cut short, never a wrong file).
      pipeline(
        Readable.from(
          (async function* () {
            yield ['Time (UTC)', 'Actor', 'Actor id', 'Action', 'Action name', 'Target type', 'Target id', 'Target', 'Before', 'After']
            yield* records()
          })()
        ),
        out,
        () => undefined
      )
      return { fileName: 'pagecrew-audit-log.csv', body: out }
    }
  }
}
