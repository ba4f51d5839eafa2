import { z } from 'zod'
import { personRefSchema } from './common'
import { postTypeSchema } from './enums'
import { assignedSlotSchema, calendarPostSchema, slotStatusSchema, type AssignedSlot, type Calendar } from './slot'

/**
 * GET /schedule/calendar's wire shape (issue 16): a month of a busy organization is thousands of
 * slots, and as `AssignedSlot`s every one repeated its assignee, creator, tags and pages by value
 * (~677 bytes of JSON a slot). Here each person, tag and page is sent once in a top-level list and
 * a slot refers to it by its index in that list; a slot field at its default is left out:
 * - seriesId: the slot's own id; occurrence: 0; seriesSize: 1;
 * - comment, targetAudience: ''; autoAssign, isBusinessPageSlot: false (only `true` is sent);
 * - tag, businessPostTag, recurrence, createdBy, postId: null; businessPages: [];
 * - timezone, postType, status, canEdit: the answer's `defaults` (the most common value in it).
 * `expandCalendar` turns it back into the `Calendar` the Plan's views use; `compactCalendar` is
 * its inverse, and the one encoder: the server answers with it (services/schedule/).
 */

const tagRefSchema = assignedSlotSchema.shape.tag.unwrap()
const pageRefSchema = assignedSlotSchema.shape.businessPages.element
const recurrenceSchema = assignedSlotSchema.shape.recurrence.unwrap()
export type TagRef = z.infer<typeof tagRefSchema>
export type PageRef = z.infer<typeof pageRefSchema>

/** An index into one of the answer's lists. */
const refSchema = z.number().int().nonnegative()

export const compactSlotSchema = z.object({
  id: z.string(),
  seriesId: z.string().optional(),
  occurrence: z.number().int().positive().optional(),
  seriesSize: z.number().int().min(2).optional(),
  time: assignedSlotSchema.shape.time,
  timezone: z.string().optional(),
  comment: z.string().min(1).optional(),
  autoAssign: z.literal(true).optional(),
  /** Index into `people`. */
  assignee: refSchema,
  /** Index into `tags`. */
  tag: refSchema.optional(),
  isBusinessPageSlot: z.literal(true).optional(),
  /** Indexes into `pages`. */
  businessPages: z.array(refSchema).min(1).optional(),
  /** Index into `tags`. */
  businessPostTag: refSchema.optional(),
  targetAudience: z.string().min(1).optional(),
  postType: postTypeSchema.optional(),
  recurrence: recurrenceSchema.optional(),
  /** Index into `people`. */
  createdBy: refSchema.optional(),
  status: slotStatusSchema.optional(),
  postId: z.string().optional(),
  canEdit: z.boolean().optional()
})
export type CompactSlot = z.infer<typeof compactSlotSchema>

export const calendarDefaultsSchema = z.object({
  timezone: z.string(),
  postType: postTypeSchema,
  status: slotStatusSchema,
  canEdit: z.boolean()
})
export type CalendarDefaults = z.infer<typeof calendarDefaultsSchema>

export const compactCalendarSchema = z.object({
  /** Assignees and creators. */
  people: z.array(personRefSchema),
  /** Topic tags and business post tags. */
  tags: z.array(tagRefSchema),
  /** Business pages. */
  pages: z.array(pageRefSchema),
  defaults: calendarDefaultsSchema,
  slots: z.array(compactSlotSchema),
  posts: z.array(calendarPostSchema)
})
export type CompactCalendar = z.infer<typeof compactCalendarSchema>

/** When a calendar has no slots. */
const EMPTY_CALENDAR_DEFAULTS: CalendarDefaults = { timezone: 'UTC', postType: 'textOnly', status: 'OPEN', canEdit: false }

/** The most frequent of `values` (on a tie, the one that reached that count first); `fallback` when there are none. */
export function mostCommon<T>(values: Iterable<T>, fallback: T): T {
  const counts = new Map<T, number>()
  let best = fallback
  let bestCount = 0
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1
    counts.set(value, count)
    if (count > bestCount) {
      best = value
      bestCount = count
    }
  }
  return best
}

/** The defaults that leave out the most: each field's most common value among `slots`. */
function calendarDefaultsOf(
  slots: readonly { timezone: string; postType: CalendarDefaults['postType']; status: CalendarDefaults['status']; canEdit: boolean }[]
): CalendarDefaults {
  const d = EMPTY_CALENDAR_DEFAULTS
  return {
    timezone: mostCommon(
      slots.map((s) => s.timezone),
      d.timezone
    ),
    postType: mostCommon(
      slots.map((s) => s.postType),
      d.postType
    ),
    status: mostCommon(
      slots.map((s) => s.status),
      d.status
    ),
    canEdit: mostCommon(
      slots.map((s) => s.canEdit),
      d.canEdit
    )
  }
}

