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

/**
 * The heat map's cells: the whole week, every weekday (Monday first) × every hour, engagement rate in
 * %. Hours without posts are cells too (0 posts), so a period with one post draws a week with one
 * coloured hour, not one cell filling the chart. Empty until LinkedIn has been read: before any
 * reading there is no rate to colour.
 */
export function heatmapCells(data: AnalyticsTimeseries) {
  if (!data.heatmap.some((cell) => cell.engagementRate !== null)) return []
  const byKey = new Map(data.heatmap.map((cell) => [`${cell.weekday}:${cell.hour}`, cell]))
  return WEEKDAYS_SHORT.flatMap((day, weekday) =>
    Array.from({ length: 24 }, (_, hour) => {
      const cell = byKey.get(`${weekday}:${hour}`)
      const rate = cell?.engagementRate ?? null
      return { x: hourLabel(hour), y: day, value: rate === null ? 0 : Math.round(rate * 1000) / 10, posts: cell?.posts ?? 0, weekday, hour }
    })
  )
}

/** Whether LinkedIn has been read for any post of the period (before that, results are all zero). */
export function hasReadings(data: AnalyticsTimeseries): boolean {
  return data.byType.some((t) => t.impressions > 0) || data.heatmap.some((cell) => cell.engagementRate !== null)
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
