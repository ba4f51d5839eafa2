import { and, eq, inArray, sql } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { AuditAction, AuditEntry, AuditTargetType } from '../../../shared/domain/audit'
import type { Database } from '../../db/client'
import { aiTemplates, businessPages, businessPostTags, memberships, postTags, teams, users } from '../../db/schema'
import { isUuid } from '../ids'
import { SYSTEM_NAME } from '../audit'
import type { Row } from './types'

/* An entry as shown, its ids replaced by names (docs/architecture.md, "The audit log"). */

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

/**
 * Names for the ids the entries' values hold (a member's pages and tags, a team's people and
 * template, a default page), read now from the organization's own rows: the log shows "Acme Inc."
 * rather than an id. An id of something since deleted stays as it was stored.
 */
export async function namesFor(db: Database, organizationId: string, rows: readonly Row[]): Promise<Map<string, string>> {
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

export const view = (r: Row, names: ReadonlyMap<string, string> = new Map()): AuditEntry => ({
  id: String(r.id),
  createdAt: r.createdAt.toISOString(),
  actor: r.actorUserId ? { userId: r.actorUserId, name: r.actorName } : r.actorName !== SYSTEM_NAME ? { userId: null, name: r.actorName } : null,
  action: r.action as AuditAction,
  target: { type: r.targetType as AuditTargetType, id: r.targetId, label: r.targetLabel },
  before: named(r.before, names),
  after: named(r.after, names)
})
