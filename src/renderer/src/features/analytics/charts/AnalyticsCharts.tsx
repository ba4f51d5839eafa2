import { useMemo, type ReactNode } from 'react'
import { Card, Text, makeStyles, tokens } from '@fluentui/react-components'
import { HeatMapChart, LineChart, VerticalBarChart } from '@fluentui/react-charts'
import type { AnalyticsTimeseries } from '@shared/domain'
import { formatDate } from '@renderer/lib/formatDate'
import { POST_TYPE_LABELS } from '@renderer/lib/postTypeLabels'
import { WEEKDAYS, WEEKDAYS_SHORT, formatCount, formatRate, hourLabel } from '../labels'
import { bestSlot, dayInstant, hasPosts, hasReadings, heatmapCells } from './chartData'
import { SrOnlyTable } from './SrOnlyTable'

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))', gap: tokens.spacingHorizontalL, minWidth: 0 },
  card: { position: 'relative', padding: tokens.spacingHorizontalL, minWidth: 0, overflow: 'hidden' },
  wide: { gridColumn: '1 / -1' },
  muted: { color: tokens.colorNeutralForeground3 },
  // The heat map writes each cell's figure inside it, wider than a cell of 24 hours: it stays in the tooltip only.
  heatmap: { '& .fui-hmc__text': { display: 'none' } },
  empty: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground3 }
})

const HEAT_LOW = '#deecf9'
const HEAT_HIGH = '#0f6cbd'
const NOT_READ_YET = 'LinkedIn has not been read for these posts yet: their results appear about an hour after publishing.'

function ChartCard({ title, summary, children, wide = false, 'data-testid': testId }: { title: string; summary: string; children: ReactNode; wide?: boolean; 'data-testid': string }) {
  const styles = useStyles()
  return (
    <Card className={wide ? `${styles.card} ${styles.wide}` : styles.card} data-testid={testId} role="figure" aria-label={title}>
      <Text as="h2" weight="semibold" size={400}>
        {title}
      </Text>
      <Text size={200} className={styles.muted} data-testid={`${testId}-summary`}>
        {summary}
      </Text>
      {children}
    </Card>
  )
}

function NoData({ text }: { text: string }) {
  return (
    <div className={useStyles().empty} data-testid="chart-empty">
      {text}
    </div>
  )
}

/** The best weekday and hour to publish: the engagement rate of each as a heat map, in the viewer's zone. */
function BestTimeCard({ data, timeZone, any, read }: { data: AnalyticsTimeseries; timeZone: string; any: boolean; read: boolean }) {
  const styles = useStyles()
  const best = bestSlot(data)
  const cells = heatmapCells(data)
  const maxRate = Math.max(1, ...cells.map((c) => c.value))
  const heat = [
    {
      legend: 'Engagement rate (%)',
      value: 0,
      // rectText is the tooltip's figure.
      data: cells.map((c) => ({
        x: c.x,
        y: c.y,
        value: c.value,
        rectText: c.posts > 0 ? `${c.value}%` : '—',
        descriptionMessage: `${formatCount(c.posts)} ${c.posts === 1 ? 'post' : 'posts'}`
      }))
    }
  ]
  return (
    <ChartCard
      title="Best weekday and hour"
      summary={
        best && read
          ? `Best: ${WEEKDAYS[best.weekday]} at ${hourLabel(best.hour)} (${formatRate(best.engagementRate)} engagement over ${formatCount(best.posts)} ${best.posts === 1 ? 'post' : 'posts'}), in ${timeZone}.`
          : any
            ? NOT_READ_YET
            : 'No post was published in this period.'
      }
      data-testid="chart-heatmap"
    >
      {cells.length > 0 ? (
        <>
          <div className={styles.heatmap}>
            <HeatMapChart
              data={heat}
              domainValuesForColorScale={[0, maxRate]}
              rangeValuesForColorScale={[HEAT_LOW, HEAT_HIGH]}
              // Monday on top, hours in the day's order.
              yAxisCategoryOrder={[...WEEKDAYS_SHORT].reverse()}
              xAxisCategoryOrder="category ascending"
              height={260}
              hideLegend
            />
          </div>
          <SrOnlyTable
            caption="Engagement rate by weekday and hour of publishing"
            headers={['Weekday and hour', 'Posts', 'Engagement rate']}
            rows={data.heatmap.map((c) => [`${WEEKDAYS[c.weekday]} ${hourLabel(c.hour)}`, formatCount(c.posts), formatRate(c.engagementRate)])}
            data-testid="chart-heatmap-table"
          />
        </>
      ) : (
        <NoData text={any ? 'The best times to publish appear here once LinkedIn has been read.' : 'When posts go out, the best times to publish appear here.'} />
      )}
    </ChartCard>
  )
}

