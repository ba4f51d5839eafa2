import { describe, expect, it } from 'vitest'
import type { AnalyticsTimeseries } from '@shared/domain'
import { hasReadings, heatmapCells } from './chartData'

const series = (heatmap: AnalyticsTimeseries['heatmap'], impressions = 0): AnalyticsTimeseries => ({
  days: [],
  byType: [{ type: 'textOnly', posts: heatmap.reduce((n, c) => n + c.posts, 0), impressions, engagementRate: null }],
  heatmap,
  snapshots: []
})

describe('heatmapCells', () => {
  it('draws the whole week, so one post is one coloured hour of 168, not one cell filling the chart', () => {
    const cells = heatmapCells(series([{ weekday: 2, hour: 14, posts: 1, engagementRate: 0.042 }], 500))
    expect(cells).toHaveLength(7 * 24)
    expect(cells.filter((c) => c.posts > 0)).toEqual([{ x: '14:00', y: 'Wed', value: 4.2, posts: 1, weekday: 2, hour: 14 }])
    expect(new Set(cells.map((c) => c.y))).toEqual(new Set(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']))
  })

  it('is empty before LinkedIn has been read (no rate to colour)', () => {
    const unread = series([{ weekday: 0, hour: 9, posts: 1, engagementRate: null }])
    expect(heatmapCells(unread)).toEqual([])
    expect(hasReadings(unread)).toBe(false)
    expect(hasReadings(series([{ weekday: 0, hour: 9, posts: 1, engagementRate: 0 }], 10))).toBe(true)
  })
})
