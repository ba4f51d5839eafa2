import { and, asc, eq, exists, gte, inArray, isNotNull, isNull, lt, not, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { scheduleFilterSchema } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import { DAY_MS, SLOT_WINDOW_DAYS } from '../../shared/constants'
import type { AssignedSlot, CalendarPost, PersonRef, PostStatus, PostType, ScheduleItem, SlotStatus } from '../../shared/domain'
import {
  calendarDefaultsOf,
  EMPTY_CALENDAR_DEFAULTS,
  RefList,
  type CompactCalendar,
  type CompactSlot,
  type PageRef,
  type TagRef
} from '../../shared/domain/compactCalendar'
import { postStatusSchema } from '../../shared/domain'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { rowsOf } from '../db/migrate'
import { assignedSlotPages, assignedSlots, businessPages, businessPostTags, memberships, planVersions, postTags, posts, teamMembers, teams, users } from '../db/schema'
import { badRequest, notFound } from '../errors'
import type { CacheTicket } from '../http/answerCache'
import type { OrganizationSession } from '../http/route'
import { isUuid } from './ids'
import { postExcerpt } from './posts'
import { canEditSlot, selectSlotRows, toSlotView, viewerOf, type Viewer } from './slots'

/**
 * The read side of the Plan (issue 5): one member's slots, the calendar and the list view.
 *
 * Decisions (README, "Plan: the schedule"):
 * - The plan is shared: everyone in the organization sees everyone's slots (canEdit says what
 *   they may change). Everything is scoped to the session's organization, and only slots whose
 *   assignee is still an ACTIVE member show.
 * - Ranges are [from, to). GET /schedule/assigned-slots: the session's user unless userId (a
 *   member of the organization, else 404 memberNotFound), from defaults to now, to to from + 90
 *   days. GET /schedule/calendar: from and to required. Both at most 100 days (400
 *   calendarRangeTooLong); to must be after from. GET /schedule (list view) is paged by a keyset
 *   cursor over (time, id), so it needs no range limit: from defaults to now, to is open-ended;
 *   limit 100 by default, at most 500.
 * - Filters: status OPEN / DONE / MISSED filters slots and shows no posts; a post status filters
 *   posts and shows no slots (RECOMMENDED, issue 15: the reshares of recommended posts that are
 *   scheduled, being published or published — a draft has no place in time); type is the post
 *   type of both; accountId is a member's user id (their slots; the posts they publish as
 *   themselves) or a business page id (the page slots for
 *   it; the posts published as it), anything else 404; teamId the slots of that team's members and
 *   the posts they wrote (another organization's team is 404 teamNotFound).
 * - Posts (issue 6) on the Plan: SCHEDULED, PENDING_PUBLISH and PUBLISHED posts of everyone in
 *   the organization, at their publishedAt (published) or scheduledAt. Drafts are their author's
 *   own work in progress (a post that failed to publish is a draft again) and never show; the
 *   editor lists them (GET /posts). Posts show whoever wrote them, like published history.
 * - A slot is DONE when a published post is linked to it, whatever its time; OPEN and MISSED
 *   exclude DONE slots.
 * - The list view merges slots and posts by (time, id) under one cursor: each side is read past
 *   the cursor up to limit + 1 rows, the merged page is the first `limit`.
 * - Efficiency: ONE query for the slots with their assignee, creator, tags, pages, series size
 *   and linked post (selectSlotRows), ONE for the posts with their account, plus one for the teams
 *   the viewer leads (canEdit) and, with filters, one to resolve accountId / teamId. Never one
 *   query per slot or post. The calendar (issue 16) answers in its compact wire shape
 *   (shared/domain/compactCalendar.ts): its slots as plain columns in one statement, then one
 *   look-up of the people, tags and pages they refer to (compactSlotsInRange).
 */

type ScheduleFilter = z.output<typeof scheduleFilterSchema>
type CalendarQuery = ScheduleFilter & { from: string; to: string }

/**
 * When a calendar answer changes without any write: a slot is OPEN until its time and MISSED just
 * after, so the answer holds until the earliest OPEN slot's time has passed (ms; Infinity when it
 * has none). Everything else in it changes only with the Plan version.
 */
export function calendarExpiresAt(calendar: CompactCalendar): number {
  let earliest = Number.POSITIVE_INFINITY
  for (const slot of calendar.slots) {
    if ((slot.status ?? calendar.defaults.status) !== 'OPEN') continue
    earliest = Math.min(earliest, Date.parse(slot.time) + 1)
  }
  return earliest
}

const CALENDAR_MAX_DAYS = 100
export const ACCOUNT_NOT_FOUND = 'No member or business page with this id in your organization.'
export const RANGE_BACKWARDS = 'The end of the range must be after its start.'
export const CURSOR_INVALID = 'This list position is no longer valid. Reload the list.'

export interface ScheduleService {
  listAssigned(session: OrganizationSession, query: { userId?: string; from?: string; to?: string }): Promise<AssignedSlot[]>
  /** The calendar in its wire shape (shared/domain/compactCalendar.ts). */
  calendar(session: OrganizationSession, query: CalendarQuery): Promise<CompactCalendar>
  /**
   * What the calendar's answer may be kept under (issue 16): the viewer and the query as the key,
   * and the organization's Plan version (migration 0015's triggers bump it with every change the
   * calendar shows), read now, before the calendar is. Null for OPEN and MISSED, whose slots
   * enter and leave the answer as time passes.
   */
  calendarTicket(session: OrganizationSession, query: CalendarQuery): Promise<CacheTicket | null>
  list(
    session: OrganizationSession,
    query: ScheduleFilter & { from?: string; to?: string; cursor?: string; limit: number }
  ): Promise<{ items: ScheduleItem[]; nextCursor: string | null }>
}

/** [from, to) with to after from and at most `maxDays` long (null: no limit). */
function checkRange(from: Date, to: Date | null, maxDays: number | null): void {
  if (to === null) return
  if (to.getTime() <= from.getTime()) throw badRequest(RANGE_BACKWARDS, { to: RANGE_BACKWARDS })
  if (maxDays !== null && to.getTime() - from.getTime() > maxDays * DAY_MS) {
    throw badRequest(MESSAGES.calendarRangeTooLong, { to: MESSAGES.calendarRangeTooLong })
  }
}

/** The list view's position: the last item's (time, id), base64url JSON. */
export function encodeCursor(time: Date, id: string): string {
  return Buffer.from(JSON.stringify({ t: time.toISOString(), id })).toString('base64url')
}

export function decodeCursor(cursor: string): { time: Date; id: string } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { t?: unknown; id?: unknown }
    const time = typeof parsed.t === 'string' ? new Date(parsed.t) : null
    if (time && !Number.isNaN(time.getTime()) && typeof parsed.id === 'string' && isUuid(parsed.id)) return { time, id: parsed.id }
  } catch {
    // falls through to the 400
  }
  throw badRequest(CURSOR_INVALID, { cursor: CURSOR_INVALID })
}

