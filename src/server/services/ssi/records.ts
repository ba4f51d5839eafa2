import type { SsiRecord } from '../../../shared/domain/ssi'
import { linkTo } from '../../../shared/routes'
import type { ssiRecords } from '../../db/schema'

/* The SSI's constants, a record's view and the UTC month (docs/architecture.md, "Social Selling Index"). */

export const HISTORY_LIMIT = 100
export const SSI_REMINDER_JOB = 'ssi-reminder'
export const SSI_REMINDER_TITLE = 'Update your Social Selling Index'
export const SSI_REMINDER_MESSAGE = 'Read your SSI on LinkedIn and record it in Pagecrew to follow your progress.'
/** Where the reminder leads: Settings opens the Record your SSI dialog. */
export const SSI_REMINDER_LINK = linkTo('settings', { ssi: 1 })
export const REMINDER_AFTER_DAYS = 30
export const REMINDER_BATCH = 200
export const DAY_MS = 24 * 60 * 60_000

type Row = typeof ssiRecords.$inferSelect

export const whole = (value: number | null | undefined): number | null => (typeof value === 'number' ? Math.round(value) : null)

export const toRecord = (row: Row): SsiRecord => ({
  id: row.id,
  score: row.score,
  brand: row.brand,
  people: row.people,
  insights: row.insights,
  relationships: row.relationships,
  recordedAt: row.recordedAt.toISOString()
})

/** The first instant of the UTC month `monthsBack` months before the one `now` is in. */
export function utcMonthStart(now: Date, monthsBack = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1))
}
