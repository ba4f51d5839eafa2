import { format } from 'date-fns'
import { TZDate } from '@date-fns/tz'

/** An instant as a calendar date in the user's timezone (DESIGN.md §3), or the browser's without one. */
export function formatDay(instant: string, timezone: string | null): string {
  return format(timezone ? new TZDate(instant, timezone) : new Date(instant), 'PPP')
}

/** 'past_due' -> 'Past due'. */
export function planStatusLabel(status: string): string {
  if (status === 'trialing' || status === 'on_trial') return 'Trial'
  const words = status.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
