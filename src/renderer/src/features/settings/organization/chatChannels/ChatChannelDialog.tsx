import { Checkbox, Field, Input, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components'
import {
  CHAT_CHANNEL_DEFAULT_EVENTS,
  CHAT_CHANNEL_EVENT_LABELS,
  CHAT_CHANNEL_EVENTS,
  CHAT_CHANNEL_MESSAGES,
  CHAT_WEEKLY_HOUR,
  type ChatChannel,
  type ChatChannelEvent,
  type ChatChannelKind
} from '@shared/api/contract'
import { useCreateChatChannel, useUpdateChatChannel } from '@renderer/api/chatChannels'
import { FormDialog, useFormDialog } from '@renderer/components/FormDialog'
import { TimeZonePicker } from '@renderer/components/TimeZonePicker'
import { useNotify } from '@renderer/lib/toasts'
import { CHAT_KIND_LABELS } from './chatKinds'

const useStyles = makeStyles({
  events: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: tokens.spacingVerticalXXS },
  weekly: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  muted: { color: tokens.colorNeutralForeground3 }
})

interface Values {
  kind: ChatChannelKind
  name: string
  url: string
  events: ChatChannelEvent[]
  weeklyNudge: boolean
  weeklyDigest: boolean
  timeZone: string
}

const URL_HINTS: Record<ChatChannelKind, { placeholder: string; hint: string }> = {
  slack: {
    placeholder: 'https://hooks.slack.com/services/…',
    hint: 'In Slack: create an app with Incoming Webhooks, add a webhook to the channel and paste its URL here.'
  },
  teams: {
    placeholder: 'https://…/workflows/…/triggers/manual/paths/invoke…',
    hint: 'In Teams: add the workflow "Post to a channel when a webhook request is received" to the channel and paste its URL here.'
  }
}

const isChannelEvent = (event: string): event is ChatChannelEvent => (CHAT_CHANNEL_EVENTS as readonly string[]).includes(event)

/**
 * Connect a channel (kind, name, webhook URL, events, weekly messages) or change one (its name,
 * events, weekly messages and time zone; its address stays: connect the channel again for another).
 */
