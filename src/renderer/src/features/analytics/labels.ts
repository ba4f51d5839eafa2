import type { MetricsStatus } from '@shared/domain'

/** What a post's figures show while LinkedIn has not given any; null when they are there. */
export const METRICS_STATUS_LABELS: Record<MetricsStatus, string | null> = {
  ok: null,
  pending: 'Waiting for LinkedIn',
  unavailable: 'Not available from LinkedIn'
}

/** Weekdays as the server counts them: 0 Monday … 6 Sunday. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
export const WEEKDAYS_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const

const counts = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 })
const rates = new Intl.NumberFormat(undefined, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })

/** 12,345 in the viewer's locale; '—' when LinkedIn gives no figure. */
export function formatCount(value: number | null): string {
  return value === null ? '—' : counts.format(value)
}

/** An engagement rate (0.0421) as '4.2%'; '—' without impressions. */
export function formatRate(value: number | null): string {
  return value === null ? '—' : rates.format(value)
}

/** '09:00' for an hour of the day. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`
}
