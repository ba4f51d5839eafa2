import {
  Badge,
  Card,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens
} from '@fluentui/react-components'
import type { Recommendation } from '@shared/domain/recommended'
import { ResharedPost } from '@renderer/components/postPreview/ResharedPost'
import { useNow } from '@renderer/hooks/useNow'
import { formatDate } from '@renderer/lib/formatDate'
import { RESHARE_STATUS_LABELS, audienceLabel, reshareCountLabel } from './labels'

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, minWidth: 0 },
  facts: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  note: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  table: { minWidth: 0 }
})

/** The recommendations the session user made (admins: the organization's), each with who reshared it. */
export function SentList({ recommendations, timeZone }: { recommendations: readonly Recommendation[]; timeZone: string }) {
  const styles = useStyles()
  const now = useNow()
  return (
    <div className={styles.list} data-testid="recommended-sent">
      {recommendations.map((r) => (
        <SentCard key={r.id} recommendation={r} timeZone={timeZone} now={now} />
      ))}
    </div>
  )
}

function SentCard({ recommendation: r, timeZone, now }: { recommendation: Recommendation; timeZone: string; now: Date }) {
  const styles = useStyles()
  const ended = r.endsAt !== null && Date.parse(r.endsAt) <= now.getTime()
  const testId = `sent-${r.id}`
  return (
    <Card className={styles.card} data-testid={testId}>
      <div className={styles.facts}>
        <Text>
          <Text weight="semibold">For: </Text>
          <span data-testid={`${testId}-audience`}>{audienceLabel(r.audience)}</span>
        </Text>
        <Text>
          <Text weight="semibold">{ended ? 'Ended: ' : 'Ends: '}</Text>
          {r.endsAt ? formatDate(r.endsAt, 'date', { timeZone }) : 'No end date'}
        </Text>
        <Text className={styles.muted}>
          {`Sent ${formatDate(r.createdAt, 'date', { timeZone })}${r.createdBy ? ` by ${r.createdBy.fullName}` : ''}`}
        </Text>
        <Badge appearance="tint" data-testid={`${testId}-count`}>
          {reshareCountLabel(r.reshareCount)}
        </Badge>
      </div>
      {r.note ? <Text className={styles.note}>{r.note}</Text> : null}
      <ResharedPost author={r.previewAuthor} text={r.previewText} url={r.linkedInPostUrl} data-testid={`${testId}-post`} />
      {r.reshares.length === 0 ? (
        <Text className={styles.muted}>Nobody has reshared it yet.</Text>
      ) : (
        <Table aria-label="Reshared by" size="small" className={styles.table} data-testid={`${testId}-reshares`}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Reshared by</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
              <TableHeaderCell>Published</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {r.reshares.map((reshare) => (
              <TableRow key={reshare.postId} data-testid={`${testId}-reshare-${reshare.userId}`}>
                <TableCell>{reshare.fullName}</TableCell>
                <TableCell>{RESHARE_STATUS_LABELS[reshare.status]}</TableCell>
                <TableCell>{reshare.publishedAt ? formatDate(reshare.publishedAt, 'dateTime', { timeZone }) : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  )
}