/** The post statuses the Plan shows. */
const PLAN_POST_STATUSES: PostStatus[] = ['SCHEDULED', 'PENDING_PUBLISH', 'PUBLISHED']

/** SQL conditions on the organization's posts for the filters; null when no post can match (a slot status). */
function postConditions(account: Account | null, teamId: string | null, filter: ScheduleFilter): SQL[] | null {
  const status = postStatusSchema.safeParse(filter.status)
  if (filter.status && !status.success) return null
  // RECOMMENDED (issue 15): the reshares of recommended posts on the Plan, whatever their Plan status.
  const recommended = status.success && status.data === 'RECOMMENDED'
  if (status.success && !recommended && !PLAN_POST_STATUSES.includes(status.data)) return null
  const conditions: SQL[] = [status.success && !recommended ? eq(posts.status, status.data) : inArray(posts.status, PLAN_POST_STATUSES)]
  if (recommended) conditions.push(isNotNull(posts.recommendationId))
  if (filter.type) conditions.push(eq(posts.type, filter.type))
  if (account?.kind === 'user') conditions.push(eq(posts.authorUserId, account.id), isNull(posts.businessPageId))
  if (account?.kind === 'page') conditions.push(eq(posts.businessPageId, account.id))
  if (teamId) conditions.push(inArray(posts.authorUserId, sql`(select ${teamMembers.userId} from ${teamMembers} where ${teamMembers.teamId} = ${teamId})`))
  return conditions
}

