import { and, asc, count, desc, eq, gt, gte, lt, sql } from 'drizzle-orm'
import { linkTo } from '../../../shared/routes'
import type { Executor } from '../../db/client'
import { assignedSlots, memberships, organizations, posts, recommendations, users } from '../../db/schema'
import { postExcerpt } from '../postLinks'
import { isOpen } from '../recommended/addressing'
import type { ChatFact, ChatMessage } from './message'
import type { WeeklyData } from './weekly'
import { slotIsNotDone } from '../../db/slotDone'

/*
 * What the weekly messages say (issue 28; weekly.ts writes them), from the database at the attempt:
 * the nudge lists this week's open slots per member (slots not yet past and without a published post)
 * and who has not written for one yet; the digest lists the open recommendations to everyone made in
 * the week before. A recommendation to some teams or members is left out: a channel is read by
 * people it was not addressed to.
 */

/** Members (nudge) and posts (digest) shown as facts: Slack allows 10 fields in a section. */
export const WEEKLY_FACTS_MAX = 10

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** "A", "A and B", "A, B and C". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

async function organizationOf(tx: Executor, organizationId: string) {
  const [org] = await tx.select({ name: organizations.name, workOSId: organizations.organizationWorkOSId }).from(organizations).where(eq(organizations.id, organizationId))
  return org ?? null
}

export async function weeklyNudgeMessage(tx: Executor, base: string, data: WeeklyData, now: Date): Promise<ChatMessage | null> {
  const org = await organizationOf(tx, data.organizationId)
  if (!org) return null
  const slots = await tx
    .select({
      assigneeId: assignedSlots.assigneeId,
      name: users.fullName,
      email: users.email,
      written: sql<boolean>`exists (select 1 from ${posts} where ${posts.slotId} = ${assignedSlots.id})`
    })
    .from(assignedSlots)
    .innerJoin(memberships, and(eq(memberships.userId, assignedSlots.assigneeId), eq(memberships.organizationId, assignedSlots.organizationId)))
    .innerJoin(users, eq(users.id, assignedSlots.assigneeId))
    .where(
      and(
        eq(assignedSlots.organizationId, data.organizationId),
        eq(memberships.status, 'ACTIVE'),
        gt(assignedSlots.time, now),
        lt(assignedSlots.time, new Date(data.to)),
        slotIsNotDone()
      )
    )
    .orderBy(asc(assignedSlots.time))
  const byMember = new Map<string, { name: string; open: number; unwritten: number }>()
  for (const slot of slots) {
    const member = byMember.get(slot.assigneeId) ?? { name: slot.name || slot.email, open: 0, unwritten: 0 }
    member.open++
    if (!slot.written) member.unwritten++
    byMember.set(slot.assigneeId, member)
  }
  // Who has not written first, then by name.
  const members = [...byMember.values()].sort((a, b) => Number(b.unwritten > 0) - Number(a.unwritten > 0) || a.name.localeCompare(b.name))
  const notWritten = members.filter((m) => m.unwritten > 0).map((m) => m.name)
  const text =
    members.length === 0
      ? 'No open slots are left this week.'
      : [
          `${plural(slots.length, 'open slot', 'open slots')} this week for ${plural(members.length, 'member', 'members')}.`,
          notWritten.length === 0 ? 'Everyone has started writing for their slots.' : `Not written yet: ${listNames(notWritten)}.`
        ].join(' ')
  const facts: ChatFact[] = members.slice(0, WEEKLY_FACTS_MAX).map((m) => ({
    title: m.name,
    value: `${plural(m.open, 'open slot', 'open slots')}${m.unwritten > 0 ? ` · ${m.unwritten === m.open ? 'not written yet' : `${m.unwritten} not written yet`}` : ' · writing'}`
  }))
  const more = members.length - facts.length
  return {
    title: 'This week’s open slots',
    text,
    facts,
    context: `Pagecrew · ${org.name} · Week of ${data.week}${more > 0 ? ` · ${plural(more, 'more member', 'more members')} in the Plan` : ''}`,
    buttons: [{ label: 'Open the Plan', url: `${base}${linkTo('schedule', { orgid: org.workOSId })}`, style: 'primary' }]
  }
}

export async function weeklyDigestMessage(tx: Executor, base: string, data: WeeklyData, now: Date): Promise<ChatMessage | null> {
  const org = await organizationOf(tx, data.organizationId)
  if (!org) return null
  const where = and(
    eq(recommendations.organizationId, data.organizationId),
    eq(recommendations.audience, 'everyone'),
    gte(recommendations.createdAt, new Date(data.since)),
    lt(recommendations.createdAt, new Date(data.until)),
    isOpen(now)
  )
  const [total] = await tx.select({ n: count() }).from(recommendations).where(where)
  const shown = await tx
    .select({ previewText: recommendations.previewText, previewAuthor: recommendations.previewAuthor, note: recommendations.note, url: recommendations.linkedInPostUrl })
    .from(recommendations)
    .where(where)
    .orderBy(desc(recommendations.createdAt), desc(recommendations.id))
    .limit(WEEKLY_FACTS_MAX)
  const n = total?.n ?? 0
  const facts: ChatFact[] = shown.map((r) => ({
    title: r.previewAuthor.trim() || 'LinkedIn post',
    value: [postExcerpt(r.previewText, 150) || r.url, r.note.trim() ? `Why: ${postExcerpt(r.note, 150)}` : ''].filter(Boolean).join('\n')
  }))
  return {
    title: 'Recommended for resharing',
    text:
      n === 0
        ? 'No posts are waiting to be reshared this week.'
        : `${plural(n, 'post was', 'posts were')} recommended to everyone for resharing this week. Reshare them from Recommended posts in Pagecrew.`,
    facts,
    context: `Pagecrew · ${org.name} · Week of ${data.week}${n > shown.length ? ` · ${plural(n - shown.length, 'more post', 'more posts')} in Recommended posts` : ''}`,
    buttons: [{ label: 'Open Recommended posts', url: `${base}${linkTo('recommended', { orgid: org.workOSId })}`, style: 'primary' }]
  }
}
