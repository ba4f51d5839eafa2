import type { AssignedSlot, Calendar, CalendarPost, PostStatus, PostType, ScheduleItem, SlotStatus } from '@shared/domain'
import type { ZonedParts } from './calendarDates'

/** A slot or a post placed in the viewer's timezone. */
export type Entry =
  | ({ kind: 'slot'; id: string; slot: AssignedSlot } & ZonedParts)
  | ({ kind: 'post'; id: string; post: CalendarPost } & ZonedParts)

type Clock = (instant: string) => ZonedParts

export function slotEntry(slot: AssignedSlot, clock: Clock): Entry {
  return { kind: 'slot', id: `slot:${slot.id}`, slot, ...clock(slot.time) }
}

export function postEntry(post: CalendarPost, clock: Clock): Entry {
  return { kind: 'post', id: `post:${post.id}`, post, ...clock(post.time) }
}

export function itemEntry(item: ScheduleItem, clock: Clock): Entry {
  return item.kind === 'slot' ? slotEntry(item.slot, clock) : postEntry(item.post, clock)
}

export function entryName(entry: Entry): string {
  return entry.kind === 'slot' ? entry.slot.assignee.fullName : entry.post.account.name
}

const byTime = (a: Entry, b: Entry) => a.minutes - b.minutes || entryName(a).localeCompare(entryName(b)) || a.id.localeCompare(b.id)

/** The calendar's slots and posts by local day, each day sorted by time. */
export function entriesByDay(data: Calendar | undefined, clock: Clock): Map<string, Entry[]> {
  const days = new Map<string, Entry[]>()
  if (!data) return days
  const add = (entry: Entry) => {
    const list = days.get(entry.date)
    if (list) list.push(entry)
    else days.set(entry.date, [entry])
  }
  for (const slot of data.slots) add(slotEntry(slot, clock))
  for (const post of data.posts) add(postEntry(post, clock))
  for (const list of days.values()) list.sort(byTime)
  return days
}

/** A slot or post block in a week-view day column. */
export interface PlacedEntry {
  entry: Entry
  lane: number
  lanes: number
}

export interface WeekDayLayout {
  placed: PlacedEntry[]
  /** Entries that did not fit beside the others: shown behind a '+N more' at `minutes`. */
  overflow: { minutes: number; lane: number; lanes: number; entries: Entry[] }[]
}

/**
 * Lays out one day's sorted entries side by side where their blocks (spanMinutes tall) overlap, at
 * most maxLanes wide; when a cluster of overlapping entries needs more lanes, the last lane holds a
 * '+N more' for the rest.
 */
export function layoutDay(entries: readonly Entry[], spanMinutes: number, maxLanes: number): WeekDayLayout {
  const placed: PlacedEntry[] = []
  const overflow: WeekDayLayout['overflow'] = []
  let cluster: { entry: Entry; lane: number }[] = []
  let laneEnds: number[] = []
  let clusterEnd = -Infinity

  const flush = () => {
    if (cluster.length === 0) return
    const needed = laneEnds.length
    if (needed <= maxLanes) {
      for (const c of cluster) placed.push({ entry: c.entry, lane: c.lane, lanes: needed })
    } else {
      const shown = maxLanes - 1
      const rest: Entry[] = []
      for (const c of cluster) {
        if (c.lane < shown) placed.push({ entry: c.entry, lane: c.lane, lanes: maxLanes })
        else rest.push(c.entry)
      }
      overflow.push({ minutes: rest[0]!.minutes, lane: shown, lanes: maxLanes, entries: rest })
    }
    cluster = []
    laneEnds = []
  }

  for (const entry of entries) {
    const start = entry.minutes
    if (start >= clusterEnd) {
      flush()
      clusterEnd = -Infinity
    }
    let lane = laneEnds.findIndex((end) => end <= start)
    if (lane === -1) {
      lane = laneEnds.length
      laneEnds.push(start + spanMinutes)
    } else {
      laneEnds[lane] = start + spanMinutes
    }
    cluster.push({ entry, lane })
    clusterEnd = Math.max(clusterEnd, start + spanMinutes)
  }
  flush()
  return { placed, overflow }
}

export const SLOT_STATUS_LABELS: Record<SlotStatus, string> = { OPEN: 'Open', DONE: 'Done', MISSED: 'Missed' }

export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  PUBLISHED: 'Published',
  SCHEDULED: 'Scheduled',
  DRAFT: 'Draft',
  PENDING_PUBLISH: 'Pending publish',
  ASK_FOR_FEEDBACK: 'Asked for feedback',
  RECOMMENDED: 'Recommended'
}

export const POST_TYPE_LABELS: Record<PostType, string> = {
  textOnly: 'Text',
  images: 'Image',
  multiImage: 'Multiple images',
  videos: 'Video',
  document: 'Document',
  poll: 'Poll'
}

/** The accessible name of a slot: 'Slot at 09:00 for Grace Hopper, Hiring, Acme Page, Missed'. */
export function slotLabel(slot: AssignedSlot, time: string): string {
  const parts = [`Slot at ${time} for ${slot.assignee.fullName}`]
  const tag = slot.tag ?? slot.businessPostTag
  if (tag) parts.push(tag.title)
  if (slot.isBusinessPageSlot && slot.businessPages.length > 0) parts.push(slot.businessPages.map((p) => p.linkedInCompanyName).join(', '))
  parts.push(SLOT_STATUS_LABELS[slot.status])
  return parts.join(', ')
}

export function postLabel(post: CalendarPost, time: string): string {
  return `Post at ${time} by ${post.account.name}, ${POST_TYPE_LABELS[post.postType]}, ${POST_STATUS_LABELS[post.status]}`
}