/**
 * The period's charts (Fluent UI v9 charts, loaded with this chunk only when Analytics opens):
 * impressions and engagements per day, results by post type, and the best weekday × hour to
 * publish. Each says its point in words and carries its figures as a table for screen readers.
 */
export default function AnalyticsCharts({ data, timeZone }: { data: AnalyticsTimeseries; timeZone: string }) {
  const styles = useStyles()
  const any = hasPosts(data)
  const totalImpressions = data.days.reduce((sum, d) => sum + d.impressions, 0)
  const totalEngagements = data.days.reduce((sum, d) => sum + d.engagements, 0)
  const byType = data.byType.filter((t) => t.posts > 0)
  const read = hasReadings(data)
  const lines = useMemo(
    () => ({
      lineChartData: [
        { legend: 'Impressions', color: tokens.colorBrandBackground, data: data.days.map((d) => ({ x: dayInstant(d.date), y: d.impressions })) },
        { legend: 'Engagements', color: tokens.colorPaletteMarigoldBorderActive, data: data.days.map((d) => ({ x: dayInstant(d.date), y: d.engagements })) }
      ]
    }),
    [data.days]
  )
  const dayName = (date: string) => formatDate(date, 'dayMonth', { timeZone })

  return (
    <div className={styles.grid} data-testid="analytics-charts">
      <ChartCard
        wide
        title="Impressions and engagement per day"
        summary={any ? `${formatCount(totalImpressions)} impressions and ${formatCount(totalEngagements)} engagements, by the day each post was published.` : 'No post was published in this period.'}
        data-testid="chart-days"
      >
        {any ? (
          <>
            <LineChart data={lines} height={260} useUTC yAxisTickFormat={(v: number) => formatCount(v)} />
            <SrOnlyTable
              caption="Impressions and engagements per day"
              headers={['Day', 'Posts', 'Impressions', 'Engagements', 'Engagement rate']}
              rows={data.days.filter((d) => d.posts > 0).map((d) => [dayName(d.date), formatCount(d.posts), formatCount(d.impressions), formatCount(d.engagements), formatRate(d.engagementRate)])}
              data-testid="chart-days-table"
            />
          </>
        ) : (
          <NoData text="Published posts appear here by day." />
        )}
      </ChartCard>
      <ChartCard
        title="Results by post type"
        summary={
          byType.length === 0
            ? 'No post was published in this period.'
            : read
              ? `Impressions of ${byType.length === 1 ? 'the one post type' : `${byType.length} post types`} published in this period.`
              : NOT_READ_YET
        }
        data-testid="chart-types"
      >
        {byType.length > 0 && read ? (
          <>
            <VerticalBarChart
              data={byType.map((t) => ({
                x: POST_TYPE_LABELS[t.type],
                y: t.impressions,
                legend: POST_TYPE_LABELS[t.type],
                color: tokens.colorBrandBackground,
                yAxisCalloutData: `${formatCount(t.impressions)} impressions, ${formatRate(t.engagementRate)}`
              }))}
              height={240}
              hideLegend
              wrapXAxisLables
              yAxisTickFormat={(v: number) => formatCount(v)}
            />
            <SrOnlyTable
              caption="Results by post type"
              headers={['Type', 'Posts', 'Impressions', 'Engagement rate']}
              rows={byType.map((t) => [POST_TYPE_LABELS[t.type], formatCount(t.posts), formatCount(t.impressions), formatRate(t.engagementRate)])}
              data-testid="chart-types-table"
            />
          </>
        ) : (
          <NoData text={byType.length > 0 ? 'Each post type’s results appear here once LinkedIn has been read.' : 'Each post type’s results appear here.'} />
        )}
      </ChartCard>
      <BestTimeCard data={data} timeZone={timeZone} any={any} read={read} />
    </div>
  )
}
