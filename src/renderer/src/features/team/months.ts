import { MONTH_PATTERN } from '@shared/api/contract'
import { shiftMonth } from '@shared/rules/periods'
import { formatDate } from '@renderer/lib/formatDate'

/** How far back the month select reaches from this month (the buttons go further). */
export const MONTHS_IN_SELECT = 24

/**
 * The month the address asks for (?month=YYYY-MM): this month when absent or not a month, and
 * never after this month, which has nothing to count yet.
 */
export function monthFromAddress(value: string | null, current: string): string {
  if (value === null || !MONTH_PATTERN.test(value)) return current
  return value > current ? current : value
}

/** 'November 2026' (en-GB): a month is a calendar month, the same in every time zone. */
export function monthLabel(month: string): string {
  return formatDate(`${month}-01`, 'monthYear')
}

/** The month select's months, newest first: this month back MONTHS_IN_SELECT months, and `month` if older. */
export function monthOptions(current: string, month: string): string[] {
  const months = Array.from({ length: MONTHS_IN_SELECT }, (_, i) => shiftMonth(current, -i))
  return months.includes(month) ? months : [...months, month]
}
