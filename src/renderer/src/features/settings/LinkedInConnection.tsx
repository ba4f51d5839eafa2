import { useState } from 'react'
import { Button, Card, MessageBar, MessageBarActions, MessageBarBody, Spinner, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { BANNER_WARNING_DAYS } from '@shared/constants'
import type { LinkedInConnection } from '@shared/domain'
import { daysUntil } from '@shared/rules/subscription'
import { useConnectLinkedIn, useDisconnectLinkedIn, useLinkedInConnection } from '@renderer/api/linkedin'
import { useNotify } from '@renderer/lib/toasts'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { useNow } from '@renderer/hooks/useNow'
import { failureToast } from '@renderer/lib/failureToast'
import { formatDay } from '@renderer/lib/formatDate'

const useStyles = makeStyles({
  card: { maxWidth: '560px', padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  lines: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  status: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  warning: { color: tokens.colorStatusWarningForeground1 },
  error: { color: tokens.colorStatusDangerForeground1 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' }
})

type LinkedInStatus =
  | { kind: 'none' }
  | { kind: 'connected'; days: number }
  | { kind: 'expiring'; days: number }
  | { kind: 'expired' }

/** Expiring: the banners' 7 days (spec §2); expired once expiresAt has passed. */
export function linkedInStatus(connection: LinkedInConnection, now: Date): LinkedInStatus {
  if (!connection.connected) return { kind: 'none' }
  if (connection.expiresAt === null) return { kind: 'connected', days: Infinity }
  if (Date.parse(connection.expiresAt) <= now.getTime()) return { kind: 'expired' }
  const days = daysUntil(connection.expiresAt, now)
  return days <= BANNER_WARNING_DAYS ? { kind: 'expiring', days } : { kind: 'connected', days }
}

export const EXPIRED_TEXT = 'Expired — reconnect to keep publishing'

const dayCount = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`

function ConnectionDetails({ connection, status, timezone }: { connection: LinkedInConnection; status: LinkedInStatus; timezone: string | null }) {
  const styles = useStyles()
  const name = connection.memberName ?? 'your LinkedIn account'
  if (status.kind === 'none') {
    return (
      <div className={styles.lines}>
        <Text className={styles.status} data-testid="linkedin-status">
          No LinkedIn account linked
        </Text>
        <Text className={styles.muted}>Connect your LinkedIn account so Pagecrew can publish your posts, as yourself or as the business pages you manage.</Text>
      </div>
    )
  }
  return (
    <div className={styles.lines}>
      {status.kind === 'expired' ? (
        <>
          <Text className={mergeClasses(styles.status, styles.error)} data-tone="error" data-testid="linkedin-status">
            {EXPIRED_TEXT}
          </Text>
          <Text>{`LinkedIn account: ${name}`}</Text>
        </>
      ) : (
        <Text className={styles.status} data-testid="linkedin-status">{`Connected as ${name}`}</Text>
      )}
      {connection.connectedAt ? <Text className={styles.muted}>{`Connected since ${formatDay(connection.connectedAt, timezone)}`}</Text> : null}
      {connection.expiresAt && status.kind !== 'expired' ? (
        <Text
          className={status.kind === 'expiring' ? styles.warning : undefined}
          data-tone={status.kind === 'expiring' ? 'warning' : 'normal'}
          data-testid="linkedin-expiry"
        >
          {`Access expires on ${formatDay(connection.expiresAt, timezone)} (${dayCount(status.days)})`}
        </Text>
      ) : null}
      {connection.expiresAt && status.kind === 'expired' ? (
        <Text className={styles.error} data-tone="error" data-testid="linkedin-expiry">{`Access expired on ${formatDay(connection.expiresAt, timezone)}`}</Text>
      ) : null}
    </div>
  )
}

/**
 * Settings → LinkedIn: connect, reconnect before the 60-day access runs out, or disconnect. The
 * sign-in happens on LinkedIn's page (this tab on the web; the system browser on the desktop,
 * where the card waits until the browser hands the answer back or the user cancels).
 */
export function LinkedInConnectionCard({ timezone }: { timezone: string | null }) {
  const styles = useStyles()
  const notify = useNotify()
  const now = useNow()
  const connection = useLinkedInConnection()
  const { connect, cancel, state } = useConnectLinkedIn()
  const disconnect = useDisconnectLinkedIn()
  const [confirming, setConfirming] = useState(false)

  const body = (() => {
    if (connection.isPending) return <LoadingState inline label="Loading your LinkedIn connection…" />
    if (connection.isError) return <ErrorState onRetry={() => void connection.refetch()} />
    const data = connection.data
    const status = linkedInStatus(data, now)
    const starting = state === 'starting'
    const busy = starting || state === 'waiting' || disconnect.isPending
    return (
      <>
        <ConnectionDetails connection={data} status={status} timezone={timezone} />
        {data.provider === 'sandbox' ? (
          <Text size={200} className={styles.muted}>
            This Pagecrew server uses its built-in LinkedIn sandbox: posts are kept by Pagecrew and do not reach LinkedIn.
          </Text>
        ) : null}
        {state === 'waiting' ? (
          <MessageBar intent="info" data-testid="linkedin-waiting">
            <MessageBarBody>Finish connecting in your browser…</MessageBarBody>
            <MessageBarActions>
              <Button onClick={cancel}>Cancel</Button>
            </MessageBarActions>
          </MessageBar>
        ) : null}
        <div className={styles.actions}>
          {status.kind === 'none' ? (
            <Button appearance="primary" disabled={busy} icon={starting ? <Spinner size="tiny" /> : undefined} onClick={() => void connect()}>
              Connect LinkedIn
            </Button>
          ) : (
            <>
              <Button appearance="secondary" disabled={busy} onClick={() => setConfirming(true)}>
                Disconnect
              </Button>
              <Button
                appearance={status.kind === 'connected' ? 'secondary' : 'primary'}
                disabled={busy}
                icon={starting ? <Spinner size="tiny" /> : undefined}
                onClick={() => void connect()}
              >
                Reconnect
              </Button>
            </>
          )}
        </div>
      </>
    )
  })()

  return (
    <Card className={styles.card} role="region" aria-label="LinkedIn connection" data-testid="linkedin-connection">
      <h2 className={styles.heading}>LinkedIn</h2>
      {body}
      <ConfirmDialog
        open={confirming}
        title="Disconnect LinkedIn?"
        message="Scheduled posts will fail until you reconnect."
        confirmLabel="Disconnect"
        destructive
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await disconnect.mutateAsync()
            notify({ title: 'LinkedIn disconnected ✅', body: 'Reconnect before your scheduled posts are due.' })
          } catch (error) {
            notify(failureToast('LinkedIn not disconnected ⚠️', error))
          } finally {
            setConfirming(false)
          }
        }}
        data-testid="linkedin-disconnect-confirm"
      />
    </Card>
  )
}
