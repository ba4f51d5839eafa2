import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ChatChannel } from '../../shared/api/contract'
import { CHAT_CHANNEL_MESSAGES } from '../../shared/api/endpoints/chatChannels'
import { createMailer } from '../adapters/mail/mail'
import type { ServerConfig } from '../config'
import { openDatabase, type DatabaseHandle } from '../db/client'
import { assignedSlots, auditLog, chatWeeklyMessages, recommendations, webhookDeliveries } from '../db/schema'
import { createApproveLinkService } from '../services/approveLinks'
import { chatWeeklyJob, sendWeeklyMessages, WEEKLY_DIGEST_EVENT, WEEKLY_NUDGE_EVENT } from '../services/chatChannels/weekly'
import { chatFormatters } from '../services/chatChannels/formatter'
import type { SlackMessage, TeamsMessage } from '../services/chatChannels/formatSchemas'
import { createNotificationService } from '../services/notifications'
import { CHAT_CHANNELS_SECTION_LINK, createWebhookService } from '../services/webhooks'
import { WEBHOOK_RETRY_DELAYS_MS } from '../services/webhooks/schedule'
import { eventually } from '../testing/eventually'
import { startFakeSlack, startFakeTeams, type FakeChatServer } from '../testing/fakeChat'
import { expectError, postFixtures, type ErrorBody, type TestPerson } from '../testing/postFixtures'
import { describeEachDatabase } from '../testing/suite'

/**
 * A chat channel's weekly nudge and recommended-posts digest (issue 28): written on the channel's
 * Monday from 09:00 in its time zone (New York just after the change to summer time, Tokyo), once per
 * channel, message and week — run again, or by two processes at once, nothing more; skipped after
 * Monday; none while the channel is off. Delivered through the webhook sender to fake Slack and Teams
 * servers that check each payload against the format's schema. And changes of a channel:
 * on/off, events, weekly options and time zone, with their field errors and audit entries.
 */
