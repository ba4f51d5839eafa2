import { randomUUID } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { toTeamFormFields } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import type { AssignedSlot, BusinessPage, Member, Post, PostMedia, PostVersion } from '../../shared/domain'
import { createLinkedInSandbox, type LinkedInSandbox } from '../adapters/linkedin/sandbox'
import { domainEvents, posts, reviewRequests, reviewReviewers, subscriptions } from '../db/schema'
import { NOT_PUBLISHED_TITLE } from '../jobs/publisher'
import { APPROVAL_AGAIN_TITLE } from '../services/posts'
import { encodePng } from '../testing/images'
import { expectError, postFixtures, type ErrorBody, type TestPerson } from '../testing/postFixtures'
import { drainPublishNotices } from '../testing/events'
import { describeEachDatabase } from '../testing/suite'

/**
 * Posts under approval through the API (issue 13): revisions kept per content change, GET
 * /posts/versions for exactly the people who may review the post, schedule / post now / retry
 * refused until the post is approved for its current revision, an edit after approval asking
 * again, and a scheduled time that passes while pending failing loudly. The review endpoints
 * are another suite's: approval is set on the row here.
 */

type PostBody = Post & ErrorBody
type Versions = { versions: PostVersion[] } & ErrorBody

const NOW = '2026-03-10T10:00:00.000Z'
const IN_ONE_HOUR = '2026-03-10T11:00:00.000Z'
const PUBLISHER_INTERVAL_MS = 5_000
let sandbox: LinkedInSandbox

