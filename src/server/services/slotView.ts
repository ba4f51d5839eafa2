import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { AssignedSlot, PersonRef, PostType, SlotStatus } from '../../shared/domain'
import type { PageRef, TagRef } from '../../shared/domain/compactCalendar'
import { slotStatus } from '../../shared/rules'
import type { Executor } from '../db/client'
import { rowsOf } from '../db/migrate'
import { assignedSlotPages, assignedSlots, businessPages, businessPostTags, memberships, postTags, posts, users } from '../db/schema'
import { usersLedBy } from './access'
import { actsForEveryone, isApiKeyActor, viewerIdOf, type OrganizationActor } from './actor'

/**
 * A slot as the API shows it (issues 5, 6, 16, 17): the ONE place that reads slots for the
 * single-slot answers (create, update, re-tag), a member's slots, the list view, the calendar
 * and the plan's CSV export. What is derived rather than stored is worked out here only:
 * - the series size: the assignee's occurrences in the slot's series (seriesSizeSql);
 * - the slot's post: the published post linked to it, else a scheduled or pending one, else the
 *   latest draft (the `slot_post` lateral join, posts_slot_idx);
 * - the status: the pure rule `slotStatus` (shared/rules/slots.ts) on the slot's time and its
 *   post — DONE exactly when the slot's post is published, since a published one always wins.
 *   The status filter (`status` below) is that rule as an SQL condition on the same join.
 *
 * Two statements whatever the number of slots: the slots as plain columns (their time already as
 * ISO text, the page ids comma-separated), then every person, tag and page they refer to, once
 * each. Per slot only a small mapping runs here; the calendar (GET /schedule/calendar, a hot path)
 * compacts the result with the shared encoder (shared/domain/compactCalendar.ts).
 * Only slots whose assignee is still an ACTIVE member of the organization are read.
 */

export interface Viewer {
  organizationId: string
  userId: string
  isAdmin: boolean
  /** Everyone in the teams the viewer leads, the viewer included; empty when they lead none. */
  led: Set<string>
}

/** Who is looking: what a slot's canEdit and the assign permissions (services/slots/checks.ts) are worked out for. */
export async function viewerOf(executor: Executor, actor: OrganizationActor): Promise<Viewer> {
  // An API key acts as the organization (issue 28): every slot, no team of its own, never a creator.
  const isAdmin = actsForEveryone(actor)
  const led = isAdmin || isApiKeyActor(actor) ? new Set<string>() : await usersLedBy(executor, actor.organization.id, actor.userId)
  return { organizationId: actor.organization.id, userId: viewerIdOf(actor), isAdmin, led }
}

/** ADMIN/GHOST; the leaders of the assignee's team; the slot's creator. */
export function canEditSlot(viewer: Viewer, slot: { assigneeId: string; createdById: string | null }): boolean {
  return viewer.isAdmin || viewer.led.has(slot.assigneeId) || slot.createdById === viewer.userId
}

/** The assignee's occurrences in the slot's series (an index lookup on assigned_slots_series_idx per row). */
const seriesSizeSql = sql<number>`(select count(*)::int from ${assignedSlots} as series_peer
  where series_peer.series_id = ${assignedSlots.seriesId} and series_peer.assignee_id = ${assignedSlots.assigneeId})`

/** The slot's post as `slot_post` (id, status): published, else scheduled or pending, else the latest draft. */
const slotPostJoin = sql`left join lateral (
  select candidate.id, candidate.status from ${posts} as candidate where candidate.slot_id = ${assignedSlots.id}
  order by (candidate.status = 'PUBLISHED') desc, (candidate.status <> 'DRAFT') desc, candidate.updated_at desc, candidate.id limit 1
) as slot_post on true`

