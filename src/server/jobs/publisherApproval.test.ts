import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../shared/api/messages'
import { createLinkedInSandbox, type LinkedInSandbox } from '../adapters/linkedin/sandbox'
import { manualClock, type ManualClock } from '../testing/clock'
import type { Database, DatabaseHandle } from '../db/client'
import { memberships, notifications, organizations, posts, publishAttempts, subscriptions, teamMembers, teams, users } from '../db/schema'
import { createNotificationService } from '../services/notifications'
import { drainPublishNotices } from '../testing/events'
import { createReviewService } from '../services/review'
import { APPROVAL_AGAIN_TITLE, createPostService, newPostValues, type PostRow, type PostService } from '../services/posts'
import { createTestDatabase, testDatabaseKinds } from '../testing/harness'
import { deferred, postServiceDeps, sessionOf } from '../testing/publisherFixtures'
import { manualTimers } from '../testing/timers'
import { createPublisher, NOT_PUBLISHED_TITLE, type PublisherOptions } from './publisher'

/**
 * The publisher under approval (issue 13): a due post whose author needs approval goes out only
 * when it is APPROVED for its current revision; otherwise its claim refuses it loudly. The race
 * between a revocation (an edit, a rejection: both lock the post row) and the claim (FOR UPDATE
 * SKIP LOCKED) is played both ways on each database.
 */

const kinds = await testDatabaseKinds()

