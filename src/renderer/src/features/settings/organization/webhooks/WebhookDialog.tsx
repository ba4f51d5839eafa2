import { Checkbox, Field, Input, makeStyles, tokens } from '@fluentui/react-components'
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, WEBHOOK_MESSAGES, type WebhookEndpoint, type WebhookEvent } from '@shared/domain/webhooks'
import { useCreateWebhook, useUpdateWebhook } from '@renderer/api/webhooks'
import { FormDialog, useFormDialog } from '@renderer/components/FormDialog'
import { useNotify } from '@renderer/lib/toasts'

const useStyles = makeStyles({
  events: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: tokens.spacingVerticalXXS }
})

interface Values {
  url: string
  description: string
  events: WebhookEvent[]
}

/** Add or edit an endpoint: its https address, a description and the events it hears. A new one answers its signing secret. */
export function WebhookDialog({ endpoint, onClose, onCreated }: { endpoint: WebhookEndpoint | null; onClose: () => void; onCreated: (id: string, secret: string) => void }) {
  const styles = useStyles()
  const notify = useNotify()
  const create = useCreateWebhook()
  const update = useUpdateWebhook()
  const form = useFormDialog<Values>({
    initial: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: (endpoint?.events ?? []).filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e))
    },
    onClose
  })
  const { values } = form
  const toggle = (event: WebhookEvent, on: boolean) => form.set('events', on ? [...values.events, event] : values.events.filter((e) => e !== event))

  return (
    <FormDialog
      form={form}
      title={endpoint ? 'Edit webhook' : 'Add webhook'}
      label={endpoint ? 'Edit webhook' : 'Add webhook'}
      failureTitle="Webhook not saved ⚠️"
      canSubmit={values.url.trim() !== '' && values.events.length > 0}
      submitLabel={endpoint ? 'Save' : 'Add webhook'}
      testIds={{ dialog: 'webhook-dialog', submit: 'webhook-save', cancel: 'webhook-cancel' }}
      onSubmit={async ({ values: v, idempotencyKey }) => {
        const body = { url: v.url.trim(), description: v.description.trim(), events: v.events }
        if (endpoint) {
          await update.mutateAsync({ id: endpoint.id, ...body })
          notify({ title: 'Webhook saved ✅', body: `${body.url} has been saved.` })
          onClose()
        } else {
          const created = await create.mutateAsync({ ...body, idempotencyKey })
          notify({ title: 'Webhook added 🎉', body: `Events will be sent to ${body.url}.` })
          // A replayed create (the same click sent twice) answers the secret as null: Show secret fetches it.
          if (created.secret !== null) onCreated(created.endpoint.id, created.secret)
          onClose()
        }
      }}
    >
      <Field label="Endpoint URL" required validationMessage={form.errors.url} hint="A public https:// address that accepts POST requests.">
        <Input value={values.url} onChange={(_, d) => form.set('url', d.value)} placeholder="https://example.com/pagecrew" type="url" data-testid="webhook-url" />
      </Field>
      <Field label="Description" validationMessage={form.errors.description}>
        <Input value={values.description} onChange={(_, d) => form.set('description', d.value)} maxLength={200} data-testid="webhook-description" />
      </Field>
      <Field label="Events" required validationMessage={form.errors.events ?? (values.events.length === 0 ? WEBHOOK_MESSAGES.eventsMissing : undefined)} validationState={form.errors.events ? 'error' : 'none'}>
        <div className={styles.events} role="group" aria-label="Events">
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox
              key={event}
              checked={values.events.includes(event)}
              onChange={(_, d) => toggle(event, d.checked === true)}
              label={`${WEBHOOK_EVENT_LABELS[event]} (${event})`}
              data-testid={`webhook-event-${event}`}
            />
          ))}
        </div>
      </Field>
    </FormDialog>
  )
}
