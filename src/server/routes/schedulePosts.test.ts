import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { toTeamFormFields, type Session } from '../../shared/api/contract'
import type { AssignedSlot, BusinessPage, Member, ScheduleItem, Team, User } from '../../shared/domain'
import { expandCalendar, type CompactCalendar } from '../../shared/domain/compactCalendar'
import { posts, subscriptions } from '../db/schema'
import { newPostValues, type NewPost } from '../services/posts'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

const NOW = '2026-03-10T10:00:00.000Z'
const RANGE = { from: '2026-03-11T00:00:00.000Z', to: '2026-03-14T00:00:00.000Z' }

/** Posts on the Plan (issue 6): GET /schedule/calendar and GET /schedule with slots. */
describeEachDatabase('schedule: posts on the Plan', (t) => {
  async function signUp(name: string) {
    const client = new TestClient(t().app)
    await client.signup({ fullName: name })
    return client
  }

  async function world() {
    t().clock.set(NOW)
    const ann = await signUp('Ann Admin')
    const org = await ann.createOrganization(`Plan ${randomUUID().slice(0, 6)}`)
    await t().db.update(subscriptions).set({ availableSeats: 10 }).where(eq(subscriptions.organizationId, org.id))
    const annId = (await ann.get<User>('/user')).body.id
    const invited = await ann.post<{ member: Member; joinUrl: string }>('/members/invite', { email: `max-${randomUUID().slice(0, 6)}@example.com`, role: 'MEMBER' })
    const max = new TestClient(t().app)
    await max.post<Session>('/join/accept', { token: new URL(invited.body.joinUrl).searchParams.get('token'), fullName: 'Max Member', password: 'correct horse battery staple' })
    const maxId = invited.body.member.id
    const page = (await ann.post<BusinessPage>('/organization/business-pages/create', { linkedInCompanyName: 'Acme Robotics' })).body
    await ann.put('/members/update', { userId: maxId, selectedBusinessPages: [page.id] })
    const team = (await ann.multipart<Team>('POST', '/team/create', toTeamFormFields({ name: 'Sales', members: [maxId], teamLeaders: [maxId], requireTag: false, aISettingTemplateId: null })))
      .body
    const slot = async (assignee: string, time: string, postType: string) =>
      (await ann.post<{ slots: AssignedSlot[] }>('/schedule/assigned-slots/create', { assignedUserId: [assignee], time, comment: 'Idea', postType })).body.slots[0]!
    const slotA = await slot(maxId, '2026-03-12T09:00:00.000Z', 'poll')
    const slotB = await slot(annId, '2026-03-13T09:00:00.000Z', 'textOnly')

    const insert = async (input: Omit<NewPost, 'organizationId'> & { status?: 'PENDING_PUBLISH' | 'PUBLISHED' | 'DRAFT'; failureReason?: string }, organizationId = org.id) => {
      const values = newPostValues({ organizationId, ...input }, t().clock.now())
      if (input.status) values.status = input.status
      if (input.status === 'PUBLISHED') values.publishedAt = input.scheduledAt
      values.failureReason = input.failureReason ?? null
      await t().db.insert(posts).values(values)
      return values.id
    }
    const at = (iso: string) => new Date(iso)
    const p = {
      maxPublished: await insert({ authorUserId: maxId, type: 'poll', text: 'Which robot?', slotId: slotA.id, scheduledAt: at('2026-03-11T08:00:00Z'), status: 'PUBLISHED' }),
      annPending: await insert({ authorUserId: annId, text: 'Going out now', scheduledAt: at('2026-03-12T11:00:00Z'), status: 'PENDING_PUBLISH' }),
      annScheduled: await insert({ authorUserId: annId, text: `Big\n\nnews ${'word '.repeat(40)}`, scheduledAt: at('2026-03-12T12:00:00Z') }),
      pageScheduled: await insert({ authorUserId: maxId, businessPageId: page.id, type: 'images', text: 'New hall', scheduledAt: at('2026-03-12T15:00:00Z') })
    }
    // Never on the Plan: drafts (also one that failed to publish).
    await insert({ authorUserId: annId, text: 'Draft', scheduledAt: at('2026-03-12T10:00:00Z'), status: 'DRAFT' })
    await insert({ authorUserId: annId, text: 'Failed', scheduledAt: at('2026-03-12T10:30:00Z'), status: 'DRAFT', failureReason: 'Text too long' })
    // Another organization's post.
    const other = await signUp('Olga Other')
    const otherOrg = await other.createOrganization('Elsewhere')
    await insert({ authorUserId: (await other.get<User>('/user')).body.id, text: 'Not yours', scheduledAt: at('2026-03-12T12:00:00Z') }, otherOrg.id)
    return { ann, max, annId, maxId, page, team, slotA, slotB, p }
  }

  const calendar = async (client: TestClient, filter: Record<string, string> = {}) => {
    const res = await client.get<CompactCalendar>('/schedule/calendar', { ...RANGE, ...filter })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const body = expandCalendar(res.body)
    return { posts: body.posts.map((p) => p.id), slots: body.slots.map((s) => s.id), body }
  }

  it('shows scheduled, pending and published posts at their time with their account, never drafts or other organizations; a slot with a published post is DONE', async () => {
    const w = await world()
    const { body, posts: ids } = await calendar(w.max)
    expect(ids).toEqual([w.p.maxPublished, w.p.annPending, w.p.annScheduled, w.p.pageScheduled])
    expect(body.posts[0]).toEqual({
      id: w.p.maxPublished,
      time: '2026-03-11T08:00:00.000Z',
      status: 'PUBLISHED',
      postType: 'poll',
      account: { id: w.maxId, name: 'Max Member', kind: 'user', image: null },
      excerpt: 'Which robot?',
      slotId: w.slotA.id
    })
    expect(body.posts[2]!.excerpt).toMatch(/^Big news word word .*…$/)
    expect(Array.from(body.posts[2]!.excerpt).length).toBeLessThanOrEqual(120)
    expect(body.posts[3]!.account).toEqual({ id: w.page.id, name: 'Acme Robotics', kind: 'page', image: null })
    expect(body.slots.map((s) => [s.id, s.status, s.postId])).toEqual([
      [w.slotA.id, 'DONE', w.p.maxPublished],
      [w.slotB.id, 'OPEN', null]
    ])
  })

  it('filters posts and slots by status, type, account and team', async () => {
    const w = await world()
    expect(await calendar(w.ann, { status: 'PUBLISHED' })).toMatchObject({ posts: [w.p.maxPublished], slots: [] })
    expect(await calendar(w.ann, { status: 'SCHEDULED' })).toMatchObject({ posts: [w.p.annScheduled, w.p.pageScheduled], slots: [] })
    expect(await calendar(w.ann, { status: 'DRAFT' })).toMatchObject({ posts: [], slots: [] })
    expect(await calendar(w.ann, { status: 'DONE' })).toMatchObject({ posts: [], slots: [w.slotA.id] })
    expect(await calendar(w.ann, { status: 'OPEN' })).toMatchObject({ posts: [], slots: [w.slotB.id] })
    expect(await calendar(w.ann, { type: 'poll' })).toMatchObject({ posts: [w.p.maxPublished], slots: [w.slotA.id] })
    expect(await calendar(w.ann, { accountId: w.page.id })).toMatchObject({ posts: [w.p.pageScheduled], slots: [] })
    expect(await calendar(w.ann, { accountId: w.maxId })).toMatchObject({ posts: [w.p.maxPublished], slots: [w.slotA.id] })
    expect(await calendar(w.ann, { accountId: w.annId })).toMatchObject({ posts: [w.p.annPending, w.p.annScheduled], slots: [w.slotB.id] })
    expect(await calendar(w.ann, { teamId: w.team.id })).toMatchObject({ posts: [w.p.maxPublished, w.p.pageScheduled], slots: [w.slotA.id] })
    // Once both slots have passed: the one with a published post stays DONE, not MISSED.
    t().clock.set('2026-03-14T00:00:00.000Z')
    expect(await calendar(w.ann, { status: 'MISSED' })).toMatchObject({ posts: [], slots: [w.slotB.id] })
  })

  it('merges posts and slots in the list view by time under one cursor', async () => {
    const w = await world()
    const seen: string[] = []
    let cursor: string | undefined
    for (let page = 0; page < 5; page++) {
      const res = await w.ann.get<{ items: ScheduleItem[]; nextCursor: string | null }>('/schedule', { from: RANGE.from, limit: '2', ...(cursor ? { cursor } : {}) })
      expect(res.status).toBe(200)
      seen.push(...res.body.items.map((item) => `${item.kind}:${item.kind === 'slot' ? item.slot.id : item.post.id}`))
      if (!res.body.nextCursor) break
      cursor = res.body.nextCursor
    }
    expect(seen).toEqual([
      `post:${w.p.maxPublished}`,
      `slot:${w.slotA.id}`,
      `post:${w.p.annPending}`,
      `post:${w.p.annScheduled}`,
      `post:${w.p.pageScheduled}`,
      `slot:${w.slotB.id}`
    ])
    const published = await w.ann.get<{ items: ScheduleItem[] }>('/schedule', { from: RANGE.from, status: 'PUBLISHED' })
    expect(published.body.items.map((i) => i.kind)).toEqual(['post'])
  })
})