describe.each(kinds)('publisher under approval [%s]', (kind) => {
  let handle: DatabaseHandle
  let db: Database
  let clock: ManualClock
  let sandbox: LinkedInSandbox
  let service: PostService
  const organizationId = randomUUID()
  /** An organization without REVIEW_FLOW (no plan): its members' flag asks nothing. */
  const plainOrganizationId = randomUUID()
  const authorId = randomUUID()
  const leaderId = randomUUID()
  const adminId = randomUUID()
  /** A member whose posts need no approval. */
  const freeId = randomUUID()
  const session = (userId: string) => sessionOf(userId, { id: organizationId, organizationWorkOSId: `org_${organizationId}`, role: 'MEMBER' })
  const author = session(authorId)

  beforeAll(async () => {
    handle = await createTestDatabase(kind)
    db = handle.db
    const now = new Date('2026-01-01T00:00:00Z')
    await db.insert(organizations).values([
      { id: organizationId, organizationWorkOSId: `org_${organizationId}`, name: 'Acme', createdAt: now, updatedAt: now },
      { id: plainOrganizationId, organizationWorkOSId: `org_${plainOrganizationId}`, name: 'Plain', createdAt: now, updatedAt: now }
    ])
    // A trial holds REVIEW_FLOW.
    await db.insert(subscriptions).values({
      id: randomUUID(),
      organizationId,
      status: 'trialing',
      availableSeats: 10,
      trialEndsAt: new Date('2026-12-31T00:00:00Z'),
      createdAt: now,
      updatedAt: now
    })
    const people: Array<[string, string]> = [
      [authorId, 'Ann Author'],
      [leaderId, 'Leo Leader'],
      [adminId, 'Ada Admin'],
      [freeId, 'Fred Free']
    ]
    await db.insert(users).values(people.map(([id, fullName]) => ({ id, email: `${id}@example.com`, fullName, passwordHash: 'x', createdAt: now, updatedAt: now })))
    const member = (userId: string, orgId: string, role: 'ADMIN' | 'MEMBER', userApprovalFlow: boolean) => ({
      id: randomUUID(),
      organizationId: orgId,
      userId,
      role,
      status: 'ACTIVE' as const,
      userApprovalFlow,
      createdAt: now,
      updatedAt: now
    })
    await db
      .insert(memberships)
      .values([
        member(authorId, organizationId, 'MEMBER', true),
        member(leaderId, organizationId, 'MEMBER', false),
        member(adminId, organizationId, 'ADMIN', false),
        member(freeId, organizationId, 'MEMBER', false),
        member(authorId, plainOrganizationId, 'MEMBER', true)
      ])
    const teamId = randomUUID()
    await db.insert(teams).values({ id: teamId, organizationId, name: 'Sales', createdAt: now, updatedAt: now })
    await db.insert(teamMembers).values([
      { teamId, organizationId, userId: authorId, isLeader: false, createdAt: now },
      { teamId, organizationId, userId: leaderId, isLeader: true, createdAt: now }
    ])
  })
  afterAll(async () => {
    await handle?.close()
  })
  beforeEach(async () => {
    await db.delete(posts)
    await db.delete(notifications)
    clock = manualClock('2026-03-10T09:00:00Z')
    sandbox = createLinkedInSandbox({ clock })
    service = createPostService(serviceDeps())
  })

  const serviceDeps = () => postServiceDeps({ db, clock, linkedInAdapter: sandbox })

  const publisher = (overrides: Partial<PublisherOptions> = {}) =>
    createPublisher({
      db,
      clock,
      timers: manualTimers(),
      linkedin: sandbox,
      notifications: createNotificationService(db, clock),
      resolveTarget: async (post) => ({ accessToken: { token: 'token', expiresAt: null }, author: { kind: 'person', id: post.authorUserId }, media: [] }),
      ...overrides
    })

  type Approval = Pick<PostRow, 'approvalStatus' | 'approvedRevision'>
  const APPROVED: Approval = { approvalStatus: 'APPROVED', approvedRevision: 1 }

  /** A post due a minute ago, written straight into the table with its approval columns. */
  async function duePost(text: string, approval: Partial<Approval> & { revision?: number } = {}, authorUserId = authorId, orgId = organizationId) {
    const values = newPostValues({ organizationId: orgId, authorUserId, text, scheduledAt: new Date(clock.now().getTime() - 60_000) }, clock.now())
    const [row] = await db
      .insert(posts)
      .values({ ...values, ...approval })
      .returning()
    return row!
  }

  const row = async (id: string) => (await db.select().from(posts).where(eq(posts.id, id)))[0]!

  /** The bell's notices of a post once the event stream has been read (the publish notices consumer writes them). */
  const notesFor = async (postId: string) => {
    await drainPublishNotices(db, clock)
    return (
      await db
        .select({ userId: notifications.userId, title: notifications.title, message: notifications.message, link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.title, NOT_PUBLISHED_TITLE), inArray(notifications.link, [`/content/write-post?postId=${postId}`, `/collaborate?postId=${postId}`])))
    ).sort((a, b) => a.userId.localeCompare(b.userId))
  }

  /** Refused loudly: DRAFT with the reason and a new version, nothing sent to LinkedIn, author and leader told. */
  async function expectRefusedLoudly(post: PostRow) {
    expect(await row(post.id)).toMatchObject({ status: 'DRAFT', failureReason: MESSAGES.notApprovedAtPublishTime, version: post.version + 1, linkedInPostUrn: null })
    expect(sandbox.posts.filter((p) => p.text === post.text)).toEqual([])
    expect(await db.select().from(publishAttempts).where(eq(publishAttempts.postId, post.id))).toEqual([])
    expect(await notesFor(post.id)).toEqual(
      [
        {
          userId: authorId,
          title: NOT_PUBLISHED_TITLE,
          message: `Your scheduled post “${post.text}” was not published: ${MESSAGES.notApprovedAtPublishTime}`,
          link: `/content/write-post?postId=${post.id}`
        },
        {
          userId: leaderId,
          title: NOT_PUBLISHED_TITLE,
          message: `Ann Author’s post “${post.text}” was not published at its scheduled time: it was not approved.`,
          link: `/collaborate?postId=${post.id}`
        }
      ].sort((a, b) => a.userId.localeCompare(b.userId))
    )
  }

  it('never publishes a post that is not approved for its current revision; approved posts and posts that need no approval go out once', async () => {
    const never = await duePost('never sent for approval')
    const pending = await duePost('pending', { approvalStatus: 'PENDING' })
    const rejected = await duePost('rejected', { approvalStatus: 'REJECTED' })
    const stale = await duePost('approved, then edited', { approvalStatus: 'APPROVED', approvedRevision: 1, revision: 2 })
    const approved = await duePost('approved', APPROVED)
    const free = await duePost('needs no approval', {}, freeId)
    // The same author in an organization without REVIEW_FLOW: the flag asks nothing there.
    const plain = await duePost('plan without review flow', {}, authorId, plainOrganizationId)

    expect(await publisher().runOnce()).toMatchObject({ claimed: 3, published: 3 })
    expect(sandbox.posts.map((p) => p.text).sort()).toEqual(['approved', 'needs no approval', 'plan without review flow'])
    for (const post of [approved, free, plain]) expect(await row(post.id)).toMatchObject({ status: 'PUBLISHED' })
    for (const post of [never, pending, rejected, stale]) await expectRefusedLoudly(post)
    // Approval and review state are the approvers' to change, not the publisher's.
    expect(await row(pending.id)).toMatchObject({ approvalStatus: 'PENDING' })
    expect(await row(rejected.id)).toMatchObject({ approvalStatus: 'REJECTED' })
    // Refused once: nothing is due any more.
    expect(await publisher().runOnce()).toMatchObject({ claimed: 0 })
    expect(sandbox.publishCalls).toBe(3)
  })

  it('an edit or a rejection holding the post row when the claim runs: the claim skips it, and once revoked it is never published', async () => {
    for (const revocation of ['edit', 'reject'] as const) {
      const post = await duePost(`approved, then ${revocation}ed`, APPROVED)
      // Both tell someone inside their transaction, after locking the row and changing approval: held there, they hold the row.
      const locked = deferred()
      const release = deferred()
      const real = createNotificationService(db, clock)
      const held: PublisherOptions['notifications'] = {
        ...real,
        notify: async (input, executor) => {
          locked.resolve()
          await release.promise
          return real.notify(input, executor)
        }
      }
      const change =
        revocation === 'edit'
          ? createPostService({ ...serviceDeps(), notifications: held }).update(author, { postId: post.id, version: post.version, text: 'approved, then changed' })
          : createReviewService({ db, clock, notifications: held, linkedInAdapter: sandbox }).reject(session(leaderId), { postId: post.id, reason: 'Not this week' })
      await locked.promise
      const claim = publisher().runOnce()
      if (kind === 'postgres') {
        // SKIP LOCKED: the claim does not wait for the row, it leaves it for a later run.
        expect(await claim).toMatchObject({ claimed: 0 })
        expect(await row(post.id)).toMatchObject({ status: 'SCHEDULED', approvalStatus: 'APPROVED' })
        release.resolve()
        await change
        expect(await publisher().runOnce()).toMatchObject({ claimed: 0 })
      } else {
        // One connection: the claim runs once the change has committed.
        release.resolve()
        await change
        expect(await claim).toMatchObject({ claimed: 0 })
      }
      if (revocation === 'edit') {
        // Still SCHEDULED but PENDING when the claim read it: refused loudly.
        await expectRefusedLoudly({ ...post, text: 'approved, then changed', version: post.version + 1 })
      } else {
        // A rejection takes a scheduled post back to draft itself: nothing was due any more.
        expect(await row(post.id)).toMatchObject({ status: 'DRAFT', approvalStatus: 'REJECTED', failureReason: null, linkedInPostUrn: null })
      }
    }
    expect(sandbox.publishCalls).toBe(0)
  })

  it('the claim first: an edit or a rejection of the claimed post is refused (409 postBeingPublished) and the approved revision is published once', async () => {
    const draft = await service.create(author, { text: 'approved text' })
    await db.update(posts).set(APPROVED).where(eq(posts.id, draft.id))
    const scheduled = await service.schedule(author, { postId: draft.id, version: draft.version, scheduledAt: new Date(clock.now().getTime() + 60_000).toISOString() })
    clock.advance(60_000)
    const review = createReviewService({ db, clock, notifications: createNotificationService(db, clock), linkedInAdapter: sandbox })
    const refusal = (change: Promise<unknown>) =>
      change.then(
        () => 'accepted',
        (error: { statusCode?: number; message: string }) => `${error.statusCode} ${error.message}`
      )
    const refusals: string[] = []
    const p = publisher({
      onEvent: async (event, id) => {
        if (event !== 'claimed') return
        refusals.push(await refusal(service.update(author, { postId: id, version: scheduled.version, text: 'too late' })))
        refusals.push(await refusal(review.reject(session(leaderId), { postId: id, reason: 'Not this week' })))
      }
    })
    expect(await p.runOnce()).toMatchObject({ claimed: 1, published: 1 })
    expect(refusals).toEqual([`409 ${MESSAGES.postBeingPublished}`, `409 ${MESSAGES.postBeingPublished}`])
    expect(await row(draft.id)).toMatchObject({ status: 'PUBLISHED', text: 'approved text', revision: 1, approvalStatus: 'APPROVED' })
    expect(sandbox.posts.map((s) => s.text)).toEqual(['approved text'])
    await drainPublishNotices(db, clock)
    expect(await db.select().from(notifications).where(eq(notifications.userId, leaderId))).toEqual([])
  })

  it('an approved, scheduled post edited before its time stays SCHEDULED but PENDING; its time comes: refused loudly, the approvers asked again and told', async () => {
    const draft = await service.create(author, { text: 'v1' })
    await db.update(posts).set(APPROVED).where(eq(posts.id, draft.id))
    const scheduled = await service.schedule(author, { postId: draft.id, version: draft.version, scheduledAt: new Date(clock.now().getTime() + 60_000).toISOString() })
    const edited = await service.update(author, { postId: draft.id, version: scheduled.version, text: 'v2' })
    expect(edited).toMatchObject({ status: 'SCHEDULED', revision: 2, approval: { required: true, status: 'PENDING', approvedRevision: 1 } })
    clock.advance(60_000)
    expect(await publisher().runOnce()).toMatchObject({ claimed: 0 })
    expect(sandbox.publishCalls).toBe(0)
    const post = await row(draft.id)
    expect(post).toMatchObject({ status: 'DRAFT', failureReason: MESSAGES.notApprovedAtPublishTime, version: edited.version + 1 })
    await drainPublishNotices(db, clock)
    const leaderNotes = await db.select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, leaderId))
    expect(leaderNotes.map((n) => n.title).sort()).toEqual([APPROVAL_AGAIN_TITLE, NOT_PUBLISHED_TITLE].sort())
    // The admin is not asked: the author has a team leader.
    expect(await db.select().from(notifications).where(eq(notifications.userId, adminId))).toEqual([])
  })
})
