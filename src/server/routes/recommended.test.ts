import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { IDEMPOTENCY_HEADER, toTeamFormFields } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import type { AnalyticsPosts, Post, ScheduleItem, Team, TeamEffort } from '../../shared/domain'
import { RECOMMENDED_MESSAGES, type RecommendablePost, type Recommendation, type RecommendedList } from '../../shared/domain/recommended'
import { createLinkedInSandbox, sandboxMemberId, type LinkedInSandbox } from '../adapters/linkedin/sandbox'
import { auditLog, domainEvents, posts, recommendations, subscriptions } from '../db/schema'
import { newPostValues } from '../services/posts'
import { RECOMMENDED_LINK, RECOMMENDED_TITLE } from '../services/recommended'
import { TestClient, type TestResponse } from '../testing/harness'
import { expectError, postFixtures, type ErrorBody, type TestPerson } from '../testing/postFixtures'
import { describeEachDatabase } from '../testing/suite'

/** Tuesday 10 March 2026, 09:00 UTC; organizations are made on a trial (RECOMMEND_POST included). */
const NOW = '2026-03-10T09:00:00.000Z'
const PUBLISHER_INTERVAL_MS = 5_000
let sandbox: LinkedInSandbox

type Answer<T> = TestResponse<T & ErrorBody>