const PUBLIC_URL = 'https://pagecrew.example'
// Monday 9 March 2026: New York is on summer time since Sunday (UTC-4), Tokyo UTC+9.
const BEFORE_NY_NINE = '2026-03-09T12:59:00.000Z'
const NY_NINE = '2026-03-09T13:00:00.000Z'
const NY_TUESDAY = '2026-03-10T04:00:00.000Z'
const NEXT_NY_MONDAY = '2026-03-16T13:30:00.000Z'
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
  'chat channels: weekly nudge and digest',
  (t) => {
    const { newOrg, addMember, create } = postFixtures(t, { now: '2026-03-02T10:00:00.000Z' })

    async function crew() {
      const ada = await newOrg('Ada Admin')
      const [mia, leo] = [await addMember(ada, 'Mia Author'), await addMember(ada, 'Leo Leader')]
      return { ada, mia, leo }
    }

    async function slot(person: TestPerson, at: string): Promise<string> {
      const id = randomUUID()
      const now = t().clock.now()
      await t()
        .db.insert(assignedSlots)
        .values({ id, organizationId: person.organizationId, seriesId: randomUUID(), assigneeId: person.userId, time: new Date(at), timezone: 'UTC', createdAt: now, updatedAt: now })
      return id
    }

    async function recommend(by: TestPerson, at: string, audience: 'everyone' | 'members', previewText: string) {
      await t()
        .db.insert(recommendations)
        .values({
          id: randomUUID(),
          organizationId: by.organizationId,
          createdBy: by.userId,
          linkedInPostUrn: `urn:li:share:${randomUUID()}`,
          linkedInPostUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1/',
          previewText,
          previewAuthor: 'Ada Admin',
          note: 'Our launch',
          suggestedComments: [],
          audience,
          createdAt: new Date(at)
        })
    }

    const connect = (admin: TestPerson, body: Record<string, unknown>) =>
      admin.client.post<ChatChannel & ErrorBody>('/organization/chat-channels/create', { name: '#weekly', events: [], ...body })

    /** The webhook sender with the chat formatters (as createServices wires them), run until `expected`. */
    async function deliverAll(expected: () => boolean) {
      const { db, clock, dataDir } = t()
      const config = { publicUrl: PUBLIC_URL, dataDir, tokenKey: null, publisherIntervalMs: null, outboundAllowLoopback: true } as unknown as ServerConfig
      const notifications = createNotificationService(db, clock)
      const approveLinks = createApproveLinkService({ db, clock, config, notifications, linkedInAdapter: { postUrl: () => null } as never, mailer: createMailer({ db, clock, transport: null }) })
      const webhooks = createWebhookService({ db, clock, config, notifications, formatters: chatFormatters({ db, approveLinks }) })
      await eventually(async () => {
        await webhooks.senderJob.run()
        return expected()
      }, 'the weekly messages to arrive')
    }

    const weeklyRows = (organizationId: string) =>
      t().db.select().from(chatWeeklyMessages).where(eq(chatWeeklyMessages.organizationId, organizationId))
    const weeklyDeliveries = (organizationId: string) =>
      t()
        .db.select({ endpointId: webhookDeliveries.endpointId, eventName: webhookDeliveries.eventName, webhookId: webhookDeliveries.webhookId })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.organizationId, organizationId), inArray(webhookDeliveries.eventName, [WEEKLY_NUDGE_EVENT, WEEKLY_DIGEST_EVENT])))

    /** One pass of the job; answers the organization's weekly deliveries written by it (other tests' organizations share the database). */
    async function pass(organizationId: string): Promise<number> {
      const before = (await weeklyDeliveries(organizationId)).length
      await sendWeeklyMessages(t())
      return (await weeklyDeliveries(organizationId)).length - before
    }

    it('on each channel’s Monday from 09:00 in its time zone, writes the nudge and the digest once, valid for Slack and Teams', async () => {
      const { ada, mia, leo } = await crew()
      t().clock.set('2026-03-05T10:00:00.000Z')
      // This week (New York): Mia has two open slots, one already written; Leo one; a slot before 09:00 Monday has passed; next week's is not this week's.
      await slot(mia, '2026-03-10T15:00:00.000Z')
      const written = await slot(mia, '2026-03-11T15:00:00.000Z')
      await slot(leo, '2026-03-12T15:00:00.000Z')
      await slot(leo, '2026-03-09T12:00:00.000Z')
      await slot(leo, '2026-03-17T15:00:00.000Z')
      await create(mia, { text: 'My Wednesday post', slotId: written })
      // The digest: one recommendation to everyone in the week before; one to some members only and one too old are left out.
      await recommend(ada, '2026-03-05T09:00:00.000Z', 'everyone', 'We launched Pagecrew for teams & <friends>')
      await recommend(ada, '2026-03-06T09:00:00.000Z', 'members', 'Only for a few')
      await recommend(ada, '2026-02-20T09:00:00.000Z', 'everyone', 'Last month')

      const s = await connect(ada, { kind: 'slack', url: slack.url, weeklyNudge: true, weeklyDigest: true, timeZone: 'America/New_York' })
      expect(s.status, JSON.stringify(s.body)).toBe(200)
      expect(s.body).toMatchObject({ events: [], weeklyNudge: true, weeklyDigest: true, timeZone: 'America/New_York' })
      const tm = await connect(ada, { kind: 'teams', url: teams.url, weeklyNudge: true, timeZone: 'Asia/Tokyo' })
      expect(tm.status, JSON.stringify(tm.body)).toBe(200)
      const listed = await ada.client.get<{ channels: ChatChannel[] }>('/organization/chat-channels')
      expect(listed.body.channels.map((c) => [c.kind, c.weeklyNudge, c.weeklyDigest, c.timeZone]).sort()).toEqual([
        ['slack', true, true, 'America/New_York'],
        ['teams', true, false, 'Asia/Tokyo']
      ])

      // 08:59 in New York, 21:59 Monday in Tokyo: only the Teams channel's nudge.
      t().clock.set(BEFORE_NY_NINE)
      expect(await pass(ada.organizationId)).toBe(1)
      expect((await weeklyDeliveries(ada.organizationId)).map((d) => [d.endpointId, d.eventName])).toEqual([[tm.body.id, WEEKLY_NUDGE_EVENT]])
      // 09:00 in New York: the Slack channel's two; again, and with two jobs at once, nothing more.
      t().clock.set(NY_NINE)
      expect(await pass(ada.organizationId)).toBe(2)
      expect(await pass(ada.organizationId)).toBe(0)
      const kicked: string[] = []
      const jobs = [1, 2].map(() => chatWeeklyJob({ db: t().db, clock: t().clock, kickSender: () => kicked.push('send') }))
      await Promise.all(jobs.map((job) => job.run()))
      expect(kicked).toEqual([])
      const deliveries = await weeklyDeliveries(ada.organizationId)
      expect(deliveries.map((d) => `${d.endpointId === s.body.id ? 'slack' : 'teams'} ${d.eventName}`).sort()).toEqual([
        `slack ${WEEKLY_DIGEST_EVENT}`,
        `slack ${WEEKLY_NUDGE_EVENT}`,
        `teams ${WEEKLY_NUDGE_EVENT}`
      ])
      expect((await weeklyRows(ada.organizationId)).map((r) => `${r.kind} ${r.week}`).sort()).toEqual(['digest 2026-03-09', 'nudge 2026-03-09', 'nudge 2026-03-09'])

      const [slackBefore, teamsBefore] = [slack.received.length, teams.received.length]
      await deliverAll(() => slack.received.length >= slackBefore + 2 && teams.received.length >= teamsBefore + 1)
      const slackGot = slack.received.slice(slackBefore)
      const teamsGot = teams.received.slice(teamsBefore)
      expect(slackGot.map((r) => r.problems)).toEqual([[], []])
      expect(teamsGot.map((r) => r.problems)).toEqual([[]])
      const nudge = slackGot.map((r) => r.message!).find((m) => m.text.startsWith('This week’s open slots'))!
      const digest = slackGot.map((r) => r.message!).find((m) => m.text.startsWith('Recommended for resharing'))!
      expect(nudge.text).toBe('This week’s open slots: 3 open slots this week for 2 members. Not written yet: Leo Leader and Mia Author.')
      const fields = (nudge.blocks!.find((b) => b.type === 'section') as { fields: { text: string }[] }).fields.map((f) => f.text)
      expect(fields).toEqual(['*Leo Leader*\n1 open slot · not written yet', '*Mia Author*\n2 open slots · 1 not written yet'])
      const nudgeButton = (nudge.blocks!.find((b) => b.type === 'actions') as { elements: { text: { text: string }; url: string }[] }).elements[0]!
      expect(nudgeButton.text.text).toBe('Open the Plan')
      expect(new URL(nudgeButton.url).pathname).toBe('/schedule')
      expect(new URL(nudgeButton.url).origin).toBe(PUBLIC_URL)
      expect(digest.text).toMatch(/^Recommended for resharing: 1 post was recommended to everyone/)
      const digestFields = (digest.blocks!.find((b) => b.type === 'section') as { fields: { text: string }[] }).fields.map((f) => f.text)
      expect(digestFields).toEqual(['*Ada Admin*\nWe launched Pagecrew for teams &amp; &lt;friends&gt;\nWhy: Our launch'])
      const card = teamsGot[0]!.message!.attachments[0]!.content
      expect(card.body[0]).toMatchObject({ type: 'TextBlock', text: 'This week’s open slots' })
      expect(card.actions!.map((a) => a.title)).toEqual(['Open the Plan'])

      // Tuesday 00:00 in New York: Monday's window is over; a channel connected now waits for next Monday.
      t().clock.set(NY_TUESDAY)
      expect((await connect(ada, { kind: 'slack', url: slack.url, name: '#late', weeklyNudge: true, timeZone: 'America/New_York' })).status).toBe(200)
      expect(await pass(ada.organizationId)).toBe(0)
      // The next Monday: each channel's messages of the new week (the late one's too); no recommendation in the week before, so no digest.
      t().clock.set(NEXT_NY_MONDAY)
      expect(await pass(ada.organizationId)).toBe(3)
      const nextWeek = (await weeklyRows(ada.organizationId)).filter((r) => r.week === '2026-03-16')
      expect(nextWeek.map((r) => `${r.kind} ${r.deliveryId === null ? 'nothing to say' : 'sent'}`).sort()).toEqual([
        'digest nothing to say',
        'nudge sent',
        'nudge sent',
        'nudge sent'
      ])
    })

    it('writes nothing for a channel that is off, and a week with nothing to say is still written once', async () => {
      const { ada, mia } = await crew()
      t().clock.set('2026-03-05T10:00:00.000Z')
      const off = (await connect(ada, { kind: 'slack', url: slack.url, weeklyNudge: true, timeZone: 'UTC' })).body
      const empty = (await connect(ada, { kind: 'teams', url: teams.url, weeklyDigest: true, timeZone: 'UTC' })).body
      await slot(mia, '2026-03-10T15:00:00.000Z')
      expect((await ada.client.post<ChatChannel>('/organization/chat-channels/update', { channelId: off.id, enabled: false })).body).toMatchObject({
        enabled: false,
        disabledReason: 'manual'
      })
      t().clock.set('2026-03-09T09:30:00.000Z')
      // No recommendation this week: the digest's week is taken, with no delivery.
      expect(await pass(ada.organizationId)).toBe(0)
      expect((await weeklyRows(ada.organizationId)).map((r) => [r.endpointId, r.kind, r.deliveryId])).toEqual([[empty.id, 'digest', null]])
      expect(await weeklyDeliveries(ada.organizationId)).toEqual([])
    })

    it('two processes on one database write each week’s message once', async () => {
      const { ada, mia } = await crew()
      t().clock.set('2026-03-05T10:00:00.000Z')
      await slot(mia, '2026-03-10T15:00:00.000Z')
      for (let i = 0; i < 3; i++) await connect(ada, { kind: i % 2 ? 'teams' : 'slack', url: i % 2 ? teams.url : slack.url, name: `#c${i}`, weeklyNudge: true, timeZone: 'UTC' })
      let second: DatabaseHandle | null = null
      if (t().kind === 'postgres') {
        const pool = (t().db as unknown as { $client: pg.Pool }).$client
        second = await openDatabase({ databaseUrl: pool.options.connectionString })
      }
      try {
        t().clock.set('2026-03-09T10:00:00.000Z')
        const kicks: number[] = [0, 0]
        const one = chatWeeklyJob({ db: t().db, clock: t().clock, kickSender: () => kicks[0]!++ })
        const two = chatWeeklyJob({ db: second?.db ?? t().db, clock: t().clock, kickSender: () => kicks[1]!++ })
        await Promise.all([one.run(), two.run(), one.run(), two.run()])
        const deliveries = await weeklyDeliveries(ada.organizationId)
        expect(deliveries).toHaveLength(3)
        expect(new Set(deliveries.map((d) => d.endpointId)).size).toBe(3)
        expect(new Set(deliveries.map((d) => d.webhookId)).size).toBe(3)
        expect(kicks[0]! + kicks[1]!).toBeGreaterThanOrEqual(1)
      } finally {
        await second?.close()
      }
    })

    it('turns a channel off after a day of refused messages and tells the admins by the channel’s name, linking to Chat channels', async () => {
      const { ada, mia } = await crew()
      t().clock.set('2026-03-05T10:00:00.000Z')
      await slot(mia, '2026-03-10T15:00:00.000Z')
      // An address on the fake Slack that no longer exists: 404 no_service to every message.
      const gone = `${slack.url}-removed`
      const channel = (await connect(ada, { kind: 'slack', url: gone, name: '#gone', weeklyNudge: true, timeZone: 'UTC' })).body
      t().clock.set('2026-03-09T09:30:00.000Z')
      expect(await pass(ada.organizationId)).toBe(1)
      const { db, clock, dataDir } = t()
      const config = { publicUrl: PUBLIC_URL, dataDir, tokenKey: null, publisherIntervalMs: null, outboundAllowLoopback: true } as unknown as ServerConfig
      const notifications = createNotificationService(db, clock)
      const approveLinks = createApproveLinkService({ db, clock, config, notifications, linkedInAdapter: { postUrl: () => null } as never, mailer: createMailer({ db, clock, transport: null }) })
      const webhooks = createWebhookService({ db, clock, config, notifications, formatters: chatFormatters({ db, approveLinks }) })
      await webhooks.senderJob.run()
      for (const wait of WEBHOOK_RETRY_DELAYS_MS) {
        t().clock.advance(wait)
        await webhooks.senderJob.run()
      }
      const listed = (await ada.client.get<{ channels: ChatChannel[] }>('/organization/chat-channels')).body.channels
      expect(listed).toMatchObject([{ id: channel.id, enabled: false, disabledReason: 'failing' }])
      const bell = (await ada.client.notifications()).body
      const notice = bell.find((n) => n.title === CHAT_CHANNEL_MESSAGES.disabledTitle)
      expect(notice).toMatchObject({ message: CHAT_CHANNEL_MESSAGES.disabledMessage('#gone', 'slack'), link: CHAT_CHANNELS_SECTION_LINK })
      expect(JSON.stringify(bell)).not.toContain(gone)
      // Nor does the audit log: the entry that it was turned off names the address's hint only.
      const disabled = await t().db.select().from(auditLog).where(and(eq(auditLog.targetId, channel.id), eq(auditLog.action, 'webhook.disabled')))
      expect(disabled).toHaveLength(1)
      expect(JSON.stringify(disabled)).not.toContain(gone)
      // Off: next Monday's nudge is not written for it.
      t().clock.set(NEXT_NY_MONDAY)
      expect(await pass(ada.organizationId)).toBe(0)
    })

    it('changes a channel: on and off, events, weekly messages and time zone, with field errors, roles and audit entries', async () => {
      const { ada, mia } = await crew()
      const other = await newOrg('Olga Other')
      const channel = (await connect(ada, { kind: 'slack', url: slack.url, events: ['approval.requested'] })).body
      expect(channel).toMatchObject({ weeklyNudge: false, weeklyDigest: false, timeZone: 'UTC' })
      const update = (person: TestPerson, body: Record<string, unknown>) =>
        person.client.post<ChatChannel & ErrorBody>('/organization/chat-channels/update', { channelId: channel.id, ...body })

      const changed = await update(ada, { name: '#renamed', events: ['post.published', 'slot.missed'], weeklyNudge: true, timeZone: 'Europe/Berlin' })
      expect(changed.status, JSON.stringify(changed.body)).toBe(200)
      expect(changed.body).toMatchObject({ name: '#renamed', events: ['post.published', 'slot.missed'], weeklyNudge: true, timeZone: 'Europe/Berlin', enabled: true })
      // With the nudge on, a channel may hear no event; with nothing at all, it may not.
      expect((await update(ada, { events: [] })).status).toBe(200)
      expectError(await update(ada, { weeklyNudge: false }), 400, CHAT_CHANNEL_MESSAGES.eventsMissing, 'events')
      expectError(await update(ada, { timeZone: 'Mars/Olympus' }), 400, CHAT_CHANNEL_MESSAGES.timeZoneInvalid, 'timeZone')
      expectError(
        await ada.client.post<ErrorBody>('/organization/chat-channels/create', { kind: 'teams', name: '#x', url: teams.url, events: [] }),
        400,
        CHAT_CHANNEL_MESSAGES.eventsMissing,
        'events'
      )
      expect((await update(mia, { enabled: false })).status).toBe(403)
      expectError(await update(other, { enabled: false }), 404, CHAT_CHANNEL_MESSAGES.notFound)
      expectError(await update(ada, { channelId: 'not-an-id', enabled: false }), 404, CHAT_CHANNEL_MESSAGES.notFound)

      expect((await update(ada, { enabled: false })).body).toMatchObject({ enabled: false, disabledReason: 'manual' })
      expect((await update(ada, { enabled: true })).body).toMatchObject({ enabled: true, disabledReason: null })
      const entries = await t()
        .db.select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.organizationId, ada.organizationId), eq(auditLog.targetId, channel.id)))
      const options = entries.filter((e) => e.after !== null && 'weeklyNudge' in (e.after as Record<string, unknown>))
      expect(options).toEqual([
        { action: 'webhook.updated', before: { weeklyNudge: false, timeZone: 'UTC' }, after: { weeklyNudge: true, timeZone: 'Europe/Berlin' } }
      ])
      expect(entries.map((e) => e.action)).toContain('webhook.created')
    })
  },
  { config: { publicUrl: PUBLIC_URL, outboundAllowLoopback: true } }
)