/**
 * A list of distinct items by key, each added once; `ref` answers its index. `compactCalendar`
 * builds the answer's people, tags and pages with it.
 */
class RefList<T> {
  readonly items: T[] = []
  private readonly index = new Map<string, number>()
  ref(key: string, make: () => T): number {
    let at = this.index.get(key)
    if (at === undefined) {
      at = this.items.length
      this.items.push(make())
      this.index.set(key, at)
    }
    return at
  }
}

/**
 * A slot in compact form; its people, tags and pages are entered through `refs`. Person and tag
 * lists key by id, so the same id always stands for the same value (as it does in one answer).
 */
function compactSlot(
  slot: AssignedSlot,
  defaults: CalendarDefaults,
  refs: { people: RefList<AssignedSlot['assignee']>; tags: RefList<TagRef>; pages: RefList<PageRef> }
): CompactSlot {
  const out: CompactSlot = { id: slot.id, time: slot.time, assignee: refs.people.ref(slot.assignee.id, () => slot.assignee) }
  if (slot.seriesId !== slot.id) out.seriesId = slot.seriesId
  if (slot.occurrence !== 0) out.occurrence = slot.occurrence
  if (slot.seriesSize !== 1) out.seriesSize = slot.seriesSize
  if (slot.timezone !== defaults.timezone) out.timezone = slot.timezone
  if (slot.comment !== '') out.comment = slot.comment
  if (slot.autoAssign) out.autoAssign = true
  const tag = slot.tag
  if (tag) out.tag = refs.tags.ref(tag.id, () => tag)
  if (slot.isBusinessPageSlot) out.isBusinessPageSlot = true
  if (slot.businessPages.length > 0) out.businessPages = slot.businessPages.map((page) => refs.pages.ref(page.id, () => page))
  const businessPostTag = slot.businessPostTag
  if (businessPostTag) out.businessPostTag = refs.tags.ref(businessPostTag.id, () => businessPostTag)
  if (slot.targetAudience !== '') out.targetAudience = slot.targetAudience
  if (slot.postType !== defaults.postType) out.postType = slot.postType
  if (slot.recurrence) out.recurrence = slot.recurrence
  const createdBy = slot.createdBy
  if (createdBy) out.createdBy = refs.people.ref(createdBy.id, () => createdBy)
  if (slot.status !== defaults.status) out.status = slot.status
  if (slot.postId !== null) out.postId = slot.postId
  if (slot.canEdit !== defaults.canEdit) out.canEdit = slot.canEdit
  return out
}

/** `calendar` in its wire shape (the inverse of expandCalendar). */
export function compactCalendar(calendar: Calendar): CompactCalendar {
  const defaults = calendarDefaultsOf(calendar.slots)
  const refs = { people: new RefList<AssignedSlot['assignee']>(), tags: new RefList<TagRef>(), pages: new RefList<PageRef>() }
  const slots = calendar.slots.map((slot) => compactSlot(slot, defaults, refs))
  return { people: refs.people.items, tags: refs.tags.items, pages: refs.pages.items, defaults, slots, posts: calendar.posts }
}

/** 'Calendar answer refers to a missing person' and the like: a broken answer, never a silent gap. */
function at<T>(list: readonly T[], index: number, what: string): T {
  const item = list[index]
  if (item === undefined) throw new Error(`The calendar answer refers to ${what} ${index}, which it does not list.`)
  return item
}

/** The wire shape back as the `Calendar` the Plan's views use (each slot a full `AssignedSlot`). */
export function expandCalendar(compact: CompactCalendar): Calendar {
  const { people, tags, pages, defaults } = compact
  const slots = compact.slots.map(
    (s): AssignedSlot => ({
      id: s.id,
      seriesId: s.seriesId ?? s.id,
      occurrence: s.occurrence ?? 0,
      seriesSize: s.seriesSize ?? 1,
      time: s.time,
      timezone: s.timezone ?? defaults.timezone,
      comment: s.comment ?? '',
      autoAssign: s.autoAssign ?? false,
      assignee: at(people, s.assignee, 'person'),
      tag: s.tag === undefined ? null : at(tags, s.tag, 'tag'),
      isBusinessPageSlot: s.isBusinessPageSlot ?? false,
      businessPages: s.businessPages?.map((i) => at(pages, i, 'page')) ?? [],
      businessPostTag: s.businessPostTag === undefined ? null : at(tags, s.businessPostTag, 'tag'),
      targetAudience: s.targetAudience ?? '',
      postType: s.postType ?? defaults.postType,
      recurrence: s.recurrence ?? null,
      createdBy: s.createdBy === undefined ? null : at(people, s.createdBy, 'person'),
      status: s.status ?? defaults.status,
      postId: s.postId ?? null,
      canEdit: s.canEdit ?? defaults.canEdit
    })
  )
  return { slots, posts: compact.posts }
}
