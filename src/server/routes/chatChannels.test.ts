import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { toTeamFormFields, type ApproveLinkOutcome, type ChatChannel } from '../../shared/api/contract'
import { CHAT_CHANNEL_MESSAGES } from '../../shared/api/endpoints/chatChannels'
import { MESSAGES } from '../../shared/api/messages'
import type { Member, ReviewThread } from '../../shared/domain'
import { WEBHOOK_MESSAGES } from '../../shared/domain/webhooks'
import { createMailer } from '../adapters/mail/mail'
import { eventsBehind } from '../events/consumers'
import { createApproveLinkService } from '../services/approveLinks'
import { chatFormatters } from '../services/chatChannels/formatter'
import { createNotificationService } from '../services/notifications'
import { createWebhookService, WEBHOOKS_CONSUMER } from '../services/webhooks'
import { eventually } from '../testing/eventually'
import { startFakeSlack, startFakeTeams, type FakeChatServer } from '../testing/fakeChat'
import { expectError, postFixtures, type ErrorBody, type TestPerson } from '../testing/postFixtures'
import { describeEachDatabase } from '../testing/suite'
import type { SlackMessage, TeamsMessage } from '../services/chatChannels/formatSchemas'
import type { ServerConfig } from '../config'
import { auditLog } from '../db/schema'

/**
 * Chat channels (issue 28) end to end on this machine: an admin connects a fake Slack incoming
 * webhook and a fake Teams workflow webhook (loopback, allowed by the development setting); an
 * approval request reaches both through the webhook consumer and sender with payloads valid against
 * each format's schema; the channel's Approve button approves once for an approver, never for
 * someone else; private addresses are refused when connecting; a test message and disconnecting.
 */
const NOW = '2026-03-10T10:00:00.000Z'
const PUBLIC_URL = 'https://pagecrew.example'
let slack: FakeChatServer<SlackMessage>
let teams: FakeChatServer<TeamsMessage>

beforeAll(async () => {
  slack = await startFakeSlack()
  teams = await startFakeTeams()
})
afterAll(async () => {
  await slack.close()
  await teams.close()
})

