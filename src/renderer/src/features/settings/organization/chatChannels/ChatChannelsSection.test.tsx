// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { CHAT_CHANNEL_MESSAGES, type ChatChannel } from '@shared/api/contract'
import { MESSAGES } from '@shared/api/messages'
import { OPEN_PLAN_MODAL_EVENT } from '@renderer/api/client'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aUser, entitlements } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import { ChatChannelsSection } from './ChatChannelsSection'

const SLACK_URL = 'https://hooks.slack.com/services/T000/B000/abcdefgh'

const aChannel = (over: Partial<ChatChannel> = {}): ChatChannel => ({
  id: 'chan-1',
  kind: 'slack',
  name: '#marketing-approvals',
  urlHint: 'hooks.slack.com/…efgh',
  events: ['approval.requested', 'post.published'],
  enabled: true,
  disabledReason: null,
  weeklyNudge: false,
  weeklyDigest: false,
  timeZone: 'UTC',
  createdAt: '2026-11-20T10:00:00.000Z',
  createdByName: 'Ada Admin',
  ...over
})

const host = (replies: Parameters<typeof createFakeHost>[0] = {}) =>
  createFakeHost({
    'GET /billing/verify/entitled': ok(entitlements(['API'])),
    'GET /user': ok(aUser({ timezone: 'Europe/Berlin' })),
    ...replies
  })

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('Settings → Organization → Chat channels', () => {
  it('says what to do when no channel is connected, and leads to Connect a channel', async () => {
    const fake = host({ 'GET /organization/chat-channels': ok({ channels: [] }) })
    renderInApp(<ChatChannelsSection />, fake)
    const empty = await screen.findByTestId('chat-channels-empty')
    expect(empty.textContent).toContain('No chat channels yet')
    expect(empty.textContent).toContain('incoming webhook URL')
    await userEvent.setup().click(screen.getByTestId('chat-channel-add'))
    expect(await screen.findByTestId('chat-channel-dialog')).toBeTruthy()
  })

  it('lists channels with their kind, name, address hint, events, weekly messages and off state', async () => {
    const fake = host({
      'GET /organization/chat-channels': ok({
        channels: [
          aChannel(),
          aChannel({ id: 'chan-2', kind: 'teams', name: 'Sales team', urlHint: 'prod.westeurope.logic.azure.com/…oke', events: [], weeklyNudge: true, weeklyDigest: true, timeZone: 'Europe/Berlin', enabled: false, disabledReason: 'failing' }),
          aChannel({ id: 'chan-3', name: '#paused', enabled: false, disabledReason: 'manual' })
        ]
      })
    })
    renderInApp(<ChatChannelsSection />, fake)
    const slack = await screen.findByTestId('chat-channel-chan-1')
    expect(within(slack).getByTestId('chat-channel-kind').textContent).toBe('Slack')
    expect(within(slack).getByTestId('chat-channel-name').textContent).toBe('#marketing-approvals')
    expect(within(slack).getByTestId('chat-channel-url-hint').textContent).toBe('hooks.slack.com/…efgh')
    expect(within(slack).getByTestId('chat-channel-hears').textContent).toBe('A post needs approval, A post was published')
    expect(within(slack).queryByTestId('chat-channel-off')).toBeNull()
    const teams = screen.getByTestId('chat-channel-chan-2')
    expect(within(teams).getByTestId('chat-channel-kind').textContent).toBe('Microsoft Teams')
    expect(within(teams).getByTestId('chat-channel-hears').textContent).toBe('No events · weekly nudge and weekly recommended posts (Mondays, Europe/Berlin)')
    expect(within(teams).getByTestId('chat-channel-off').textContent).toBe('Turned off after failing for a day')
    expect(within(screen.getByTestId('chat-channel-chan-3')).getByTestId('chat-channel-off').textContent).toBe('Off')
    // Nothing in the list shows a whole webhook address.
    expect(screen.getByTestId('chat-channels-section').textContent).not.toContain('https://')
  })

  it('connects a channel with the default events, the weekly nudge in the user’s time zone and one Idempotency-Key', async () => {
    let lists = 0
    const fake = host({
      'GET /organization/chat-channels': () => ok({ channels: lists++ === 0 ? [] : [aChannel({ weeklyNudge: true, timeZone: 'Europe/Berlin' })] }),
      'POST /organization/chat-channels/create': ok(aChannel({ weeklyNudge: true, timeZone: 'Europe/Berlin' }))
    })
    renderInApp(<ChatChannelsSection />, fake)
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('chat-channel-add'))
    const submit = screen.getByTestId('chat-channel-save') as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    // Sensible defaults: approval requests and publishing news.
    expect((screen.getByTestId('chat-channel-event-approval.requested') as HTMLInputElement).checked).toBe(true)
    expect((screen.getByTestId('chat-channel-event-member.joined') as HTMLInputElement).checked).toBe(false)
    await events.type(screen.getByTestId('chat-channel-url'), SLACK_URL)
    await events.type(screen.getByTestId('chat-channel-name'), '#marketing-approvals')
    expect(screen.queryByTestId('chat-channel-timezone')).toBeNull()
    await events.click(screen.getByTestId('chat-channel-weekly-nudge'))
    expect((screen.getByTestId('chat-channel-timezone') as HTMLInputElement).value).toBe('Europe/Berlin')
    expect(submit.disabled).toBe(false)
    await events.click(submit)
    await screen.findByTestId('chat-channel-chan-1')
    const requests = fake.requestsTo('POST', '/organization/chat-channels/create')
    expect(requests).toHaveLength(1)
    expect(requests[0]!.body).toEqual({
      kind: 'slack',
      url: SLACK_URL,
      name: '#marketing-approvals',
      events: ['approval.requested', 'post.published', 'post.failed'],
      weeklyNudge: true,
      weeklyDigest: false,
      timeZone: 'Europe/Berlin'
    })
    expect(requests[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect((await screen.findByTestId('toast')).textContent).toContain('Channel connected 🎉')
  })

  it('asks for an event or a weekly message, and shows the server’s field errors on their fields, keeping what was typed', async () => {
    const fake = host({
      'GET /organization/chat-channels': ok({ channels: [] }),
      'POST /organization/chat-channels/create': fail(400, 'Check the fields.', 'validation_error', { url: 'This address points inside a private network.' })
    })
    renderInApp(<ChatChannelsSection />, fake)
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('chat-channel-add'))
    await events.click(screen.getByTestId('chat-channel-kind-teams'))
    await events.type(screen.getByTestId('chat-channel-url'), 'https://10.0.0.1/hook')
    await events.type(screen.getByTestId('chat-channel-name'), 'Sales')
    for (const event of ['approval.requested', 'post.published', 'post.failed']) await events.click(screen.getByTestId(`chat-channel-event-${event}`))
    const dialog = screen.getByTestId('chat-channel-dialog')
    expect(dialog.textContent).toContain(CHAT_CHANNEL_MESSAGES.eventsMissing)
    expect((screen.getByTestId('chat-channel-save') as HTMLButtonElement).disabled).toBe(true)
    await events.click(screen.getByTestId('chat-channel-weekly-digest'))
    expect(dialog.textContent).not.toContain(CHAT_CHANNEL_MESSAGES.eventsMissing)
    await events.click(screen.getByTestId('chat-channel-save'))
    await waitFor(() => expect(dialog.textContent).toContain('This address points inside a private network.'))
    expect((screen.getByTestId('chat-channel-url') as HTMLInputElement).value).toBe('https://10.0.0.1/hook')
    expect(fake.requestsTo('POST', '/organization/chat-channels/create').map((r) => (r.body as { kind: string; events: string[] }).kind)).toEqual(['teams'])
  })

  it('edits a channel’s events and weekly messages, and turns it off and on', async () => {
    const fake = host({
      'GET /organization/chat-channels': ok({ channels: [aChannel()] }),
      'POST /organization/chat-channels/update': ok(aChannel({ weeklyDigest: true }))
    })
    renderInApp(<ChatChannelsSection />, fake)
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('chat-channel-edit'))
    const dialog = await screen.findByTestId('chat-channel-dialog')
    // The address is not shown again, nor changed here.
    expect(screen.queryByTestId('chat-channel-url')).toBeNull()
    expect(within(dialog).getByTestId('chat-channel-address').textContent).toBe('Slack · hooks.slack.com/…efgh')
    await events.click(screen.getByTestId('chat-channel-event-post.published'))
    await events.click(screen.getByTestId('chat-channel-weekly-digest'))
    await events.click(screen.getByTestId('chat-channel-save'))
    await waitFor(() => expect(fake.requestsTo('POST', '/organization/chat-channels/update')).toHaveLength(1))
    expect(fake.requestsTo('POST', '/organization/chat-channels/update')[0]!.body).toEqual({
      channelId: 'chan-1',
      name: '#marketing-approvals',
      events: ['approval.requested'],
      weeklyNudge: false,
      weeklyDigest: true,
      timeZone: 'UTC'
    })
    await waitFor(() => expect(screen.queryByTestId('chat-channel-dialog')).toBeNull())
    // The switch is reached and turned with the keyboard.
    const toggle = within(screen.getByTestId('chat-channel-chan-1')).getByTestId('chat-channel-enabled') as HTMLInputElement
    expect(toggle.getAttribute('role')).toBe('switch')
    toggle.focus()
    expect(document.activeElement).toBe(toggle)
    await events.keyboard(' ')
    await waitFor(() => expect(fake.requestsTo('POST', '/organization/chat-channels/update')).toHaveLength(2))
    expect(fake.requestsTo('POST', '/organization/chat-channels/update')[1]!.body).toEqual({ channelId: 'chan-1', enabled: false })
  })

  it('sends a test message, and removes a channel only after the question', async () => {
    const fake = host({
      'GET /organization/chat-channels': ok({ channels: [aChannel()] }),
      'POST /organization/chat-channels/test': ok({ ok: true }),
      'POST /organization/chat-channels/delete': ok({ ok: true })
    })
    renderInApp(<ChatChannelsSection />, fake)
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('chat-channel-test'))
    await waitFor(() => expect(fake.requestsTo('POST', '/organization/chat-channels/test')).toHaveLength(1))
    const [test] = fake.requestsTo('POST', '/organization/chat-channels/test')
    expect(test!.body).toEqual({ channelId: 'chan-1' })
    expect(test!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect((await screen.findByTestId('toast')).textContent).toContain('Test message sent ✅')

    await events.click(screen.getByTestId('chat-channel-delete'))
    const confirm = await screen.findByTestId('delete-chat-channel-dialog')
    expect(confirm.textContent).toContain('#marketing-approvals (Slack)')
    await events.click(screen.getByTestId('delete-chat-channel-dialog-cancel'))
    expect(fake.requestsTo('POST', '/organization/chat-channels/delete')).toEqual([])
    await events.click(screen.getByTestId('chat-channel-delete'))
    await events.click(await screen.findByTestId('delete-chat-channel-dialog-confirm'))
    await waitFor(() => expect(fake.requestsTo('POST', '/organization/chat-channels/delete').map((r) => r.body)).toEqual([{ channelId: 'chan-1' }]))
  })

  it('outside the plan shows the plan message and See plans, without asking for channels; a 402 from the list does the same', async () => {
    const opened = vi.fn()
    window.addEventListener(OPEN_PLAN_MODAL_EVENT, opened)
    try {
      const fake = host({ 'GET /billing/verify/entitled': ok(entitlements(['TEAMS'])) })
      renderInApp(<ChatChannelsSection />, fake)
      const offer = await screen.findByTestId('chat-channels-offer')
      expect(offer.textContent).toContain(MESSAGES.apiNotInPlan)
      await userEvent.setup().click(screen.getByTestId('chat-channels-see-plans'))
      expect(opened).toHaveBeenCalledTimes(1)
      expect(fake.requestsTo('GET', '/organization/chat-channels')).toEqual([])
      cleanup()

      const downgraded = host({ 'GET /organization/chat-channels': fail(402, MESSAGES.apiNotInPlan, 'plan_limit') })
      renderInApp(<ChatChannelsSection />, downgraded)
      expect((await screen.findByTestId('chat-channels-offer')).textContent).toContain(MESSAGES.apiNotInPlan)
    } finally {
      window.removeEventListener(OPEN_PLAN_MODAL_EVENT, opened)
    }
  })
})
