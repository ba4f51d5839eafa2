import { Badge, Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components'
import { CalendarLtr20Regular } from '@fluentui/react-icons'
import type { AssignedSlot } from '@shared/domain'
import { formatWhen } from './postTimes'

const useStyles = makeStyles({
  details: { display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }
})

/** The assigned slot the post is written for: its time, topic tag, audience and content idea. */
export function SlotSummary({ slot, timeZone }: { slot: AssignedSlot; timeZone: string }) {
  const styles = useStyles()
  const tag = slot.tag ?? slot.businessPostTag
  return (
    <Card appearance="filled-alternative" data-testid="write-post-slot">
      <CardHeader image={<CalendarLtr20Regular />} header={<Text weight="semibold">For your slot on {formatWhen(slot.time, timeZone)}</Text>} />
      <dl className={styles.details}>
        {tag ? (
          <>
            <dt className={styles.term}>Topic tag</dt>
            <dd className={styles.value}>
              <Badge appearance="tint" shape="rounded" style={{ borderColor: tag.color }}>
                {tag.title}
              </Badge>
            </dd>
          </>
        ) : null}
        {slot.targetAudience.trim() ? (
          <>
            <dt className={styles.term}>Audience</dt>
            <dd className={styles.value}>{slot.targetAudience}</dd>
          </>
        ) : null}
        {slot.comment.trim() ? (
          <>
            <dt className={styles.term}>Content idea</dt>
            <dd className={styles.value}>{slot.comment}</dd>
          </>
        ) : null}
      </dl>
    </Card>
  )
}
