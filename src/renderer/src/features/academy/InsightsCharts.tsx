import type { ReactNode } from 'react'
import { Card, Text, makeStyles, tokens } from '@fluentui/react-components'
import { VerticalBarChart } from '@fluentui/react-charts'
import type { AcademyInsights } from '@shared/domain/academy'
import { postTypeSchema } from '@shared/domain'
import { POST_TYPE_LABELS } from '@renderer/lib/postTypeLabels'
import { WEEKDAYS, formatRate, hourLabel } from './academyUi'

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 360px), 1fr))', gap: tokens.spacingHorizontalL, minWidth: 0 },
  card: { position: 'relative', padding: tokens.spacingHorizontalL, minWidth: 0, overflow: 'hidden' },
  muted: { color: tokens.colorNeutralForeground3 },
  hidden: { position: 'absolute', top: 0, left: 0, width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
  table: { tableLayout: 'fixed', width: '1px' }
})

interface Bar {
  label: string
  posts: number
  engagementRate: number
}

const postsLabel = (posts: number) => `${posts} ${posts === 1 ? 'post' : 'posts'}`

/** One insight: what it says in words, the bars, and the figures as a table for screen readers. */
function InsightCard({ title, bars, lead, testId }: { title: string; bars: Bar[]; lead: (best: Bar) => ReactNode; testId: string }) {
  const styles = useStyles()
  const best = bars.reduce<Bar | null>((top, bar) => (top === null || bar.engagementRate > top.engagementRate ? bar : top), null)
  return (
    <Card className={styles.card} role="figure" aria-label={title} data-testid={testId}>
      <Text as="h3" weight="semibold" size={400}>
        {title}
      </Text>
      <Text size={200} className={styles.muted} data-testid={`${testId}-summary`}>
        {best ? lead(best) : 'Not enough posts yet.'}
      </Text>
      {bars.length > 0 ? (
        <>
          <VerticalBarChart
            data={bars.map((bar) => ({
              x: bar.label,
              y: Math.round(bar.engagementRate * 1000) / 10,
              legend: bar.label,
              color: bar === best ? tokens.colorBrandBackground : tokens.colorBrandBackground2Hover,
              yAxisCalloutData: `${formatRate(bar.engagementRate)} engagement, ${postsLabel(bar.posts)}`
            }))}
            height={220}
            hideLegend
            wrapXAxisLables
            yAxisTickFormat={(v: number) => `${v}%`}
          />
          <div className={styles.hidden}>
            <table className={styles.table}>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{title}</th>
                  <th scope="col">Posts</th>
                  <th scope="col">Engagement rate</th>
                </tr>
              </thead>
              <tbody>
                {bars.map((bar) => (
                  <tr key={bar.label}>
                    <th scope="row">{bar.label}</th>
                    <td>{bar.posts}</td>
                    <td>{formatRate(bar.engagementRate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </Card>
  )
}

function typeLabel(type: string): string {
  const parsed = postTypeSchema.safeParse(type)
  return parsed.success ? POST_TYPE_LABELS[parsed.data] : type
}

/**
 * What the organization's own published posts say works (Fluent UI v9 charts, loaded with this
 * chunk only when the Academy shows insights): by weekday, hour, post type, length and topic, each
 * bar the average engagement rate.
 */
export default function InsightsCharts({ insights }: { insights: AcademyInsights }) {
  const styles = useStyles()
  const zone = insights.timeZone
  return (
    <div className={styles.grid} data-testid="academy-insights-charts">
      <InsightCard
        title="Best days"
        testId="insight-days"
        bars={[...insights.bestDays].sort((a, b) => a.weekday - b.weekday).map((d) => ({ label: WEEKDAYS[d.weekday] ?? String(d.weekday), posts: d.posts, engagementRate: d.engagementRate }))}
        lead={(best) => `${best.label} posts do best: ${formatRate(best.engagementRate)} engagement (${zone}).`}
      />
      <InsightCard
        title="Best hours"
        testId="insight-hours"
        bars={[...insights.bestHours].sort((a, b) => a.hour - b.hour).map((h) => ({ label: hourLabel(h.hour), posts: h.posts, engagementRate: h.engagementRate }))}
        lead={(best) => `Posts published around ${best.label} do best: ${formatRate(best.engagementRate)} engagement (${zone}).`}
      />
      <InsightCard
        title="Post types"
        testId="insight-types"
        bars={insights.postTypes.map((t) => ({ label: typeLabel(t.type), posts: t.posts, engagementRate: t.engagementRate }))}
        lead={(best) => `${best.label} posts earn the most engagement: ${formatRate(best.engagementRate)}.`}
      />
      <InsightCard
        title="Lengths"
        testId="insight-lengths"
        bars={insights.lengths.map((l) => ({ label: l.label, posts: l.posts, engagementRate: l.engagementRate }))}
        lead={(best) => `${best.label}: the length that does best, ${formatRate(best.engagementRate)} engagement.`}
      />
      <InsightCard
        title="Topics"
        testId="insight-topics"
        bars={insights.topics.map((t) => ({ label: t.title, posts: t.posts, engagementRate: t.engagementRate }))}
        lead={(best) => `“${best.label}” works best: ${formatRate(best.engagementRate)} engagement.`}
      />
    </div>
  )
}
