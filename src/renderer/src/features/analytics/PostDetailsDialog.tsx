import { Suspense, lazy } from 'react'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Link, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Dismiss24Regular, Open16Regular } from '@fluentui/react-icons'
import type { AnalyticsPostRow } from '@shared/domain'
import { paths } from '@shared/routes'
import { useAnalyticsTimeseries, type AnalyticsQuery } from '@renderer/api/analytics'
import { isApiError } from '@renderer/api/client'
import { ErrorState } from '@renderer/components/ErrorState'
import { RouterLink } from '@renderer/components/RouterLink'
import { ListSkeleton } from '@renderer/components/Skeletons'
import { useHost } from '@renderer/host/HostContext'
import { formatDate } from '@renderer/lib/formatDate'
import { POST_TYPE_LABELS } from '@renderer/lib/postTypeLabels'
import { METRICS_STATUS_LABELS, formatCount, formatRate } from './labels'

const PostMetricsChart = lazy(() => import('./charts/PostMetricsChart'))

const useStyles = makeStyles({
  surface: { maxWidth: 'min(760px, calc(100vw - 32px))' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  excerpt: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  figures: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))', gap: tokens.spacingHorizontalM, margin: 0 },
  figure: { display: 'flex', flexDirection: 'column', margin: 0 },
  value: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, margin: 0 },
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL }
})

interface PostDetailsDialogProps {
  postId: string
  /** The post's row when the table has it loaded; a shared link to a post further down shows its chart alone. */
  row: AnalyticsPostRow | undefined
  query: AnalyticsQuery
  timeZone: string
  onClose: () => void
}

/** A post's results and its metrics over time (each reading of LinkedIn), with links to LinkedIn and to the editor. */
export function PostDetailsDialog({ postId, row, query, timeZone, onClose }: PostDetailsDialogProps) {
  const styles = useStyles()
  const host = useHost()
  const series = useAnalyticsTimeseries({ ...query, postId })
  const status = row ? METRICS_STATUS_LABELS[row.metricsStatus] : null
  const snapshots = series.data?.snapshots ?? []

  const figures: [string, string][] = row
    ? [
        ['Impressions', formatCount(row.impressions)],
        ['Members reached', formatCount(row.membersReached)],
        ['Reactions', formatCount(row.reactions)],
        ['Comments', formatCount(row.comments)],
        ['Reshares', formatCount(row.reshares)],
        ['Clicks', formatCount(row.clicks)],
        ['Engagement', formatRate(row.engagementRate)]
      ]
    : []

  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface className={styles.surface} data-testid="analytics-post-details">
        <DialogBody>
          <DialogTitle action={<Button appearance="subtle" aria-label="Close" icon={<Dismiss24Regular />} onClick={onClose} />}>Post results</DialogTitle>
          <DialogContent className={styles.content}>
            {row ? (
              <>
                <Text className={styles.muted}>
                  {row.author.fullName}
                  {row.businessPage ? ` for ${row.businessPage.linkedInCompanyName}` : ''} · {POST_TYPE_LABELS[row.type]}
                  {row.tag ? ` · ${row.tag.title}` : ''} · {formatDate(row.publishedAt, 'dateTime', { timeZone })}
                </Text>
                <Text dir="auto" className={styles.excerpt}>{row.excerpt}</Text>
                {status ? (
                  <Text weight="semibold" data-testid="analytics-details-status">
                    {status}
                  </Text>
                ) : (
                  <dl className={styles.figures} data-testid="analytics-details-figures">
                    {figures.map(([label, value]) => (
                      <div key={label} className={styles.figure}>
                        <dt className={styles.muted}>{label}</dt>
                        <dd className={styles.value}>{value}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {row.metricsUpdatedAt ? <Text size={200} className={styles.muted}>Last read from LinkedIn {formatDate(row.metricsUpdatedAt, 'dateTime', { timeZone })}</Text> : null}
              </>
            ) : null}
            <Text as="h3" weight="semibold">
              Over time
            </Text>
            {isApiError(series.error, 404) ? (
              <Text data-testid="analytics-details-not-found">This post is not among the published posts you can see.</Text>
            ) : series.isError ? (
              <ErrorState onRetry={() => void series.refetch()} />
            ) : null}
            {series.isPending ? <ListSkeleton label="Loading the post’s metrics…" rows={2} /> : null}
            {series.data && snapshots.length === 0 ? (
              <Text className={styles.muted} data-testid="analytics-details-no-snapshots">
                {row?.metricsStatus === 'unavailable' ? 'Not available from LinkedIn' : 'LinkedIn is read about an hour after publishing, then less and less often. Each reading appears here.'}
              </Text>
            ) : null}
            {snapshots.length > 0 ? (
              <Suspense fallback={<ListSkeleton label="Loading the chart…" rows={2} />}>
                <PostMetricsChart snapshots={snapshots} timeZone={timeZone} />
              </Suspense>
            ) : null}
            <div className={styles.links}>
              {row?.linkedInPostUrl ? (
                <Link as="button" onClick={() => void host.openExternal(row.linkedInPostUrl!)} data-testid="analytics-open-linkedin">
                  <Open16Regular /> View on LinkedIn
                </Link>
              ) : null}
              <RouterLink to={`${paths.writePost}?postId=${encodeURIComponent(postId)}`} data-testid="analytics-open-editor">
                Open in the editor
              </RouterLink>
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
