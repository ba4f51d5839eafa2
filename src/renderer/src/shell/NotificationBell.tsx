import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import {
  Button,
  CounterBadge,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Text,
  makeStyles,
  mergeClasses,
  tokens
} from '@fluentui/react-components'
import { Alert24Regular, AlertOff24Regular } from '@fluentui/react-icons'
import { NOTIFICATION_LIST_HEIGHT_PX } from '@shared/constants'
import type { Notification } from '@shared/domain'
import { useMarkNotificationRead, useNotifications } from '@renderer/api/notifications'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { useNotify } from '@renderer/lib/toasts'
import { useHost } from '@renderer/host/HostContext'

const useStyles = makeStyles({
  // Its own stacking context: the count is drawn over the bell whatever the bell's focus ring does.
  anchor: { position: 'relative', display: 'inline-flex', isolation: 'isolate' },
  // Above the button, which Fluent lifts to z-index 1 with its focus ring (the ring hid the count);
  // a ring of the page's colour keeps the count legible where the focus outline crosses it.
  count: {
    position: 'absolute',
    top: '0',
    right: '0',
    zIndex: 2,
    pointerEvents: 'none',
    boxShadow: `0 0 0 ${tokens.strokeWidthThin} ${tokens.colorNeutralBackground1}`
  },
  surface: { width: '360px', maxWidth: 'calc(100vw - 32px)', padding: 0 },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`
  },
  scroll: { height: `${NOTIFICATION_LIST_HEIGHT_PX}px`, overflowY: 'auto' },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  item: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    width: '100%',
    textAlign: 'left',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' }
  },
  unread: { backgroundColor: tokens.colorBrandBackground2 },
  dot: { flexShrink: 0, width: '8px', height: '8px', marginTop: '6px', borderRadius: tokens.borderRadiusCircular },
  dotUnread: { backgroundColor: tokens.colorBrandBackground },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  message: { color: tokens.colorNeutralForeground2 },
  more: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
  visuallyHidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }
})

function isExternal(link: string): boolean {
  return /^https?:\/\//i.test(link)
}

/** The notification bell (spec §2, §4): unread count, list (Load more for older pages), click marks read and follows the link. */
export function NotificationBell({ unreadCount }: { unreadCount: number }) {
  const styles = useStyles()
  const [open, setOpen] = useState(false)
  const notifications = useNotifications({ enabled: open })
  const markRead = useMarkNotificationRead()
  const notify = useNotify()
  const navigate = useNavigate()
  const host = useHost()

  const onMarkFailed = () => notify({ title: 'Notification not updated ⚠️', body: 'Failed to mark notification as read.', intent: 'error' })

  const openNotification = (notification: Notification) => {
    setOpen(false)
    if (!notification.read) markRead.mutate(notification.id, { onError: onMarkFailed })
    const link = notification.link
    if (!link) return
    if (isExternal(link)) host.openExternal(link).catch((error: unknown) => console.error(`Could not open ${link}.`, error))
    else void navigate(link)
  }

  const items = notifications.data ?? []
  const hasUnread = unreadCount > 0 || items.some((n) => !n.read)

  return (
    <span className={styles.anchor}>
      <Popover open={open} onOpenChange={(_, data) => setOpen(data.open)} positioning="below-end" trapFocus>
        <PopoverTrigger disableButtonEnhancement>
          <Button
            appearance="subtle"
            aria-label={unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications'}
            data-testid="notification-bell"
            icon={<Alert24Regular />}
          />
        </PopoverTrigger>
        <PopoverSurface className={styles.surface} aria-label="Notifications" data-testid="notification-panel">
          <div className={styles.header}>
            <Text weight="semibold">Notifications</Text>
            <Button
              appearance="transparent"
              size="small"
              // Focusable while disabled: the panel always has a control for focus to start on (its
              // list arrives after it opens), and a screen reader hears it is there.
              disabledFocusable={!hasUnread || markRead.isPending}
              onClick={() => markRead.mutate(undefined, { onError: onMarkFailed })}
              data-testid="notification-mark-all"
            >
              Mark all as read
            </Button>
          </div>
          <div className={styles.scroll}>
            {notifications.isPending ? (
              <LoadingState inline label="Loading notifications…" />
            ) : notifications.isError ? (
              <ErrorState onRetry={() => void notifications.refetch()} />
            ) : items.length === 0 ? (
              <EmptyState icon={<AlertOff24Regular />} message="No results found" hint="You're all caught up: assignments and reviews show here." />
            ) : (
              <ul className={styles.list} aria-label="Notification list">
                {items.map((n) => (
                  <li key={n.id}>
                    <button
                      type="button"
                      className={mergeClasses(styles.item, !n.read && styles.unread)}
                      onClick={() => openNotification(n)}
                      data-testid="notification-item"
                      data-read={n.read}
                    >
                      <span className={mergeClasses(styles.dot, !n.read && styles.dotUnread)} aria-hidden />
                      <span className={styles.text}>
                        <Text weight={n.read ? 'regular' : 'semibold'}>
                          {n.read ? null : <span className={styles.visuallyHidden}>Unread: </span>}
                          {n.title}
                        </Text>
                        <Text size={200} className={styles.message}>
                          {n.message}
                        </Text>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {notifications.hasNextPage && items.length > 0 ? (
              // Older notifications, a page at a time (issue 16).
              <div className={styles.more}>
                <Button
                  appearance="subtle"
                  size="small"
                  disabled={notifications.isFetchingNextPage}
                  onClick={() => void notifications.fetchNextPage()}
                  data-testid="notification-load-more"
                >
                  {notifications.isFetchingNextPage ? 'Loading…' : notifications.isFetchNextPageError ? 'Could not load more. Try again' : 'Load more'}
                </Button>
              </div>
            ) : null}
          </div>
        </PopoverSurface>
      </Popover>
      {unreadCount > 0 ? (
        <CounterBadge className={styles.count} count={unreadCount} size="small" overflowCount={99} aria-hidden data-testid="notification-unread-count" />
      ) : null}
    </span>
  )
}
