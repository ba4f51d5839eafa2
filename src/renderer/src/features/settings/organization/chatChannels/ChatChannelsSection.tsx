import { useState } from 'react'
import { Badge, Button, Caption1, Card, MessageBar, MessageBarBody, Spinner, Switch, Text, makeStyles, tokens } from '@fluentui/react-components'
import { NumberSymbol20Regular, PeopleTeam20Regular } from '@fluentui/react-icons'
import { CHAT_CHANNEL_EVENT_LABELS, CHAT_CHANNEL_EVENTS, type ChatChannel, type ChatChannelEvent, type ChatChannelKind } from '@shared/api/contract'
import { MESSAGES } from '@shared/api/messages'
import { hasEntitlement } from '@shared/rules'
import { isApiError, OPEN_PLAN_MODAL_EVENT } from '@renderer/api/client'
import { useChatChannels, useDeleteChatChannel, useTestChatChannel, useUpdateChatChannel } from '@renderer/api/chatChannels'
import { useEntitlements } from '@renderer/api/entitlements'
import { useUser } from '@renderer/api/user'
import { DeleteConfirm } from '@renderer/components/DeleteConfirm'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { newIdempotencyKey } from '@renderer/components/useFormDialog'
import { failureToast } from '@renderer/lib/failureToast'
import { userTimeZone } from '@renderer/lib/timeZone'
import { useNotify } from '@renderer/lib/toasts'
import { ChatChannelDialog } from './ChatChannelDialog'
import { CHAT_KIND_LABELS } from './chatKinds'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, listStyleType: 'none', margin: 0, padding: 0 },
  header: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  name: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 }
})

/**
 * Settings → Organization → Chat channels (issue 28): Slack and Microsoft Teams channels, each with
 * its events and weekly messages, on/off, Edit, Send test message and Remove (asked first). Outside
 * the plan (or on a 402) it says what channels offer and where the plans are.
 */
export function ChatChannelsSection() {
  const entitlements = useEntitlements()
  const entitled = entitlements.data ? hasEntitlement(entitlements.data, 'API') : false
  const channels = useChatChannels({ enabled: entitled })
  if (entitlements.isPending) return <LoadingState inline label="Loading chat channels…" />
  if (entitlements.isError) return <ErrorState onRetry={() => void entitlements.refetch()} />
  if (!entitled || isApiError(channels.error, 402)) return <ChatChannelsOffer />
  if (channels.isPending) return <LoadingState inline label="Loading chat channels…" />
  if (channels.isError) return <ErrorState onRetry={() => void channels.refetch()} />
  return <ChatChannelList channels={channels.data} />
}

function ChatChannelsOffer() {
  const styles = useStyles()
  return (
    <div className={styles.root} data-testid="chat-channels-offer">
      <Text weight="semibold">Chat channels</Text>
      <Text>
        Bring approval requests to Slack or Microsoft Teams with Approve, Request changes and Open buttons, tell a channel when posts go live, and send a weekly nudge and
        the posts to reshare.
      </Text>
      <MessageBar intent="info">
        <MessageBarBody>{MESSAGES.apiNotInPlan}</MessageBarBody>
      </MessageBar>
      <div>
        <Button appearance="primary" onClick={() => window.dispatchEvent(new Event(OPEN_PLAN_MODAL_EVENT))} data-testid="chat-channels-see-plans">
          See plans
        </Button>
      </div>
    </div>
  )
}

function ChatChannelList({ channels }: { channels: ChatChannel[] }) {
  const styles = useStyles()
  const user = useUser()
  const [editing, setEditing] = useState<ChatChannel | 'new' | null>(null)
  const dialog = editing ? (
    <ChatChannelDialog
      key={editing === 'new' ? 'new' : editing.id}
      channel={editing === 'new' ? null : editing}
      defaultTimeZone={user.data ? userTimeZone(user.data) : 'UTC'}
      onClose={() => setEditing(null)}
    />
  ) : null
  if (channels.length === 0) {
    return (
      <section aria-label="Chat channels" data-testid="chat-channels-section">
        <EmptyState
          message="No chat channels yet"
          hint="Connect a Slack or Microsoft Teams channel with its incoming webhook URL: approval requests arrive there with Approve, Request changes and Open buttons."
          action={{ label: 'Connect a channel', onClick: () => setEditing('new'), 'data-testid': 'chat-channel-add' }}
          data-testid="chat-channels-empty"
        />
        {dialog}
      </section>
    )
  }
  return (
    <section className={styles.root} aria-label="Chat channels" data-testid="chat-channels-section">
      <div className={styles.header}>
        <Text className={styles.muted}>Slack and Microsoft Teams channels hear the events you choose, and weekly messages if you like.</Text>
        <Button appearance="primary" onClick={() => setEditing('new')} data-testid="chat-channel-add">
          Connect a channel
        </Button>
      </div>
      <ul className={styles.list} aria-label="Connected channels">
        {channels.map((channel) => (
          <li key={channel.id}>
            <ChatChannelCard channel={channel} onEdit={() => setEditing(channel)} />
          </li>
        ))}
      </ul>
      {dialog}
    </section>
  )
}

