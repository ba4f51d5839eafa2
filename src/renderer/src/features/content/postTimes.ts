import { TZDate } from '@date-fns/tz'
import { addDays, format } from 'date-fns'
import { MINUTE_MS } from '@shared/constants'
import type { AssignedSlot, Post } from '@shared/domain'
import { localDate, localTime, zonedInstant } from '@shared/rules/slots'
import { formatDate } from '@renderer/lib/formatDate'

/** A new schedule starts tomorrow at this time. */
const DEFAULT_TIME = '09:00'

/** 'Tue, 10 Mar 2026, 09:00' in the timezone, as every date and time is written (lib/formatDate). */
export function formatWhen(instant: string, timeZone: string): string {
  return formatDate(instant, 'dateTime', { timeZone })
}

/** A post's age as LinkedIn's feed writes it: 'Now', '5m', '3h', '2d', '1w', '4mo', '1yr'. */
export function feedAge(instant: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - Date.parse(instant)) / MINUTE_MS)
  if (minutes < 1) return 'Now'
  if (minutes < 60) return `${minutes}m`
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)}h`
  const days = Math.floor(minutes / (24 * 60))
  if (days < 7) return `${days}d`
  if (days < 30) return `${Math.floor(days / 7)}w`
  if (days < 365) return `${Math.floor(days / 30)}mo`
  return `${Math.floor(days / 365)}yr`
}

/**
 * The time in the preview's header. A published post shows its age as the feed does; a post
 * scheduled ahead shows when it goes out, as LinkedIn's own scheduled-post preview does (the
 * feed's 'Now' would be wrong for days); anything else would go out now, so 'Now'.
 */
export function previewWhen(post: Pick<Post, 'status' | 'scheduledAt' | 'publishedAt'> | null, now: Date, timeZone: string): string {
  if (post?.status === 'PUBLISHED' && post.publishedAt) return feedAge(post.publishedAt, now)
  if (post?.status === 'SCHEDULED' && post.scheduledAt && Date.parse(post.scheduledAt) > now.getTime()) {
    const at = post.scheduledAt
    // This year's dates go without the year, as LinkedIn's preview writes them.
    const sameYear = localDate(at, timeZone).slice(0, 4) === localDate(now, timeZone).slice(0, 4)
    return `Scheduled for ${formatDate(at, sameYear ? 'dateTimeShort' : 'dateTime', { timeZone })}`
  }
  return 'Now'
}

/** A slot as the schedule dialog lists it: when, then its topic tag and content idea when it has them. */
export function slotLabel(slot: AssignedSlot, timeZone: string): string {
  const tag = slot.tag?.title ?? slot.businessPostTag?.title
  return [formatWhen(slot.time, timeZone), tag, slot.comment.trim() || undefined].filter(Boolean).join(' · ')
}

export interface ScheduleTime {
  /** 'yyyy-MM-dd' in the user's timezone. */
  date: string
  /** One of the 96 quarter-hours. */
  time: string
}

/** Where the time pickers start: the post's own time when it has one in the future, else tomorrow at 09:00. */
export function initialScheduleTime(scheduledAt: string | null, now: Date, timeZone: string): ScheduleTime {
  if (scheduledAt && Date.parse(scheduledAt) > now.getTime()) {
    return { date: localDate(scheduledAt, timeZone), time: quarterHourOf(localTime(scheduledAt, timeZone)) }
  }
  return { date: format(addDays(new TZDate(now.getTime(), timeZone), 1), 'yyyy-MM-dd'), time: DEFAULT_TIME }
}

/** '09:07' → '09:00': the pickers offer quarter-hours only. */
function quarterHourOf(time: string): string {
  const [h = '00', m = '00'] = time.split(':')
  return `${h}:${String(Math.floor(Number(m) / 15) * 15).padStart(2, '0')}`
}

/** Today in the timezone: the earliest day the date picker offers. */
export function todayIn(now: Date, timeZone: string): string {
  return localDate(now, timeZone)
}

/** The instant a picked day and time mean in the timezone; null while the day is not a valid date. */
export function scheduleInstant(pick: ScheduleTime, timeZone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(pick.date)) return null
  const instant = zonedInstant(pick.date, pick.time, timeZone)
  return Number.isNaN(instant.getTime()) ? null : instant
}
