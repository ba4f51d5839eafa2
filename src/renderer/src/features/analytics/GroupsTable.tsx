import { useMemo } from 'react'
import { Text, makeStyles, tokens } from '@fluentui/react-components'
import type { AnalyticsGroupRow, AnalyticsGroups } from '@shared/domain'
import type { AnalyticsGroupKind } from '@renderer/api/analytics'
import { VirtualTable, type VirtualColumn } from '@renderer/components/VirtualTable'
import { formatCount, formatRate } from './labels'
import { PersonAvatar } from '@renderer/components/PersonAvatar'

const useStyles = makeStyles({
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  number: { textAlign: 'end', display: 'block', fontVariantNumeric: 'tabular-nums' },
  muted: { color: tokens.colorNeutralForeground3 }
})

const NAME_HEADERS: Record<AnalyticsGroupKind, string> = { members: 'Member', teams: 'Team', pages: 'Business page' }
const TABLE_LABELS: Record<AnalyticsGroupKind, string> = { members: 'Results per member', teams: 'Results per team', pages: 'Results per business page' }

/** What a group's detail line says: a member's team, a team's size. */
function detailText(kind: AnalyticsGroupKind, row: AnalyticsGroupRow): string | null {
  if (row.detail === null) return null
  if (kind === 'teams') return row.detail === '1' ? '1 member' : `${row.detail} members`
  return row.detail
}

/** Per member, per team or per business page: posts and results in the period, and the totals. */
export function GroupsTable({ kind, data }: { kind: AnalyticsGroupKind; data: AnalyticsGroups }) {
  const styles = useStyles()
  const columns = useMemo((): VirtualColumn<AnalyticsGroupRow>[] => {
    const figure = (id: 'posts' | 'impressions' | 'reactions' | 'comments' | 'reshares', label: string): VirtualColumn<AnalyticsGroupRow> => ({
      id,
      header: <span className={styles.number}>{label}</span>,
      width: 'minmax(96px, 0.7fr)',
      cell: (row) => <span className={styles.number}>{formatCount(row[id])}</span>
    })
    return [
      {
        id: 'name',
        header: NAME_HEADERS[kind],
        width: 'minmax(200px, 2fr)',
        cell: (row) => {
          const detail = detailText(kind, row)
          return (
            <span className={styles.name}>
              <PersonAvatar size={28} name={row.name} image={row.image ? { src: row.image } : undefined} shape={kind === 'members' ? 'circular' : 'square'} color="colorful" />
              <span className={styles.text}>
                <Text className={styles.ellipsis}>{row.name}</Text>
                {detail ? (
                  <Text size={200} className={`${styles.ellipsis} ${styles.muted}`}>
                    {detail}
                  </Text>
                ) : null}
              </span>
            </span>
          )
        }
      },
      figure('posts', 'Posts'),
      figure('impressions', 'Impressions'),
      figure('reactions', 'Reactions'),
      figure('comments', 'Comments'),
      figure('reshares', 'Reshares'),
      {
        id: 'engagementRate',
        header: <span className={styles.number}>Engagement</span>,
        width: 'minmax(110px, 0.8fr)',
        cell: (row) => <span className={styles.number}>{formatRate(row.engagementRate)}</span>
      }
    ]
  }, [kind, styles])

  return (
    <>
      <VirtualTable rows={data.rows} columns={columns} getRowId={(row) => row.id} label={TABLE_LABELS[kind]} rowHeight={56} data-testid={`analytics-${kind}`} rowTestId={(row) => `analytics-${kind}-${row.id}`} />
      <Text size={200} className={styles.muted} data-testid={`analytics-${kind}-totals`}>
        In all: {formatCount(data.totals.posts)} {data.totals.posts === 1 ? 'post' : 'posts'}, {formatCount(data.totals.impressions)} impressions, {formatRate(data.totals.engagementRate)} engagement
      </Text>
    </>
  )
}
