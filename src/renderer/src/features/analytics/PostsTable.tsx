import { useMemo } from 'react'
import { Badge, Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import type { AnalyticsPostRow } from '@shared/domain'
import type { AnalyticsPostsSort } from '@renderer/api/analytics'
import { VirtualTable, type VirtualColumn } from '@renderer/components/VirtualTable'
import { formatDate } from '@renderer/lib/formatDate'
import { POST_TYPE_LABELS } from '@renderer/lib/postTypeLabels'
import { METRICS_STATUS_LABELS, formatCount, formatRate } from './labels'
import { SortHeader, ariaSort } from './SortHeader'

const useStyles = makeStyles({
  open: { minWidth: 0, maxWidth: '100%', padding: 0, justifyContent: 'flex-start', fontWeight: tokens.fontWeightRegular },
  excerpt: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block', textAlign: 'start' },
  number: { textAlign: 'end', display: 'block', fontVariantNumeric: 'tabular-nums' },
  muted: { color: tokens.colorNeutralForeground3 },
  stack: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  // Two lines in a row: what it is under the post, the page under the author.
  cellLines: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', minWidth: 0, maxWidth: '100%' },
  second: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0, maxWidth: '100%', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  clip: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }
})

/** A figure of a post, or nothing where LinkedIn has given none yet (the status says why, once, in the impressions column). */
function Figure({ row, value, format }: { row: AnalyticsPostRow; value: number | null; format: (v: number | null) => string }) {
  const styles = useStyles()
  return <span className={styles.number}>{row.metricsStatus === 'ok' ? format(value) : '—'}</span>
}

interface PostsTableProps {
  rows: readonly AnalyticsPostRow[]
  total: number
  timeZone: string
  sort: Required<AnalyticsPostsSort>
  onSort: (next: Required<AnalyticsPostsSort>) => void
  onOpen: (postId: string) => void
  onEndReached: () => void
}

/** The period's published posts with their results, sorted by the server and loaded a page at a time as it scrolls. */
export function PostsTable({ rows, total, timeZone, sort, onSort, onOpen, onEndReached }: PostsTableProps) {
  const styles = useStyles()
  const columns = useMemo((): VirtualColumn<AnalyticsPostRow>[] => {
    const figure = (id: 'reactions' | 'comments' | 'reshares', label: string): VirtualColumn<AnalyticsPostRow> => ({
      id,
      header: <SortHeader label={label} column={id} sort={sort} onSort={onSort} align="end" />,
      width: 'minmax(76px, 0.7fr)',
      sort: ariaSort(sort, id),
      cell: (row) => <Figure row={row} value={row[id]} format={formatCount} />
    })
    return [
      {
        id: 'post',
        header: 'Post',
        width: 'minmax(200px, 3fr)',
        // Its type and topic tag under it: the table fits a 1440-pixel window without scrolling sideways.
        cell: (row) => (
          <span className={styles.cellLines}>
            <Button appearance="transparent" size="small" className={styles.open} onClick={() => onOpen(row.postId)} data-testid="analytics-open-post">
              <span dir="auto" className={styles.excerpt}>{row.excerpt || 'Post without text'}</span>
            </Button>
            <span className={styles.second} data-testid="analytics-post-kind">
              {row.isReshare ? (
                // A reshare of a recommended post (issue 15) is a text post carrying another: it says so.
                <Badge appearance="tint" color="brand" size="small" data-testid="analytics-reshare">
                  Reshare
                </Badge>
              ) : (
                <span>{POST_TYPE_LABELS[row.type]}</span>
              )}
              {row.tag ? <span className={styles.clip}>{`· ${row.tag.title}`}</span> : null}
            </span>
          </span>
        )
      },
      {
        id: 'author',
        header: <SortHeader label="Author" column="author" sort={sort} onSort={onSort} />,
        width: 'minmax(140px, 1.4fr)',
        sort: ariaSort(sort, 'author'),
        cell: (row) => (
          <span className={styles.cellLines}>
            <span className={styles.clip}>{row.author.fullName}</span>
            <span className={mergeClasses(styles.second, styles.clip)} data-testid="analytics-post-page">
              {row.businessPage ? `as ${row.businessPage.linkedInCompanyName}` : 'Personal'}
            </span>
          </span>
        )
      },
      {
        id: 'publishedAt',
        header: <SortHeader label="Published" column="publishedAt" sort={sort} onSort={onSort} />,
        width: 'minmax(140px, 1.1fr)',
        sort: ariaSort(sort, 'publishedAt'),
        cell: (row) => formatDate(row.publishedAt, 'dateTime', { timeZone })
      },
      {
        id: 'impressions',
        header: <SortHeader label="Impressions" column="impressions" sort={sort} onSort={onSort} align="end" />,
        width: 'minmax(120px, 1fr)',
        sort: ariaSort(sort, 'impressions'),
        cell: (row) => {
          const status = METRICS_STATUS_LABELS[row.metricsStatus]
          return status ? (
            <Badge appearance="tint" color={row.metricsStatus === 'pending' ? 'informative' : 'subtle'} data-testid="analytics-metrics-status">
              {status}
            </Badge>
          ) : (
            <span className={styles.number}>{formatCount(row.impressions)}</span>
          )
        }
      },
      figure('reactions', 'Reactions'),
      figure('comments', 'Comments'),
      figure('reshares', 'Reshares'),
      {
        id: 'engagementRate',
        header: <SortHeader label="Engagement" column="engagementRate" sort={sort} onSort={onSort} align="end" />,
        width: 'minmax(96px, 0.8fr)',
        sort: ariaSort(sort, 'engagementRate'),
        cell: (row) => <Figure row={row} value={row.engagementRate} format={formatRate} />
      }
    ]
  }, [sort, onSort, onOpen, timeZone, styles])

  return (
    <div className={styles.stack}>
      <VirtualTable
        rows={rows}
        columns={columns}
        getRowId={(row) => row.postId}
        label="Published posts"
        totalRows={total}
        onEndReached={onEndReached}
        data-testid="analytics-posts"
        rowTestId={(row) => `analytics-post-${row.postId}`}
      />
      <Text size={200} className={styles.muted} aria-live="polite" data-testid="analytics-posts-count">
        {total === 1 ? '1 post' : `${formatCount(total)} posts`}
        {rows.length < total ? ` · ${formatCount(rows.length)} loaded, scroll for more` : ''}
      </Text>
    </div>
  )
}