/**
 * The organization's posts on the Plan in [from, to) (to null: open-ended), after `after` in
 * (time, id) order, matching the filters, with who they are published as. One query.
 */
async function postsInRange(
  executor: Executor,
  organizationId: string,
  range: { from: Date; to: Date | null; after?: { time: Date; id: string } | null; limit?: number },
  conditions: SQL[] | null
): Promise<CalendarPost[]> {
  if (!conditions) return []
  // Published posts sit at their publishing time, the others at their scheduled time.
  const time = sql`coalesce(${posts.publishedAt}, ${posts.scheduledAt})`
  const query = executor
    .select({
      id: posts.id,
      time: sql<Date>`coalesce(${posts.publishedAt}, ${posts.scheduledAt})`.mapWith(posts.scheduledAt),
      status: posts.status,
      type: posts.type,
      slotId: posts.slotId,
      head: sql<string>`left(${posts.text}, 200)`,
      authorId: posts.authorUserId,
      authorName: users.fullName,
      authorImage: users.image,
      pageId: posts.businessPageId,
      pageName: businessPages.linkedInCompanyName,
      pageImage: businessPages.image
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorUserId))
    .leftJoin(businessPages, eq(businessPages.id, posts.businessPageId))
    .where(
      and(
        eq(posts.organizationId, organizationId),
        sql`${time} >= ${range.from.toISOString()}::timestamptz`,
        range.to ? sql`${time} < ${range.to.toISOString()}::timestamptz` : undefined,
        range.after ? sql`(${time}, ${posts.id}) > (${range.after.time.toISOString()}::timestamptz, ${range.after.id}::uuid)` : undefined,
        ...conditions
      )
    )
    .orderBy(asc(time), asc(posts.id))
  const rows = range.limit === undefined ? await query : await query.limit(range.limit)
  return rows.map((r) => ({
    id: r.id,
    time: r.time.toISOString(),
    status: r.status,
    postType: r.type,
    account:
      r.pageId && r.pageName !== null
        ? { id: r.pageId, name: r.pageName, kind: 'page' as const, image: r.pageImage }
        : { id: r.authorId, name: r.authorName, kind: 'user' as const, image: r.authorImage },
    excerpt: postExcerpt(r.head, 120),
    slotId: r.slotId
  }))
}

type Account = { kind: 'user' | 'page'; id: string }

/** A slot of the calendar as its one statement reads it: plain columns, the time already as ISO text. */
interface CalendarSlotRow {
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
  status: SlotStatus
  post_id: string | null
  /** The page slot's pages by name, comma-separated ids; null for the others. */
  page_ids: string | null
}

/** A person, tag or page the calendar's slots refer to (the look-up statement's rows). */
interface CalendarRefRow {
  kind: 'person' | 'tag' | 'page'
  id: string
  name: string
  image: string | null
  color: string | null
}

type SlotsPart = Omit<CompactCalendar, 'posts'>

const emptySlots = (): SlotsPart => ({ people: [], tags: [], pages: [], defaults: EMPTY_CALENDAR_DEFAULTS, slots: [] })

/**
 * GET /schedule/calendar's slots in their wire shape (shared/domain/compactCalendar.ts), in two
 * statements whatever their number: the slots in [from, to) matching `conditions` as plain
 * columns (their status, series size, post and page ids worked out by PostgreSQL), then every
 * person, tag and page they refer to, once each. Per slot only a small mapping runs here.
 */