/** `slotStatus` as an SQL condition on the row and its `slot_post` (the status filter of the calendar and the list view). */
function statusCondition(status: SlotStatus, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`
  if (status === 'DONE') return sql`slot_post.status = 'PUBLISHED'`
  const notDone = sql`slot_post.status is distinct from 'PUBLISHED'`
  return status === 'MISSED' ? sql`(${notDone} and ${assignedSlots.time} < ${at})` : sql`(${notDone} and ${assignedSlots.time} >= ${at})`
}

/** A slot as its statement reads it: plain columns, the time already as ISO text. */
interface SlotViewRow {
  id: string
  series_id: string
  occurrence: number
  assignee_id: string
  time: string
  timezone: string
  comment: string
  auto_assign: boolean
  tag_id: string | null
  is_business_page_slot: boolean
  business_post_tag_id: string | null
  target_audience: string
  post_type: PostType
  recurrence_type: 'weekly' | 'monthly' | null
  recurrence_interval: number | null
  recurrence_count: number | null
  created_by_id: string | null
  series_size: number
  post_id: string | null
  post_status: string | null
  /** The page slot's pages by name, comma-separated ids; null for the others. */
  page_ids: string | null
}

/** A person, tag or page the slots refer to (the look-up statement's rows). */
interface SlotRefRow {
  kind: 'person' | 'tag' | 'page'
  id: string
  name: string
  image: string | null
  color: string | null
}

interface SlotQuery {
  /** Conditions on assigned_slots (the organization is added here). */
  where?: SQL | undefined
  /** What the status is worked out against. */
  now: Date
  /** Only slots of this status. */
  status?: SlotStatus | undefined
  limit?: number | undefined
}

/**
 * The organization's slots matching `query`, ordered by (time, id), as the viewer sees them. Two
 * statements whatever their number (see above).
 */
export async function readSlots(executor: Executor, viewer: Viewer, query: SlotQuery): Promise<AssignedSlot[]> {
  const where = and(
    eq(assignedSlots.organizationId, viewer.organizationId),
    query.where,
    query.status ? statusCondition(query.status, query.now) : undefined
  )
  const rows = rowsOf<SlotViewRow>(
    await executor.execute(sql`
      select ${assignedSlots.id} as id, ${assignedSlots.seriesId} as series_id, ${assignedSlots.occurrence} as occurrence,
        ${assignedSlots.assigneeId} as assignee_id,
        to_char(${assignedSlots.time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as time,
        ${assignedSlots.timezone} as timezone, ${assignedSlots.comment} as comment, ${assignedSlots.autoAssign} as auto_assign,
        ${assignedSlots.tagId} as tag_id, ${assignedSlots.isBusinessPageSlot} as is_business_page_slot,
        ${assignedSlots.businessPostTagId} as business_post_tag_id, ${assignedSlots.targetAudience} as target_audience,
        ${assignedSlots.postType} as post_type, ${assignedSlots.recurrenceType} as recurrence_type,
        ${assignedSlots.recurrenceInterval} as recurrence_interval, ${assignedSlots.recurrenceCount} as recurrence_count,
        ${assignedSlots.createdById} as created_by_id,
        ${seriesSizeSql} as series_size,
        slot_post.id as post_id, slot_post.status as post_status,
        case when ${assignedSlots.isBusinessPageSlot} then (
          select string_agg(page.id::text, ',' order by lower(page.linked_in_company_name), page.id)
          from ${assignedSlotPages} as slot_page join ${businessPages} as page on page.id = slot_page.business_page_id
          where slot_page.slot_id = ${assignedSlots.id}) end as page_ids
      from ${assignedSlots}
      join ${memberships} on ${memberships.organizationId} = ${assignedSlots.organizationId}
        and ${memberships.userId} = ${assignedSlots.assigneeId} and ${memberships.status} = 'ACTIVE'
      ${slotPostJoin}
      where ${where}
      order by ${assignedSlots.time}, ${assignedSlots.id}
      ${query.limit === undefined ? sql`` : sql`limit ${query.limit}`}`)
  )
  if (rows.length === 0) return []

  const personIds = new Set<string>()
  const tagIds = new Set<string>()
  const pageIds = new Set<string>()
  for (const r of rows) {
    personIds.add(r.assignee_id)
    if (r.created_by_id) personIds.add(r.created_by_id)
    if (r.tag_id) tagIds.add(r.tag_id)
    if (r.business_post_tag_id) tagIds.add(r.business_post_tag_id)
    if (r.page_ids) for (const id of r.page_ids.split(',')) pageIds.add(id)
  }
  const uuidList = (ids: Set<string>) => (ids.size === 0 ? sql`null::uuid` : sql.join([...ids].map((id) => sql`${id}::uuid`), sql`, `))
  const refs = rowsOf<SlotRefRow>(
    await executor.execute(sql`
      select 'person' as kind, ${users.id}::text as id, ${users.fullName} as name, ${users.image} as image, null as color
        from ${users} where ${users.id} in (${uuidList(personIds)})
      union all
      select 'tag', ${postTags.id}::text, ${postTags.title}, null, ${postTags.color} from ${postTags} where ${postTags.id} in (${uuidList(tagIds)})
      union all
      select 'tag', ${businessPostTags.id}::text, ${businessPostTags.title}, null, ${businessPostTags.color}
        from ${businessPostTags} where ${businessPostTags.id} in (${uuidList(tagIds)})
      union all
      select 'page', ${businessPages.id}::text, ${businessPages.linkedInCompanyName}, ${businessPages.image}, null
        from ${businessPages} where ${businessPages.id} in (${uuidList(pageIds)})`)
  )
  const people = new Map<string, PersonRef>()
  const tags = new Map<string, TagRef>()
  const pages = new Map<string, PageRef>()
  for (const r of refs) {
    if (r.kind === 'person') people.set(r.id, { id: r.id, fullName: r.name, image: r.image })
    else if (r.kind === 'tag') tags.set(r.id, { id: r.id, title: r.name, color: (r.color ?? '').toLowerCase() })
    else pages.set(r.id, { id: r.id, linkedInCompanyName: r.name, image: r.image })
  }

  const slots: AssignedSlot[] = []
  for (const r of rows) {
    const assignee = people.get(r.assignee_id)
    // The assignee is an active member (the join above); a user row missing here would be a broken database.
    if (assignee === undefined) throw new Error(`Slot ${r.id}: its assignee ${r.assignee_id} was not found.`)
    const businessPages: PageRef[] = []
    if (r.page_ids) {
      for (const id of r.page_ids.split(',')) {
        const page = pages.get(id)
        if (page) businessPages.push(page)
      }
    }
    slots.push({
      id: r.id,
      seriesId: r.series_id,
      occurrence: r.occurrence,
      seriesSize: Math.max(1, r.series_size),
      time: r.time,
      timezone: r.timezone,
      comment: r.comment,
      autoAssign: r.auto_assign,
      assignee,
      tag: (r.tag_id && tags.get(r.tag_id)) || null,
      isBusinessPageSlot: r.is_business_page_slot,
      businessPages,
      businessPostTag: (r.business_post_tag_id && tags.get(r.business_post_tag_id)) || null,
      targetAudience: r.target_audience,
      postType: r.post_type,
      recurrence:
        r.recurrence_type && r.recurrence_interval !== null && r.recurrence_count !== null
          ? { type: r.recurrence_type, interval: r.recurrence_interval, count: r.recurrence_count }
          : null,
      createdBy: (r.created_by_id && people.get(r.created_by_id)) || null,
      status: slotStatus(r.time, query.now, r.post_status === 'PUBLISHED'),
      postId: r.post_id,
      canEdit: canEditSlot(viewer, { assigneeId: r.assignee_id, createdById: r.created_by_id })
    })
  }
  return slots
}
