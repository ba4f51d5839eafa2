import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { CHAT_CHANNEL_EVENT_LABELS, type ChatChannel } from '../../src/shared/api/contract'
import { MESSAGES } from '../../src/shared/api/messages'
import type { Post, ReviewThread } from '../../src/shared/domain'
import { WEBHOOK_MESSAGES } from '../../src/shared/domain/webhooks'
import type { SlackMessage, TeamsMessage } from '../../src/server/services/chatChannels/formatSchemas'
import { startFakeSlack, startFakeTeams, type FakeChatServer, type Received } from '../../src/server/testing/fakeChat'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { apiClient } from './support/api'
import { PASSWORD, signUpAndOnboard, traceOnFailure } from './support/flows'
import { useServerAndBrowser } from './support/suite'

/*
 * Settings → Organization → Chat channels (issue 28) in Chromium, against a fake Slack incoming
 * webhook and a fake Teams workflow webhook on loopback (allowed by the development setting
 * outboundAllowLoopback, PAGECREW_OUTBOUND_ALLOW_LOOPBACK) that check every body against the
 * format's schema. The server runs its job runner (the webhooks' consumer and sender) polling fast,
 * as in production. One server, one Chromium and one pair of fakes for the file; each test has an
 * organization of its own, and finds its own messages in the fakes by their content.
 */

let server: RunningTestServer
let browser: Browser
let slack: FakeChatServer<SlackMessage>
let teams: FakeChatServer<TeamsMessage>

useServerAndBrowser((running) => ({ server, browser } = running), {
  config: { outboundAllowLoopback: true, publisherIntervalMs: 200 },
  webhooks: { intervalMs: 200 }
})
beforeAll(async () => {
  ;[slack, teams] = await Promise.all([startFakeSlack(), startFakeTeams()])
})
afterAll(async () => {
  await Promise.all([slack?.close(), teams?.close()])
})

const { headers, api, join } = apiClient(() => ({ server, browser }))
/** Room for a loaded machine: every wait ends as soon as what it waits for shows. */
const WAIT = { timeout: 15_000 }

/** What a fake received since `from` whose raw body mentions `text`. */
const receivedWith = <T>(fake: FakeChatServer<T>, from: number, text: string): Received<T>[] => fake.received.slice(from).filter((r) => r.raw.includes(text))

async function waitForReceived<T>(fake: FakeChatServer<T>, from: number, text: string): Promise<Received<T>> {
  await expect.poll(() => receivedWith(fake, from, text).length, WAIT).toBeGreaterThan(0)
  return receivedWith(fake, from, text)[0]!
}

/** A connected channel's card in the list, by its name. */
// (By test id, not by role: for a moment after a dialog closes the page behind it is still hidden from the accessibility tree.)
const card = (page: Page, name: string): Locator => page.getByTestId(/^chat-channel-[0-9a-f-]{36}$/).filter({ hasText: name })

const channelsOf = async (context: BrowserContext) => (await api<{ channels: ChatChannel[] }>(context, 'GET', '/organization/chat-channels')).channels

