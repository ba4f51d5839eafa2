import { createSlotBodySchema, type PlanImportField } from '../../../shared/api/contract'
import { MESSAGES } from '../../../shared/api/messages'
import { TIME_OPTIONS } from '../../../shared/constants'
import { postTypeSchema, type PostType } from '../../../shared/domain'
import { localDate, localTime, zonedInstant } from '../../../shared/rules'
import type { Clock } from '../../clock'
import type { Executor } from '../../db/client'
import { ApiError } from '../../errors'
import { checkedTimeZone, UNKNOWN_TIME_ZONE } from '../analytics/timeZones'
import type { OrganizationSession } from '../sessions'
import { isOptionInstant, requireMayAssign, requireWindow, type Person } from '../slots'
import { viewerOf, type Viewer } from '../slotView'
import { namesOf, type RowNames } from './lookups'
import { IMPORT_UNREADABLE, type ParsedRow } from './parseImport'

/*
 * Import rows checked with slot creation's own rules, each problem named by its column
 * (docs/architecture.md, "The plan as CSV": one set of rules for import).
 */

const IMPORT_NEEDS_EMAIL = "Enter the member's email."
export const IMPORT_DATE_FORMAT = 'Use a date as YYYY-MM-DD.'
export const IMPORT_TAG_UNKNOWN = 'No topic tag with this title in your organization.'
export const IMPORT_PAGE_UNKNOWN = 'No business page with this name in your organization.'
export const IMPORT_POST_TYPE = `Use one of: ${postTypeSchema.options.join(', ')}.`

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** 'HH:MM' or 'H:MM' as 'HH:MM'; anything else as typed. */
const paddedTime = (time: string) => (/^\d:\d{2}$/.test(time) ? `0${time}` : time)

/** An ApiError's message (the slot rules throw them), else rethrow. */
function messageOf(run: () => void): string | null {
  try {
    run()
    return null
  } catch (err) {
    if (err instanceof ApiError) return err.message
    throw err
  }
}

/** What a checked row creates. */
interface SlotPlan {
  assignee: Person
  time: Date
  timeZone: string
  tagId: string | null
  pageId: string | null
  postType: PostType
  targetAudience: string
  comment: string
}

export interface CheckedRow {
  line: number
  values: Record<string, string>
  errors: Record<string, string>
  plan: SlotPlan | null
}

/** What checking one row needs beyond the row: the viewer, the batched look-ups and the per-value caches. */
interface RowContext {
  viewer: Viewer
  tagged: Map<string, Set<string>>
  linked: Map<string, Set<string>>
  zoneOf: (name: string) => string | null
  outsideWindow: (time: Date, timeZone: string) => string | null
}

/** The row's member, time zone, date and time: their errors and, when they hold, the slot's instant and zone. */
function checkWhen(row: ParsedRow, member: Person | null, context: RowContext, errors: Partial<Record<PlanImportField, string>>) {
  const { values } = row
  let timeZone = member?.timezone ?? 'UTC'
  if (values.timeZone) {
    const zone = context.zoneOf(values.timeZone)
    if (zone) timeZone = zone
    else errors.timeZone = UNKNOWN_TIME_ZONE
  }
  const date = values.date
  // A day that does not exist (2026-13-01, 0000-00-00) is this row's problem: no Date to format.
  const noon = DATE_PATTERN.test(date) ? new Date(`${date}T12:00:00Z`) : null
  const dateOk = noon !== null && !Number.isNaN(noon.getTime()) && localDate(noon, 'UTC') === date
  if (!dateOk) errors.date = IMPORT_DATE_FORMAT
  const wallClock = paddedTime(values.time)
  if (!TIME_OPTIONS.includes(wallClock)) errors.time = MESSAGES.slotTimeNotOption
  let time: Date | null = null
  if (dateOk && !errors.time && !errors.timeZone) {
    time = zonedInstant(date, wallClock, timeZone)
    // A wall-clock time that does not exist that day (a DST gap) is no time option either.
    if (!isOptionInstant(time, timeZone) || localTime(time, timeZone) !== wallClock) errors.time = MESSAGES.slotTimeNotOption
    else if (member) {
      const outside = context.outsideWindow(time, member.timezone)
      if (outside) errors.date = outside
    }
  }
  return { time, timeZone }
}

