// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aNotification } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import { NotificationBell } from './NotificationBell'

// The panel's content is found by text and test id: under happy-dom, tabster's focus trap may mark
// the surface aria-hidden for a moment while it moves focus, which hides it from role queries.
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const page = (items: ReturnType<typeof aNotification>[], nextCursor: string | null = null) => ({ items, nextCursor })

const list = [
  aNotification({ id: 'n-1', title: 'Welcome to Pagecrew', read: false, link: '/settings' }),
  aNotification({ id: 'n-2', title: 'Older news', read: true, link: null })
]

describe('NotificationBell', () => {
  it('shows the unread count on the bell', () => {
    renderInApp(<NotificationBell unreadCount={3} />, createFakeHost())
    expect(screen.getByTestId('notification-unread-count').textContent).toBe('3')
    expect(screen.getByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy()
  })

  it('keeps the unread count visible while the bell has keyboard focus: drawn over its focus ring, nothing clipping it', async () => {
    renderInApp(<NotificationBell unreadCount={3} />, createFakeHost())
    await userEvent.setup().tab()
    const bell = screen.getByRole('button', { name: 'Notifications, 3 unread' })
    expect(document.activeElement).toBe(bell)
    const count = screen.getByTestId('notification-unread-count')
    expect(count.textContent).toBe('3')
    const anchor = count.parentElement!
    expect(anchor.contains(bell)).toBe(true)
    // Fluent raises a focused button to z-index 1: the count sits above that, in the bell's own stacking context.
    expect(Number(getComputedStyle(count).zIndex)).toBeGreaterThan(1)
    expect(getComputedStyle(anchor).isolation).toBe('isolate')
    for (let el: HTMLElement | null = count; el; el = el.parentElement) expect([el.tagName, getComputedStyle(el).overflow]).not.toEqual([el.tagName, 'hidden'])
  })

  it('marks a clicked notification read and navigates to its link', async () => {
    const fake = createFakeHost({ 'GET /notification/list': ok(page(list)), 'PUT /notification/mark-as-read': ok({ updated: 1 }) })
    renderInApp(<NotificationBell unreadCount={1} />, fake)
    const user = userEvent.setup()

    await user.click(screen.getByTestId('notification-bell'))
    await user.click(await screen.findByText('Welcome to Pagecrew'))

    await waitFor(() => expect(fake.requestsTo('PUT', '/notification/mark-as-read').map((r) => r.body)).toEqual([{ id: 'n-1' }]))
    expect(screen.getByTestId('location').textContent).toBe('/settings')
  })

  it('does not mark an already read notification again', async () => {
    const fake = createFakeHost({ 'GET /notification/list': ok(page(list)) })
    renderInApp(<NotificationBell unreadCount={1} />, fake)
    const user = userEvent.setup()
    await user.click(screen.getByTestId('notification-bell'))
    await user.click(await screen.findByText('Older news'))
    expect(fake.requestsTo('PUT', '/notification/mark-as-read')).toHaveLength(0)
  })

  it('marks all as read without an id', async () => {
    const fake = createFakeHost({ 'GET /notification/list': ok(page(list)), 'PUT /notification/mark-as-read': ok({ updated: 1 }) })
    renderInApp(<NotificationBell unreadCount={1} />, fake)
    const user = userEvent.setup()
    await user.click(screen.getByTestId('notification-bell'))
    await screen.findByText('Welcome to Pagecrew')
    await user.click(await screen.findByTestId('notification-mark-all'))
    await waitFor(() => expect(fake.requestsTo('PUT', '/notification/mark-as-read').map((r) => r.body)).toEqual([{}]))
  })

  it('toasts when marking fails', async () => {
    const fake = createFakeHost({ 'GET /notification/list': ok(page(list)), 'PUT /notification/mark-as-read': fail(500, 'Boom') })
    renderInApp(<NotificationBell unreadCount={1} />, fake)
    const user = userEvent.setup()
    await user.click(screen.getByTestId('notification-bell'))
    await user.click(await screen.findByText('Welcome to Pagecrew'))
    expect(await screen.findByText('Failed to mark notification as read.')).toBeTruthy()
  })

  it('loads older notifications a page at a time with Load more, passing the cursor back', async () => {
    const older = [aNotification({ id: 'n-3', title: 'Oldest news', read: true, link: null })]
    const fake = createFakeHost({
      'GET /notification/list': (req) => ok(req.query?.cursor === 'c-1' ? page(older) : page(list, 'c-1'))
    })
    renderInApp(<NotificationBell unreadCount={1} />, fake)
    const user = userEvent.setup()
    await user.click(screen.getByTestId('notification-bell'))
    await screen.findByText('Older news')
    expect(screen.queryByText('Oldest news')).toBeNull()

    await user.click(await screen.findByTestId('notification-load-more'))
    expect(await screen.findByText('Oldest news')).toBeTruthy()
    expect(screen.getAllByTestId('notification-item').map((b) => b.textContent)).toEqual([
      expect.stringContaining('Welcome to Pagecrew'),
      expect.stringContaining('Older news'),
      expect.stringContaining('Oldest news')
    ])
    expect(fake.requestsTo('GET', '/notification/list').map((r) => r.query?.cursor)).toEqual([undefined, 'c-1'])
    // The last page: nothing more to load.
    await waitFor(() => expect(screen.queryByTestId('notification-load-more')).toBeNull())
  })

  it('offers no Load more on a single page', async () => {
    renderInApp(<NotificationBell unreadCount={1} />, createFakeHost({ 'GET /notification/list': ok(page(list)) }))
    await userEvent.setup().click(screen.getByTestId('notification-bell'))
    await screen.findByText('Older news')
    expect(screen.queryByTestId('notification-load-more')).toBeNull()
  })

  it('shows the empty state', async () => {
    renderInApp(<NotificationBell unreadCount={0} />, createFakeHost({ 'GET /notification/list': ok(page([])) }))
    await userEvent.setup().click(screen.getByTestId('notification-bell'))
    expect(await screen.findByText('No results found')).toBeTruthy()
    expect((await screen.findByTestId('notification-mark-all')).getAttribute('aria-disabled')).toBe('true')
  })
})
