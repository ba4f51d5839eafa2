import { asc, eq, sql } from 'drizzle-orm'
import { memberships, users } from '../../db/schema'
import type { OrganizationSession } from '../sessions'
import { namesFor, view } from './names'
import { cursorOf, page } from './pages'
import type { AuditLogDeps, AuditLogPage, AuditLogQuery } from './types'

/* GET /organization/audit-log: a page of entries and the actors to filter by (docs/architecture.md, "The audit log"). */

export async function listAuditLog({ db }: AuditLogDeps, session: OrganizationSession, query: AuditLogQuery): Promise<AuditLogPage> {
  const organizationId = session.organization.id
  // One row more than asked tells whether another page follows.
  const rows = await page(db, organizationId, query, query.cursor, query.limit + 1)
  const shown = rows.slice(0, query.limit)
  const actors = await db
    .select({ userId: users.id, name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.email})` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(sql`lower(coalesce(nullif(${users.fullName}, ''), ${users.email}))`), asc(users.id))
  const names = await namesFor(db, organizationId, shown)
  return {
    entries: shown.map((r) => view(r, names)),
    nextCursor: rows.length > query.limit ? cursorOf(shown[shown.length - 1]!) : null,
    actors
  }
}
