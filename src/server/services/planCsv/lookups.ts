import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { businessPages, memberships, postTags, users } from '../../db/schema'
import { chunked, linkedToAll, safeTimeZone, withTag, type Person } from '../slots'
import type { ParsedRow } from './parseImport'

/*
 * The people, tags and pages import rows name, looked up in batches — never a query per row
 * (docs/architecture.md, "The plan as CSV": size).
 */

/** What one row names: the member by email, the topic tag by title, the page by name (null: none or unknown). */
export interface RowNames {
  member: Person | null
  tagId: string | null
  pageId: string | null
}

/**
 * Per row its names, and per named tag and page the row members who hold the tag or are linked to
 * the page: one query for the members (per 5,000 emails), one for the tags, one for the pages, then
 * one per distinct tag and page.
 */
export async function namesOf(executor: Executor, organizationId: string, rows: readonly ParsedRow[]) {
  const emails = [...new Set(rows.map((r) => r.values.memberEmail.toLowerCase()).filter(Boolean))]
  const members = new Map<string, Person>()
  for (const part of chunked(emails, 5000)) {
    const found = await executor
      .select({ id: users.id, email: users.email, fullName: users.fullName, timezone: users.timezone })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.status, 'ACTIVE'), inArray(sql`lower(${users.email})`, part)))
    for (const m of found) members.set(m.email.toLowerCase(), { id: m.id, fullName: m.fullName, timezone: safeTimeZone(m.timezone) })
  }
  const tagRows = await executor.select({ id: postTags.id, title: postTags.title }).from(postTags).where(eq(postTags.organizationId, organizationId))
  const tagsByTitle = new Map(tagRows.map((t) => [t.title.trim().toLowerCase(), t.id]))
  const pageRows = await executor
    .select({ id: businessPages.id, name: businessPages.linkedInCompanyName })
    .from(businessPages)
    .where(eq(businessPages.organizationId, organizationId))
  const pagesByName = new Map(pageRows.map((p) => [p.name.trim().toLowerCase(), p.id]))

  // Per row: the member, tag and page it names (for the batched assignment and link checks).
  const named: RowNames[] = rows.map((r) => ({
    member: members.get(r.values.memberEmail.toLowerCase()) ?? null,
    tagId: r.values.topicTag ? (tagsByTitle.get(r.values.topicTag.toLowerCase()) ?? null) : null,
    pageId: r.values.page ? (pagesByName.get(r.values.page.toLowerCase()) ?? null) : null
  }))
  const usersPer = (key: 'tagId' | 'pageId') => {
    const out = new Map<string, Set<string>>()
    for (const n of named) {
      if (!n.member || !n[key]) continue
      const set = out.get(n[key]) ?? new Set<string>()
      set.add(n.member.id)
      out.set(n[key], set)
    }
    return out
  }
  const tagged = new Map<string, Set<string>>()
  for (const [tagId, ids] of usersPer('tagId')) tagged.set(tagId, await withTag(executor, organizationId, [...ids], tagId))
  const linked = new Map<string, Set<string>>()
  for (const [pageId, ids] of usersPer('pageId')) linked.set(pageId, await linkedToAll(executor, organizationId, [...ids], [pageId]))
  return { named, tagged, linked }
}
