import { useMemo } from 'react'
import { LineChart } from '@fluentui/react-charts'
import { tokens } from '@fluentui/react-components'
import type { AnalyticsTimeseries } from '@shared/domain'
import { formatDate } from '@renderer/lib/formatDate'
import { formatCount } from '../labels'
import { SrOnlyTable } from './SrOnlyTable'

/** One post's figures over time, from its snapshots (oldest first), with the readings as a table for screen readers. */
export default function PostMetricsChart({ snapshots, timeZone }: { snapshots: AnalyticsTimeseries['snapshots']; timeZone: string }) {
  const data = useMemo(
    () => ({
      lineChartData: [
        { legend: 'Impressions', color: tokens.colorBrandBackground, data: snapshots.map((s) => ({ x: new Date(s.takenAt), y: s.impressions })) },
        {
          legend: 'Engagements',
          color: tokens.colorPaletteMarigoldBorderActive,
          data: snapshots.map((s) => ({ x: new Date(s.takenAt), y: s.reactions + s.comments + s.reshares + (s.clicks ?? 0) }))
        }
      ]
    }),
    [snapshots]
  )
  return (
    <>
      <LineChart
        data={data}
        height={220}
        xAxisTickCount={4}
        yAxisTickFormat={(v: number) => formatCount(v)}
        customDateTimeFormatter={(d: Date) => `${formatDate(d, 'dayMonth', { timeZone })} ${formatDate(d, 'time', { timeZone })}`}
      />
      <SrOnlyTable
        caption="The post’s figures at each reading"
        headers={['Read at', 'Impressions', 'Reactions', 'Comments', 'Reshares', 'Clicks']}
        rows={snapshots.map((s) => [
          formatDate(s.takenAt, 'dateTimeShort', { timeZone }),
          formatCount(s.impressions),
          formatCount(s.reactions),
          formatCount(s.comments),
          formatCount(s.reshares),
          formatCount(s.clicks)
        ])}
        data-testid="post-metrics-table"
      />
    </>
  )
}