export function ChatChannelDialog({ channel, defaultTimeZone, onClose }: { channel: ChatChannel | null; defaultTimeZone: string; onClose: () => void }) {
  const styles = useStyles()
  const notify = useNotify()
  const create = useCreateChatChannel()
  const update = useUpdateChatChannel()
  const form = useFormDialog<Values>({
    initial: {
      kind: channel?.kind ?? 'slack',
      name: channel?.name ?? '',
      url: '',
      events: channel ? channel.events.filter(isChannelEvent) : [...CHAT_CHANNEL_DEFAULT_EVENTS],
      weeklyNudge: channel?.weeklyNudge ?? false,
      weeklyDigest: channel?.weeklyDigest ?? false,
      timeZone: channel?.timeZone ?? defaultTimeZone
    },
    onClose
  })
  const { values } = form
  const hearsSomething = values.events.length > 0 || values.weeklyNudge || values.weeklyDigest
  const toggle = (event: ChatChannelEvent, on: boolean) =>
    form.set('events', on ? CHAT_CHANNEL_EVENTS.filter((e) => e === event || values.events.includes(e)) : values.events.filter((e) => e !== event))
  const title = channel ? 'Edit chat channel' : 'Connect a channel'

  return (
    <FormDialog
      form={form}
      title={title}
      label={title}
      failureTitle="Channel not saved ⚠️"
      canSubmit={values.name.trim() !== '' && (channel !== null || values.url.trim() !== '') && hearsSomething}
      submitLabel={channel ? 'Save' : 'Connect'}
      testIds={{ dialog: 'chat-channel-dialog', submit: 'chat-channel-save', cancel: 'chat-channel-cancel' }}
      onSubmit={async ({ values: v, idempotencyKey }) => {
        const options = { name: v.name.trim(), events: v.events, weeklyNudge: v.weeklyNudge, weeklyDigest: v.weeklyDigest, timeZone: v.timeZone }
        if (channel) {
          await update.mutateAsync({ channelId: channel.id, ...options })
          notify({ title: 'Channel saved ✅', body: `${options.name} has been saved.` })
        } else {
          await create.mutateAsync({ kind: v.kind, url: v.url.trim(), ...options, idempotencyKey })
          notify({ title: 'Channel connected 🎉', body: `${options.name} will hear from Pagecrew in ${CHAT_KIND_LABELS[v.kind]}.` })
        }
        onClose()
      }}
    >
      {channel ? (
        <Text className={styles.muted} data-testid="chat-channel-address">
          {CHAT_KIND_LABELS[channel.kind]} · {channel.urlHint}
        </Text>
      ) : (
        <>
          <Field label="Where" required validationMessage={form.errors.kind}>
            <RadioGroup layout="horizontal" value={values.kind} onChange={(_, d) => form.set('kind', d.value as ChatChannelKind)} aria-label="Where">
              <Radio value="slack" label={CHAT_KIND_LABELS.slack} data-testid="chat-channel-kind-slack" />
              <Radio value="teams" label={CHAT_KIND_LABELS.teams} data-testid="chat-channel-kind-teams" />
            </RadioGroup>
          </Field>
          <Field label="Webhook URL" required validationMessage={form.errors.url} hint={URL_HINTS[values.kind].hint}>
            <Input
              value={values.url}
              onChange={(_, d) => form.set('url', d.value)}
              placeholder={URL_HINTS[values.kind].placeholder}
              type="url"
              data-testid="chat-channel-url"
            />
          </Field>
        </>
      )}
      <Field label="Name" required validationMessage={form.errors.name} hint="How your team knows the channel, e.g. #marketing-approvals.">
        <Input value={values.name} onChange={(_, d) => form.set('name', d.value)} maxLength={80} data-testid="chat-channel-name" />
      </Field>
      <Field
        label="Events"
        validationMessage={form.errors.events ?? (hearsSomething ? undefined : CHAT_CHANNEL_MESSAGES.eventsMissing)}
        validationState={form.errors.events ? 'error' : 'none'}
        hint="Approval requests come with Approve, Request changes and Open buttons."
      >
        <div className={styles.events} role="group" aria-label="Events">
          {CHAT_CHANNEL_EVENTS.map((event) => (
            <Checkbox
              key={event}
              checked={values.events.includes(event)}
              onChange={(_, d) => toggle(event, d.checked === true)}
              label={CHAT_CHANNEL_EVENT_LABELS[event]}
              data-testid={`chat-channel-event-${event}`}
            />
          ))}
        </div>
      </Field>
      <Field label="Weekly messages" hint={`Mondays from ${String(CHAT_WEEKLY_HOUR).padStart(2, '0')}:00 in the time zone below.`}>
        <div className={styles.weekly} role="group" aria-label="Weekly messages">
          <Checkbox
            checked={values.weeklyNudge}
            onChange={(_, d) => form.set('weeklyNudge', d.checked === true)}
            label="Weekly nudge: this week’s open slots per member and who hasn’t written yet"
            data-testid="chat-channel-weekly-nudge"
          />
          <Checkbox
            checked={values.weeklyDigest}
            onChange={(_, d) => form.set('weeklyDigest', d.checked === true)}
            label="Weekly recommended posts: the posts recommended to everyone for resharing"
            data-testid="chat-channel-weekly-digest"
          />
        </div>
      </Field>
      {values.weeklyNudge || values.weeklyDigest || form.errors.timeZone ? (
        <Field label="Time zone" required validationMessage={form.errors.timeZone}>
          <TimeZonePicker value={values.timeZone} onChange={(zone) => form.set('timeZone', zone)} data-testid="chat-channel-timezone" />
        </Field>
      ) : null}
    </FormDialog>
  )
}