async function compactSlotsInRange(executor: Executor, viewer: Viewer, range: { from: Date; to: Date; now: Date }, conditions: SQL[]): Promise<SlotsPart> {
  const where = and(
    eq(assignedSlots.organizationId, viewer.organizationId),
    gte(assignedSlots.time, range.from),
    lt(assignedSlots.time, range.to),
    ...conditions
  )
  const rows = rowsOf<CalendarSlotRow>(
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
        (select count(*)::int from ${assignedSlots} as series_peer
          where series_peer.series_id = ${assignedSlots.seriesId} and series_peer.assignee_id = ${assignedSlots.assigneeId}) as series_size,
        case when slot_post.status = 'PUBLISHED' then 'DONE'
          when ${assignedSlots.time} < ${range.now.toISOString()}::timestamptz then 'MISSED' else 'OPEN' end as status,
        slot_post.id as post_id,
        case when ${assignedSlots.isBusinessPageSlot} then (
          select string_agg(page.id::text, ',' order by lower(page.linked_in_company_name), page.id)
          from ${assignedSlotPages} as slot_page join ${businessPages} as page on page.id = slot_page.business_page_id
          where slot_page.slot_id = ${assignedSlots.id}) end as page_ids
      from ${assignedSlots}
      join ${memberships} on ${memberships.organizationId} = ${assignedSlots.organizationId}
        and ${memberships.userId} = ${assignedSlots.assigneeId} and ${memberships.status} = 'ACTIVE'
      -- The post written for the slot: the published one (which makes it DONE), else a scheduled or
      -- pending one, else the latest draft (posts_slot_idx).
      left join lateral (
        select candidate.id, candidate.status from ${posts} as candidate where candidate.slot_id = ${assignedSlots.id}
        order by (candidate.status = 'PUBLISHED') desc, (candidate.status <> 'DRAFT') desc, candidate.updated_at desc, candidate.id limit 1
      ) as slot_post on true
      where ${where}
      order by ${assignedSlots.time}, ${assignedSlots.id}`)
  )
  if (rows.length === 0) return emptySlots()

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
  const refs = rowsOf<CalendarRefRow>(
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

  const canEditOf = (r: CalendarSlotRow) => canEditSlot(viewer, { assigneeId: r.assignee_id, createdById: r.created_by_id })
  const defaults = calendarDefaultsOf(rows.map((r) => ({ timezone: r.timezone, postType: r.post_type, status: r.status, canEdit: canEditOf(r) })))
  const peopleList = new RefList<PersonRef>()
  const tagList = new RefList<TagRef>()
  const pageList = new RefList<PageRef>()
  const personRef = (id: string) => {
    const person = people.get(id)
    return person ? peopleList.ref(id, () => person) : undefined
  }
  const tagRef = (id: string | null) => {
    const tag = id === null ? undefined : tags.get(id)
    return tag ? tagList.ref(tag.id, () => tag) : undefined
  }
  const slots: CompactSlot[] = []
  for (const r of rows) {
    const assignee = personRef(r.assignee_id)
    // The assignee is an active member (the join above); a user row missing here would be a broken database.
    if (assignee === undefined) throw new Error(`Slot ${r.id}: its assignee ${r.assignee_id} was not found.`)
    const slot: CompactSlot = { id: r.id, time: r.time, assignee }
    if (r.series_id !== r.id) slot.seriesId = r.series_id
    if (r.occurrence !== 0) slot.occurrence = r.occurrence
    if (r.series_size > 1) slot.seriesSize = r.series_size
    if (r.timezone !== defaults.timezone) slot.timezone = r.timezone
    if (r.comment !== '') slot.comment = r.comment
    if (r.auto_assign) slot.autoAssign = true
    const tag = tagRef(r.tag_id)
    if (tag !== undefined) slot.tag = tag
    if (r.is_business_page_slot) slot.isBusinessPageSlot = true
    if (r.page_ids) {
      const refs: number[] = []
      for (const id of r.page_ids.split(',')) {
        const page = pages.get(id)
        if (page) refs.push(pageList.ref(id, () => page))
      }
      if (refs.length > 0) slot.businessPages = refs
    }
    const businessPostTag = tagRef(r.business_post_tag_id)
    if (businessPostTag !== undefined) slot.businessPostTag = businessPostTag
    if (r.target_audience !== '') slot.targetAudience = r.target_audience
    if (r.post_type !== defaults.postType) slot.postType = r.post_type
    if (r.recurrence_type && r.recurrence_interval !== null && r.recurrence_count !== null) {
      slot.recurrence = { type: r.recurrence_type, interval: r.recurrence_interval, count: r.recurrence_count }
    }
    const createdBy = r.created_by_id === null ? undefined : personRef(r.created_by_id)
    if (createdBy !== undefined) slot.createdBy = createdBy
    if (r.status !== defaults.status) slot.status = r.status
    if (r.post_id !== null) slot.postId = r.post_id
    const canEdit = canEditOf(r)
    if (canEdit !== defaults.canEdit) slot.canEdit = canEdit
    slots.push(slot)
  }
  return { people: peopleList.items, tags: tagList.items, pages: pageList.items, defaults, slots }
}

export function createScheduleService(deps: { db: Database; clock: Clock }): ScheduleService {
  const { db, clock } = deps

  /**
   * SQL conditions for the filters, on assigned_slots and on posts; null on a side nothing can
   * match (a post status shows no slot, a slot status no post). Unknown accounts and teams are 404.
   */
  async function filters(executor: Executor, organizationId: string, filter: ScheduleFilter, now: Date): Promise<{ slots: SQL[] | null; posts: SQL[] | null }> {
    let account: Account | null = null
    if (filter.accountId) {
      const id = filter.accountId
      if (!isUuid(id)) throw notFound(ACCOUNT_NOT_FOUND)
      const [member] = await executor
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, id)))
        .limit(1)
      if (member) account = { kind: 'user', id }
      else {
        const [page] = await executor
          .select({ id: businessPages.id })
          .from(businessPages)
          .where(and(eq(businessPages.organizationId, organizationId), eq(businessPages.id, id)))
          .limit(1)
        if (!page) throw notFound(ACCOUNT_NOT_FOUND)
        account = { kind: 'page', id: page.id }
      }
    }
    let teamId: string | null = null
    if (filter.teamId) {
      if (!isUuid(filter.teamId)) throw notFound(MESSAGES.teamNotFound)
      const [team] = await executor
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.organizationId, organizationId), eq(teams.id, filter.teamId)))
        .limit(1)
      if (!team) throw notFound(MESSAGES.teamNotFound)
      teamId = team.id
    }
    return { slots: slotConditions(executor, account, teamId, filter, now), posts: postConditions(account, teamId, filter) }
  }

  function slotConditions(executor: Executor, account: Account | null, teamId: string | null, filter: ScheduleFilter, now: Date): SQL[] | null {
    if (filter.status && postStatusSchema.safeParse(filter.status).success) return null
    const conditions: SQL[] = []
    if (filter.type) conditions.push(eq(assignedSlots.postType, filter.type))
    if (account?.kind === 'user') conditions.push(eq(assignedSlots.assigneeId, account.id))
    if (account?.kind === 'page') {
      conditions.push(
        exists(
          executor
            .select({ one: sql`1` })
            .from(assignedSlotPages)
            .where(and(eq(assignedSlotPages.slotId, assignedSlots.id), eq(assignedSlotPages.businessPageId, account.id)))
        )
      )
    }
    if (teamId) conditions.push(inArray(assignedSlots.assigneeId, executor.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId))))
    const published = exists(
      executor
        .select({ one: sql`1` })
        .from(posts)
        .where(and(eq(posts.slotId, assignedSlots.id), eq(posts.status, 'PUBLISHED')))
    )
    if (filter.status === 'DONE') conditions.push(published)
    if (filter.status === 'OPEN') conditions.push(gte(assignedSlots.time, now), not(published))
    if (filter.status === 'MISSED') conditions.push(lt(assignedSlots.time, now), not(published))
    return conditions
  }

  return {
    async listAssigned(session, query) {
      const organizationId = session.organization.id
      const now = clock.now()
      const userId = query.userId ?? session.userId
      const from = query.from ? new Date(query.from) : now
      const to = query.to ? new Date(query.to) : new Date(from.getTime() + SLOT_WINDOW_DAYS * DAY_MS)
      checkRange(from, to, CALENDAR_MAX_DAYS)
      if (!isUuid(userId)) throw notFound(MESSAGES.memberNotFound)
      const [member] = await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
        .limit(1)
      if (!member) throw notFound(MESSAGES.memberNotFound)
      const viewer = await viewerOf(db, session)
      const rows = await selectSlotRows(
        db,
        organizationId,
        and(eq(assignedSlots.assigneeId, userId), gte(assignedSlots.time, from), lt(assignedSlots.time, to))
      )
      return rows.map((r) => toSlotView(viewer, r, now))
    },

    async calendar(session, query) {
      const organizationId = session.organization.id
      const now = clock.now()
      const from = new Date(query.from)
      const to = new Date(query.to)
      checkRange(from, to, CALENDAR_MAX_DAYS)
      const conditions = await filters(db, organizationId, query, now)
      const viewer = await viewerOf(db, session)
      const slots = conditions.slots ? await compactSlotsInRange(db, viewer, { from, to, now }, conditions.slots) : emptySlots()
      return { ...slots, posts: await postsInRange(db, organizationId, { from, to }, conditions.posts) }
    },

    async calendarTicket(session, query) {
      if (query.status === 'OPEN' || query.status === 'MISSED') return null
      const now = clock.now().getTime()
      const [row] = await db.select({ version: planVersions.version }).from(planVersions).where(eq(planVersions.organizationId, session.organization.id))
      const key = JSON.stringify([
        session.organization.id,
        session.userId,
        session.organization.role,
        new Date(query.from).toISOString(),
        new Date(query.to).toISOString(),
        query.accountId ?? null,
        query.teamId ?? null,
        query.status ?? null,
        query.type ?? null
      ])
      return { key, version: String(row?.version ?? 0), now }
    },

    async list(session, query) {
      const organizationId = session.organization.id
      const now = clock.now()
      const from = query.from ? new Date(query.from) : now
      const to = query.to ? new Date(query.to) : null
      checkRange(from, to, null)
      const after = query.cursor ? decodeCursor(query.cursor) : null
      const conditions = await filters(db, organizationId, query, now)
      const viewer = await viewerOf(db, session)
      const rows = conditions.slots
        ? await selectSlotRows(
            db,
            organizationId,
            and(
              gte(assignedSlots.time, from),
              to ? lt(assignedSlots.time, to) : undefined,
              after ? sql`(${assignedSlots.time}, ${assignedSlots.id}) > (${after.time.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
              ...conditions.slots
            ),
            query.limit + 1
          )
        : []
      const postRows = await postsInRange(db, organizationId, { from, to, after, limit: query.limit + 1 }, conditions.posts)
      const items: ScheduleItem[] = [
        ...rows.map((r) => {
          const slot = toSlotView(viewer, r, now)
          return { kind: 'slot' as const, time: slot.time, slot }
        }),
        ...postRows.map((post) => ({ kind: 'post' as const, time: post.time, post }))
      ].sort((a, b) => a.time.localeCompare(b.time) || itemId(a).localeCompare(itemId(b)))
      const page = items.slice(0, query.limit)
      const last = page[page.length - 1]
      return {
        items: page,
        nextCursor: items.length > query.limit && last ? encodeCursor(new Date(last.time), itemId(last)) : null
      }
    }
  }
}

const itemId = (item: ScheduleItem) => (item.kind === 'slot' ? item.slot.id : item.post.id)
