import { useState } from 'react'
import { Badge, Button, Caption1, Card, MessageBar, MessageBarBody, Spinner, Switch, Text, makeStyles, tokens } from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import { hasEntitlement } from '@shared/rules'
import type { WebhookEndpoint } from '@shared/domain/webhooks'
import { OPEN_PLAN_MODAL_EVENT } from '@renderer/api/client'
import { useEntitlements } from '@renderer/api/entitlements'
import { useDeleteWebhook, useRevealWebhookSecret, useRotateWebhookSecret, useTestWebhook, useUpdateWebhook, useWebhooks } from '@renderer/api/webhooks'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { DeleteConfirm } from '@renderer/components/DeleteConfirm'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { newIdempotencyKey } from '@renderer/components/useFormDialog'
import { failureToast } from '@renderer/lib/failureToast'
import { useNotify } from '@renderer/lib/toasts'
import { DeliveryLog } from './DeliveryLog'
import { WebhookDialog } from './WebhookDialog'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  url: { fontWeight: tokens.fontWeightSemibold, wordBreak: 'break-all' },
  secret: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  muted: { color: tokens.colorNeutralForeground3 }
})

/**
 * Settings → Organization → Webhooks (issue 28): the organization's endpoints, each with its events,
 * its signing secret on request, on/off, Edit, Delete, Send test event and its delivery log. Outside
 * the plan it says what webhooks offer and where the plans are.
 */
export function WebhooksSection() {
  const entitlements = useEntitlements()
  const entitled = entitlements.data ? hasEntitlement(entitlements.data, 'API') : false
  const webhooks = useWebhooks({ enabled: entitled })
  if (entitlements.isPending) return <LoadingState inline label="Loading webhooks…" />
  if (entitlements.isError) return <ErrorState onRetry={() => void entitlements.refetch()} />
  if (!entitled) return <WebhooksOffer />
  if (webhooks.isPending) return <LoadingState inline label="Loading webhooks…" />
  if (webhooks.isError) return <ErrorState onRetry={() => void webhooks.refetch()} />
  return <WebhookList endpoints={webhooks.data} />
}

function WebhooksOffer() {
  const styles = useStyles()
  return (
    <div className={styles.root} data-testid="webhooks-offer">
      <Text weight="semibold">Webhooks</Text>
      <Text>Tell your intranet, CRM or dashboard the moment a post is published, needs approval or a slot is assigned: signed HTTPS requests to your endpoints.</Text>
      <MessageBar intent="info">
        <MessageBarBody>{MESSAGES.apiNotInPlan}</MessageBarBody>
      </MessageBar>
      <div>
        <Button appearance="primary" onClick={() => window.dispatchEvent(new Event(OPEN_PLAN_MODAL_EVENT))} data-testid="webhooks-see-plans">
          See plans
        </Button>
      </div>
    </div>
  )
}

function WebhookList({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  const styles = useStyles()
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null)
  const [revealed, setRevealed] = useState<Record<string, string>>({})
  const dialog = editing ? (
    <WebhookDialog
      key={editing === 'new' ? 'new' : editing.id}
      endpoint={editing === 'new' ? null : editing}
      onClose={() => setEditing(null)}
      onCreated={(id, secret) => setRevealed((r) => ({ ...r, [id]: secret }))}
    />
  ) : null
  if (endpoints.length === 0) {
    return (
      <section aria-label="Webhooks" data-testid="webhooks-section">
        <EmptyState
          message="No webhooks yet"
          hint="Add an endpoint to have Pagecrew send signed requests to your systems when posts are published, approvals are needed or slots are assigned."
          action={{ label: 'Add webhook', onClick: () => setEditing('new'), 'data-testid': 'webhook-add' }}
          data-testid="webhooks-empty"
        />
        {dialog}
      </section>
    )
  }
  return (
    <section className={styles.root} aria-label="Webhooks" data-testid="webhooks-section">
      <div className={styles.header}>
        <Text className={styles.muted}>Requests follow the Standard Webhooks specification; verify them with the signing secret.</Text>
        <Button appearance="primary" onClick={() => setEditing('new')} data-testid="webhook-add">
          Add webhook
        </Button>
      </div>
      {endpoints.map((endpoint) => (
        <WebhookCard key={endpoint.id} endpoint={endpoint} secret={revealed[endpoint.id] ?? null} onSecret={(secret) => setRevealed((r) => ({ ...r, [endpoint.id]: secret }))} onEdit={() => setEditing(endpoint)} />
      ))}
      {dialog}
    </section>
  )
}

