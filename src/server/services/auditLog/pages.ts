import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import { AUDIT_ACTIONS, type AuditAction } from '../../../shared/domain/audit'
import type { Database } from '../../db/client'
import { auditLog } from '../../db/schema'
import { isUuid } from '../ids'
import type { AuditLogQuery, Row } from './types'

/* A page of entries by keyset, newest first (docs/architecture.md, "The audit log"). */

/** Entries read per statement while a CSV streams. */
export const CSV_BATCH = 1000

export const cursorOf = (row: { createdAt: Date; id: number }) => `${row.createdAt.toISOString()}_${row.id}`

function parseCursor(cursor: string): { at: Date; id: number } {
  const [at, id] = cursor.split('_')
  return { at: new Date(at!), id: Number(id) }
}

/** A group's prefix ('member.') as its actions: an IN list the action index serves (LIKE would not, under every collation). */
function actionsOf(filter: string): AuditAction[] {
  return filter.endsWith('.') ? AUDIT_ACTIONS.filter((a) => a.startsWith(filter)) : [filter as AuditAction]
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

export async function page(db: Database, organizationId: string, query: AuditLogQuery, cursor: string | undefined, limit: number): Promise<Row[]> {
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