function checkRow(row: ParsedRow, names: RowNames, context: RowContext): CheckedRow {
  const { values } = row
  const { member, tagId, pageId } = names
  const errors: Partial<Record<PlanImportField, string>> = {}
  if (!values.memberEmail) errors.memberEmail = IMPORT_NEEDS_EMAIL
  else if (!member) errors.memberEmail = MESSAGES.slotMemberUnknown
  else {
    const refused = messageOf(() => requireMayAssign(context.viewer, [member.id]))
    if (refused) errors.memberEmail = refused
  }

  const { time, timeZone } = checkWhen(row, member, context, errors)

  if (values.topicTag && !tagId) errors.topicTag = IMPORT_TAG_UNKNOWN
  if (values.page && !pageId) errors.page = IMPORT_PAGE_UNKNOWN
  if (values.topicTag && values.page) errors.topicTag = MESSAGES.slotTagWithPages
  else if (member && tagId && !context.tagged.get(tagId)?.has(member.id)) errors.topicTag = MESSAGES.slotTagNotAllowed
  if (member && pageId && !context.linked.get(pageId)?.has(member.id)) errors.page = MESSAGES.slotPageNotLinked

  const postType = values.postType ? postTypeSchema.options.find((t) => t.toLowerCase() === values.postType.toLowerCase()) : 'textOnly'
  if (!postType) errors.postType = IMPORT_POST_TYPE
  const audience = createSlotBodySchema.shape.targetAudience.safeParse(values.audience)
  if (!audience.success) errors.audience = audience.error.issues[0]?.message ?? IMPORT_UNREADABLE
  const comment = createSlotBodySchema.shape.comment.safeParse(values.contentIdea)
  if (!comment.success) errors.contentIdea = comment.error.issues[0]?.message ?? IMPORT_UNREADABLE

  const plan: SlotPlan | null =
    Object.keys(errors).length === 0 && member && time && postType && audience.success && comment.success
      ? { assignee: member, time, timeZone, tagId, pageId, postType, targetAudience: audience.data, comment: comment.data }
      : null
  return { line: row.line, values: values as Record<string, string>, errors: errors as Record<string, string>, plan }
}

/** Every row's errors and, for valid rows, the slot it makes. A bounded number of queries whatever the row count. */
export async function checkRows(executor: Executor, clock: Clock, session: OrganizationSession, rows: ParsedRow[]): Promise<CheckedRow[]> {
  const now = clock.now()
  const viewer: Viewer = await viewerOf(executor, session)
  const { named, tagged, linked } = await namesOf(executor, session.organization.id, rows)

  // Per distinct value, not per row: both build Intl formatters, about 0.15 ms a call.
  const zones = new Map<string, string | null>()
  const zoneOf = (name: string) => {
    if (!zones.has(name)) zones.set(name, checkedTimeZone(name))
    return zones.get(name)!
  }
  const windows = new Map<string, string | null>()
  const outsideWindow = (time: Date, timeZone: string) => {
    const key = `${localDate(time, timeZone)}|${timeZone}`
    if (!windows.has(key)) windows.set(key, messageOf(() => requireWindow(time, now, [timeZone])))
    return windows.get(key)!
  }

  const context: RowContext = { viewer, tagged, linked, zoneOf, outsideWindow }
  return rows.map((row, i) => checkRow(row, named[i]!, context))
}

/** How many rows there are, and how many are valid and invalid. */
export const importSummary = (checked: readonly { errors: Record<string, string> }[]) => {
  const invalid = checked.filter((r) => Object.keys(r.errors).length > 0).length
  return { total: checked.length, valid: checked.length - invalid, invalid }
}