function WebhookCard({ endpoint, secret, onSecret, onEdit }: { endpoint: WebhookEndpoint; secret: string | null; onSecret: (secret: string) => void; onEdit: () => void }) {
  const styles = useStyles()
  const notify = useNotify()
  const update = useUpdateWebhook()
  const remove = useDeleteWebhook()
  const reveal = useRevealWebhookSecret()
  const test = useTestWebhook()
  const [confirming, setConfirming] = useState(false)
  const [rotating, setRotating] = useState(false)
  const [showLog, setShowLog] = useState(false)
  const copy = (value: string) =>
    navigator.clipboard.writeText(value).then(
      () => notify({ title: 'Signing secret copied ✅', body: 'Keep it where your endpoint can read it.' }),
      () => notify({ title: 'Secret not copied ⚠️', body: 'Select the secret and copy it yourself.', intent: 'error' })
    )
  return (
    <Card className={styles.card} data-testid={`webhook-${endpoint.id}`}>
      <div className={styles.row}>
        <Text className={styles.url}>{endpoint.url}</Text>
        {endpoint.enabled ? null : (
          <Badge appearance="tint" color={endpoint.disabledReason === 'failing' ? 'danger' : 'subtle'} data-testid="webhook-off">
            {endpoint.disabledReason === 'failing' ? 'Turned off after failing for a day' : 'Off'}
          </Badge>
        )}
      </div>
      {endpoint.description ? <Text>{endpoint.description}</Text> : null}
      <Caption1 className={styles.muted}>{endpoint.events.join(', ')}</Caption1>
      <div className={styles.row}>
        <Switch
          label={endpoint.enabled ? 'On' : 'Off'}
          checked={endpoint.enabled}
          disabled={update.isPending}
          onChange={(_, d) => update.mutate({ id: endpoint.id, enabled: d.checked }, { onError: (error) => notify(failureToast('Webhook not changed ⚠️', error)) })}
          data-testid="webhook-enabled"
        />
        <Button onClick={onEdit} data-testid="webhook-edit">Edit</Button>
        <Button
          disabled={test.isPending}
          icon={test.isPending ? <Spinner size="tiny" /> : undefined}
          onClick={() =>
            test.mutate(
              { id: endpoint.id, idempotencyKey: newIdempotencyKey() },
              { onSuccess: () => { setShowLog(true); notify({ title: 'Test event sent ✅', body: 'Its delivery shows in the log.' }) }, onError: (error) => notify(failureToast('Test event not sent ⚠️', error)) }
            )
          }
          data-testid="webhook-test"
        >
          Send test event
        </Button>
        <Button onClick={() => setShowLog((s) => !s)} aria-expanded={showLog} data-testid="webhook-log-toggle">
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button appearance="subtle" onClick={() => setConfirming(true)} disabled={remove.isPending} data-testid="webhook-delete">
          Delete
        </Button>
      </div>
      <div className={styles.row}>
        <Text>Signing secret:</Text>
        {secret ? (
          <>
            <Text className={styles.secret} data-testid="webhook-secret">{secret}</Text>
            <Button size="small" onClick={() => void copy(secret)} data-testid="webhook-secret-copy">Copy</Button>
          </>
        ) : (
          <Button
            size="small"
            disabled={reveal.isPending}
            onClick={() => reveal.mutate(endpoint.id, { onSuccess: (r) => onSecret(r.secret), onError: (error) => notify(failureToast('Secret not shown ⚠️', error)) })}
            data-testid="webhook-secret-reveal"
          >
            Reveal
          </Button>
        )}
        <Button size="small" appearance="subtle" onClick={() => setRotating(true)} data-testid="webhook-secret-rotate">
          Rotate secret
        </Button>
      </div>
      {showLog ? <DeliveryLog endpointId={endpoint.id} /> : null}
      <RotateSecretConfirm endpoint={endpoint} open={rotating} onClose={() => setRotating(false)} onRotated={onSecret} />
      <DeleteConfirm
        open={confirming}
        title="Delete webhook"
        message={`Are you sure you want to delete the webhook to ${endpoint.url}? Its delivery log is deleted with it.`}
        confirmLabel="Delete webhook"
        onClose={() => setConfirming(false)}
        onDelete={async () => {
          await remove.mutateAsync(endpoint.id)
          notify({ title: 'Webhook deleted ✅', body: `${endpoint.url} no longer gets events.` })
        }}
        onError={(error) => notify(failureToast('Webhook not deleted ⚠️', error))}
        data-testid="delete-webhook-dialog"
      />
    </Card>
  )
}

/**
 * Asks before rotating an endpoint's signing secret: requests are signed with the new one from the
 * next try on, so the endpoint refuses them until it has it. Rotates once per confirmation (one
 * Idempotency-Key per opening) and shows the new secret in the card.
 */
function RotateSecretConfirm({ endpoint, open, onClose, onRotated }: { endpoint: WebhookEndpoint; open: boolean; onClose: () => void; onRotated: (secret: string) => void }) {
  const notify = useNotify()
  const rotate = useRotateWebhookSecret()
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey)
  const close = () => {
    setIdempotencyKey(newIdempotencyKey())
    onClose()
  }
  return (
    <ConfirmDialog
      open={open}
      title="Rotate signing secret"
      message={`Pagecrew will sign requests to ${endpoint.url} with a new secret from the next try on, and your endpoint will refuse them until it has the new one. The current secret stops working at once.`}
      confirmLabel="Rotate secret"
      destructive
      onCancel={close}
      onConfirm={() =>
        rotate.mutateAsync(
          { id: endpoint.id, idempotencyKey },
          {
            onSuccess: (result) => {
              onRotated(result.secret)
              notify({ title: 'Signing secret rotated ✅', body: 'Copy the new secret to your endpoint now.' })
              close()
            },
            onError: (error) => notify(failureToast('Secret not rotated ⚠️', error))
          }
        )
      }
      data-testid="webhook-rotate-dialog"
    />
  )
}