function KindIcon({ kind }: { kind: ChatChannelKind }) {
  return kind === 'slack' ? <NumberSymbol20Regular aria-hidden /> : <PeopleTeam20Regular aria-hidden />
}

const eventLabel = (event: string) => CHAT_CHANNEL_EVENT_LABELS[event as ChatChannelEvent] ?? event

/** What the channel hears, in the dialog's order, and its weekly messages. */
function hears(channel: ChatChannel): string {
  const events = CHAT_CHANNEL_EVENTS.filter((e) => channel.events.includes(e)).map(eventLabel)
  const weekly = [channel.weeklyNudge ? 'weekly nudge' : null, channel.weeklyDigest ? 'weekly recommended posts' : null].filter((w): w is string => w !== null)
  return [events.length > 0 ? events.join(', ') : 'No events', weekly.length > 0 ? `${weekly.join(' and ')} (Mondays, ${channel.timeZone})` : null]
    .filter(Boolean)
    .join(' · ')
}

function ChatChannelCard({ channel, onEdit }: { channel: ChatChannel; onEdit: () => void }) {
  const styles = useStyles()
  const notify = useNotify()
  const update = useUpdateChatChannel()
  const remove = useDeleteChatChannel()
  const test = useTestChatChannel()
  const [confirming, setConfirming] = useState(false)
  const kind = CHAT_KIND_LABELS[channel.kind]
  return (
    <Card className={styles.card} data-testid={`chat-channel-${channel.id}`}>
      <div className={styles.row}>
        <KindIcon kind={channel.kind} />
        <Text data-testid="chat-channel-kind">{kind}</Text>
        <Text className={styles.name} data-testid="chat-channel-name">
          {channel.name}
        </Text>
        {channel.enabled ? null : (
          <Badge appearance="tint" color={channel.disabledReason === 'failing' ? 'danger' : 'subtle'} data-testid="chat-channel-off">
            {channel.disabledReason === 'failing' ? 'Turned off after failing for a day' : 'Off'}
          </Badge>
        )}
      </div>
      <Caption1 className={styles.muted} data-testid="chat-channel-url-hint">
        {channel.urlHint}
      </Caption1>
      <Text data-testid="chat-channel-hears">{hears(channel)}</Text>
      {channel.disabledReason === 'failing' ? (
        <Text className={styles.muted}>{kind} refused every message for a day. Check the channel’s webhook, then turn it on again.</Text>
      ) : null}
      <div className={styles.row}>
        <Switch
          label={channel.enabled ? 'On' : 'Off'}
          checked={channel.enabled}
          disabled={update.isPending}
          onChange={(_, d) =>
            update.mutate({ channelId: channel.id, enabled: d.checked }, { onError: (error) => notify(failureToast('Channel not changed ⚠️', error)) })
          }
          aria-label={`${channel.name} on or off`}
          data-testid="chat-channel-enabled"
        />
        <Button onClick={onEdit} data-testid="chat-channel-edit">
          Edit
        </Button>
        <Button
          disabled={test.isPending}
          icon={test.isPending ? <Spinner size="tiny" /> : undefined}
          onClick={() =>
            test.mutate(
              { channelId: channel.id, idempotencyKey: newIdempotencyKey() },
              {
                onSuccess: () => notify({ title: 'Test message sent ✅', body: `Look for “Pagecrew is connected” in ${channel.name}.` }),
                onError: (error) => notify(failureToast('Test message not sent ⚠️', error))
              }
            )
          }
          data-testid="chat-channel-test"
        >
          Send test message
        </Button>
        <Button appearance="subtle" onClick={() => setConfirming(true)} disabled={remove.isPending} data-testid="chat-channel-delete">
          Remove
        </Button>
      </div>
      <DeleteConfirm
        open={confirming}
        title="Remove chat channel"
        message={`Are you sure you want to remove ${channel.name} (${kind})? It will no longer hear from Pagecrew; to bring it back, connect it again with its webhook URL.`}
        confirmLabel="Remove channel"
        onClose={() => setConfirming(false)}
        onDelete={async () => {
          await remove.mutateAsync({ channelId: channel.id, idempotencyKey: newIdempotencyKey() })
          notify({ title: 'Channel removed ✅', body: `${channel.name} no longer hears from Pagecrew.` })
        }}
        onError={(error) => notify(failureToast('Channel not removed ⚠️', error))}
        data-testid="delete-chat-channel-dialog"
      />
    </Card>
  )
}
