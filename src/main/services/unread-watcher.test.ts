import { describe, expect, it } from 'vitest'
import type { HostEvent, HostRequest, HostResponse } from '@shared/host'
import type { OsNotification } from './ports'
import { manualTimers, recordingLog } from '../testing/fakes'
import { createUnreadWatcher, unreadTooltip } from './unread-watcher'

const INTERVAL = 30_000

interface Item {
  id: string
  title: string
  message: string
  read: boolean
  link: string | null
  createdAt: string
}

/** A fake API whose unread state the test edits between polls. */
function setup() {
  const timers = manualTimers()
  const state = { status: 200, counts: [0] as number[], items: [] as Item[], down: false, gate: null as Promise<void> | null }
  const requests: string[] = []
  const listQueries: HostRequest['query'][] = []
  const tray: number[] = []
  const badge: number[] = []
  const events: HostEvent[] = []
  const shown: { notification: OsNotification; click: () => void }[] = []
  let focused = 0
  const api = {
    async request(req: HostRequest): Promise<HostResponse> {
      requests.push(`${req.method} ${req.path}`)
      const counts = [...state.counts]
      if (state.gate) await state.gate
      if (state.down) throw new Error('Cannot reach the Pagecrew server')
      if (state.status !== 200) return { status: state.status, body: { error: { code: 'x', message: 'x' } } }
      if (req.path === '/user') {
        return { status: 200, body: { organizations: counts.map((n, i) => ({ id: `o${i}`, name: 'Org', organizationWorkOSId: `org_${i}`, unreadNotificationCount: n })) } }
      }
      // GET /notification/list: the newest page, as large as the API pages go.
      listQueries.push(req.query)
      return { status: 200, body: { items: state.items, nextCursor: null } }
    }
  }
  const watcher = createUnreadWatcher({
    api,
    tray: { setUnreadCount: (n) => tray.push(n) },
    badge: { setCount: (n) => badge.push(n) },
    notifier: { show: (notification, click) => shown.push({ notification, click }) },
    window: { focus: () => focused++ },
    emit: (event) => events.push(event),
    timers,
    intervalMs: INTERVAL,
    log: recordingLog()
  })
  const at = (offsetMs: number) => new Date(timers.now() + offsetMs).toISOString()
  /** Lets queued promise callbacks (the poll started by a timer) finish. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  const tick = async () => {
    timers.advance(INTERVAL)
    await settle()
  }
  return { timers, state, requests, listQueries, tray, badge, events, shown, watcher, at, tick, settle, focused: () => focused }
}

function item(id: string, createdAt: string, extra: Partial<Item> = {}): Item {
  return { id, title: `Title ${id}`, message: `Message ${id}`, read: false, link: `/dashboard`, createdAt, ...extra }
}

describe('unreadTooltip', () => {
  it('names the unread count', () => {
    expect(unreadTooltip(3)).toBe('Pagecrew — 3 unread')
    expect(unreadTooltip(0)).toBe('Pagecrew')
  })
})

describe('createUnreadWatcher', () => {
  it('totals unread over every organization and pushes it to tray, badge and renderer', async () => {
    const t = setup()
    t.state.counts = [2, 3]
    await t.watcher.refreshNow()
    expect(t.watcher.total).toBe(5)
    expect(t.tray).toEqual([5])
    expect(t.badge).toEqual([5])
    expect(t.events).toEqual([{ type: 'unread', total: 5 }])

    await t.tick()
    expect(t.requests.filter((r) => r === 'GET /user')).toHaveLength(2)
    expect(t.tray).toEqual([5])

    t.state.counts = [1, 0]
    await t.tick()
    expect(t.tray).toEqual([5, 1])
    expect(t.badge).toEqual([5, 1])
    expect(t.events.at(-1)).toEqual({ type: 'unread', total: 1 })
  })

  it('shows one OS notification per new unread item, never twice, and not for items older than the session', async () => {
    const t = setup()
    t.state.counts = [1]
    t.state.items = [item('old', t.at(-60_000))]
    await t.watcher.refreshNow()
    expect(t.shown).toHaveLength(0)
    expect(t.requests).not.toContain('GET /notification/list')

    t.state.counts = [2]
    t.state.items = [item('n1', t.at(1000)), item('old', t.at(-60_000))]
    await t.tick()
    expect(t.shown.map((s) => s.notification)).toEqual([{ id: 'n1', title: 'Title n1', body: 'Message n1' }])

    // Same total: no list fetch at all.
    await t.tick()
    expect(t.requests.filter((r) => r === 'GET /notification/list')).toHaveLength(1)
    expect(t.listQueries).toEqual([{ limit: '100' }])

    // n1 read, then two new items: the total rises again; n1 is not announced again.
    t.state.counts = [1]
    await t.tick()
    t.state.counts = [3]
    t.state.items = [item('n3', t.at(1000)), item('n2', t.at(500)), item('n1', t.at(-29_000)), item('r', t.at(100), { read: true })]
    await t.tick()
    expect(t.shown.map((s) => s.notification.id)).toEqual(['n1', 'n3', 'n2'])
  })

  it('focuses the window and navigates to the item link when the OS notification is clicked', async () => {
    const t = setup()
    await t.watcher.refreshNow()
    t.state.counts = [2]
    t.state.items = [item('a', t.at(1000), { link: '/settings?tab=profile' }), item('b', t.at(1000), { link: 'https://evil.example' }), item('c', t.at(1000), { link: null })]
    await t.tick()
    const [a, b, c] = t.shown
    a!.click()
    expect(t.focused()).toBe(1)
    expect(t.events.at(-1)).toEqual({ type: 'navigate', path: '/settings?tab=profile' })
    const before = t.events.length
    b!.click()
    c!.click()
    expect(t.focused()).toBe(3)
    expect(t.events).toHaveLength(before)
  })

  it('stops polling and clears the counts on 401, and resumes on refreshNow after sign-in', async () => {
    const t = setup()
    t.state.counts = [4]
    await t.watcher.refreshNow()
    expect(t.timers.pending).toBe(1)

    t.state.status = 401
    await t.tick()
    expect(t.tray).toEqual([4, 0])
    expect(t.badge).toEqual([4, 0])
    expect(t.events.at(-1)).toEqual({ type: 'unread', total: 0 })
    expect(t.timers.pending).toBe(0)
    const polls = t.requests.length
    await t.tick()
    expect(t.requests).toHaveLength(polls)

    t.state.status = 200
    t.state.counts = [1]
    t.state.items = [item('before-sign-in', t.at(-1000))]
    await t.watcher.refreshNow()
    expect(t.tray.at(-1)).toBe(1)
    expect(t.timers.pending).toBe(1)
    expect(t.shown).toHaveLength(0)
  })

  it('keeps the counts and retries later when the server is unreachable', async () => {
    const t = setup()
    t.state.counts = [2]
    await t.watcher.refreshNow()
    t.state.down = true
    await t.tick()
    expect(t.tray).toEqual([2])
    expect(t.timers.pending).toBe(1)
    t.state.down = false
    t.state.counts = [0]
    await t.tick()
    expect(t.tray).toEqual([2, 0])
  })

  it('runs a refresh asked for during a poll after it, so it sees the change', async () => {
    const t = setup()
    let open!: () => void
    t.state.gate = new Promise((resolve) => (open = resolve))
    t.state.counts = [3]
    const first = t.watcher.refreshNow()
    // Not started yet: asking again joins it.
    expect(t.watcher.refreshNow()).toBe(first)
    await t.settle()
    expect(t.requests).toEqual(['GET /user'])
    // The first poll is in flight with the old counts; the change lands and a refresh is asked for.
    t.state.counts = [2]
    const second = t.watcher.refreshNow()
    expect(t.watcher.refreshNow()).toBe(second)
    expect(second).not.toBe(first)
    open()
    await Promise.all([first, second])
    expect(t.requests).toEqual(['GET /user', 'GET /user'])
    expect(t.tray).toEqual([3, 2])
  })

  it('starts with an immediate poll and stops for good on stop()', async () => {
    const t = setup()
    t.state.counts = [1]
    t.watcher.start()
    await t.settle()
    expect(t.tray).toEqual([1])
    t.watcher.stop()
    expect(t.timers.pending).toBe(0)
    await t.tick()
    await t.watcher.refreshNow()
    expect(t.requests).toEqual(['GET /user'])
  })
})
