import type { AnalyticsTimeseries } from '@shared/domain'
import { WEEKDAYS_SHORT, hourLabel } from '../labels'

/**
 * The analytics answer shaped for the charts. Days are calendar days in the viewer's zone
 * ('yyyy-MM-dd'); they are drawn as UTC midnights with the charts' useUTC, so a day is never
 * shifted by the machine's own zone.
 */
export function dayInstant(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d))
}

export function hasPosts(data: AnalyticsTimeseries): boolean {
  return data.days.some((d) => d.posts > 0)
}

/** The weekday × hour cells as rows of the heat map: one per weekday (Monday first), hours as columns; engagement rate in %. */
export function heatmapCells(data: AnalyticsTimeseries) {
  return data.heatmap.map((cell) => ({
    x: hourLabel(cell.hour),
    y: WEEKDAYS_SHORT[cell.weekday]!,
    value: cell.engagementRate === null ? 0 : Math.round(cell.engagementRate * 1000) / 10,
    posts: cell.posts,
    weekday: cell.weekday,
    hour: cell.hour
  }))
}

/** The cell with the best engagement rate (most posts on a tie); null without posts. */
export function bestSlot(data: AnalyticsTimeseries): AnalyticsTimeseries['heatmap'][number] | null {
  let best: AnalyticsTimeseries['heatmap'][number] | null = null
  for (const cell of data.heatmap) {
    if (cell.posts === 0) continue
    const rate = cell.engagementRate ?? -1
    const bestRate = best?.engagementRate ?? -1
    if (best === null || rate > bestRate || (rate === bestRate && cell.posts > best.posts)) best = cell
  }
  return best
}
