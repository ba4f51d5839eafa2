import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { IDEMPOTENCY_HEADER, toTeamFormFields, type Session } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import type { Dashboard, EffortMember, Member, Post, Team, TeamEffort } from '../../shared/domain'
import { assignedSlots, linkedInConnections, memberships, postMetrics, posts, subscriptions } from '../db/schema'
import { newPostValues } from '../services/posts'
import { UNKNOWN_TIME_ZONE } from '../services/analytics'
import { EFFORT_MESSAGES, NUDGE_TITLE, WRITE_POST_LINK } from '../services/teamEffort'
import { TestClient, type TestResponse } from '../testing/harness'
import { expectError, PASSWORD, type ErrorBody } from '../testing/postFixtures'
import { describeEachDatabase } from '../testing/suite'

/** Wednesday 18 March 2026, noon UTC: March is the current month, 56% gone. */
const NOW = '2026-03-18T12:00:00.000Z'

let counter = 0
const uniqueEmail = (name: string) => `${name}-${++counter}-${randomUUID().slice(0, 6)}@example.com`

interface Person {
  client: TestClient
  userId: string
}

describeEachDatabase('team effort, nudges and the dashboard (issue 14)', (t) => {
  async function ok<T>(res: Promise<TestResponse<T>>): Promise<T> {
    const answer = await res
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body
  }

  /** A new organization with its admin (no team, no target). */
  async function organization(name: string) {
    const client = new TestClient(t().app)
    await client.signup({ email: uniqueEmail('admin'), fullName: `${name} Admin` })
    const organizationId = (await client.createOrganization(name)).id
    await t().db.update(subscriptions).set({ availableSeats: 50 }).where(eq(subscriptions.organizationId, organizationId))
    const admin: Person = { client, userId: (await client.get<Session>('/auth')).body.userId }

    async function join(fullName: string, target: number, options: { accept?: boolean } = {}): Promise<Person> {
      const invited = await ok(admin.client.post<{ member: Member; joinUrl: string }>('/members/invite', { email: uniqueEmail('m'), role: 'MEMBER' }))
      const person = new TestClient(t().app)
      if (options.accept !== false) {
        const token = new URL(invited.joinUrl).searchParams.get('token')!
        await ok(person.post<Session>('/join/accept', { token, fullName, password: PASSWORD }))
      }
      await t()
        .db.update(memberships)
        .set({ assignedNumberOfPosts: target })
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, invited.member.id)))
      return { client: person, userId: invited.member.id }
    }

    async function team(teamName: string, members: Person[], leaders: Person[]): Promise<string> {
      const res = await admin.client.multipart<Team>(
        'POST',
        '/team/create',
        toTeamFormFields({ name: teamName, members: members.map((m) => m.userId), teamLeaders: leaders.map((m) => m.userId), requireTag: false, aISettingTemplateId: null })
      )
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.id
    }

    /** A post PUBLISHED at `at`, written for `slotId` when given. */
    async function publish(author: Person, at: string, slotId: string | null = null): Promise<string> {
      const values = newPostValues({ organizationId, authorUserId: author.userId, text: `Posted at ${at}`, slotId }, new Date(at))
      await t()
        .db.insert(posts)
        .values({ ...values, status: 'PUBLISHED', publishedAt: new Date(at), linkedInPostUrn: `urn:li:share:${randomUUID()}` })
      return values.id!
    }

    async function slot(assignee: Person, at: string): Promise<string> {
      const id = randomUUID()
      await t()
        .db.insert(assignedSlots)
        .values({ id, organizationId, seriesId: randomUUID(), assigneeId: assignee.userId, time: new Date(at), timezone: 'UTC', createdAt: new Date(NOW), updatedAt: new Date(NOW) })
      return id
    }

    return { organizationId, admin, join, team, publish, slot }
  }

  const effort = (person: Person, month: string, timezone?: string) =>
    person.client.get<TeamEffort & ErrorBody>('/team/effort', timezone ? { month, timezone } : { month })
  const rowOf = (board: TeamEffort, userId: string): EffortMember | undefined =>
    [...board.teams.flatMap((x) => [...x.members, ...x.withoutTarget]), ...board.unassigned].find((m) => m.member.id === userId)
  const nudge = (person: Person, userId: string, month = '2026-03', headers: Record<string, string> = {}) =>
    person.client.post<ErrorBody>('/team/nudge', { userId, month }, { headers })
  const notificationsOf = (person: Person) => ok(person.client.notifications())

  beforeAll(() => {
    t().clock.set(NOW)
  })

  describe('months in a time zone', () => {
    it('counts 23:30 on the last day of January in New York in January there, in February in UTC', async () => {
      const org = await organization('Zones')
      const uma = await org.join('Uma Zone', 2)
      await org.publish(uma, '2026-02-01T04:30:00.000Z')
      expect(rowOf(await ok(effort(uma, '2026-01', 'America/New_York')), uma.userId)?.published).toBe(1)
      expect(rowOf(await ok(effort(uma, '2026-01', 'UTC')), uma.userId)?.published).toBe(0)
      expect(rowOf(await ok(effort(uma, '2026-02', 'UTC')), uma.userId)?.published).toBe(1)
    })

    it('cuts Berlin months at local midnight across the DST change, and defaults to the viewer’s time zone', async () => {
      const org = await organization('Berlin')
      const ben = await org.join('Ben Berlin', 2)
      await org.publish(ben, '2026-02-28T23:30:00.000Z') // 1 March 00:30 CET
      await org.publish(ben, '2026-03-31T22:30:00.000Z') // 1 April 00:30 CEST
      const march = await ok(effort(ben, '2026-03', 'Europe/Berlin'))
      expect(march.timezone).toBe('Europe/Berlin')
      expect(rowOf(march, ben.userId)?.published).toBe(1)
      expect(rowOf(await ok(effort(ben, '2026-04', 'Europe/Berlin')), ben.userId)?.published).toBe(1)
      expect(rowOf(await ok(effort(ben, '2026-03', 'UTC')), ben.userId)?.published).toBe(1)
      const utcDefault = await ok(effort(ben, '2026-03'))
      expect(utcDefault.timezone).toBe('UTC')
      await ok(ben.client.put('/user/update-user-details', { timezone: 'Europe/Berlin' }))
      expect((await ok(effort(ben, '2026-03'))).timezone).toBe('Europe/Berlin')
    })

    it('refuses a malformed month or an unknown time zone with the field, and needs a session', async () => {
      const org = await organization('Checks')
      expectError(await effort(org.admin, '2026-13'), 400, 'Use a month as YYYY-MM.', 'month')
      expectError(await effort(org.admin, '2026-03', 'Mars/Olympus_Mons'), 400, UNKNOWN_TIME_ZONE, 'timezone')
      expectError(await org.admin.client.get('/dashboard', { timezone: '+01:00' }), 400, UNKNOWN_TIME_ZONE, 'timezone')
      expect((await new TestClient(t().app).get('/team/effort', { month: '2026-03' })).status).toBe(401)
      expect((await new TestClient(t().app).get('/dashboard')).status).toBe(401)
    })
  })

  describe('an organization with two teams of different sizes', () => {
    let org: Awaited<ReturnType<typeof organization>>
    const p = {} as Record<'lea' | 'max' | 'bo' | 'cy' | 'di' | 'ed' | 'uma' | 'ivy', Person>
    let smallId = ''
    let bigId = ''
    const s = {} as Record<'onTime' | 'late' | 'missed' | 'open', string>

    beforeAll(async () => {
      org = await organization('Effort')
      p.lea = await org.join('Lea Leader', 4)
      p.max = await org.join('Max Member', 4)
      p.bo = await org.join('Bo Bigleader', 4)
      p.cy = await org.join('Cy Member', 4)
      p.di = await org.join('Di Member', 4)
      p.ed = await org.join('Ed Notarget', 0)
      p.uma = await org.join('Uma Unassigned', 2)
      p.ivy = await org.join('Ivy Invited', 3, { accept: false })
      smallId = await org.team('Small', [p.lea, p.max], [p.lea])
      bigId = await org.team('Big', [p.bo, p.cy, p.di, p.ed], [p.bo])

      // February: Small reaches 6 of 8 (Lea 4/4, Max 2/4) = 0.75; Big posts more (13) but reaches 4 of 12.
      for (const day of ['02', '09', '16', '17']) await org.publish(p.lea, `2026-02-${day}T10:00:00.000Z`)
      for (const day of ['04', '11']) await org.publish(p.max, `2026-02-${day}T10:00:00.000Z`)
      for (let day = 1; day <= 10; day++) await org.publish(p.bo, `2026-02-${String(day).padStart(2, '0')}T10:00:00.000Z`)
      for (const day of ['03', '04', '05']) await org.publish(p.ed, `2026-02-${day}T10:00:00.000Z`)

      // March (current): Lea posts each week but the one of 23 Feb; Max has four slots.
      for (const day of ['03', '10', '17']) await org.publish(p.lea, `2026-03-${day}T10:00:00.000Z`)
      s.onTime = await org.slot(p.max, '2026-03-05T10:00:00.000Z')
      s.late = await org.slot(p.max, '2026-03-10T10:00:00.000Z')
      s.missed = await org.slot(p.max, '2026-03-12T10:00:00.000Z')
      s.open = await org.slot(p.max, '2026-03-25T10:00:00.000Z')
      await org.publish(p.max, '2026-03-05T09:00:00.000Z', s.onTime)
      await org.publish(p.max, '2026-03-10T12:00:00.000Z', s.late)
    })

    it('ranks teams by share of target, fair across team sizes, and lists members without a target apart', async () => {
      const board = await ok(effort(org.admin, '2026-02', 'UTC'))
      expect(board.teams.map((x) => [x.team.name, x.rank, x.shareOfTarget, x.target, x.published])).toEqual([
        ['Small', 1, 0.75, 8, 6],
        ['Big', 2, 4 / 12, 12, 13]
      ])
      const big = board.teams.find((x) => x.team.id === bigId)!
      expect(big.members.map((m) => m.member.fullName)).toEqual(['Bo Bigleader', 'Cy Member', 'Di Member'])
      expect(big.withoutTarget.map((m) => [m.member.fullName, m.published, m.behind])).toEqual([['Ed Notarget', 3, false]])
      // A past month: behind is short of the whole target.
      expect(rowOf(board, p.max.userId)?.behind).toBe(true)
      expect(rowOf(board, p.lea.userId)?.behind).toBe(false)
    })

    it('gives equal shares the same rank', async () => {
      // January: nobody posted; both teams have targets, so both reach 0 and share rank 1.
      const board = await ok(effort(org.admin, '2026-01', 'UTC'))
      expect(board.teams.map((x) => [x.team.name, x.rank, x.shareOfTarget])).toEqual([
        ['Big', 1, 0],
        ['Small', 1, 0]
      ])
    })

    it('leaves INVITED members out and lists active members in no team as unassigned', async () => {
      const board = await ok(effort(org.admin, '2026-03', 'UTC'))
      expect(rowOf(board, p.ivy.userId)).toBeUndefined()
      expect(board.unassigned.map((m) => m.member.fullName).sort()).toEqual(['Effort Admin', 'Uma Unassigned'])
    })

    it('counts slots assigned, done, missed, the on-time rate and the next open slot', async () => {
      const max = rowOf(await ok(effort(org.admin, '2026-03', 'UTC')), p.max.userId)!
      expect(max).toMatchObject({ target: 4, published: 2, slotsAssigned: 4, slotsDone: 2, slotsMissed: 1, onTimeRate: 0.5, nextSlotId: s.open })
      // At 56% of March, 2 of 4 is behind the pace (2.26); Lea's 3 is not.
      expect(max.behind).toBe(true)
      const lea = rowOf(await ok(effort(org.admin, '2026-03', 'UTC')), p.lea.userId)!
      expect(lea).toMatchObject({ published: 3, slotsAssigned: 0, onTimeRate: null, behind: false, nextSlotId: null })
    })

    it('counts the weeks in a row with a post: this week under way breaks nothing, a past month ends with its last week', async () => {
      const march = await ok(effort(org.admin, '2026-03', 'UTC'))
      // Lea: the weeks of 16, 9 and 2 March (not 23 Feb).
      expect(rowOf(march, p.lea.userId)?.streakWeeks).toBe(3)
      // Max: nothing this week yet, then the weeks of 9 and 2 March.
      expect(rowOf(march, p.max.userId)?.streakWeeks).toBe(2)
      expect(rowOf(march, p.cy.userId)?.streakWeeks).toBe(0)
      // February ends in the week of 23 February, when nobody posted.
      const february = await ok(effort(org.admin, '2026-02', 'UTC'))
      expect(rowOf(february, p.lea.userId)?.streakWeeks).toBe(0)
      // A month still to come has no streak.
      expect((await ok(effort(org.admin, '2027-01', 'UTC'))).teams.every((x) => x.members.every((m) => m.streakWeeks === 0))).toBe(true)
    })

    it('shows a MEMBER every team’s totals and rank but only their own team’s members', async () => {
      const board = await ok(effort(p.max, '2026-02', 'UTC'))
      const small = board.teams.find((x) => x.team.id === smallId)!
      const big = board.teams.find((x) => x.team.id === bigId)!
      expect(small.members.map((m) => m.member.fullName)).toEqual(['Lea Leader', 'Max Member'])
      expect({ members: big.members, withoutTarget: big.withoutTarget, rank: big.rank, published: big.published }).toEqual({ members: [], withoutTarget: [], rank: 2, published: 13 })
      expect(board.unassigned).toEqual([])
      expect(board.canNudge).toEqual([])
      expect((await ok(effort(p.lea, '2026-02', 'UTC'))).canNudge).toEqual([smallId])
      expect((await ok(effort(p.bo, '2026-02', 'UTC'))).canNudge).toEqual([bigId])
      expect((await ok(effort(org.admin, '2026-02', 'UTC'))).canNudge.sort()).toEqual([smallId, bigId].sort())
      // A member in no team sees themselves there.
      expect((await ok(effort(p.uma, '2026-02', 'UTC'))).unassigned.map((m) => m.member.id)).toEqual([p.uma.userId])
    })

    it('lets a leader of the member’s team or an admin nudge a member who is behind, once a day', async () => {
      expectError(await nudge(p.bo, p.max.userId), 403, EFFORT_MESSAGES.nudgeNotAllowed)
      expectError(await nudge(p.cy, p.di.userId), 403, EFFORT_MESSAGES.nudgeNotAllowed)
      expectError(await nudge(p.lea, p.lea.userId), 409, EFFORT_MESSAGES.nudgeNotBehind)

      const key = randomUUID()
      await ok(nudge(p.lea, p.max.userId, '2026-03', { [IDEMPOTENCY_HEADER]: key }))
      // The same submission again answers the same, and sends nothing more.
      expect((await nudge(p.lea, p.max.userId, '2026-03', { [IDEMPOTENCY_HEADER]: key })).status).toBe(200)
      const told = (await notificationsOf(p.max)).filter((n) => n.title === NUDGE_TITLE)
      expect(told).toHaveLength(1)
      expect(told[0]).toMatchObject({ link: `/schedule?slotId=${s.open}`, message: 'Lea Leader cheered you on: 2 of 4 posts published in March 2026. Your next slot is waiting for you.' })
      expectError(await nudge(org.admin, p.max.userId), 409, EFFORT_MESSAGES.alreadyNudged)
      // The effort table says so, to every nudger, after a reload too.
      const nudgedIn = async (person: Person) =>
        (await ok(effort(person, '2026-03', 'UTC'))).teams.flatMap((team) => [...team.members, ...team.withoutTarget]).filter((m) => m.nudgedToday).map((m) => m.member.id)
      expect(await nudgedIn(p.lea)).toEqual([p.max.userId])
      expect(await nudgedIn(org.admin)).toEqual([p.max.userId])

      // Di has no slot: the nudge links to writing a post.
      await ok(nudge(org.admin, p.di.userId))
      expect((await notificationsOf(p.di)).find((n) => n.title === NUDGE_TITLE)?.link).toBe(WRITE_POST_LINK)

      expectError(await nudge(org.admin, p.ivy.userId), 409, EFFORT_MESSAGES.nudgeInactive)
      expectError(await nudge(org.admin, randomUUID()), 404, MESSAGES.memberNotFound)
      expectError(await nudge(org.admin, 'not-an-id'), 404, MESSAGES.memberNotFound)

      // The next day, a new nudge.
      t().clock.advance(24 * 3600_000)
      try {
        expect(await nudgedIn(p.lea)).toEqual([])
        await ok(nudge(p.lea, p.max.userId))
        expect((await notificationsOf(p.max)).filter((n) => n.title === NUDGE_TITLE)).toHaveLength(2)
      } finally {
        t().clock.set(NOW)
      }
    })

    it('keeps organizations apart', async () => {
      const other = await organization('Elsewhere')
      const board = await ok(effort(other.admin, '2026-02', 'UTC'))
      expect(board.teams).toEqual([])
      expect(board.unassigned.map((m) => m.member.fullName)).toEqual(['Elsewhere Admin'])
      expectError(await nudge(other.admin, p.max.userId), 404, MESSAGES.memberNotFound)
      expectError(await nudge(p.lea, other.admin.userId), 404, MESSAGES.memberNotFound)
      const dashboard = await ok(other.admin.client.get<Dashboard>('/dashboard'))
      expect(dashboard.organization).toMatchObject({ published: 0, target: 0, topPosts: [], membersBehind: [] })
    })

    it('gives a member their month on the dashboard', async () => {
      const draft = await ok(p.max.client.post<Post>('/posts/create', { text: 'A draft for later' }))
      const [last] = await t().db.select({ id: posts.id }).from(posts).where(eq(posts.slotId, s.late))
      await t()
        .db.insert(postMetrics)
        .values({ postId: last!.id, organizationId: org.organizationId, impressions: 200, reactions: 10, comments: 5, reshares: 3, clicks: 2, updatedAt: new Date(NOW) })
      const board = await ok(p.max.client.get<Dashboard>('/dashboard'))
      expect(board.month).toBe('2026-03')
      expect(board.me).toMatchObject({ target: 4, published: 2, draftCount: 1, team: { id: smallId, name: 'Small', rank: 1, teams: 2 } })
      expect(board.me.nextSlots.map((x) => x.id)).toEqual([s.open])
      expect(board.me.drafts.map((d) => d.postId)).toEqual([draft.id])
      expect(typeof board.me.reviewsWaiting).toBe('number')
      expect(board.me.lastPosts.map((x) => [x.publishedAt, x.metricsStatus, x.impressions, x.engagementRate])).toEqual([
        ['2026-03-10T12:00:00.000Z', 'ok', 200, 0.1],
        ['2026-03-05T09:00:00.000Z', 'pending', 0, null],
        ['2026-02-11T10:00:00.000Z', 'pending', 0, null],
        ['2026-02-04T10:00:00.000Z', 'pending', 0, null]
      ])
      expect(board.me.lastPosts[0]!.linkedInPostUrl).toMatch(/^https?:\/\//)
      expect(board.organization).toBeNull()
      expect(board.setup).toBeNull()
    })

    it('gives admins the organization’s month: published against targets, top posts, members behind', async () => {
      const board = await ok(org.admin.client.get<Dashboard>('/dashboard', { timezone: 'UTC' }))
      // March: Lea 3, Max 2; targets 4 × 5 + 2 (Uma), Ivy (INVITED) left out.
      expect(board.organization).toMatchObject({ published: 5, target: 22 })
      expect(board.organization!.topPosts[0]!.engagementRate).toBe(0.1)
      expect(board.organization!.topPosts).toHaveLength(5)
      expect(board.organization!.membersBehind.map((m) => m.member.fullName)).toEqual(['Bo Bigleader', 'Cy Member', 'Di Member', 'Uma Unassigned', 'Max Member'])
      expect(board.me.team).toBeNull()
      // The admin has no LinkedIn connection yet.
      expect(board.setup).toEqual({ linkedInConnected: false, invited: true, teamCreated: true, slotAssigned: true, postWritten: true })
    })

    it('sends a bounded number of statements whatever the number of posts', async () => {
      const count = async () => {
        const a = await t().statementsDuring(() => ok(effort(org.admin, '2026-03', 'UTC')))
        const b = await t().statementsDuring(() => ok(org.admin.client.get<Dashboard>('/dashboard')))
        return [a.statements.length, b.statements.length]
      }
      const before = await count()
      const many = Array.from({ length: 300 }, (_, i) => ({
        ...newPostValues({ organizationId: org.organizationId, authorUserId: [p.cy, p.di, p.uma][i % 3]!.userId, text: `Bulk ${i}` }, new Date(NOW)),
        status: 'PUBLISHED' as const,
        publishedAt: new Date(Date.parse('2026-03-01T00:00:00Z') + i * 3600_000)
      }))
      await t().db.insert(posts).values(many)
      expect(await count()).toEqual(before)
      // Session, time zone, standings, slots, next slots, streak weeks: a handful each.
      expect(before[0]).toBeLessThanOrEqual(10)
      expect(before[1]).toBeLessThanOrEqual(14)
    })
  })

  describe('the setup checklist', () => {
    it('shows a new organization’s first steps to its admin until all are done', async () => {
      const org = await organization('Newcomer')
      const first = await ok(org.admin.client.get<Dashboard>('/dashboard'))
      expect(first.setup).toEqual({ linkedInConnected: false, invited: false, teamCreated: false, slotAssigned: false, postWritten: false })
      expect(first.organization).toMatchObject({ published: 0, target: 0 })
      const member = await org.join('Nia New', 1)
      expect((await ok(member.client.get<Dashboard>('/dashboard'))).setup).toBeNull()
      await org.team('First team', [member], [member])
      await org.slot(member, '2026-03-20T10:00:00.000Z')
      await ok(org.admin.client.post('/posts/create', { text: 'Hello' }))
      await t()
        .db.insert(linkedInConnections)
        .values({
          userId: org.admin.userId,
          provider: 'sandbox',
          linkedInMemberId: 'admin',
          accessTokenEncrypted: 'x',
          accessTokenExpiresAt: new Date('2027-01-01T00:00:00Z'),
          connectedAt: new Date(NOW),
          updatedAt: new Date(NOW)
        })
      const done = await ok(org.admin.client.get<Dashboard>('/dashboard'))
      expect(done.setup).toBeNull()
      expect(done.me.team).toBeNull()
      expect((await ok(member.client.get<Dashboard>('/dashboard'))).me.team).toMatchObject({ name: 'First team', rank: 1, teams: 1, shareOfTarget: 0 })

      // Review requests waiting: Collaborate's "For my review" count, null on a plan without REVIEW_FLOW.
      const post = await ok(member.client.post<Post>('/posts/create', { text: 'Have a look' }))
      await ok(member.client.post('/review/request', { postId: post.id, reviewerIds: [org.admin.userId] }))
      expect((await ok(org.admin.client.get<Dashboard>('/dashboard'))).me.reviewsWaiting).toBe(1)
      await t().db.update(subscriptions).set({ status: 'active', productId: 'entry' }).where(eq(subscriptions.organizationId, org.organizationId))
      expect((await ok(org.admin.client.get<Dashboard>('/dashboard'))).me.reviewsWaiting).toBeNull()
    })
  })
})
