import { Button, Caption1, Card, Input, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Copy20Regular } from '@fluentui/react-icons'
import type { OutboxEmail } from '@shared/domain'
import { useOutbox } from '@renderer/api/members'
import { useUser } from '@renderer/api/user'
import { useNow } from '@renderer/hooks/useNow'
import { formatDate, formatRelative } from '@renderer/lib/formatDate'
import { useNotify } from '@renderer/lib/toasts'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
  link: { display: 'flex', gap: tokens.spacingHorizontalS },
  linkInput: { flexGrow: 1, minWidth: 0 }
})

function OutboxItem({ email, timeZone, now }: { email: OutboxEmail; timeZone: string | null; now: Date }) {
  const styles = useStyles()
  const notify = useNotify()
  const copy = (link: string) =>
    navigator.clipboard.writeText(link).then(
      () => notify({ title: 'Join link copied ✅', body: `Send it to ${email.to} if the email did not arrive.` }),
      () => notify({ title: 'Link not copied ⚠️', body: 'Select the link and copy it yourself.', intent: 'error' })
    )
  return (
    <li>
      <Card className={styles.card} data-testid={`outbox-email-${email.id}`}>
        <Text weight="semibold">{email.subject}</Text>
        <Caption1 className={styles.muted}>
          {/* How long ago reads best for a recent email; the exact time is in the tooltip. */}
          To {email.to} ·{' '}
          <time dateTime={email.createdAt} title={formatDate(email.createdAt, 'dateTime', { timeZone })} data-testid="outbox-sent">
            {formatRelative(email.createdAt, now)}
          </time>
        </Caption1>
        {email.joinUrl ? (
          <div className={styles.link}>
            <Input className={styles.linkInput} readOnly value={email.joinUrl} aria-label={`Join link for ${email.to}`} data-testid="outbox-join-url" />
            <Button icon={<Copy20Regular />} onClick={() => void copy(email.joinUrl ?? '')} data-testid="outbox-copy-link">
              Copy join link
            </Button>
          </div>
        ) : null}
      </Card>
    </li>
  )
}

/** The built-in mail outbox: invitation emails with their join links, newest first. */
export function OutboxPanel() {
  const styles = useStyles()
  const outbox = useOutbox()
  const timeZone = useUser().data?.timezone ?? null
  const now = useNow()
  return (
    <section className={styles.root} aria-label="Outbox" data-testid="outbox-panel">
      <h3 className={styles.heading}>Outbox</h3>
      <Caption1 className={styles.muted}>Emails Pagecrew sent for this organization. Copy a join link to pass it on yourself.</Caption1>
      {outbox.isPending ? <LoadingState inline label="Loading the outbox…" /> : null}
      {outbox.isError ? <ErrorState onRetry={() => void outbox.refetch()} /> : null}
      {outbox.isSuccess && outbox.data.length === 0 ? <EmptyState message="No results found" hint="Invitations you send show here with their join link." /> : null}
      {outbox.isSuccess && outbox.data.length > 0 ? (
        <ul className={styles.list}>
          {outbox.data.map((email) => (
            <OutboxItem key={email.id} email={email} timeZone={timeZone} now={now} />
          ))}
        </ul>
      ) : null}
    </section>
  )
}