describeEachDatabase(
  'chat channels',
  (t) => {
    const { newOrg, addMember, create } = postFixtures(t, { now: NOW })

    async function crew() {
      const ada = await newOrg('Ada Admin')
      const [mia, leo, otto] = [await addMember(ada, 'Mia Author'), await addMember(ada, 'Leo Leader'), await addMember(ada, 'Otto Outsider')]
      const fields = toTeamFormFields({ name: 'Sales', members: [mia.userId, leo.userId], teamLeaders: [leo.userId], requireTag: false, aISettingTemplateId: null })
      expect((await ada.client.multipart('POST', '/team/create', fields)).status).toBe(200)
      expect((await ada.client.put<Member>('/members/update', { userId: mia.userId, userApprovalFlow: true })).status).toBe(200)
      return { ada, mia, leo, otto }
    }

    /** The server's webhook consumer and sender with the chat formatters, as createServices wires them, run by hand. */
    function pipeline() {
      const { db, clock, dataDir } = t()
      const config = { publicUrl: PUBLIC_URL, dataDir, tokenKey: null, publisherIntervalMs: null, outboundAllowLoopback: true } as unknown as ServerConfig
      const notifications = createNotificationService(db, clock)
      const approveLinks = createApproveLinkService({ db, clock, config, notifications, linkedInAdapter: { postUrl: () => null } as never, mailer: createMailer({ db, clock, transport: null }) })
      return createWebhookService({ db, clock, config, notifications, formatters: chatFormatters({ db, approveLinks }) })
    }
    async function deliverAll(expected: () => boolean) {
      const webhooks = pipeline()
      await eventually(async () => {
        while (await webhooks.consumerJob.run());
        if ((await eventsBehind(t().db, WEBHOOKS_CONSUMER)) > 0) return false
        await webhooks.senderJob.run()
        return expected()
      }, 'the chat messages to arrive')
    }

    const connect = (admin: TestPerson, kind: 'slack' | 'teams', url: string, events: string[] = ['approval.requested', 'post.approved']) =>
      admin.client.post<ChatChannel & ErrorBody>('/organization/chat-channels/create', { kind, name: `#${kind}-approvals`, url, events })

    it('brings an approval request to Slack and Teams with valid payloads, whose Approve button approves once', async () => {
      const { ada, mia, leo, otto } = await crew()
      const [s, tm] = [await connect(ada, 'slack', slack.url), await connect(ada, 'teams', teams.url)]
      expect(s.status, JSON.stringify(s.body)).toBe(200)
      expect(tm.status).toBe(200)
      expect(s.body).toMatchObject({ kind: 'slack', name: '#slack-approvals', events: ['approval.requested', 'post.approved'], enabled: true })
      // The address is a secret: never answered in full.
      expect(JSON.stringify(s.body)).not.toContain(slack.url)
      const listed = await ada.client.get<{ channels: ChatChannel[] }>('/organization/chat-channels')
      expect(listed.body.channels.map((c) => c.kind).sort()).toEqual(['slack', 'teams'])

      const [slackBefore, teamsBefore] = [slack.received.length, teams.received.length]
      const post = await create(mia, { text: `Launch day! ${'Robots & <people> '.repeat(40)}` })
      expect((await mia.client.post<ReviewThread>('/review/submit', { postId: post.id, version: post.version })).status).toBe(200)
      await deliverAll(() => slack.received.length > slackBefore && teams.received.length > teamsBefore)

      const slackGot = slack.received.slice(slackBefore)
      const teamsGot = teams.received.slice(teamsBefore)
      expect(slackGot.map((r) => r.problems)).toEqual([[]])
      expect(teamsGot.map((r) => r.problems)).toEqual([[]])
      const slackMessage = slackGot[0]!.message!
      const teamsMessage = teamsGot[0]!.message!
      expect(slackMessage.text).toMatch(/^Approval requested: Launch day!/)
      const section = slackMessage.blocks!.find((b) => b.type === 'section') as { text: { text: string }; fields: { text: string }[] }
      expect(section.text.text).toContain('Robots &amp; &lt;people&gt;')
      // The preview is the post's first 300 characters (before mrkdwn's escaping).
      expect(Array.from(section.text.text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>')).length).toBeLessThanOrEqual(300)
      expect(section.fields.map((f) => f.text)).toContain('*Author*\nMia Author')
      const buttons = (slackMessage.blocks!.find((b) => b.type === 'actions') as { elements: { text: { text: string }; url: string }[] }).elements
      expect(buttons.map((b) => b.text.text)).toEqual(['Approve', 'Request changes', 'Open'])
      const card = teamsMessage.attachments[0]!.content
      expect(card.actions!.map((a) => [a.title, a.url])).toEqual(buttons.map((b) => [b.text.text, b.url]))
      expect(card.body[0]).toMatchObject({ type: 'TextBlock', text: 'Approval requested' })

      const approveUrl = new URL(buttons[0]!.url)
      expect(approveUrl.origin).toBe(PUBLIC_URL)
      const token = /^\/approve\/([0-9a-f]{96})$/.exec(approveUrl.pathname)![1]!
      const use = (person: TestPerson) => person.client.post<ApproveLinkOutcome & ErrorBody>('/approve-links/use', { token })
      // A channel's link works for the post's approvers only.
      expectError(await use(otto), 403, MESSAGES.notAnApprover)
      expectError(await use(mia), 403, MESSAGES.notAnApprover)
      const done = await use(leo)
      expect(done.status, JSON.stringify(done.body)).toBe(200)
      expect(done.body.outcome).toBe('approved')
      expectError(await use(ada), 410, MESSAGES.approveLinkUsed)

      // post.approved reaches the channels as a plain message.
      await deliverAll(() => slack.received.length > slackBefore + 1 && teams.received.length > teamsBefore + 1)
      expect(slack.received.at(-1)!.problems).toEqual([])
      expect(slack.received.at(-1)!.message!.text).toMatch(/^Post approved: Leo Leader approved Mia Author’s post/)
      expect(teams.received.at(-1)!.problems).toEqual([])
    })

    it('refuses private addresses, other roles and plans; sends a test message; disconnects', async () => {
      const { ada, leo } = await crew()
      for (const url of ['https://10.0.0.1/hook', 'https://169.254.169.254/latest', 'https://[::ffff:10.0.0.1]/x', 'https://metadata.google.internal/x']) {
        expectError(await connect(ada, 'slack', url), 400, WEBHOOK_MESSAGES.urlPrivate, 'url')
      }
      expectError(await connect(ada, 'teams', 'ftp://example.com/x'), 400, WEBHOOK_MESSAGES.urlInvalid, 'url')
      const noEvents = await ada.client.post<ErrorBody>('/organization/chat-channels/create', { kind: 'slack', name: '#x', url: slack.url, events: [] })
      expectError(noEvents, 400, CHAT_CHANNEL_MESSAGES.eventsMissing, 'events')
      expect((await connect(leo, 'slack', slack.url)).status).toBe(403)

      const channel = (await connect(ada, 'teams', teams.url)).body
      // The address is a credential: the Webhooks section does not list the channel, and its audit entry names only the hint.
      expect((await ada.client.get<{ id: string }[]>('/organization/webhooks')).body.map((w) => w.id)).not.toContain(channel.id)
      const entries = await t().db.select().from(auditLog).where(eq(auditLog.targetId, channel.id))
      expect(entries.map((e) => e.action)).toContain('webhook.created')
      expect(JSON.stringify(entries)).not.toContain(teams.url)
      expect(JSON.stringify(entries)).toContain(channel.urlHint)
      const before = teams.received.length
      expect((await ada.client.post('/organization/chat-channels/test', { channelId: channel.id })).status).toBe(200)
      await deliverAll(() => teams.received.length > before)
      expect(teams.received.at(-1)!.problems).toEqual([])
      expect(teams.received.at(-1)!.message!.attachments[0]!.content.body[0]).toMatchObject({ text: 'Pagecrew is connected' })

      expect((await ada.client.post('/organization/chat-channels/delete', { channelId: channel.id })).status).toBe(200)
      expect((await ada.client.get<{ channels: ChatChannel[] }>('/organization/chat-channels')).body.channels).toEqual([])
      expectError(await ada.client.post('/organization/chat-channels/test', { channelId: channel.id }), 404, CHAT_CHANNEL_MESSAGES.notFound)
    })
  },
  { config: { publicUrl: PUBLIC_URL, outboundAllowLoopback: true } }
)
