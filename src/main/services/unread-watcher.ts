import { z } from 'zod'
import { USER_REFETCH_INTERVAL_MS } from '@shared/constants'
import { NOTIFICATION_PAGE_MAX } from '@shared/api/contract'
import { notificationSchema } from '@shared/domain'
import type { ApiClient } from './api-client'
import { consoleLog, type Log } from './log'
import { realTimers, type BadgePort, type EmitPort, type NotifierPort, type Timers, type TrayPort, type WindowPort } from './ports'

/**
 * Keeps the tray, the dock badge and the OS notifications in step with the user's unread
 * notifications (DESIGN.md §1): polls GET /user while signed in, totals unreadNotificationCount
 * over every organization, and when the total rises shows one OS notification per new unread
 * item of GET /notification/list. The renderer's bell reads the same endpoints, so both agree.
 *
 * Items that were already unread when the user signed in (or the app started) are not
 * announced: only items created after the first successful poll of a session are.
 */
export interface UnreadWatcher {
  /** Polls now and then every interval while signed in. */
  start(): void
  /** Polls now (after requests that change counts: sign-in/out, switch, mark-as-read) and resumes polling. */
  refreshNow(): Promise<void>
  /** Stops for good (app quit). */
  stop(): void
  /** The last total pushed to the tray and badge. */
  readonly total: number
}

interface UnreadWatcherOptions {
  api: Pick<ApiClient, 'request'>
  tray: TrayPort
  badge: BadgePort
  notifier: NotifierPort
  window: WindowPort
  emit: EmitPort
  timers?: Timers
  intervalMs?: number
  log?: Log
}

export function unreadTooltip(total: number): string {
  return total > 0 ? `Pagecrew — ${total} unread` : 'Pagecrew'
}

const notificationPageSchema = z.object({ items: z.array(notificationSchema) })

const unreadCountsSchema = z.object({
  organizations: z.array(z.object({ unreadNotificationCount: z.number().int().nonnegative() }))
})

export function createUnreadWatcher({
  api,
  tray,
  badge,
  notifier,
  window,
  emit,
  timers = realTimers,
  intervalMs = USER_REFETCH_INTERVAL_MS,
  log = consoleLog('unread')
}: UnreadWatcherOptions): UnreadWatcher {
  let published: number | null = null
  /** The total at the last successful poll; null while signed out. */
  let lastTotal: number | null = null
  /** When this session's first successful poll happened; older items are not announced. */
  let sessionStart: number | null = null
  const announced = new Set<string>()
  let timer: unknown = null
  let stopped = false

  function publish(total: number): void {
    if (total === published) return
    published = total
    tray.setUnreadCount(total)
    badge.setCount(total)
    emit({ type: 'unread', total })
  }

  function schedule(): void {
    if (timer !== null) timers.clearTimeout(timer)
    timer = stopped ? null : timers.setTimeout(() => void enqueuePoll(), intervalMs)
  }

  function signedOut(): void {
    if (timer !== null) timers.clearTimeout(timer)
    timer = null
    lastTotal = null
    sessionStart = null
    announced.clear()
    publish(0)
  }

  async function announceNewItems(): Promise<void> {
    // The newest page at its largest: what arrived since the last poll (30 s) is at its top.
    const response = await api.request({ method: 'GET', path: '/notification/list', query: { limit: String(NOTIFICATION_PAGE_MAX) } })
    if (response.status !== 200) return
    const list = notificationPageSchema.safeParse(response.body)
    if (!list.success) {
      log.warn('GET /notification/list answered an unexpected body; no OS notifications this time.')
      return
    }
    for (const item of list.data.items) {
      if (item.read || announced.has(item.id)) continue
      if (sessionStart === null || Date.parse(item.createdAt) < sessionStart) continue
      announced.add(item.id)
      const link = item.link
      notifier.show({ id: item.id, title: item.title, body: item.message }, () => {
        window.focus()
        if (link !== null && isAppPath(link)) emit({ type: 'navigate', path: link })
      })
    }
  }

  async function poll(): Promise<void> {
    if (stopped) return
    const startedAt = timers.now()
    try {
      const response = await api.request({ method: 'GET', path: '/user' })
      if (stopped) return
      if (response.status === 401) return signedOut()
      schedule()
      if (response.status !== 200) return
      const user = unreadCountsSchema.safeParse(response.body)
      if (!user.success) {
        log.warn('GET /user answered an unexpected body; unread counts unchanged.')
        return
      }
      const total = user.data.organizations.reduce((sum, org) => sum + org.unreadNotificationCount, 0)
      const rose = lastTotal !== null && total > lastTotal
      sessionStart ??= startedAt
      lastTotal = total
      publish(total)
      if (rose) await announceNewItems()
    } catch (error) {
      // The server is unreachable (restarting, offline): keep the counts and try again later.
      log.warn(`Could not check unread notifications: ${error instanceof Error ? error.message : String(error)}`)
      schedule()
    }
  }

  // Polls run one at a time; a refresh asked for during a poll runs after it, so it sees the change.
  let last: Promise<void> = Promise.resolve()
  let queued: Promise<void> | null = null
  function enqueuePoll(): Promise<void> {
    if (queued) return queued
    const next = last.then(() => {
      queued = null
      return poll()
    })
    queued = next
    last = next
    return next
  }

  return {
    start: () => void enqueuePoll(),
    refreshNow: enqueuePoll,
    stop() {
      stopped = true
      if (timer !== null) timers.clearTimeout(timer)
      timer = null
    },
    get total() {
      return published ?? 0
    }
  }
}

/** A route inside the app ('/schedule?x=1'), not another origin ('//evil', 'https:…'). */
function isAppPath(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//') && !link.includes('\\') && link.length <= 2048
}
