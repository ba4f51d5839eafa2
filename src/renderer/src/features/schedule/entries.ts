import type { AssignedSlot, Calendar, CalendarPost, PostStatus, ScheduleItem, SlotStatus } from '@shared/domain'
import { paths } from '@shared/routes'
import { POST_TYPE_LABELS } from '@renderer/lib/postTypeLabels'
import type { ZonedParts } from './calendarDates'

/** A slot or a post placed in the viewer's timezone. */
export type Entry =
  | ({ kind: 'slot'; id: string; slot: AssignedSlot } & ZonedParts)
  | ({ kind: 'post'; id: string; post: CalendarPost } & ZonedParts)

type Clock = (instant: string) => ZonedParts

export function slotEntry(slot: AssignedSlot, clock: Clock): Entry {
  return { kind: 'slot', id: `slot:${slot.id}`, slot, ...clock(slot.time) }
}

function postEntry(post: CalendarPost, clock: Clock): Entry {
  return { kind: 'post', id: `post:${post.id}`, post, ...clock(post.time) }
}

export function itemEntry(item: ScheduleItem, clock: Clock): Entry {
  return item.kind === 'slot' ? slotEntry(item.slot, clock) : postEntry(item.post, clock)
}

function entryName(entry: Entry): string {
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
interface PlacedEntry {
  entry: Entry
  lane: number
  lanes: number
  /** Its cluster's last lane holds '+N more' (see laneBox). */
  withMore: boolean
}

interface WeekDayLayout {
  placed: PlacedEntry[]
  /**
   * Entries that did not fit beside the others: a '+N more' at `minutes` for `entries`, whose list
   * shows `all` the entries overlapping it (those beside it too), so one list tells the whole time.
   */
  overflow: { minutes: number; lane: number; lanes: number; withMore: true; entries: Entry[]; all: Entry[] }[]
}

/**
 * The narrowest a week-view lane may be: a whole 'HH:mm' and the start of a name in a compact chip
 * (12 px text, a 4 px border and padding). Narrower lanes showed '10:3' (issue 12).
 */
export const WEEK_MIN_LANE_PX = 72
const WEEK_MAX_LANES = 4
/** The '+N more' lane: narrower than a chip's, so the chips beside it keep more of their names. */
export const WEEK_MORE_LANE_PX = 60

/**
 * How many lanes side by side a week-view day column `width` px wide holds. At least 2, so an
 * overlap still shows its first entry beside its '+N more' when the column is narrower than two
 * lanes (the chips then show what fits whole); a width not measured yet (0) gives 2.
 */
export function weekLanes(width: number): number {
  return Math.min(WEEK_MAX_LANES, Math.max(2, Math.floor(width / WEEK_MIN_LANE_PX)))
}

/**
 * A lane's place in a day column as CSS lengths, and its width in px for a column `columnWidth` px
 * wide. Lanes share the width equally, except beside a '+N more' (withMore: the last lane), which
 * takes WEEK_MORE_LANE_PX and leaves the rest to the chips. With lanes from weekLanes, a chip's
 * lane is never narrower than WEEK_MIN_LANE_PX, as the '+N more' lane is narrower than that.
 */
export function laneBox(lane: number, lanes: number, withMore: boolean, columnWidth: number): { left: string; width: string; px: number } {
  if (!withMore) return { left: `${(lane / lanes) * 100}%`, width: `${100 / lanes}%`, px: columnWidth / lanes }
  if (lane === lanes - 1) return { left: `calc(100% - ${WEEK_MORE_LANE_PX}px)`, width: `${WEEK_MORE_LANE_PX}px`, px: WEEK_MORE_LANE_PX }
  const chips = lanes - 1
  const rest = `(100% - ${WEEK_MORE_LANE_PX}px)`
  return { left: `calc(${rest} * ${lane} / ${chips})`, width: `calc(${rest} / ${chips})`, px: (columnWidth - WEEK_MORE_LANE_PX) / chips }
}

/**
 * Lays out one day's sorted entries side by side where their blocks (spanMinutes tall) overlap, at
 * most maxLanes wide. Where a cluster of overlapping entries needs more lanes, the first
 * maxLanes - 1 lanes hold entries and the last holds '+N more' blocks, each at the time of its first
 * entry, for the entries that did not fit while that block lasts.
 */
export function layoutDay(entries: readonly Entry[], spanMinutes: number, maxLanes: number): WeekDayLayout {
  const placed: PlacedEntry[] = []
  const overflow: WeekDayLayout['overflow'] = []

  const layoutCluster = (cluster: readonly Entry[]) => {
    const ends: number[] = []
    const lanes = cluster.map((entry) => {
      let lane = ends.findIndex((end) => end <= entry.minutes)
      if (lane === -1) lane = ends.push(0) - 1
      ends[lane] = entry.minutes + spanMinutes
      return lane
    })
    if (ends.length <= maxLanes) {
      cluster.forEach((entry, i) => placed.push({ entry, lane: lanes[i]!, lanes: ends.length, withMore: false }))
      return
    }
    const shown = maxLanes - 1
    const limitedEnds: number[] = []
    let group: WeekDayLayout['overflow'][number] | null = null
    for (const entry of cluster) {
      let lane = limitedEnds.findIndex((end) => end <= entry.minutes)
      if (lane === -1 && limitedEnds.length < shown) lane = limitedEnds.push(0) - 1
      if (lane !== -1) {
        limitedEnds[lane] = entry.minutes + spanMinutes
        placed.push({ entry, lane, lanes: maxLanes, withMore: true })
      } else if (group && group.minutes + spanMinutes > entry.minutes) {
        group.entries.push(entry)
      } else {
        group = { minutes: entry.minutes, lane: shown, lanes: maxLanes, withMore: true, entries: [entry], all: [] }
        overflow.push(group)
      }
    }
    for (const more of overflow) {
      if (more.all.length > 0) continue
      const end = more.entries.at(-1)!.minutes + spanMinutes
      more.all = cluster.filter((entry) => entry.minutes < end && entry.minutes + spanMinutes > more.minutes)
    }
  }

  let cluster: Entry[] = []
  let clusterEnd = -Infinity
  for (const entry of entries) {
    if (entry.minutes >= clusterEnd && cluster.length > 0) {
      layoutCluster(cluster)
      cluster = []
    }
    cluster.push(entry)
    clusterEnd = cluster.length === 1 ? entry.minutes + spanMinutes : Math.max(clusterEnd, entry.minutes + spanMinutes)
  }
  if (cluster.length > 0) layoutCluster(cluster)
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

export { POST_TYPE_LABELS }

/**
 * The accessible name of a slot: '09:00 Grace Hopper, slot, Hiring, Acme Page, Missed'. It begins
 * with what its chip shows (time and name, as one run), so a speech user can say what they see
 * (WCAG 2.5.3 Label in Name); what the chip shows by colour or icon follows.
 */
export function slotLabel(slot: AssignedSlot, time: string): string {
  const parts = [`${time} ${slot.assignee.fullName}`, 'slot']
  const tag = slot.tag ?? slot.businessPostTag
  if (tag) parts.push(tag.title)
  if (slot.isBusinessPageSlot && slot.businessPages.length > 0) parts.push(slot.businessPages.map((p) => p.linkedInCompanyName).join(', '))
  parts.push(SLOT_STATUS_LABELS[slot.status])
  return parts.join(', ')
}

/** Where a post opens: the editor, at that post. */
export function postEditorPath(postId: string): string {
  return `${paths.writePost}?${new URLSearchParams({ postId }).toString()}`
}

/** The editor with a new post for the slot (its time, type, topic and audience). */
export function slotWritePath(slotId: string): string {
  return `${paths.writePost}?${new URLSearchParams({ slotId }).toString()}`
}

/** A slot offers 'Write post' to its assignee while it is still open. */
export function canWritePostFor(slot: AssignedSlot, viewerId: string): boolean {
  return slot.assignee.id === viewerId && slot.status === 'OPEN'
}

export function postLabel(post: CalendarPost, time: string): string {
  return `${time} ${post.account.name}, post, ${POST_TYPE_LABELS[post.postType]}, ${POST_STATUS_LABELS[post.status]}`
}
