import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import { toTeamFormFields, type Session } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import { LINKEDIN_POST_MAX, POLL_OPTION_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_QUESTION_MAX } from '../../shared/constants'
import type { AiTemplateDetail, AssignedSlot, BusinessPage, Draft, Entitlement, Idea, Member, PostTag, Team, User } from '../../shared/domain'
import { startFakeOpenAi, type FakeOpenAiRequest } from '../testing/fakeOpenAi'
import { aiGenerations, businessPages, subscriptions } from '../db/schema'
import { TestClient, type TestApp } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }
type Usage = { used: number; limit: number }
type IdeasAnswer = { ideas: Idea[]; usage: Usage } & ErrorBody
type DraftAnswer = { draft: Draft; usage: Usage } & ErrorBody

const PASSWORD = 'correct horse battery staple'
/** A Tuesday in March 2026, 10:00 UTC. */
const NOW = '2026-03-10T10:00:00.000Z'
const SLOT_TIME = '2026-03-17T09:00:00.000Z'

let counter = 0
const uniqueEmail = (name: string) => `${name}-${++counter}-${Date.now().toString(36)}@example.com`

const fake = await startFakeOpenAi()
afterAll(() => fake.close())

/** The task Pagecrew sent in the provider's last request (the user message is a JSON object). */
function lastTask(requests: FakeOpenAiRequest[]): Record<string, unknown> {
  const messages = requests[requests.length - 1]?.body.messages ?? []
  return JSON.parse(messages.find((m) => m.role === 'user')?.content ?? '{}') as Record<string, unknown>
}