describeEachDatabase(
  'posts under approval',
  (t) => {
    const { newOrg, addMember, connect, create } = postFixtures(t, { now: NOW })

    /**
     * An organization on its trial (REVIEW_FLOW held): Ada the admin, Mia whose posts need approval
     * (set by Ada in the member dialog's PUT /members/update), Leo who leads Mia's team, Lara who
     * leads another team, Rita a reviewer, Otto a member with no part in Mia's posts, Gus a GHOST.
     */
    async function crew() {
      const ada = await newOrg('Ada Admin')
      const [mia, leo, lara, rita, otto, gus] = [
        await addMember(ada, 'Mia Author'),
        await addMember(ada, 'Leo Leader'),
        await addMember(ada, 'Lara Leader'),
        await addMember(ada, 'Rita Reviewer'),
        await addMember(ada, 'Otto Outsider'),
        await addMember(ada, 'Gus Ghost', 'GHOST')
      ]
      for (const [name, members, leader] of [
        ['Sales', [mia, leo], leo],
        ['Ops', [lara, otto], lara]
      ] as const) {
        const fields = toTeamFormFields({ name, members: members.map((m) => m.userId), teamLeaders: [leader.userId], requireTag: false, aISettingTemplateId: null })
        expect((await ada.client.multipart('POST', '/team/create', fields)).status).toBe(200)
      }
      const flow = await ada.client.put<Member>('/members/update', { userId: mia.userId, userApprovalFlow: true })
      expect(flow.body).toMatchObject({ userApprovalFlow: true })
      await connect(mia)
      return { ada, mia, leo, lara, rita, otto, gus }
    }

    const update = async (person: TestPerson, post: Post, body: Record<string, unknown>) => {
      const res = await person.client.put<PostBody>('/posts/update', { postId: post.id, version: post.version, ...body })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body
    }

    const versions = (person: TestPerson, postId: string) => person.client.get<Versions>('/posts/versions', { postId })

    /** What the review endpoints record when a leader approves: APPROVED for the post's current revision. */
    const approve = (postId: string, by: TestPerson) =>
      t()
        .db.update(posts)
        .set({ approvalStatus: 'APPROVED', approvedRevision: sql`${posts.revision}`, approvalDecidedBy: by.userId, approvalDecidedAt: t().clock.now() })
        .where(eq(posts.id, postId))
    const setApproval = (postId: string, approvalStatus: 'PENDING' | 'REJECTED' | null) =>
      t().db.update(posts).set({ approvalStatus, approvedRevision: null }).where(eq(posts.id, postId))

    /** Rita asked for feedback on the post (the rows POST /review/request writes). */
    async function askRita(post: Post, mia: TestPerson, rita: TestPerson) {
      const now = t().clock.now()
      await t().db.insert(reviewRequests).values({ postId: post.id, organizationId: mia.organizationId, requestedByUserId: mia.userId, requestedAt: now, updatedAt: now })
      await t().db.insert(reviewReviewers).values({ postId: post.id, userId: rita.userId, addedAt: now })
    }

    const notes = async (person: TestPerson, title: string) =>
      (await person.client.notifications()).body.filter((n) => n.title === title)

    async function uploadImage(person: TestPerson): Promise<PostMedia> {
      const data = encodePng(40, 20, (x, y) => [x % 256, y % 256, 128, 255])
      const started = await person.client.post<{ uploadId: string }>('/posts/media/start', { fileName: 'chart.png', contentType: 'image/png', size: data.length })
      const sent = await person.client.multipart('POST', '/posts/media/chunk', { uploadId: started.body.uploadId, offset: '0' }, [
        { field: 'chunk', fileName: 'blob', contentType: 'application/octet-stream', data }
      ])
      expect(sent.status).toBe(200)
      const done = await person.client.post<PostMedia>('/posts/media/complete', { uploadId: started.body.uploadId, altText: 'A chart' })
      expect(done.status).toBe(200)
      return done.body
    }

    it('keeps a revision for every change of text, type, poll, media or page, none for a save that changes none of them; newest first', async () => {
      const { ada, mia } = await crew()
      const post = await create(mia, { text: 'v1' })
      expect(post.revision).toBe(1)
      let edited = await update(mia, post, { text: 'v2' })
      expect(edited.revision).toBe(2)
      // The same text again, and a slot: nothing of what would be published changed.
      edited = await update(mia, edited, { text: 'v2' })
      const slot = await ada.client.post<{ slots: AssignedSlot[] }>('/schedule/assigned-slots/create', {
        assignedUserId: [mia.userId],
        time: '2026-03-12T09:00:00.000Z',
        comment: 'Idea',
        postType: 'textOnly'
      })
      edited = await update(mia, edited, { slotId: slot.body.slots[0]!.id })
      expect(edited.revision).toBe(2)
      const poll = { question: 'Which robot?', options: ['R2', 'C3'], durationDays: 3 }
      edited = await update(mia, edited, { type: 'poll', text: 'Vote', poll })
      // The poll as stored (jsonb orders its keys its own way) equals the same poll sent again.
      edited = await update(mia, edited, { type: 'poll', text: 'Vote', poll: { durationDays: 3, options: ['R2', 'C3'], question: 'Which robot?' } })
      expect(edited.revision).toBe(3)
      const image = await uploadImage(mia)
      edited = await update(mia, edited, { type: 'images', poll: null, text: 'With a chart', mediaIds: [image.id] })
      edited = await update(mia, edited, { mediaIds: [image.id] })
      expect(edited.revision).toBe(4)
      // Who it is posted as is content too.
      const page = (await ada.client.post<BusinessPage>('/organization/business-pages/create', { linkedInCompanyName: 'Acme Robotics' })).body
      expect((await ada.client.put('/members/update', { userId: mia.userId, selectedBusinessPages: [page.id] })).status).toBe(200)
      edited = await update(mia, edited, { businessPageId: page.id })
      expect(edited.revision).toBe(5)

      const res = await versions(mia, post.id)
      expect(res.status).toBe(200)
      const mias = { id: mia.userId, fullName: 'Mia Author', image: null }
      expect(res.body.versions).toEqual([
        { revision: 5, type: 'images', text: 'With a chart', poll: null, mediaCount: 1, businessPage: { id: page.id, linkedInCompanyName: 'Acme Robotics' }, savedBy: mias, createdAt: NOW },
        { revision: 4, type: 'images', text: 'With a chart', poll: null, mediaCount: 1, businessPage: null, savedBy: mias, createdAt: NOW },
        { revision: 3, type: 'poll', text: 'Vote', poll, mediaCount: 0, businessPage: null, savedBy: mias, createdAt: NOW },
        { revision: 2, type: 'textOnly', text: 'v2', poll: null, mediaCount: 0, businessPage: null, savedBy: mias, createdAt: NOW },
        { revision: 1, type: 'textOnly', text: 'v1', poll: null, mediaCount: 0, businessPage: null, savedBy: mias, createdAt: NOW }
      ])
    })

    it('shows the versions to the author, the reviewers, the author’s team leaders and the admins; 404 to anyone else, on every plan', async () => {
      const { ada, mia, leo, lara, rita, otto, gus } = await crew()
      const post = await create(mia, { text: 'For review' })
      await update(mia, post, { text: 'For review, again' })
      await askRita(post, mia, rita)
      const other = await newOrg('Olga Other')
      for (const person of [mia, rita, leo, ada, gus]) {
        const res = await versions(person, post.id)
        expect(res.status).toBe(200)
        expect(res.body.versions.map((v) => v.revision)).toEqual([2, 1])
      }
      for (const outsider of [otto, lara, other]) expectError(await versions(outsider, post.id), 404, MESSAGES.postNotFound)
      for (const postId of [randomUUID(), 'not-a-uuid']) expectError(await versions(mia, postId), 404, MESSAGES.postNotFound)
      // It goes one way: Mia is not among the approvers of Ada's posts.
      const adas = await create(ada, { text: 'The admin’s own' })
      expectError(await versions(mia, adas.id), 404, MESSAGES.postNotFound)
      // Without REVIEW_FLOW (Entry) the versions are still there.
      await t().db.update(subscriptions).set({ productId: 'entry', status: 'active', trialEndsAt: null }).where(eq(subscriptions.organizationId, mia.organizationId))
      expect((await versions(mia, post.id)).body.versions).toHaveLength(2)
    })

    it('refuses schedule, post now and retry until the post is approved for its current revision; then they work', async () => {
      const { mia, leo, rita } = await crew()
      const post = await create(mia, { text: 'Needs a yes' })
      expect(post.approval).toMatchObject({ required: true, status: null })
      const schedule = (p: Post, scheduledAt = IN_ONE_HOUR) => mia.client.post<PostBody>('/posts/schedule', { postId: p.id, version: p.version, scheduledAt })

      expectError(await schedule(post), 400, MESSAGES.approvalRequiredToSchedule, 'approval')
      expectError(await mia.client.post('/posts/publish-now', { postId: post.id, version: post.version }), 400, MESSAGES.approvalRequiredToSchedule, 'approval')
      // One 400 with every reason at once.
      const past = await schedule(post, '2026-03-10T09:00:00.000Z')
      expect((past.body as ErrorBody).error.fields).toEqual({ approval: MESSAGES.approvalRequiredToSchedule, scheduledAt: MESSAGES.scheduleInPast })
      await setApproval(post.id, 'PENDING')
      expectError(await schedule(post), 400, MESSAGES.approvalPendingToSchedule, 'approval')
      await setApproval(post.id, 'REJECTED')
      expectError(await schedule(post), 400, MESSAGES.approvalRequiredToSchedule, 'approval')
      // Approved for an earlier revision only.
      await approve(post.id, leo)
      const edited = await update(mia, post, { text: 'Needs a yes, changed' })
      expect(edited.approval).toMatchObject({ required: true, status: 'PENDING', approvedRevision: 1 })
      expectError(await schedule(edited), 400, MESSAGES.approvalPendingToSchedule, 'approval')

      await approve(post.id, leo)
      const scheduled = await schedule(edited)
      expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200)
      expect(scheduled.body).toMatchObject({ status: 'SCHEDULED', approval: { required: true, status: 'APPROVED', approvedRevision: 2 } })

      // A failed post: retrying is publishing again, so it needs approval too.
      const failed = await create(mia, { text: 'Failed once' })
      await t().db.update(posts).set({ failureReason: 'LinkedIn said no', approvalStatus: 'PENDING' }).where(eq(posts.id, failed.id))
      expectError(await mia.client.post('/posts/retry', { postId: failed.id }), 400, MESSAGES.approvalPendingToSchedule, 'approval')
      await approve(failed.id, leo)
      expect((await mia.client.post<PostBody>('/posts/retry', { postId: failed.id, scheduledAt: IN_ONE_HOUR })).body).toMatchObject({ status: 'SCHEDULED' })

      // A member without the flow schedules freely; on Entry (no REVIEW_FLOW) Mia does too.
      await connect(rita)
      const free = await create(rita, { text: 'No approval needed' })
      expect(free.approval).toMatchObject({ required: false })
      expect((await rita.client.post('/posts/schedule', { postId: free.id, version: free.version, scheduledAt: IN_ONE_HOUR })).status).toBe(200)
      await t().db.update(subscriptions).set({ productId: 'entry', status: 'active', trialEndsAt: null }).where(eq(subscriptions.organizationId, mia.organizationId))
      const onEntry = await create(mia, { text: 'On Entry' })
      expect(onEntry.approval).toMatchObject({ required: false })
      expect((await schedule(onEntry)).status).toBe(200)
    })

    it('an edit after approval returns the post to PENDING and asks the approvers again; a scheduled one stays scheduled and, still pending at its time, fails loudly', async () => {
      const { ada, mia, leo, gus } = await crew()
      const post = await create(mia, { text: 'Launch day' })
      await approve(post.id, leo)
      const scheduled = await mia.client.post<PostBody>('/posts/schedule', { postId: post.id, version: post.version, scheduledAt: IN_ONE_HOUR })
      expect(scheduled.body).toMatchObject({ status: 'SCHEDULED', approval: { status: 'APPROVED' } })
      // Saving the same content keeps the approval.
      const same = await update(mia, scheduled.body, { text: 'Launch day' })
      expect(same).toMatchObject({ revision: 1, approval: { status: 'APPROVED', approvedRevision: 1 } })
      expect(await notes(leo, APPROVAL_AGAIN_TITLE)).toEqual([])

      const edited = await update(mia, same, { text: 'Launch day, moved' })
      expect(edited).toMatchObject({ status: 'SCHEDULED', revision: 2, approval: { required: true, status: 'PENDING', approvedRevision: 1, decidedBy: null } })
      expect(await notes(leo, APPROVAL_AGAIN_TITLE)).toEqual([
        expect.objectContaining({
          message: 'Mia Author changed “Launch day, moved” after it was approved. It needs your approval again.',
          link: `/collaborate?postId=${post.id}`,
          read: false
        })
      ])
      // Mia has a team leader: the admins are not asked.
      for (const admin of [ada, gus]) expect(await notes(admin, APPROVAL_AGAIN_TITLE)).toEqual([])

      // Its time passes while pending: not published, DRAFT with the reason; Mia and Leo are told.
      t().clock.set('2026-03-10T11:00:01.000Z')
      expect(await t().timers!.advance(PUBLISHER_INTERVAL_MS)).toBeGreaterThanOrEqual(1)
      const failed = (await mia.client.get<Post>('/posts/get', { postId: post.id })).body
      expect(failed).toMatchObject({ status: 'DRAFT', failureReason: MESSAGES.notApprovedAtPublishTime, approval: { status: 'PENDING' } })
      expect(sandbox.posts.filter((p) => p.text.startsWith('Launch day'))).toEqual([])
      // The publisher kicks the notices' consumer, whose run may find the event held back behind another
      // transaction on a shared PostgreSQL: the stream is read to its end before the bell is.
      await drainPublishNotices(t().db, t().clock)
      expect(await notes(mia, NOT_PUBLISHED_TITLE)).toEqual([expect.objectContaining({ link: `/content/write-post?postId=${post.id}` })])
      expect(await notes(leo, NOT_PUBLISHED_TITLE)).toEqual([expect.objectContaining({ link: `/collaborate?postId=${post.id}` })])

      // Approved again, the author's retry publishes it once.
      await approve(post.id, leo)
      expect((await mia.client.post<PostBody>('/posts/retry', { postId: post.id })).status).toBe(200)
      expect(await t().timers!.advance(0)).toBeGreaterThanOrEqual(1)
      expect((await mia.client.get<Post>('/posts/get', { postId: post.id })).body).toMatchObject({ status: 'PUBLISHED' })
      expect(sandbox.posts.filter((p) => p.text.startsWith('Launch day')).map((p) => p.text)).toEqual(['Launch day, moved'])

      // The outbox told each step once, in order, with who caused it.
      const events = await t().db.select().from(domainEvents).where(sql`${domainEvents.payload}->>'postId' = ${post.id}`).orderBy(asc(domainEvents.position))
      const published = sandbox.posts.find((p) => p.text === 'Launch day, moved')!
      expect(events.map((e) => ({ name: e.name, actor: e.actor, payload: e.payload }))).toEqual([
        { name: 'post.scheduled', actor: { type: 'user', userId: mia.userId }, payload: { postId: post.id, authorId: mia.userId, publishAt: IN_ONE_HOUR, slotId: null, businessPageId: null } },
        { name: 'post.failed', actor: { type: 'system' }, payload: { postId: post.id, authorId: mia.userId, reason: MESSAGES.notApprovedAtPublishTime, cause: 'notApproved' } },
        { name: 'post.scheduled', actor: { type: 'user', userId: mia.userId }, payload: expect.objectContaining({ postId: post.id }) },
        { name: 'post.published', actor: { type: 'system' }, payload: { postId: post.id, authorId: mia.userId, linkedInPostUrn: published.urn, slotId: null } }
      ])
    })

    it('an author without a team leader: the admins (ADMIN and GHOST) are asked again', async () => {
      const { ada, gus, rita } = await crew()
      expect((await ada.client.put<Member>('/members/update', { userId: rita.userId, userApprovalFlow: true })).body).toMatchObject({ userApprovalFlow: true })
      const post = await create(rita, { text: 'Solo' })
      await approve(post.id, ada)
      await update(rita, post, { text: 'Solo, edited' })
      for (const admin of [ada, gus]) expect(await notes(admin, APPROVAL_AGAIN_TITLE)).toHaveLength(1)
    })
  },
  {
    config: { publisherIntervalMs: PUBLISHER_INTERVAL_MS },
    // The publisher runs only when a test advances its timers.
    manualTimers: true,
    linkedInAdapter: ({ clock }) => (sandbox = createLinkedInSandbox({ clock }))
  }
)