describe('Chat channels, end to end in Chromium (issue 28)', () => {
  it('an admin connects Slack and Teams channels (a private address refused on the URL field), tests, turns off and on, edits and removes them', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC' })
    const page = await context.newPage()
    traceOnFailure(page, 'the admin')
    await signUpAndOnboard(page, server.url, `ana-${Date.now()}@chat-e2e.example`, 'Chat Corp', 'Ana Admin')

    // Settings → Organization → Chat channels: nothing connected yet, and what to do about it.
    await page.goto(`${server.url}/settings/organization`)
    await page.getByTestId('organization-tab-chat').click()
    await page.getByTestId('chat-channels-empty').waitFor(WAIT)
    expect(await page.getByTestId('chat-channels-empty-message').textContent()).toBe('No chat channels yet')
    await page.getByTestId('chat-channel-add').click()

    // Slack, first with a private address: the server's message lands on the URL field, and the
    // dialog keeps everything typed.
    const dialog = page.getByTestId('chat-channel-dialog')
    await dialog.waitFor()
    await dialog.getByTestId('chat-channel-kind-slack').check()
    await dialog.getByTestId('chat-channel-url').fill('https://10.0.0.1/x')
    await dialog.getByTestId('chat-channel-name').fill('#marketing-approvals')
    await dialog.getByTestId('chat-channel-event-post.approved').check()
    await dialog.getByTestId('chat-channel-weekly-nudge').check()
    await dialog.getByTestId('chat-channel-save').click()
    const urlField = dialog.getByTestId('chat-channel-url')
    await expect.poll(() => dialog.textContent(), WAIT).toContain(WEBHOOK_MESSAGES.urlPrivate)
    expect(await urlField.getAttribute('aria-invalid')).toBe('true')
    expect(await urlField.inputValue()).toBe('https://10.0.0.1/x')
    expect(await dialog.getByTestId('chat-channel-name').inputValue()).toBe('#marketing-approvals')
    expect(await dialog.getByTestId('chat-channel-event-post.approved').isChecked()).toBe(true)
    expect(await dialog.getByTestId('chat-channel-event-approval.requested').isChecked()).toBe(true)
    expect(await dialog.getByTestId('chat-channel-weekly-nudge').isChecked()).toBe(true)
    expect(await channelsOf(context)).toEqual([])

    // The fake Slack's address instead: connected.
    await urlField.fill(slack.url)
    await dialog.getByTestId('chat-channel-save').click()
    await dialog.waitFor({ state: 'detached', ...WAIT })
    const slackCard = card(page, '#marketing-approvals')
    await slackCard.waitFor(WAIT)

    // Teams, with the weekly nudge too.
    await page.getByTestId('chat-channel-add').click()
    await dialog.waitFor()
    await dialog.getByTestId('chat-channel-kind-teams').check()
    await dialog.getByTestId('chat-channel-url').fill(teams.url)
    await dialog.getByTestId('chat-channel-name').fill('Sales team')
    await dialog.getByTestId('chat-channel-weekly-nudge').check()
    await dialog.getByTestId('chat-channel-save').click()
    await dialog.waitFor({ state: 'detached', ...WAIT })
    const teamsCard = card(page, 'Sales team')
    await teamsCard.waitFor(WAIT)

    // Both listed with their kind, what they hear and a hint of the address, never the address itself.
    const slackPath = new URL(slack.url).pathname
    const teamsPath = new URL(teams.url).pathname
    expect(await slackCard.getByTestId('chat-channel-kind').textContent()).toBe('Slack')
    expect(await teamsCard.getByTestId('chat-channel-kind').textContent()).toBe('Microsoft Teams')
    expect(await slackCard.getByTestId('chat-channel-url-hint').textContent()).toBe(`${new URL(slack.url).host}/…${slackPath.slice(-4)}`)
    expect(await teamsCard.getByTestId('chat-channel-url-hint').textContent()).toBe(`${new URL(teams.url).host}/…${teamsPath.slice(-4)}`)
    const labels = CHAT_CHANNEL_EVENT_LABELS
    expect(await slackCard.getByTestId('chat-channel-hears').textContent()).toBe(
      `${labels['approval.requested']}, ${labels['post.published']}, ${labels['post.failed']}, ${labels['post.approved']} · weekly nudge (Mondays, UTC)`
    )
    expect(await teamsCard.getByTestId('chat-channel-hears').textContent()).toContain('weekly nudge (Mondays, UTC)')
    const html = await page.content()
    for (const secret of [slackPath.split('/').at(-1)!, teamsPath]) expect(html).not.toContain(secret)
    const stored = await channelsOf(context)
    expect(stored.map((c) => [c.kind, c.name, c.weeklyNudge]).sort()).toEqual([
      ['slack', '#marketing-approvals', true],
      ['teams', 'Sales team', true]
    ])

    // Send test message: each fake gets a message valid against its format.
    const [slackFrom, teamsFrom] = [slack.received.length, teams.received.length]
    await slackCard.getByTestId('chat-channel-test').click()
    await teamsCard.getByTestId('chat-channel-test').click()
    const slackTest = await waitForReceived(slack, slackFrom, 'Pagecrew is connected')
    const teamsTest = await waitForReceived(teams, teamsFrom, 'Pagecrew is connected')
    expect(slackTest.problems).toEqual([])
    expect(slackTest.message!.text).toContain('Pagecrew is connected')
    expect(teamsTest.problems).toEqual([])
    expect(teamsTest.message!.attachments[0]!.content.body[0]).toMatchObject({ type: 'TextBlock', text: 'Pagecrew is connected' })

    // Off and on again with the keyboard.
    const toggle = teamsCard.getByRole('switch')
    await toggle.focus()
    await page.keyboard.press('Space')
    await teamsCard.getByTestId('chat-channel-off').waitFor(WAIT)
    await expect.poll(async () => (await channelsOf(context)).find((c) => c.kind === 'teams')?.enabled, WAIT).toBe(false)
    // The keyboard is still on the switch (a control disabled while busy would have dropped it).
    await expect.poll(() => toggle.getAttribute('aria-disabled'), WAIT).toBeNull()
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.press('Space')
    await teamsCard.getByTestId('chat-channel-off').waitFor({ state: 'detached', ...WAIT })
    await expect.poll(async () => (await channelsOf(context)).find((c) => c.kind === 'teams')?.enabled, WAIT).toBe(true)

    // Edit its events: published posts no more, approved posts too; the address is shown as its hint only.
    await teamsCard.getByTestId('chat-channel-edit').click()
    await dialog.waitFor()
    expect(await dialog.getByTestId('chat-channel-address').textContent()).toBe(`Microsoft Teams · ${await teamsCard.getByTestId('chat-channel-url-hint').textContent()}`)
    expect(await dialog.getByTestId('chat-channel-name').inputValue()).toBe('Sales team')
    expect(await dialog.getByTestId('chat-channel-weekly-nudge').isChecked()).toBe(true)
    await dialog.getByTestId('chat-channel-event-post.published').uncheck()
    await dialog.getByTestId('chat-channel-event-post.approved').check()
    await dialog.getByTestId('chat-channel-save').click()
    await dialog.waitFor({ state: 'detached', ...WAIT })
    await expect
      .poll(() => teamsCard.getByTestId('chat-channel-hears').textContent(), WAIT)
      .toBe(`${labels['approval.requested']}, ${labels['post.failed']}, ${labels['post.approved']} · weekly nudge (Mondays, UTC)`)
    expect((await channelsOf(context)).find((c) => c.kind === 'teams')?.events).toEqual(['approval.requested', 'post.failed', 'post.approved'])

    // Remove, asked first: Cancel keeps the channel, Remove channel removes it.
    await slackCard.getByTestId('chat-channel-delete').click()
    const confirm = page.getByTestId('delete-chat-channel-dialog')
    await confirm.waitFor()
    expect(await confirm.textContent()).toContain('Are you sure you want to remove #marketing-approvals (Slack)?')
    await page.getByTestId('delete-chat-channel-dialog-cancel').click()
    await confirm.waitFor({ state: 'detached', ...WAIT })
    expect(await slackCard.isVisible()).toBe(true)
    expect((await channelsOf(context)).length).toBe(2)
    await slackCard.getByTestId('chat-channel-delete').click()
    await confirm.waitFor()
    await page.getByTestId('delete-chat-channel-dialog-confirm').click()
    await slackCard.waitFor({ state: 'detached', ...WAIT })
    expect(await teamsCard.isVisible()).toBe(true)
    expect((await channelsOf(context)).map((c) => c.name)).toEqual(['Sales team'])
    await context.close()
  }, 90_000)

  it('an approval request reaches Slack and Teams with an Approve button whose signed link approves once, after the approver signs in', async () => {
    const adminContext = await browser.newContext({ timezoneId: 'UTC' })
    const adminPage = await adminContext.newPage()
    const stamp = Date.now()
    await signUpAndOnboard(adminPage, server.url, `bea-${stamp}@chat-e2e.example`, 'Approve Corp', 'Bea Admin')
    await api(adminContext, 'POST', '/billing/checkout', { priceId: 'professional-yearly', seatQuantity: 5 })
    for (const [kind, url] of [
      ['slack', slack.url],
      ['teams', teams.url]
    ] as const) {
      await api<ChatChannel>(adminContext, 'POST', '/organization/chat-channels/create', { kind, name: `#${kind}-approvals`, url, events: ['approval.requested'] })
    }

    // Mia writes with the review flow on; Leo leads her team and approves.
    const mia = await join(adminContext, 'Mia Author', `mia-${stamp}@chat-e2e.example`)
    const leoEmail = `leo-${stamp}@chat-e2e.example`
    const leo = await join(adminContext, 'Leo Leader', leoEmail)
    await leo.context.close()
    const team = await adminContext.request.post(`${server.url}/api/team/create`, {
      headers,
      multipart: { name: 'Sales', members: JSON.stringify([mia.id, leo.id]), teamLeaders: JSON.stringify([leo.id]) }
    })
    expect(team.status(), await team.text()).toBe(200)
    await api(adminContext, 'PUT', '/members/update', { userId: mia.id, userApprovalFlow: true })

    const text = `Chat approval ${stamp}: our spring numbers are in.`
    const [from, teamsFrom] = [slack.received.length, teams.received.length]
    const post = await api<Post>(mia.context, 'POST', '/posts/create', { text })
    await api<ReviewThread>(mia.context, 'POST', '/review/submit', { postId: post.id, version: post.version })

    // The fake Slack gets the request, valid Block Kit, with Approve / Request changes / Open.
    const request = await waitForReceived(slack, from, `Chat approval ${stamp}`)
    expect(request.problems).toEqual([])
    expect(request.message!.text).toMatch(/^Approval requested: /)
    const actions = request.message!.blocks!.find((b) => b.type === 'actions') as { elements: { text: { text: string }; url: string }[] }
    expect(actions.elements.map((b) => b.text.text)).toEqual(['Approve', 'Request changes', 'Open'])
    const approveUrl = new URL(actions.elements[0]!.url)
    expect(approveUrl.pathname).toMatch(/^\/approve\/[0-9a-f]{96}$/)
    // …and the fake Teams an Adaptive Card with the same buttons.
    const card = await waitForReceived(teams, teamsFrom, `Chat approval ${stamp}`)
    expect(card.problems).toEqual([])
    expect(card.message!.attachments[0]!.content.actions!.map((a) => [a.title, a.url])).toEqual(actions.elements.map((b) => [b.text.text, b.url]))

    // Leo opens it in a browser that is not signed in: sign-in first, then back to the link.
    // (The link is written with the server's public address; this test server listens elsewhere.)
    const leoContext = await browser.newContext({ timezoneId: 'UTC' })
    const leoPage = await leoContext.newPage()
    traceOnFailure(leoPage, 'the approver')
    const link = `${server.url}${approveUrl.pathname}${approveUrl.search}`
    await leoPage.goto(link)
    await leoPage.getByTestId('login-email').fill(leoEmail)
    await leoPage.getByTestId('login-password').fill(PASSWORD)
    await leoPage.getByTestId('login-submit').click()
    await leoPage.waitForURL((url) => url.pathname === approveUrl.pathname, WAIT)
    await expect.poll(() => leoPage.getByTestId('approve-link-preview').textContent(), WAIT).toContain(text)
    await leoPage.getByTestId('approve-link-confirm').click()
    await expect.poll(() => leoPage.getByTestId('approve-link-done').textContent(), WAIT).toContain('Approved.')
    expect((await api<Post>(mia.context, 'GET', `/posts/get?postId=${post.id}`)).approval).toMatchObject({ status: 'APPROVED' })
    await leoPage.getByRole('link', { name: 'Open the post in Pagecrew' }).click()
    await expect.poll(() => leoPage.getByTestId('approval-status').textContent(), WAIT).toBe('Approved')

    // The same link again: already used.
    await leoPage.goto(link)
    await expect.poll(() => leoPage.getByTestId('approve-link-refused').textContent(), WAIT).toBe(MESSAGES.approveLinkUsed)
    await Promise.all([adminContext.close(), mia.context.close(), leoContext.close()])
  }, 90_000)
})
