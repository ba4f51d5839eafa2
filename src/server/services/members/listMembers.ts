import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm'
import type { Member } from '../../../shared/domain'
import { memberships, users } from '../../db/schema'
import { viewMembers } from './memberView'
import type { ListMembersQuery, MemberDeps } from './types'

/* GET /members/list: the organization's members, joined ones first, by name, a page at a time (docs/architecture.md, "Organizations and members"). */

/** Escapes LIKE wildcards in user input. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export async function listMembers(
  deps: Pick<MemberDeps, 'db'>,
  organizationId: string,
  query: ListMembersQuery
): Promise<{ members: Member[]; total: number; page: number; pageSize: number }> {
  const { db } = deps
  const search = query.search ? likePattern(query.search) : null
  const where = and(
    eq(memberships.organizationId, organizationId),
    search ? or(ilike(users.fullName, search), ilike(users.email, search)) : undefined
  )
  const [total] = await db.select({ n: count() }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(where)
  const ids = await db
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(
      asc(sql`case when ${memberships.status} = 'ACTIVE' then 0 else 1 end`),
      asc(sql`lower(coalesce(nullif(${users.fullName}, ''), ${users.email}))`),
      asc(users.id)
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
  return {
    members: await viewMembers(db, organizationId, ids.map((r) => r.id)),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize
  }
}
