import { and, asc, eq, gt, ilike, or } from 'drizzle-orm'
import type { Member } from '../../../shared/domain'
import { memberships, users } from '../../db/schema'
import { viewMembers } from './memberView'
import type { MemberDeps } from './types'

/*
 * The organization's members in user-id order, a keyset page at a time (GET /api/v1/members,
 * issue 28): `after` is the last id of the page before. Shown exactly as GET /members/list shows
 * them (memberView.ts).
 */

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export async function listMembersByKey(
  deps: Pick<MemberDeps, 'db'>,
  organizationId: string,
  query: { after?: string; limit: number; search?: string }
): Promise<{ members: Member[]; last: string | null; more: boolean }> {
  const { db } = deps
  const search = query.search ? likePattern(query.search) : null
  const ids = await db
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        query.after ? gt(users.id, query.after) : undefined,
        search ? or(ilike(users.fullName, search), ilike(users.email, search)) : undefined
      )
    )
    .orderBy(asc(users.id))
    .limit(query.limit + 1)
  const page = ids.slice(0, query.limit).map((r) => r.id)
  return { members: await viewMembers(db, organizationId, page), last: page[page.length - 1] ?? null, more: ids.length > query.limit }
}