/** Set-up helpers over the API, shared by both suites. */
function helpers(t: () => TestApp) {
  async function newOrg(name = 'Acme') {
    t().clock.set(NOW)
    const client = new TestClient(t().app)
    const account = await client.signup({ fullName: 'Ada Admin', email: uniqueEmail('admin') })
    const org = await client.createOrganization(name, { linkedInCompanyName: `${name} Inc.`, industry: 'Renewable energy' })
    await t().db.update(subscriptions).set({ availableSeats: 30 }).where(eq(subscriptions.organizationId, org.id))
    const userId = (await client.get<User>('/user')).body.id
    return { client, account, org, userId }
  }

  async function addMember(admin: TestClient, role: 'ADMIN' | 'MEMBER' | 'GHOST' = 'MEMBER') {
    const invited = await admin.post<{ member: Member; joinUrl: string }>('/members/invite', { email: uniqueEmail('member'), role })
    if (invited.status !== 200) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`)
    const client = new TestClient(t().app)
    const token = new URL(invited.body.joinUrl).searchParams.get('token')!
    const joined = await client.post<Session>('/join/accept', { token, fullName: 'Mia Member', password: PASSWORD })
    if (joined.status !== 200) throw new Error(`join failed: ${joined.status} ${JSON.stringify(joined.body)}`)
    return { client, userId: invited.body.member.id }
  }

  /** A topic tag assigned to `assignedUsers` (a slot's tag must be assigned to its member). */
  async function createTag(admin: TestClient, tagTitle: string, assignedUsers: string[] = [], tagDescription?: string) {
    const res = await admin.post<PostTag>('/postTag/create', { tagTitle, tagColor: '#AABBCC', assignedUsers, ...(tagDescription ? { tagDescription } : {}) })
    if (res.status !== 200) throw new Error(`tag failed: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body
  }

  async function createSlot(admin: TestClient, assigneeId: string, body: Record<string, unknown>) {
    const res = await admin.post<{ slots: AssignedSlot[] }>('/schedule/assigned-slots/create', {
      assignedUserId: [assigneeId],
      time: SLOT_TIME,
      comment: 'Write something',
      postType: 'textOnly',
      ...body
    })
    if (res.status !== 200) throw new Error(`slot failed: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body.slots[0]!
  }

  async function createTemplate(admin: TestClient, fields: Partial<AiTemplateDetail> & { templateName: string }) {
    const res = await admin.post<AiTemplateDetail>('/ai-template/create', fields)
    if (res.status !== 200) throw new Error(`template failed: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body
  }

  async function createPage(admin: TestClient, linkedInCompanyName: string, aiSettingTemplateId: string | null, linked: string[]) {
    const res = await admin.post<BusinessPage>('/organization/business-pages/create', { linkedInCompanyName, aiSettingTemplateId })
    if (res.status !== 200) throw new Error(`page failed: ${res.status} ${JSON.stringify(res.body)}`)
    for (const userId of linked) {
      const member = (await admin.get<{ members: Member[] }>('/members/list')).body.members.find((m) => m.id === userId)!
      const pages = [...member.businessPages.map((p) => p.id), res.body.id]
      expect((await admin.put('/members/update', { userId, selectedBusinessPages: pages })).status).toBe(200)
    }
    return res.body
  }

  /** Entry Seat, bought through the built-in provider: 40 AI generations a month. */
  async function buyEntry(admin: TestClient) {
    const res = await admin.post('/billing/checkout', { priceId: 'entry-monthly' })
    if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`)
  }

  /** `n` generations recorded at `at` (default: now), as earlier calls would have left them. */
  async function recordGenerations(organizationId: string, n: number, at: Date = t().clock.now()) {
    if (n === 0) return
    await t()
      .db.insert(aiGenerations)
      .values(Array.from({ length: n }, () => ({ id: randomUUID(), organizationId, userId: null, kind: 'ideas' as const, provider: 'offline', createdAt: at })))
  }

  async function generationsOf(organizationId: string) {
    return t().db.select().from(aiGenerations).where(eq(aiGenerations.organizationId, organizationId))
  }

  async function ideasUsage(client: TestClient) {
    const list = (await client.get<Entitlement[]>('/billing/verify/entitled')).body
    return list.find((e) => e.lookupKey === 'GENERATE_IDEAS_PER_MONTH')
  }

  return { newOrg, addMember, createTag, createSlot, createTemplate, createPage, buyEntry, recordGenerations, generationsOf, ideasUsage }
}

describeEachDatabase('AI ideas and drafts (offline generator)', (t) => {
  const h = helpers(t)
  const ideas = (client: TestClient, body: Record<string, unknown> = {}) => client.post<IdeasAnswer>('/ai/ideas', body)
  const draft = (client: TestClient, body: Record<string, unknown>) => client.post<DraftAnswer>('/ai/draft', body)

  it('ideas for a slot take its topic tag, audience and post type, and each call counts', async () => {
    const { client, org, userId } = await h.newOrg()
    const tag = await h.createTag(client, 'Heat pumps', [userId], 'Building owners replace gas boilers')
    const slot = await h.createSlot(client, userId, { tagId: tag.id, targetAudience: 'Facility managers', postType: 'images' })

    const res = await ideas(client, { slotId: slot.id, count: 10 })
    expect(res.status).toBe(200)
    expect(res.body.ideas).toHaveLength(10)
    const texts = res.body.ideas.map((i) => `${i.title} ${i.angle} ${i.hook}`.toLowerCase())
    expect(texts.every((text) => text.includes('heat pumps'))).toBe(true)
    expect(texts.some((text) => text.includes('facility managers'))).toBe(true)
    expect(res.body.ideas.every((i) => i.postType === 'images')).toBe(true)
    // A trial is unlimited (limit 0) but still counts.
    expect(res.body.usage).toEqual({ used: 1, limit: 0 })

    const again = await ideas(client, { slotId: slot.id })
    expect(again.status).toBe(200)
    expect(again.body.ideas).toHaveLength(5)
    expect(again.body.usage).toEqual({ used: 2, limit: 0 })
    const rows = await h.generationsOf(org.id)
    expect(rows.map((r) => [r.kind, r.provider, r.userId])).toEqual([
      ['ideas', 'offline', userId],
      ['ideas', 'offline', userId]
    ])
    expect(await h.ideasUsage(client)).toEqual({ lookupKey: 'GENERATE_IDEAS_PER_MONTH', limit: 0, currentUsage: 2 })
  })

  it('the body wins over the slot: another tag, audience and post type', async () => {
    const { client, userId } = await h.newOrg()
    const slotTag = await h.createTag(client, 'Heat pumps', [userId])
    const other = await h.createTag(client, 'Solar carports')
    const slot = await h.createSlot(client, userId, { tagId: slotTag.id, targetAudience: 'Facility managers', postType: 'images' })

    const res = await ideas(client, { slotId: slot.id, tagId: other.id, targetAudience: 'Fleet operators', postType: 'poll', count: 10 })
    expect(res.status).toBe(200)
    const texts = res.body.ideas.map((i) => `${i.title} ${i.angle} ${i.hook}`.toLowerCase())
    expect(texts.every((text) => text.includes('solar carports') && !text.includes('heat pumps'))).toBe(true)
    expect(texts.some((text) => text.includes('fleet operators'))).toBe(true)
    expect(texts.some((text) => text.includes('facility managers'))).toBe(false)
    expect(res.body.ideas.every((i) => i.postType === 'poll')).toBe(true)
  })

  it('a draft fits LinkedIn, and a poll draft carries a poll within its limits', async () => {
    const { client } = await h.newOrg()
    const tag = await h.createTag(client, 'Heat pumps')
    const [idea] = (await ideas(client, { tagId: tag.id, count: 1 })).body.ideas

    const text = await draft(client, { tagId: tag.id, idea })
    expect(text.status).toBe(200)
    expect(text.body.draft.text.length).toBeGreaterThan(100)
    expect(text.body.draft.text.length).toBeLessThanOrEqual(LINKEDIN_POST_MAX)
    expect(text.body.draft.text.toLowerCase()).toContain('heat pumps')
    expect(text.body.draft.hashtags.length).toBeGreaterThanOrEqual(3)
    expect(text.body.draft.poll).toBeUndefined()
    expect(text.body.usage).toEqual({ used: 2, limit: 0 })

    const poll = await draft(client, { tagId: tag.id, idea, postType: 'poll' })
    expect(poll.status).toBe(200)
    const p = poll.body.draft.poll!
    expect(p.question.length).toBeGreaterThan(0)
    expect(p.question.length).toBeLessThanOrEqual(POLL_QUESTION_MAX)
    expect(p.options.length).toBeGreaterThanOrEqual(POLL_OPTIONS_MIN)
    expect(p.options.length).toBeLessThanOrEqual(POLL_OPTIONS_MAX)
    for (const option of p.options) expect(option.length).toBeLessThanOrEqual(POLL_OPTION_MAX)

    // Without a post type in the body or a slot, a draft keeps its idea's.
    const fromIdea = await draft(client, { idea: { ...idea!, postType: 'poll' } })
    expect(fromIdea.status).toBe(200)
    expect(fromIdea.body.draft.poll?.options.length).toBeGreaterThanOrEqual(POLL_OPTIONS_MIN)
    expect(fromIdea.body.usage.used).toBe(4)
  })

  it('every role may generate; the same seed gives the same offline ideas', async () => {
    const { client } = await h.newOrg()
    const member = await h.addMember(client, 'MEMBER')
    const ghost = await h.addMember(client, 'GHOST')
    const a = await ideas(member.client, { seed: 'fixed', targetAudience: 'Installers' })
    const b = await ideas(ghost.client, { seed: 'fixed', targetAudience: 'Installers' })
    expect([a.status, b.status]).toEqual([200, 200])
    expect(b.body.ideas).toEqual(a.body.ideas)
    expect(b.body.usage.used).toBe(2)
  })

  it('refuses the 41st generation of an Entry Seat month with 402, without counting it', async () => {
    const { client, org } = await h.newOrg()
    await h.buyEntry(client)
    await h.recordGenerations(org.id, 39)
    expect(await h.ideasUsage(client)).toEqual({ lookupKey: 'GENERATE_IDEAS_PER_MONTH', limit: 40, currentUsage: 39 })

    const last = await ideas(client)
    expect(last.status).toBe(200)
    expect(last.body.usage).toEqual({ used: 40, limit: 40 })

    const over = await ideas(client)
    expect(over.status).toBe(402)
    expect(over.body.error).toEqual({ code: 'plan_limit', message: MESSAGES.aiLimitReached })
    const overDraft = await draft(client, { idea: last.body.ideas[0] })
    expect(overDraft.status).toBe(402)
    expect(overDraft.body.error.message).toBe(MESSAGES.aiLimitReached)
    expect(await h.generationsOf(org.id)).toHaveLength(40)
    expect((await h.ideasUsage(client))?.currentUsage).toBe(40)
  })

  it('lets exactly one of two simultaneous calls at limit − 1 through, round after round', async () => {
    const { client, org } = await h.newOrg()
    await h.buyEntry(client)
    const member = await h.addMember(client, 'MEMBER')
    for (let round = 0; round < 4; round++) {
      await t().db.delete(aiGenerations).where(eq(aiGenerations.organizationId, org.id))
      await h.recordGenerations(org.id, 39)
      const answers = await Promise.all([ideas(client, { count: 1 }), round % 2 ? draft(member.client, { idea: { title: 'T', angle: 'A', hook: 'H', postType: 'textOnly' } }) : ideas(member.client, { count: 1 })])
      expect(answers.map((a) => a.status).sort()).toEqual([200, 402])
      expect(answers.find((a) => a.status === 200)!.body.usage).toEqual({ used: 40, limit: 40 })
      expect(await h.generationsOf(org.id)).toHaveLength(40)
    }
  })

  it('counts by UTC calendar month of the server clock: a new month starts from zero', async () => {
    const { client, org } = await h.newOrg()
    await h.buyEntry(client)
    await h.recordGenerations(org.id, 39, new Date('2026-03-01T00:00:00.000Z'))
    await h.recordGenerations(org.id, 1, new Date('2026-02-28T23:59:59.999Z'))
    expect((await h.ideasUsage(client))?.currentUsage).toBe(39)
    expect((await ideas(client)).body.usage).toEqual({ used: 40, limit: 40 })
    expect((await ideas(client)).status).toBe(402)

    t().clock.set('2026-03-31T23:59:59.000Z')
    expect((await ideas(client)).status).toBe(402)
    t().clock.set('2026-04-01T00:00:00.000Z')
    expect(await h.ideasUsage(client)).toEqual({ lookupKey: 'GENERATE_IDEAS_PER_MONTH', limit: 40, currentUsage: 0 })
    const april = await ideas(client)
    expect(april.status).toBe(200)
    expect(april.body.usage).toEqual({ used: 1, limit: 40 })
    expect(await h.generationsOf(org.id)).toHaveLength(42)
  })

  it('another organization’s slot, tag, template or page is not found, and a page the user is not linked to is refused', async () => {
    const mine = await h.newOrg('Mine')
    const theirs = await h.newOrg('Theirs')
    const theirTag = await h.createTag(theirs.client, 'Secret plans', [theirs.userId])
    const theirSlot = await h.createSlot(theirs.client, theirs.userId, { tagId: theirTag.id })
    const theirTemplate = await h.createTemplate(theirs.client, { templateName: 'Theirs' })
    const theirPage = await h.createPage(theirs.client, 'Their page', null, [theirs.userId])

    const cases: [Record<string, unknown>, string][] = [
      [{ slotId: theirSlot.id }, MESSAGES.slotNotFound],
      [{ tagId: theirTag.id }, MESSAGES.tagNotFound],
      [{ templateId: theirTemplate.id }, MESSAGES.aiTemplateNotFound],
      [{ businessPageId: theirPage.id }, MESSAGES.businessPageNotFound],
      [{ slotId: 'not-a-uuid' }, MESSAGES.slotNotFound],
      [{ tagId: randomUUID() }, MESSAGES.tagNotFound]
    ]
    for (const [body, message] of cases) {
      const res = await ideas(mine.client, body)
      expect({ status: res.status, message: res.body.error?.message }).toEqual({ status: 404, message })
      const d = await draft(mine.client, { ...body, idea: { title: 'T', angle: 'A', hook: 'H', postType: 'textOnly' } })
      expect(d.status).toBe(404)
    }

    const unlinked = await h.createPage(mine.client, 'Our page', null, [])
    const refused = await ideas(mine.client, { businessPageId: unlinked.id })
    expect({ status: refused.status, message: refused.body.error.message }).toEqual({ status: 403, message: MESSAGES.notLinkedToPage })
    expect(await h.generationsOf(mine.org.id)).toHaveLength(0)
  })

  it('needs a session, the client header and valid input', async () => {
    const { client, org } = await h.newOrg()
    const anonymous = new TestClient(t().app)
    expect((await anonymous.post<ErrorBody>('/ai/ideas', {})).body.error.code).toBe('unauthenticated')
    expect((await anonymous.post('/ai/draft', {})).status).toBe(401)

    const noHeader = await client.request<ErrorBody>('POST', '/ai/ideas', { body: {}, clientHeader: false })
    expect(noHeader.status).toBe(403)
    expect(noHeader.body.error.code).toBe('csrf')

    const tooMany = await ideas(client, { count: 11 })
    expect(tooMany.status).toBe(400)
    expect(Object.keys(tooMany.body.error.fields ?? {})).toEqual(['count'])
    const badType = await ideas(client, { postType: 'hologram' })
    expect(badType.status).toBe(400)
    expect(badType.body.error.fields?.postType).toBeTruthy()
    const longAudience = await ideas(client, { targetAudience: 'x'.repeat(301) })
    expect(longAudience.body.error.fields?.targetAudience).toBe('Keep the target audience under 300 characters.')
    const noIdea = await draft(client, {})
    expect(noIdea.status).toBe(400)
    expect(noIdea.body.error.fields?.idea).toBeTruthy()
    expect(await h.generationsOf(org.id)).toHaveLength(0)
  })
})

describeEachDatabase(
  'AI ideas and drafts (OpenAI-compatible provider)',
  (t) => {
    const h = helpers(t)
    const ideas = (client: TestClient, body: Record<string, unknown> = {}) => client.post<IdeasAnswer>('/ai/ideas', body)
    const idea = { title: 'Three lessons', angle: 'What we learned', hook: 'We got it wrong first.', postType: 'textOnly' as const }

    it('sends the resolved template: chosen one, else the page’s, else the team’s, else the organization default', async () => {
      fake.mode = 'ok'
      const { client, org, userId } = await h.newOrg()
      const templates = (await client.get<AiTemplateDetail[]>('/ai-template')).body
      const orgDefault = templates.find((x) => x.isDefaultOrganizationTemplate)!
      expect((await client.put('/ai-template/update', { templateId: orgDefault.id, tone: 'Formal', targetAudience: 'Investors' })).status).toBe(200)
      const teamTemplate = await h.createTemplate(client, { templateName: 'Team', industries: ['Construction'], tone: 'Friendly', targetAudience: 'Builders' })
      const pageTemplate = await h.createTemplate(client, { templateName: 'Page', industries: ['Solar'], tone: 'Bold', instructions: 'Avoid jargon' })
      const chosen = await h.createTemplate(client, { templateName: 'Chosen', industries: ['Dental clinics'], tone: 'Warm' })
      const page = await h.createPage(client, 'Solar Page', pageTemplate.id, [userId])
      const bare = await h.createPage(client, 'Bare Page', null, [userId])
      await t().db.update(businessPages).set({ industry: 'Wind power' }).where(eq(businessPages.id, bare.id))

      const sent = async (body: Record<string, unknown>) => {
        const res = await ideas(client, body)
        expect(res.status).toBe(200)
        return lastTask(fake.requests)
      }
      expect(await sent({})).toMatchObject({ task: 'ideas', industries: ['Renewable energy'], tone: 'Formal', audience: 'Investors' })

      const member = await h.addMember(client, 'MEMBER')
      const team = await client.multipart<Team>(
        'POST',
        '/team/create',
        toTeamFormFields({ name: 'Builders', members: [userId, member.userId], teamLeaders: [userId], requireTag: false, aISettingTemplateId: teamTemplate.id })
      )
      expect(team.status).toBe(200)
      expect(await sent({})).toMatchObject({ industries: ['Construction'], tone: 'Friendly', audience: 'Builders' })
      expect(await sent({ businessPageId: page.id })).toMatchObject({ industries: ['Solar'], tone: 'Bold', instructions: 'Avoid jargon' })
      // A page without a template lends its industry to the template that applies.
      expect(await sent({ businessPageId: bare.id })).toMatchObject({ industries: ['Wind power'], tone: 'Friendly' })
      expect(await sent({ templateId: chosen.id, businessPageId: page.id })).toMatchObject({ industries: ['Dental clinics'], tone: 'Warm' })
      // The slot's audience wins over the template's; the body's over the slot's.
      const tag = await h.createTag(client, 'Heat pumps', [userId], 'Replacing gas boilers')
      const slot = await h.createSlot(client, userId, { tagId: tag.id, targetAudience: 'Facility managers', postType: 'document' })
      expect(await sent({ slotId: slot.id })).toMatchObject({
        audience: 'Facility managers',
        templateAudience: 'Builders',
        topic: { title: 'Heat pumps', description: 'Replacing gas boilers' },
        postType: 'document'
      })
      expect(await sent({ slotId: slot.id, targetAudience: 'Architects', postType: 'poll' })).toMatchObject({ audience: 'Architects', postType: 'poll' })

      const rows = await h.generationsOf(org.id)
      expect(rows.every((r) => r.provider === 'openai')).toBe(true)
      expect(rows).toHaveLength(7)
    })

    it('a failing provider is a 502 with a clear message and does not count', async () => {
      const { client, org } = await h.newOrg()
      await h.buyEntry(client)
      await h.recordGenerations(org.id, 39)
      try {
        fake.mode = 'serverError'
        const down = await ideas(client)
        expect(down.status).toBe(502)
        expect(down.body.error).toEqual({ code: 'bad_gateway', message: MESSAGES.aiUnavailable })
        const downDraft = await client.post<DraftAnswer>('/ai/draft', { idea })
        expect(downDraft.body.error).toEqual({ code: 'bad_gateway', message: MESSAGES.aiUnavailable })

        fake.mode = 'malformed'
        const garbled = await ideas(client)
        expect(garbled.status).toBe(502)
        expect(garbled.body.error.message).toBe('The AI provider sent an answer Pagecrew could not read. Please try again.')

        fake.mode = 'rateLimited'
        const busy = await ideas(client)
        expect(busy.status).toBe(502)
        expect(busy.body.error.message).toMatch(/too many requests/)

        expect(await h.generationsOf(org.id)).toHaveLength(39)
        expect((await h.ideasUsage(client))?.currentUsage).toBe(39)
      } finally {
        fake.mode = 'ok'
      }
      // The failures left the last generation of the month free.
      const works = await ideas(client)
      expect(works.status).toBe(200)
      expect(works.body.usage).toEqual({ used: 40, limit: 40 })
    })

    it('a provider that does not answer within the timeout is a 502 and does not count', async () => {
      const { client, org } = await h.newOrg()
      fake.mode = 'hang'
      try {
        const res = await ideas(client)
        expect(res.status).toBe(502)
        expect(res.body.error.message).toBe(MESSAGES.aiUnavailable)
      } finally {
        fake.mode = 'ok'
      }
      expect(await h.generationsOf(org.id)).toHaveLength(0)
    })
  },
  // Provider failures are logged by design; the assertions check what users get.
  { config: { logLevel: 'silent', ai: { baseUrl: fake.baseUrl, apiKey: fake.apiKey, model: 'gpt-test', timeoutMs: 1_000 } } }
)
