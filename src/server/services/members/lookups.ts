import { and, count, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { businessPageMembers, businessPages, memberships, postTags, users } from '../../db/schema'
import { notFound } from '../../errors'
import { isUuid } from '../ids'

/* The look-ups the member changes check against (docs/architecture.md, "Organizations and members"). */

export async function activeAdminCount(tx: Executor, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'ADMIN'), eq(memberships.status, 'ACTIVE')))
  return Number(row?.n ?? 0)
}

export async function findMembership(tx: Executor, organizationId: string, userId: string) {
  if (!isUuid(userId)) return null
  const [row] = await tx
    .select({ membership: memberships, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .limit(1)
  return row ?? null
}

/** A membership found by findMembership, with its user's email. */
export type FoundMembership = NonNullable<Awaited<ReturnType<typeof findMembership>>>

export async function requireOrgIds(tx: Executor, table: typeof postTags | typeof businessPages, organizationId: string, ids: readonly string[], message: string) {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return unique
  if (!unique.every(isUuid)) throw notFound(message)
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.organizationId, organizationId), inArray(table.id, unique)))
  if (found.length !== unique.length) throw notFound(message)
  return unique
}

/** Whether a member is linked to exactly these business pages (the edit dialog resends them unchanged). */
export async function samePageLinks(tx: Executor, organizationId: string, userId: string, pageIds: readonly string[]): Promise<boolean> {
  const rows = await tx
    .select({ id: businessPageMembers.businessPageId })
    .from(businessPageMembers)
    .where(and(eq(businessPageMembers.organizationId, organizationId), eq(businessPageMembers.userId, userId)))
  const current = new Set(rows.map((r) => r.id))
  return current.size === new Set(pageIds).size && pageIds.every((id) => current.has(id))
}