describeEachDatabase(
  'recommended posts (issue 15)',
  (t) => {
    const { newOrg, addMember, connect } = postFixtures(t, { now: NOW })

    async function ok<T>(res: Promise<TestResponse<T>>): Promise<T> {
      const answer = await res
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return answer.body
    }

    async function team(admin: TestPerson, name: string, members: TestPerson[], leaders: TestPerson[]): Promise<string> {
      const fields = toTeamFormFields({ name, members: members.map((m) => m.userId), teamLeaders: leaders.map((m) => m.userId), requireTag: false, aISettingTemplateId: null })
      return (await ok(admin.client.multipart<Team>('POST', '/team/create', fields))).id
    }

    let urnCounter = 7_000_000
    /** A post PUBLISHED on LinkedIn (as the publisher leaves one), `minutesAgo` before now. */
    async function published(author: TestPerson, text: string, minutesAgo = 60): Promise<{ id: string; urn: string }> {
      const at = new Date(new Date(NOW).getTime() - minutesAgo * 60_000)
      const values = newPostValues({ organizationId: author.organizationId, authorUserId: author.userId, text }, at)
      const urn = `urn:li:share:${++urnCounter}`
      await t()
        .db.insert(posts)
        .values({ ...values, status: 'PUBLISHED', publishedAt: at, linkedInPostUrn: urn })
      return { id: values.id!, urn }
    }

    const recommend = (person: TestPerson, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer<Recommendation>> =>
      person.client.post('/recommended/create', { suggestedComments: ['Proud of this team', 'Worth a read'], note: 'Please reshare', audience: 'everyone', ...body }, { headers })
    const listOf = (person: TestPerson) => ok(person.client.get<RecommendedList>('/recommended'))
    const forMeIds = async (person: TestPerson) => (await listOf(person)).forMe.map((r) => r.id)
    const reshare = (person: TestPerson, recommendationId: string, body: Record<string, unknown> = {}): Promise<Answer<Post>> =>
      person.client.post('/posts/create', { recommendationId, text: 'Great work, team!', ...body })
    const notificationsOf = (person: TestPerson) => ok(person.client.notifications())
    const setPlan = (organizationId: string, plan: { status: 'active' | 'trialing'; productId: string | null }) =>
      t().db.update(subscriptions).set(plan).where(eq(subscriptions.organizationId, organizationId))

    /** One organization: admin, ghost, two teams with a leader and a member each, a member in no team. */
    interface World {
      admin: TestPerson
      ghost: TestPerson
      leaderA: TestPerson
      a1: TestPerson
      leaderB: TestPerson
      b1: TestPerson
      loner: TestPerson
      teamA: string
      teamB: string
      post: { id: string; urn: string }
    }
    let w: World
    /** Another organization with its own post, team and member. */
    let other: { admin: TestPerson; member: TestPerson; team: string; post: { id: string; urn: string } }

    beforeAll(async () => {
      const admin = await newOrg('Ada Admin')
      const ghost = await addMember(admin, 'Gus Ghost', 'GHOST')
      const leaderA = await addMember(admin, 'Lea Leader')
      const a1 = await addMember(admin, 'Avi Alpha')
      const leaderB = await addMember(admin, 'Ben Leader')
      const b1 = await addMember(admin, 'Bea Beta')
      const loner = await addMember(admin, 'Lou Alone')
      const teamA = await team(admin, 'Alpha', [leaderA, a1], [leaderA])
      const teamB = await team(admin, 'Beta', [leaderB, b1], [leaderB])
      const post = await published(admin, 'We are hiring engineers in Lisbon #Hiring')
      w = { admin, ghost, leaderA, a1, leaderB, b1, loner, teamA, teamB, post }
      const otherAdmin = await newOrg('Olga Other')
      const otherMember = await addMember(otherAdmin, 'Otto Other')
      other = {
        admin: otherAdmin,
        member: otherMember,
        team: await team(otherAdmin, 'Elsewhere', [otherMember], [otherMember]),
        post: await published(otherAdmin, 'Another company’s news')
      }
    })
    beforeEach(() => {
      t().clock.set(NOW)
    })

    describe('the plan', () => {
      it('answers 402 on every endpoint and for a reshare on Entry; Professional and trials have it', async () => {
        const rec = await ok(recommend(w.admin, { postId: w.post.id }))
        await setPlan(w.admin.organizationId, { status: 'active', productId: 'entry' })
        try {
          const calls = [
            w.admin.client.get('/recommended'),
            recommend(w.admin, { postId: w.post.id }),
            w.a1.client.post('/recommended/dismiss', { recommendationId: rec.id }),
            w.admin.client.get('/recommended/posts'),
            reshare(w.a1, rec.id)
          ]
          for (const res of calls) expectError(await res, 402, RECOMMENDED_MESSAGES.notInPlan)
          await setPlan(w.admin.organizationId, { status: 'active', productId: 'professional' })
          expect((await listOf(w.a1)).forMe.map((r) => r.id)).toContain(rec.id)
        } finally {
          await setPlan(w.admin.organizationId, { status: 'trialing', productId: null })
        }
        expect(await forMeIds(w.a1)).toContain(rec.id)
      })

      it('needs a session', async () => {
        const anonymous = new TestClient(t().app)
        for (const res of [
          anonymous.get('/recommended'),
          anonymous.post('/recommended/create', { suggestedComments: ['x'], audience: 'everyone', postId: w.post.id }),
          anonymous.post('/recommended/dismiss', { recommendationId: randomUUID() }),
          anonymous.get('/recommended/posts')
        ]) {
          expect((await res).status).toBe(401)
        }
      })
    })

    describe('who may recommend, and to whom', () => {
      it('lets ADMIN and GHOST recommend to anyone; a MEMBER gets 403 and cannot list the posts to pick', async () => {
        expect((await recommend(w.admin, { postId: w.post.id })).status).toBe(200)
        expect((await recommend(w.ghost, { linkedInPostUrl: 'https://www.linkedin.com/feed/update/urn:li:share:123/', audience: 'teams', teamIds: [w.teamB] })).status).toBe(200)
        expectError(await recommend(w.loner, { postId: w.post.id }), 403, RECOMMENDED_MESSAGES.onlyRecommenders)
        expectError(await recommend(w.a1, { postId: w.post.id, audience: 'teams', teamIds: [w.teamA] }), 403, RECOMMENDED_MESSAGES.onlyRecommenders)
        expectError(await w.a1.client.get('/recommended/posts'), 403, RECOMMENDED_MESSAGES.onlyRecommenders)
        expect((await listOf(w.a1)).canRecommend).toBe(false)
        expect((await listOf(w.leaderA)).canRecommend).toBe(true)
        expect((await listOf(w.ghost)).canRecommend).toBe(true)
      })

      it('lets a team leader recommend to the team they lead and its members only', async () => {
        expect((await recommend(w.leaderA, { postId: w.post.id, audience: 'teams', teamIds: [w.teamA] })).status).toBe(200)
        expect((await recommend(w.leaderA, { postId: w.post.id, audience: 'members', memberIds: [w.a1.userId] })).status).toBe(200)
        expectError(await recommend(w.leaderA, { postId: w.post.id, audience: 'teams', teamIds: [w.teamB] }), 403, RECOMMENDED_MESSAGES.onlyYourTeams)
        expectError(await recommend(w.leaderA, { postId: w.post.id, audience: 'teams', teamIds: [w.teamA, w.teamB] }), 403, RECOMMENDED_MESSAGES.onlyYourTeams)
        expectError(await recommend(w.leaderA, { postId: w.post.id, audience: 'members', memberIds: [w.a1.userId, w.b1.userId] }), 403, RECOMMENDED_MESSAGES.onlyYourTeams)
        expectError(await recommend(w.leaderA, { postId: w.post.id, audience: 'members', memberIds: [w.loner.userId] }), 403, RECOMMENDED_MESSAGES.onlyYourTeams)
        expectError(await recommend(w.leaderA, { postId: w.post.id, audience: 'everyone' }), 403, RECOMMENDED_MESSAGES.onlyYourTeams)
        expect((await w.leaderA.client.get<RecommendablePost[]>('/recommended/posts')).status).toBe(200)
      })

      it('checks the post, the address, the audience and the end date with field messages', async () => {
        const draft = newPostValues({ organizationId: w.admin.organizationId, authorUserId: w.admin.userId, text: 'Not out yet' }, new Date(NOW))
        await t().db.insert(posts).values(draft)
        expectError(await recommend(w.admin, {}), 400, RECOMMENDED_MESSAGES.postMissing, 'postId')
        expectError(
          await recommend(w.admin, { postId: w.post.id, linkedInPostUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1/' }),
          400,
          RECOMMENDED_MESSAGES.postAmbiguous,
          'linkedInPostUrl'
        )
        expectError(await recommend(w.admin, { linkedInPostUrl: 'https://example.com/feed/update/urn:li:share:1/' }), 400, RECOMMENDED_MESSAGES.urlInvalid, 'linkedInPostUrl')
        expectError(await recommend(w.admin, { linkedInPostUrl: 'https://www.linkedin.com/in/someone/' }), 400, RECOMMENDED_MESSAGES.urlInvalid, 'linkedInPostUrl')
        expectError(await recommend(w.admin, { postId: draft.id }), 400, RECOMMENDED_MESSAGES.postNotPublished, 'postId')
        expectError(await recommend(w.admin, { postId: w.post.id, suggestedComments: ['  '] }), 400, RECOMMENDED_MESSAGES.commentEmpty, 'suggestedComments.0')
        expectError(await recommend(w.admin, { postId: w.post.id, suggestedComments: 'Proud' }), 400, RECOMMENDED_MESSAGES.commentsMissing, 'suggestedComments')
        expectError(await recommend(w.admin, { postId: w.post.id, audience: 'teams' }), 400, RECOMMENDED_MESSAGES.audienceTeamsMissing, 'teamIds')
        expectError(await recommend(w.admin, { postId: w.post.id, audience: 'members', memberIds: [] }), 400, RECOMMENDED_MESSAGES.audienceMembersMissing, 'memberIds')
        expectError(await recommend(w.admin, { postId: w.post.id, endsAt: '2026-03-10T08:59:00.000Z' }), 400, RECOMMENDED_MESSAGES.endsInPast, 'endsAt')
        expectError(await recommend(w.admin, { postId: 'not-an-id' }), 404, MESSAGES.postNotFound)
        expectError(await recommend(w.admin, { postId: w.post.id, audience: 'teams', teamIds: ['nope'] }), 404, MESSAGES.teamNotFound)
      })

      it('takes a recommendation without suggested comments: they are optional, and the reshare starts blank', async () => {
        const plain = await ok(recommend(w.admin, { postId: w.post.id, suggestedComments: [] }))
        expect(plain.suggestedComments).toEqual([])
        const omitted = await w.admin.client.post<Recommendation>('/recommended/create', { postId: w.post.id, audience: 'everyone' })
        expect(omitted.status, JSON.stringify(omitted.body)).toBe(200)
        expect(omitted.body.suggestedComments).toEqual([])
      })

      it('keeps an organization post’s URN, address and preview, and an outside address’s URN', async () => {
        const own = await ok(recommend(w.admin, { postId: w.post.id, endsAt: '2026-03-20T09:00:00.000Z' }))
        expect(own).toMatchObject({
          postId: w.post.id,
          linkedInPostUrn: w.post.urn,
          previewText: 'We are hiring engineers in Lisbon #Hiring',
          previewAuthor: 'Ada Admin',
          note: 'Please reshare',
          suggestedComments: ['Proud of this team', 'Worth a read'],
          audience: { kind: 'everyone', teams: [], members: [] },
          endsAt: '2026-03-20T09:00:00.000Z',
          createdBy: { id: w.admin.userId, fullName: 'Ada Admin' },
          myReshare: null,
          reshareCount: 0,
          reshares: []
        })
        // The sandbox's viewer on this server, as an address a browser opens.
        expect(own.linkedInPostUrl).toMatch(new RegExp(`^https?://[^/]+/api/linkedin/sandbox/posts/${encodeURIComponent(w.post.urn)}$`))
        const outside = await ok(
          recommend(w.admin, { linkedInPostUrl: 'https://www.linkedin.com/posts/acme_launch-activity-7123-AbCd?utm_source=share', audience: 'teams', teamIds: [w.teamA] })
        )
        expect(outside).toMatchObject({
          postId: null,
          linkedInPostUrn: 'urn:li:activity:7123',
          linkedInPostUrl: 'https://www.linkedin.com/feed/update/urn:li:activity:7123/',
          previewText: '',
          audience: { kind: 'teams', teams: [{ id: w.teamA, name: 'Alpha' }], members: [] }
        })
      })

      it('creates one recommendation for one Idempotency-Key, and notifies once', async () => {
        const key = randomUUID()
        const body = { postId: w.post.id, audience: 'members', memberIds: [w.loner.userId], note: `Once ${key}` }
        const first = await ok(recommend(w.admin, body, { [IDEMPOTENCY_HEADER]: key }))
        const again = await recommend(w.admin, body, { [IDEMPOTENCY_HEADER]: key })
        expect(again.status).toBe(200)
        expect(again.body.id).toBe(first.id)
        expect(await t().db.select().from(recommendations).where(eq(recommendations.note, `Once ${key}`))).toHaveLength(1)
        expect((await notificationsOf(w.loner)).filter((n) => n.message.includes(`Once ${key}`))).toHaveLength(1)
        // One event for the one recommendation, in its transaction (the repeat wrote none).
        const events = await t().db.select().from(domainEvents).where(eq(domainEvents.name, 'recommendation.created'))
        expect(events.filter((e) => e.payload.recommendationId === first.id).map((e) => ({ payload: e.payload, actor: e.actor }))).toEqual([
          { payload: { recommendationId: first.id, recipientCount: 1 }, actor: { type: 'user', userId: w.admin.userId } }
        ])
      })
    })

    describe('the audience', () => {
      it('shows a team recommendation to that team and not another; notifies the audience, not the recommender; writes the audit entry', async () => {
        const rec = await ok(recommend(w.leaderA, { postId: w.post.id, audience: 'teams', teamIds: [w.teamA], note: 'Team Alpha, this one is ours' }))
        expect(await forMeIds(w.a1)).toContain(rec.id)
        expect(await forMeIds(w.leaderA)).toContain(rec.id) // in their own audience
        expect(await forMeIds(w.b1)).not.toContain(rec.id)
        expect(await forMeIds(w.loner)).not.toContain(rec.id)
        expect(await forMeIds(w.admin)).not.toContain(rec.id)
        expect((await listOf(w.admin)).created.map((r) => r.id)).toContain(rec.id) // admins see every one made
        expect((await listOf(w.leaderA)).created.map((r) => r.id)).toContain(rec.id)
        expect((await listOf(w.leaderB)).created.map((r) => r.id)).not.toContain(rec.id)

        const told = (await notificationsOf(w.a1)).find((n) => n.message.includes('Team Alpha, this one is ours'))
        expect(told).toMatchObject({ title: RECOMMENDED_TITLE, link: RECOMMENDED_LINK, read: false })
        expect(told!.message).toContain('Lea Leader')
        for (const person of [w.leaderA, w.b1, w.loner, w.admin]) {
          expect((await notificationsOf(person)).some((n) => n.message.includes('Team Alpha, this one is ours'))).toBe(false)
        }
        const [entry] = await t()
          .db.select()
          .from(auditLog)
          .where(and(eq(auditLog.organizationId, w.admin.organizationId), eq(auditLog.targetId, rec.id)))
        expect(entry).toMatchObject({ action: 'recommendation.created', actorUserId: w.leaderA.userId, targetType: 'recommendation' })
        expect(entry!.after).toMatchObject({ audience: 'teams', teamIds: [w.teamA] })
      })

      it("shows a 'members' recommendation to those members only, and 'everyone' to everyone", async () => {
        const named = await ok(recommend(w.admin, { postId: w.post.id, audience: 'members', memberIds: [w.loner.userId, w.b1.userId] }))
        expect(await forMeIds(w.loner)).toContain(named.id)
        expect(await forMeIds(w.b1)).toContain(named.id)
        expect(await forMeIds(w.a1)).not.toContain(named.id)
        expect(await forMeIds(w.leaderB)).not.toContain(named.id)
        expect(named.audience.members.map((m) => m.fullName).sort()).toEqual(['Bea Beta', 'Lou Alone'])
        const all = await ok(recommend(w.admin, { postId: w.post.id, audience: 'everyone', note: 'For all of us' }))
        for (const person of [w.a1, w.b1, w.loner, w.ghost, w.leaderA, w.admin]) expect(await forMeIds(person)).toContain(all.id)
        expect((await notificationsOf(w.ghost)).some((n) => n.message.includes('For all of us'))).toBe(true)
        expect((await notificationsOf(w.admin)).some((n) => n.message.includes('For all of us'))).toBe(false)
      })

      it('hides ended and dismissed recommendations from forMe; dismissing is for the audience and may be repeated', async () => {
        const ending = await ok(recommend(w.admin, { postId: w.post.id, audience: 'teams', teamIds: [w.teamB], endsAt: '2026-03-10T10:00:00.000Z' }))
        const dismissed = await ok(recommend(w.admin, { postId: w.post.id, audience: 'teams', teamIds: [w.teamB] }))
        expect(await forMeIds(w.b1)).toEqual(expect.arrayContaining([ending.id, dismissed.id]))
        expect(await ok(w.b1.client.post('/recommended/dismiss', { recommendationId: dismissed.id }))).toEqual({ ok: true })
        expect(await ok(w.b1.client.post('/recommended/dismiss', { recommendationId: dismissed.id }))).toEqual({ ok: true })
        expect(await forMeIds(w.b1)).not.toContain(dismissed.id)
        expect(await forMeIds(w.leaderB)).toContain(dismissed.id) // dismissed for Bea only
        expectError(await w.a1.client.post('/recommended/dismiss', { recommendationId: dismissed.id }), 404, RECOMMENDED_MESSAGES.notFound)
        expectError(await w.a1.client.post('/recommended/dismiss', { recommendationId: 'x' }), 404, RECOMMENDED_MESSAGES.notFound)
        t().clock.set('2026-03-10T10:00:00.000Z')
        expect(await forMeIds(w.b1)).not.toContain(ending.id)
        expect((await listOf(w.admin)).created.map((r) => r.id)).toContain(ending.id)
      })
    })

    describe('another organization', () => {
      it('answers 404 for its ids on every endpoint and never lists its recommendations or posts', async () => {
        const mine = await ok(recommend(w.admin, { postId: w.post.id, note: 'Only ours' }))
        const theirs = await ok(recommend(other.admin, { postId: other.post.id, note: 'Only theirs' }))
        expectError(await recommend(w.admin, { postId: other.post.id }), 404, MESSAGES.postNotFound)
        expectError(await recommend(w.admin, { postId: w.post.id, audience: 'teams', teamIds: [other.team] }), 404, MESSAGES.teamNotFound)
        expectError(await recommend(w.admin, { postId: w.post.id, audience: 'members', memberIds: [other.member.userId] }), 404, MESSAGES.memberNotFound)
        expectError(await w.a1.client.post('/recommended/dismiss', { recommendationId: theirs.id }), 404, RECOMMENDED_MESSAGES.notFound)
        expectError(await other.member.client.post('/recommended/dismiss', { recommendationId: mine.id }), 404, RECOMMENDED_MESSAGES.notFound)
        expectError(await reshare(w.a1, theirs.id), 404, RECOMMENDED_MESSAGES.notFound)
        expectError(await reshare(other.member, mine.id), 404, RECOMMENDED_MESSAGES.notFound)
        const ours = await listOf(w.admin)
        expect([...ours.forMe, ...ours.created].some((r) => r.id === theirs.id)).toBe(false)
        const theirList = await listOf(other.admin)
        expect([...theirList.forMe, ...theirList.created].some((r) => r.id === mine.id)).toBe(false)
        const picker = await ok(w.admin.client.get<RecommendablePost[]>('/recommended/posts'))
        expect(picker.some((p) => p.postId === other.post.id)).toBe(false)
      })
    })

    describe('the published posts to pick', () => {
      it('lists the organization’s published posts newest first, with a text search', async () => {
        const newer = await published(w.b1, 'Our booth at the fair: 100% fun_times', 5)
        const picker = await ok(w.admin.client.get<RecommendablePost[]>('/recommended/posts'))
        expect(picker[0]).toMatchObject({ postId: newer.id, authorName: 'Bea Beta', businessPageName: null, text: 'Our booth at the fair: 100% fun_times' })
        expect(picker[0]!.linkedInPostUrl).toMatch(/^https?:\/\/[^/]+\/api\/linkedin\/sandbox\/posts\//)
        expect(picker.map((p) => p.postId)).toContain(w.post.id)
        expect(picker.every((p, i) => i === 0 || p.publishedAt <= picker[i - 1]!.publishedAt)).toBe(true)
        const found = await ok(w.leaderA.client.get<RecommendablePost[]>('/recommended/posts', { search: '100% fun_' }))
        expect(found.map((p) => p.postId)).toEqual([newer.id])
        expect(await ok(w.admin.client.get<RecommendablePost[]>('/recommended/posts', { search: '100%x' }))).toEqual([])
      })
    })

    describe('resharing', () => {
      it('makes a text reshare for the audience of an open recommendation; its view names the reshared post', async () => {
        const rec = await ok(recommend(w.admin, { postId: w.post.id, audience: 'teams', teamIds: [w.teamA] }))
        expectError(await reshare(w.b1, rec.id), 404, RECOMMENDED_MESSAGES.notFound)
        expectError(await reshare(w.a1, 'nope'), 404, RECOMMENDED_MESSAGES.notFound)
        const post = await ok(reshare(w.a1, rec.id, { text: '' }))
        expect(post).toMatchObject({
          type: 'textOnly',
          text: '',
          status: 'DRAFT',
          reshare: { linkedInPostUrn: w.post.urn, previewText: 'We are hiring engineers in Lisbon #Hiring', previewAuthor: 'Ada Admin', recommendationId: rec.id }
        })
        expect(post.reshare!.linkedInPostUrl).toMatch(/^https?:\/\/[^/]+\/api\/linkedin\/sandbox\/posts\//)
        expect((await ok(w.a1.client.get<Post>('/posts/get', { postId: post.id }))).reshare?.recommendationId).toBe(rec.id)
        const thread = await ok(w.a1.client.get<{ post: Post }>('/review/thread', { postId: post.id }))
        expect(thread.post.reshare?.linkedInPostUrl).toBe(post.reshare!.linkedInPostUrl)
        expectError(await reshare(w.a1, rec.id), 409, RECOMMENDED_MESSAGES.alreadyReshared)
        const mine = (await listOf(w.a1)).forMe.find((r) => r.id === rec.id)!
        expect(mine.myReshare).toEqual({ postId: post.id, status: 'DRAFT' })
        // Deleting the reshare allows another.
        expect((await w.a1.client.delete('/posts/delete', { postId: post.id })).status).toBe(200)
        const again = await ok(reshare(w.a1, rec.id))
        expect(again.text).toBe('Great work, team!')
      })

      it('refuses media, a poll, a business page or another type, on create and on update', async () => {
        const rec = await ok(recommend(w.admin, { postId: w.post.id, audience: 'members', memberIds: [w.loner.userId] }))
        expectError(await reshare(w.loner, rec.id, { type: 'poll', poll: { question: 'Q?', options: ['a', 'b'] } }), 400, RECOMMENDED_MESSAGES.reshareTextOnly, 'poll')
        expectError(await reshare(w.loner, rec.id, { type: 'images' }), 400, RECOMMENDED_MESSAGES.reshareTextOnly, 'type')
        expectError(await reshare(w.loner, rec.id, { mediaIds: [randomUUID()] }), 400, RECOMMENDED_MESSAGES.reshareTextOnly, 'mediaIds')
        expectError(await reshare(w.loner, rec.id, { businessPageId: randomUUID() }), 400, RECOMMENDED_MESSAGES.reshareTextOnly, 'businessPageId')
        const post = await ok(reshare(w.loner, rec.id))
        expectError(
          await w.loner.client.put('/posts/update', { postId: post.id, version: post.version, type: 'poll', poll: { question: 'Q?', options: ['a', 'b'] } }),
          400,
          RECOMMENDED_MESSAGES.reshareTextOnly
        )
        const edited = await ok(w.loner.client.put<Post>('/posts/update', { postId: post.id, version: post.version, text: 'Better words' }))
        expect(edited).toMatchObject({ text: 'Better words', reshare: { recommendationId: rec.id } })
      })

      it('makes one reshare of two sent at the same time', async () => {
        const rec = await ok(recommend(w.admin, { postId: w.post.id, audience: 'members', memberIds: [w.leaderB.userId] }))
        const answers = await Promise.all([reshare(w.leaderB, rec.id, { text: 'One' }), reshare(w.leaderB, rec.id, { text: 'Two' })])
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
        expect(await t().db.select().from(posts).where(eq(posts.recommendationId, rec.id))).toHaveLength(1)
      })

      it('refuses a reshare of an ended recommendation', async () => {
        const rec = await ok(recommend(w.admin, { postId: w.post.id, audience: 'members', memberIds: [w.b1.userId], endsAt: '2026-03-10T09:30:00.000Z' }))
        t().clock.set('2026-03-10T09:30:00.000Z')
        expectError(await reshare(w.b1, rec.id), 400, RECOMMENDED_MESSAGES.ended, 'recommendationId')
      })

      it('publishes a reshare exactly once through the publisher with the parent URN; the recommender sees who reshared; Team effort, Analytics and the Plan count it', async () => {
        await connect(w.a1)
        const rec = await ok(recommend(w.admin, { postId: w.post.id, audience: 'teams', teamIds: [w.teamA] }))
        const draft = await ok(reshare(w.a1, rec.id, { text: 'So proud of this team' }))
        const calls = sandbox.publishCalls
        expect((await w.a1.client.post('/posts/publish-now', { postId: draft.id, version: draft.version })).status).toBe(200)
        expect(await t().timers!.advance(0)).toBeGreaterThanOrEqual(1)
        const published = await ok(w.a1.client.get<Post>('/posts/get', { postId: draft.id }))
        expect(published.status).toBe('PUBLISHED')
        const sent = sandbox.posts.filter((p) => p.reshareOf === w.post.urn && p.text === 'So proud of this team')
        expect(sent).toHaveLength(1)
        expect(sent[0]).toMatchObject({ urn: published.linkedInPostUrn, author: { kind: 'person', id: sandboxMemberId(w.a1.userId) }, type: 'textOnly', media: [] })
        // Later runs of the publisher find nothing more to do.
        expect(await t().timers!.advance(PUBLISHER_INTERVAL_MS)).toBeGreaterThanOrEqual(1)
        expect(sandbox.publishCalls).toBe(calls + 1)
        const page = await t().app.inject({ method: 'GET', url: `/api/linkedin/sandbox/posts/${encodeURIComponent(published.linkedInPostUrn!)}` })
        expect(page.body).toContain(`reshared ${w.post.urn}`)

        const forAdmin = (await listOf(w.admin)).created.find((r) => r.id === rec.id)!
        expect(forAdmin.reshareCount).toBe(1)
        expect(forAdmin.reshares).toEqual([
          { userId: w.a1.userId, fullName: 'Avi Alpha', postId: draft.id, status: 'PUBLISHED', publishedAt: published.publishedAt }
        ])
        const forMember = (await listOf(w.leaderA)).forMe.find((r) => r.id === rec.id)!
        expect(forMember).toMatchObject({ reshareCount: 1, reshares: [], myReshare: null })
        expect((await listOf(w.a1)).forMe.find((r) => r.id === rec.id)!.myReshare).toEqual({ postId: draft.id, status: 'PUBLISHED' })

        const effort = await ok(w.admin.client.get<TeamEffort>('/team/effort', { month: '2026-03', timezone: 'UTC' }))
        const row = effort.teams.flatMap((x) => [...x.members, ...x.withoutTarget]).find((m) => m.member.id === w.a1.userId)!
        expect(row).toMatchObject({ published: 1, reshares: 1 })
        const adminRow = [...effort.teams.flatMap((x) => [...x.members, ...x.withoutTarget]), ...effort.unassigned].find((m) => m.member.id === w.admin.userId)!
        expect(adminRow.reshares).toBe(0)

        const analytics = await ok(w.admin.client.get<AnalyticsPosts>('/analytics/posts', { from: '2026-03-01T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' }))
        expect(analytics.rows.find((r) => r.postId === draft.id)?.isReshare).toBe(true)
        expect(analytics.rows.find((r) => r.postId === w.post.id)?.isReshare).toBe(false)

        const plan = await ok(w.b1.client.get<{ items: ScheduleItem[] }>('/schedule', { status: 'RECOMMENDED', from: '2026-03-01T00:00:00.000Z' }))
        expect(plan.items.map((i) => (i.kind === 'post' ? i.post.id : i.slot.id))).toEqual([draft.id])
        const [stored] = await t().db.select().from(posts).where(eq(posts.id, draft.id))
        expect(stored).toMatchObject({ reshareOfUrn: w.post.urn, recommendationId: rec.id })
      })
    })
  },
  {
    config: { publisherIntervalMs: PUBLISHER_INTERVAL_MS },
    // The publisher runs only when a test advances its timers, so a test knows when it has run.
    manualTimers: true,
    linkedInAdapter: ({ clock }) => (sandbox = createLinkedInSandbox({ clock }))
  }
)
