import { Badge, Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens } from '@fluentui/react-components'
import type { WebhookDelivery } from '@shared/domain/webhooks'
import { useRedeliverWebhook, useWebhookDeliveries } from '@renderer/api/webhooks'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { newIdempotencyKey } from '@renderer/components/useFormDialog'
import { failureToast } from '@renderer/lib/failureToast'
import { useNotify } from '@renderer/lib/toasts'

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }
})

const STATUS_BADGE: Record<WebhookDelivery['status'], { label: string; color: 'success' | 'danger' | 'informative' }> = {
  delivered: { label: 'Delivered', color: 'success' },
  failed: { label: 'Failed', color: 'danger' },
  pending: { label: 'Pending', color: 'informative' }
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—')

/** An endpoint's latest deliveries: status, answer, time, tries, and Redeliver. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const styles = useStyles()
  const notify = useNotify()
  const deliveries = useWebhookDeliveries(endpointId)
  const redeliver = useRedeliverWebhook()
  if (deliveries.isPending) return <LoadingState inline label="Loading deliveries…" />
  if (deliveries.isError) return <ErrorState onRetry={() => void deliveries.refetch()} />
  if (deliveries.data.deliveries.length === 0) {
    return <Text className={styles.muted} data-testid="webhook-deliveries-empty">No deliveries yet. Send a test event, or wait for the next event you chose.</Text>
  }
  return (
    <Table aria-label="Deliveries" size="small" data-testid="webhook-deliveries">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Event</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Response</TableHeaderCell>
          <TableHeaderCell>Last try</TableHeaderCell>
          <TableHeaderCell>Tries</TableHeaderCell>
          <TableHeaderCell>
            <span className={styles.hidden}>Actions</span>
          </TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {deliveries.data.deliveries.map((d) => (
          <TableRow key={d.id} data-testid={`webhook-delivery-${d.id}`}>
            <TableCell>{d.eventName}</TableCell>
            <TableCell>
              <Badge appearance="tint" color={STATUS_BADGE[d.status].color} data-testid="webhook-delivery-status">
                {STATUS_BADGE[d.status].label}
              </Badge>
            </TableCell>
            <TableCell title={d.lastError ?? undefined}>{d.lastResponseCode ?? (d.lastError ? 'No answer' : '—')}</TableCell>
            <TableCell>{when(d.lastAttemptAt ?? d.createdAt)}</TableCell>
            <TableCell>{d.attempts}</TableCell>
            <TableCell>
              <Button
                size="small"
                disabled={redeliver.isPending}
                onClick={() =>
                  redeliver.mutate(
                    { id: endpointId, deliveryId: d.id, idempotencyKey: newIdempotencyKey() },
                    {
                      onSuccess: () => notify({ title: 'Redelivery queued ✅', body: `${d.eventName} will be sent again now.` }),
                      onError: (error) => notify(failureToast('Not redelivered ⚠️', error))
                    }
                  )
                }
                data-testid="webhook-redeliver"
              >
                Redeliver
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
