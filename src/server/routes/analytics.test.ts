import { parse } from 'csv-parse/sync'
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { toTeamFormFields, type Session } from '../../shared/api/contract'
import type { AnalyticsGroups, AnalyticsPosts, AnalyticsTimeseries, AssignedSlot, BusinessPage, Member, Team, User } from '../../shared/domain'
import { assignedSlots, memberships, postMetricSnapshots, postMetrics, posts, subscriptions, users } from '../db/schema'
import { newPostValues } from '../services/posts'
import { CSV_BATCH } from '../services/analytics'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

const NOW = '2026-12-01T12:00:00.000Z'
const NOVEMBER = { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z', timezone: 'UTC' }

/** The CSV as csv-parse reads it (RFC 4180), one array of fields per record. */
const parseCsv = (text: string) => parse(text) as string[][]

/** Analytics (issue 14): GET /analytics/posts, /members, /teams, /pages and /timeseries. */
describeEachDatabase('analytics', (t) => {
  async function signUp(name: string) {
    const client = new TestClient(t().app)
    await client.signup({ fullName: name })
    return client
  }

  /**
   * Ann (ADMIN, in no team), Gil (GHOST), Lea (leader of Sales), Max (Sales), Bob (leads Ops, alone); the Acme page; the
   * topic tag "Robots" on Max's slot. Their November posts, with results or none yet.
   */
  async function world() {
    t().clock.set(NOW)
    const ann = await signUp('Ann Admin')
    const org = await ann.createOrganization(`Results ${randomUUID().slice(0, 6)}`)
    await t().db.update(subscriptions).set({ availableSeats: 20 }).where(eq(subscriptions.organizationId, org.id))
    const annId = (await ann.get<User>('/user')).body.id
    async function join(fullName: string) {
      const invited = await ann.post<{ member: Member; joinUrl: string }>('/members/invite', { email: `${randomUUID().slice(0, 8)}@example.com`, role: 'MEMBER' })
      const client = new TestClient(t().app)
      const joined = await client.post<Session>('/join/accept', {
        token: new URL(invited.body.joinUrl).searchParams.get('token'),
        fullName,
        password: 'correct horse battery staple'
      })
      expect(joined.status).toBe(200)
      return { client, id: invited.body.member.id }
    }
    const gil = await join('Gil Ghost')
    await t().db.update(memberships).set({ role: 'GHOST' }).where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, gil.id)))
    const lea = await join('Lea Leader')
    const max = await join('Max Member')
    const bob = await join('Bob Builder')
    const team = async (name: string, members: string[], teamLeaders: string[]) =>
      (await ann.multipart<Team>('POST', '/team/create', toTeamFormFields({ name, members, teamLeaders, requireTag: false, aISettingTemplateId: null }))).body
    const sales = await team('Sales', [lea.id, max.id], [lea.id])
    const ops = await team('Ops', [bob.id], [bob.id])
    const page = (await ann.post<BusinessPage>('/organization/business-pages/create', { linkedInCompanyName: 'Acme Robotics' })).body
    const tag = (await ann.post<{ id: string }>('/postTag/create', { tagTitle: 'Robots', tagColor: '#aabbcc', assignedUsers: [max.id] })).body
    const slot = (
      await ann.post<{ slots: AssignedSlot[] }>('/schedule/assigned-slots/create', { assignedUserId: [max.id], time: '2026-12-03T09:00:00.000Z', comment: 'Idea', postType: 'poll' })
    ).body.slots[0]!
    await t().db.update(assignedSlots).set({ tagId: tag.id }).where(eq(assignedSlots.id, slot.id))

    const organizationId = org.id
    type Metrics = { impressions: number; reactions: number; comments: number; reshares: number; clicks?: number | null; membersReached?: number | null }
    const publish = async (input: {
      author: string
      at: string
      text?: string
      type?: 'textOnly' | 'poll' | 'images'
      page?: string
      slotId?: string
      metrics?: Metrics | 'unavailable'
      organizationId?: string
    }) => {
      const values = newPostValues(
        {
          organizationId: input.organizationId ?? organizationId,
          authorUserId: input.author,
          text: input.text ?? 'A post',
          type: input.type ?? 'textOnly',
          businessPageId: input.page ?? null,
          slotId: input.slotId ?? null,
          scheduledAt: new Date(input.at)
        },
        t().clock.now()
      )
      values.status = 'PUBLISHED'
      values.publishedAt = new Date(input.at)
      values.linkedInPostUrn = `urn:li:share:${randomUUID()}`
      await t().db.insert(posts).values(values)
      if (input.metrics) {
        const m = input.metrics === 'unavailable' ? { impressions: 0, reactions: 0, comments: 0, reshares: 0 } : input.metrics
        await t().db.insert(postMetrics).values({
          postId: values.id,
          organizationId: values.organizationId,
          status: input.metrics === 'unavailable' ? 'unavailable' : 'ok',
          ...m,
          updatedAt: new Date('2026-11-30T00:00:00Z')
        })
      }
      return values.id
    }
    const p = {
      max1: await publish({ author: max.id, at: '2026-11-03T09:00:00Z', type: 'poll', slotId: slot.id, text: 'Which robot?', metrics: { impressions: 1000, reactions: 30, comments: 10, reshares: 5, clicks: 5, membersReached: 800 } }),
      max2: await publish({ author: max.id, at: '2026-11-10T09:00:00Z', page: page.id, type: 'images', text: 'New hall', metrics: { impressions: 400, reactions: 8, comments: 2, reshares: 0 } }),
      lea1: await publish({ author: lea.id, at: '2026-11-05T09:00:00Z', metrics: { impressions: 200, reactions: 10, comments: 0, reshares: 0, clicks: 10 } }),
      bob1: await publish({ author: bob.id, at: '2026-11-07T09:00:00Z', metrics: 'unavailable' }),
      ann1: await publish({ author: annId, at: '2026-11-20T09:00:00Z' })
    }
    // Outside the period, and not published: never counted.
    await publish({ author: max.id, at: '2026-10-31T23:59:59Z', metrics: { impressions: 5, reactions: 1, comments: 0, reshares: 0 } })
    await publish({ author: max.id, at: '2026-12-01T00:00:00Z' })
    await t().db.insert(posts).values({ ...newPostValues({ organizationId, authorUserId: max.id, text: 'Draft', scheduledAt: new Date('2026-11-04T00:00:00Z') }, t().clock.now()) })
    // Another organization, with its own member, team, page, tag and post.
    const olga = await signUp('Olga Other')
    const other = await olga.createOrganization('Elsewhere')
    const olgaId = (await olga.get<User>('/user')).body.id
    const otherTeam = (await olga.multipart<Team>('POST', '/team/create', toTeamFormFields({ name: 'Theirs', members: [olgaId], teamLeaders: [olgaId], requireTag: false, aISettingTemplateId: null }))).body
    const otherPage = (await olga.post<BusinessPage>('/organization/business-pages/create', { linkedInCompanyName: 'Other Inc' })).body
    const otherTag = (await olga.post<{ id: string }>('/postTag/create', { tagTitle: 'Theirs', tagColor: '#aabbcc', assignedUsers: [olgaId] })).body
    const otherPost = await publish({ author: olgaId, at: '2026-11-05T09:00:00Z', organizationId: other.id, metrics: { impressions: 9, reactions: 1, comments: 0, reshares: 0 } })
    return { ann, annId, gil, lea, max, bob, sales, ops, page, tag, p, publish, organizationId, olga, olgaId, other: { team: otherTeam, page: otherPage, tag: otherTag, post: otherPost } }
  }

  const get = async <T>(client: TestClient, path: string, query: Record<string, string> = {}) => {
    const res = await client.get<T>(`/analytics/${path}`, { ...NOVEMBER, ...query })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body
  }
  const postIds = async (client: TestClient, query: Record<string, string> = {}) => (await get<AnalyticsPosts>(client, 'posts', query)).rows.map((r) => r.postId)

  it('lists the period’s published posts with their latest results, pending and unavailable ones with zeros, and totals over all of them', async () => {
    const w = await world()
    const body = await get<AnalyticsPosts>(w.ann, 'posts')
    expect(body.rows.map((r) => r.postId)).toEqual([w.p.ann1, w.p.max2, w.p.bob1, w.p.lea1, w.p.max1])
    expect(body.total).toBe(5)
    const max1 = body.rows.find((r) => r.postId === w.p.max1)!
    expect(max1).toMatchObject({
      excerpt: 'Which robot?',
      author: { id: w.max.id, fullName: 'Max Member', image: null },
      businessPage: null,
      type: 'poll',
      tag: { id: w.tag.id, title: 'Robots', color: '#aabbcc' },
      publishedAt: '2026-11-03T09:00:00.000Z',
      metricsStatus: 'ok',
      metricsUpdatedAt: '2026-11-30T00:00:00.000Z',
      impressions: 1000,
      membersReached: 800,
      reactions: 30,
      comments: 10,
      reshares: 5,
      clicks: 5,
      engagementRate: 0.05
    })
    expect(max1.linkedInPostUrl).toMatch(/^https?:\/\//)
    expect(body.rows.find((r) => r.postId === w.p.max2)).toMatchObject({ businessPage: { id: w.page.id, linkedInCompanyName: 'Acme Robotics' }, clicks: null, engagementRate: 0.025 })
    expect(body.rows.find((r) => r.postId === w.p.bob1)).toMatchObject({ metricsStatus: 'unavailable', impressions: 0, engagementRate: null })
    expect(body.rows.find((r) => r.postId === w.p.ann1)).toMatchObject({ metricsStatus: 'pending', impressions: 0, reactions: 0, membersReached: null, metricsUpdatedAt: null, engagementRate: null })
    // (30+10+5+5) + (8+2) + (10+10) = 80 engagements over 1600 impressions.
    expect(body.totals).toEqual({ impressions: 1600, membersReached: 800, reactions: 48, comments: 12, reshares: 5, clicks: 15, engagementRate: 0.05 })
  })

  it('sorts on the server (ties by id), pages with offset and limit, and keeps the totals of every matching post', async () => {
    const w = await world()
    expect(await postIds(w.ann, { sort: 'impressions', order: 'desc' })).toEqual([w.p.max1, w.p.max2, w.p.lea1, ...[w.p.bob1, w.p.ann1].sort().reverse()])
    expect(await postIds(w.ann, { sort: 'engagementRate', order: 'asc' })).toEqual([w.p.max2, w.p.max1, w.p.lea1, ...[w.p.bob1, w.p.ann1].sort()])
    expect(await postIds(w.ann, { sort: 'author', order: 'asc' })).toEqual([w.p.ann1, w.p.bob1, w.p.lea1, ...[w.p.max1, w.p.max2].sort()])
    expect(await postIds(w.ann, { sort: 'publishedAt', order: 'asc' })).toEqual([w.p.max1, w.p.lea1, w.p.bob1, w.p.max2, w.p.ann1])
    const all = await postIds(w.ann, { sort: 'reshares' })
    const pages = [
      await get<AnalyticsPosts>(w.ann, 'posts', { sort: 'reshares', limit: '2', offset: '0' }),
      await get<AnalyticsPosts>(w.ann, 'posts', { sort: 'reshares', limit: '2', offset: '2' }),
      await get<AnalyticsPosts>(w.ann, 'posts', { sort: 'reshares', limit: '2', offset: '4' }),
      await get<AnalyticsPosts>(w.ann, 'posts', { sort: 'reshares', limit: '2', offset: '6' })
    ]
    expect(pages.flatMap((page) => page.rows.map((r) => r.postId))).toEqual(all)
    for (const page of pages) expect(page).toMatchObject({ total: 5, totals: { impressions: 1600 } })
  })

  it('scopes by role: a member sees their own posts and their team’s totals, a leader their team’s members, ADMIN and GHOST everyone', async () => {
    const w = await world()
    const everyone = [w.p.ann1, w.p.max2, w.p.bob1, w.p.lea1, w.p.max1]
    expect(await postIds(w.ann)).toEqual(everyone)
    expect(await postIds(w.gil.client)).toEqual(everyone)
    expect(await postIds(w.max.client)).toEqual([w.p.max2, w.p.max1])
    expect(await postIds(w.bob.client)).toEqual([w.p.bob1])
    expect(await postIds(w.lea.client)).toEqual([w.p.max2, w.p.lea1, w.p.max1])

    const rows = async (client: TestClient, kind: string) => (await get<AnalyticsGroups>(client, kind)).rows.map((r) => [r.name, r.posts, r.impressions, r.detail])
    expect(await rows(w.ann, 'members')).toEqual([
      ['Ann Admin', 1, 0, null],
      ['Bob Builder', 1, 0, 'Ops'],
      ['Lea Leader', 1, 200, 'Sales'],
      ['Max Member', 2, 1400, 'Sales']
    ])
    expect(await rows(w.max.client, 'members')).toEqual([['Max Member', 2, 1400, 'Sales']])
    expect(await rows(w.lea.client, 'members')).toEqual([
      ['Lea Leader', 1, 200, 'Sales'],
      ['Max Member', 2, 1400, 'Sales']
    ])
    expect(await rows(w.ann, 'teams')).toEqual([
      ['Ops', 1, 0, '1'],
      ['Sales', 3, 1600, '2']
    ])
    expect(await rows(w.gil.client, 'teams')).toEqual(await rows(w.ann, 'teams'))
    // A member's team totals cover their teammates' posts too, without their rows.
    expect(await rows(w.max.client, 'teams')).toEqual([['Sales', 3, 1600, '2']])
    expect(await rows(w.bob.client, 'teams')).toEqual([['Ops', 1, 0, '1']])
    expect(await rows(w.ann, 'pages')).toEqual([['Acme Robotics', 1, 400, null]])
    expect(await rows(w.bob.client, 'pages')).toEqual([])
    expect(await get<AnalyticsGroups>(w.ann, 'members')).toMatchObject({ totals: { posts: 5, impressions: 1600, reactions: 48, clicks: 15, membersReached: 800, engagementRate: 0.05 } })
    expect((await get<AnalyticsGroups>(w.max.client, 'teams')).totals).toMatchObject({ posts: 3, impressions: 1600 })

    // The timeseries counts the same posts as the table.
    const days = async (client: TestClient) => (await get<AnalyticsTimeseries>(client, 'timeseries')).days.reduce((n, d) => n + d.posts, 0)
    expect([await days(w.ann), await days(w.gil.client), await days(w.lea.client), await days(w.max.client), await days(w.bob.client)]).toEqual([5, 5, 3, 2, 1])
  })

  it('filters by member, team, page, type, topic tag and search; ids outside the viewer’s scope match nothing, other organizations’ ids are 404', async () => {
    const w = await world()
    expect(await postIds(w.ann, { memberId: w.max.id })).toEqual([w.p.max2, w.p.max1])
    expect(await postIds(w.ann, { teamId: w.sales.id })).toEqual([w.p.max2, w.p.lea1, w.p.max1])
    expect(await postIds(w.ann, { businessPageId: w.page.id })).toEqual([w.p.max2])
    expect(await postIds(w.ann, { type: 'poll' })).toEqual([w.p.max1])
    expect(await postIds(w.ann, { tagId: w.tag.id })).toEqual([w.p.max1])
    expect(await postIds(w.ann, { search: 'robot' })).toEqual([w.p.max2, w.p.max1])
    expect(await postIds(w.ann, { search: 'bob' })).toEqual([w.p.bob1])
    expect(await postIds(w.ann, { search: '100%' })).toEqual([])
    expect(await get<AnalyticsGroups>(w.ann, 'teams', { memberId: w.lea.id })).toMatchObject({ rows: [{ name: 'Sales', posts: 1 }], totals: { posts: 1 } })

    // In the organization, out of scope: empty.
    expect(await postIds(w.max.client, { memberId: w.bob.id })).toEqual([])
    expect(await postIds(w.max.client, { teamId: w.ops.id })).toEqual([])
    expect((await get<AnalyticsGroups>(w.max.client, 'teams', { teamId: w.ops.id })).rows).toEqual([])
    expect((await get<AnalyticsGroups>(w.lea.client, 'members', { memberId: w.bob.id })).rows).toEqual([])

    // Another organization's ids (and malformed ones) are not found, on every endpoint.
    const notFound = {
      memberId: w.olgaId,
      teamId: w.other.team.id,
      businessPageId: w.other.page.id,
      tagId: w.other.tag.id
    }
    for (const path of ['posts', 'members', 'teams', 'pages', 'timeseries']) {
      const cases: [string, string][] = [...Object.entries(notFound), ['memberId', 'not-a-uuid']]
      for (const [key, id] of cases) {
        const res = await w.ann.get(`/analytics/${path}`, { ...NOVEMBER, [key]: id })
        expect(res.status, `${path} ${key}`).toBe(404)
      }
    }
    // Olga sees only her organization's post.
    expect(await postIds(w.olga)).toEqual([w.other.post])
  })

  it('the timeseries gives a post’s snapshots when it is in scope, and 404 for anyone else’s or another organization’s post', async () => {
    const w = await world()
    const snapshot = (takenAt: string, impressions: number) => ({
      postId: w.p.max1,
      organizationId: w.organizationId,
      takenAt: new Date(takenAt),
      impressions,
      membersReached: null,
      reactions: 1,
      comments: 0,
      reshares: 0,
      clicks: null
    })
    await t().db.insert(postMetricSnapshots).values([snapshot('2026-11-04T09:00:00Z', 300), snapshot('2026-11-03T10:00:00Z', 100)])
    const body = await get<AnalyticsTimeseries>(w.lea.client, 'timeseries', { postId: w.p.max1 })
    expect(body.snapshots).toEqual([
      { takenAt: '2026-11-03T10:00:00.000Z', impressions: 100, membersReached: null, reactions: 1, comments: 0, reshares: 0, clicks: null },
      { takenAt: '2026-11-04T09:00:00.000Z', impressions: 300, membersReached: null, reactions: 1, comments: 0, reshares: 0, clicks: null }
    ])
    expect(body.byType).toEqual([{ type: 'poll', posts: 1, impressions: 1000, engagementRate: 0.05 }])
    expect((await get<AnalyticsTimeseries>(w.ann, 'timeseries')).snapshots).toEqual([])
    expect((await w.bob.client.get('/analytics/timeseries', { ...NOVEMBER, postId: w.p.max1 })).status).toBe(404)
    expect((await w.ann.get('/analytics/timeseries', { ...NOVEMBER, postId: w.other.post })).status).toBe(404)
  })

  it('counts days and weekday × hour in the time zone asked for (else the viewer’s), across both DST changes', async () => {
    const w = await world()
    // 00:30 in Berlin on the days the clocks change (Sundays): the previous day in UTC.
    await w.publish({ author: w.max.id, at: '2026-03-28T23:30:00Z', metrics: { impressions: 100, reactions: 5, comments: 0, reshares: 0 } })
    await w.publish({ author: w.max.id, at: '2026-03-29T22:30:00Z' })
    await w.publish({ author: w.max.id, at: '2026-10-24T22:30:00Z' })
    await w.publish({ author: w.max.id, at: '2026-10-25T23:30:00Z' })
    const berlin = async (client: TestClient, from: string, to: string, timezone?: string) => {
      const res = await client.get<AnalyticsTimeseries>('/analytics/timeseries', { from, to, ...(timezone ? { timezone } : {}) })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body
    }
    // The local days 28 to 30 March: 00:00+01:00 on the 28th to 00:00+02:00 on the 31st.
    const spring = await berlin(w.ann, '2026-03-27T23:00:00Z', '2026-03-30T22:00:00Z', 'Europe/Berlin')
    expect(spring.days.map((d) => [d.date, d.posts])).toEqual([
      ['2026-03-28', 0],
      ['2026-03-29', 1],
      ['2026-03-30', 1]
    ])
    expect(spring.days[1]).toEqual({ date: '2026-03-29', posts: 1, impressions: 100, engagements: 5, engagementRate: 0.05 })
    // Sunday 00:30 and Monday 00:30 (after the change, 22:30 UTC is 00:30 CEST).
    expect(spring.heatmap.map((c) => [c.weekday, c.hour, c.posts])).toEqual([
      [0, 0, 1],
      [6, 0, 1]
    ])
    const autumn = await berlin(w.ann, '2026-10-23T22:00:00Z', '2026-10-26T23:00:00Z', 'Europe/Berlin')
    expect(autumn.days.map((d) => [d.date, d.posts])).toEqual([
      ['2026-10-24', 0],
      ['2026-10-25', 1],
      ['2026-10-26', 1]
    ])
    // The same instants in UTC fall a day earlier.
    const utc = await berlin(w.ann, '2026-03-28T00:00:00Z', '2026-03-30T00:00:00Z', 'UTC')
    expect(utc.days.map((d) => [d.date, d.posts])).toEqual([
      ['2026-03-28', 1],
      ['2026-03-29', 1]
    ])
    expect(utc.heatmap.map((c) => [c.weekday, c.hour])).toEqual([
      [5, 23],
      [6, 22]
    ])
    // Without `timezone`: the viewer's.
    await t().db.update(users).set({ timezone: 'Europe/Berlin' }).where(eq(users.id, w.annId))
    expect((await berlin(w.ann, '2026-03-27T23:00:00Z', '2026-03-30T22:00:00Z')).days).toEqual(spring.days)
  })

  it('answers 400 for an unknown time zone, an offset, a period ending before it starts or longer than a year', async () => {
    const w = await world()
    for (const path of ['posts', 'members', 'teams', 'pages', 'timeseries']) {
      for (const timezone of ['Mars/Olympus', '+01:00', 'UTC; drop table posts']) {
        const res = await w.ann.get<{ error: { fields: Record<string, string> } }>(`/analytics/${path}`, { ...NOVEMBER, timezone })
        expect(res.status, `${path} ${timezone}`).toBe(400)
        expect(res.body.error.fields).toEqual({ timezone: 'Choose a valid time zone.' })
      }
      for (const [from, to] of [
        [NOVEMBER.to, NOVEMBER.from],
        [NOVEMBER.from, NOVEMBER.from],
        ['2025-01-01T00:00:00Z', '2026-03-01T00:00:00Z']
      ]) {
        for (const format of ['json', 'csv']) {
          const res = await w.ann.get<{ error: { fields: Record<string, string> } }>(`/analytics/${path}`, { from: from!, to: to!, format })
          expect(res.status, `${path} ${from} ${to}`).toBe(400)
          expect(Object.keys(res.body.error.fields)).toEqual(['to'])
        }
      }
    }
    expect((await new TestClient(t().app).get('/analytics/posts', NOVEMBER)).status).toBe(401)
  })

  it('exports CSV: every matching post beyond a page, the same numbers as the JSON, dates in the time zone and text safe from formulas', async () => {
    const w = await world()
    await t().db.update(users).set({ fullName: '=HYPERLINK("http://evil.example","Max")' }).where(eq(users.id, w.max.id))
    await w.publish({ author: w.bob.id, at: '2026-11-29T23:30:00Z', text: '+SUM(1,2), "quoted"\nsecond line', metrics: { impressions: 3, reactions: 1, comments: 0, reshares: 0 } })
    const res = await w.ann.request('GET', '/analytics/posts', { query: { ...NOVEMBER, timezone: 'Europe/Berlin', format: 'csv', limit: '2', sort: 'impressions' } })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="pagecrew-analytics-posts-2026-11-01-2026-12-01.csv"')
    const [header, ...records] = parseCsv(res.body as string)
    expect(header).toEqual(['Post ID', 'Published at', 'Author', 'Business page', 'Type', 'Topic tag', 'Impressions', 'Members reached', 'Reactions', 'Comments', 'Reshares', 'Clicks', 'Engagement rate', 'Metrics', 'LinkedIn URL', 'Text'])
    const json = await get<AnalyticsPosts>(w.ann, 'posts', { sort: 'impressions', limit: '500' })
    expect(records).toHaveLength(6)
    expect(records.map((r) => r[0])).toEqual(json.rows.map((r) => r.postId))
    for (const [i, row] of json.rows.entries()) {
      const record = records[i]!
      expect(record.slice(6, 13).map((cell) => (cell === '' ? null : Number(cell)))).toEqual([
        row.impressions,
        row.membersReached,
        row.reactions,
        row.comments,
        row.reshares,
        row.clicks,
        row.engagementRate
      ])
      expect(new Date(record[1]!).toISOString()).toBe(row.publishedAt)
      expect(record[13]).toBe(row.metricsStatus)
    }
    const max1 = records.find((r) => r[0] === w.p.max1)!
    expect(max1.slice(1, 6)).toEqual(['2026-11-03T10:00:00+01:00', `'=HYPERLINK("http://evil.example","Max")`, '', 'poll', 'Robots'])
    const late = records.find((r) => r[15]!.includes('SUM'))!
    expect(late[1]).toBe('2026-11-30T00:30:00+01:00')
    expect(late[15]).toBe(`'+SUM(1,2), "quoted" second line`)
  })

  it('streams a posts CSV longer than one batch, and the aggregates and days as CSV', async () => {
    const w = await world()
    const many = Array.from({ length: CSV_BATCH + 5 }, (_, i) =>
      newPostValues({ organizationId: w.organizationId, authorUserId: w.bob.id, text: `Bulk ${i}`, scheduledAt: new Date(Date.UTC(2026, 10, 15, 0, 0, i)) }, t().clock.now())
    ).map((values) => ({ ...values, status: 'PUBLISHED' as const, publishedAt: values.scheduledAt }))
    await t().db.insert(posts).values(many)
    const res = await w.ann.request('GET', '/analytics/posts', { query: { ...NOVEMBER, format: 'csv' } })
    expect(res.status).toBe(200)
    const records = parseCsv(res.body as string).slice(1)
    expect(records).toHaveLength(CSV_BATCH + 10)
    expect(new Set(records.map((r) => r[0])).size).toBe(CSV_BATCH + 10)

    const members = await w.ann.request('GET', '/analytics/members', { query: { ...NOVEMBER, format: 'csv' } })
    expect(members.headers['content-disposition']).toBe('attachment; filename="pagecrew-analytics-members-2026-11-01-2026-11-30.csv"')
    expect(parseCsv(members.body as string)).toEqual([
      ['ID', 'Member', 'Team', 'Posts', 'Impressions', 'Members reached', 'Reactions', 'Comments', 'Reshares', 'Clicks', 'Engagement rate'],
      [w.annId, 'Ann Admin', '', '1', '0', '', '0', '0', '0', '', ''],
      [w.bob.id, 'Bob Builder', 'Ops', String(CSV_BATCH + 6), '0', '', '0', '0', '0', '', ''],
      [w.lea.id, 'Lea Leader', 'Sales', '1', '200', '', '10', '0', '0', '10', '0.1'],
      [w.max.id, 'Max Member', 'Sales', '2', '1400', '800', '38', '12', '5', '5', '0.04285714285714286']
    ])
    const teams = parseCsv((await w.max.client.request('GET', '/analytics/teams', { query: { ...NOVEMBER, format: 'csv' } })).body as string)
    expect(teams).toEqual([
      ['ID', 'Team', 'Members', 'Posts', 'Impressions', 'Members reached', 'Reactions', 'Comments', 'Reshares', 'Clicks', 'Engagement rate'],
      [w.sales.id, 'Sales', '2', '3', '1600', '800', '48', '12', '5', '15', '0.05']
    ])
    const pages = parseCsv((await w.ann.request('GET', '/analytics/pages', { query: { ...NOVEMBER, format: 'csv' } })).body as string)
    expect(pages[1]).toEqual([w.page.id, 'Acme Robotics', '1', '400', '', '8', '2', '0', '', '0.025'])
    const days = parseCsv((await w.ann.request('GET', '/analytics/timeseries', { query: { ...NOVEMBER, format: 'csv' } })).body as string)
    expect(days[0]).toEqual(['Date', 'Posts', 'Impressions', 'Engagements', 'Engagement rate'])
    expect(days.slice(1).map((d) => d[0])).toHaveLength(30)
    expect(days[3]).toEqual(['2026-11-03', '1', '1000', '50', '0.05'])
    // Someone else's post: 404, not a file.
    expect((await w.bob.client.request('GET', '/analytics/timeseries', { query: { ...NOVEMBER, format: 'csv', postId: w.p.max1 } })).status).toBe(404)
  })

  it('sends the same number of statements whatever the number of posts', async () => {
    const w = await world()
    const count = async () => {
      let total = 0
      // Asked once first: the session kept by the server (issue 16) is read again after a change to its user.
      await w.lea.client.get('/auth')
      for (const path of ['posts', 'members', 'teams', 'pages', 'timeseries']) {
        const { statements } = await t().statementsDuring(() => w.lea.client.get(`/analytics/${path}`, NOVEMBER))
        total += statements.length
      }
      return total
    }
    const before = await count()
    for (let i = 0; i < 20; i++) await w.publish({ author: w.max.id, at: `2026-11-${String(10 + i).padStart(2, '0')}T08:00:00Z`, metrics: { impressions: i, reactions: 0, comments: 0, reshares: 0 } })
    expect(await count()).toBe(before)
  })
})
