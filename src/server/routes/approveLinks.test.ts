import { and, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { toTeamFormFields, type ApproveLinkInfo, type ApproveLinkOutcome } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import type { Member, Post, ReviewThread } from '../../shared/domain'
import { createMailer } from '../adapters/mail/mail'
import { approveLinks, auditLog, domainEvents, outbox, posts, users } from '../db/schema'
import { APPROVE_LINK_TTL_MS, createApproveLinkSigner } from '../services/approveLinks'
import { approveLinkEmailsConsumer } from '../services/approveLinks/emailLinks'
import { loadTokenKey } from '../services/tokenCrypto'
import { drainConsumer } from '../testing/events'
import { expectError, postFixtures, type ErrorBody, type TestPerson } from '../testing/postFixtures'
import { describeEachDatabase } from '../testing/suite'

/**
 * Approve links (issue 28) through the API: approval asked → each approver is emailed their own
 * Approve and Request changes links (built from the route registry, on the public address); the
 * approver uses one after signing in and the app's use case decides (audit entry, event); a
 * second use, an expired link (the server's clock moved) and someone else's use are refused with
 * a clear message; a double click decides once.
 */
const NOW = '2026-03-10T10:00:00.000Z'
const PUBLIC_URL = 'https://pagecrew.example'

describeEachDatabase(
  'approve links',
  (t) => {
    const { newOrg, addMember, create } = postFixtures(t, { now: NOW })

    /** Ada the admin; Mia whose posts need approval; Leo who leads Mia's team; Otto, a member with no part in it. */
    async function crew() {
      const ada = await newOrg('Ada Admin')
      const [mia, leo, otto] = [await addMember(ada, 'Mia Author'), await addMember(ada, 'Leo Leader'), await addMember(ada, 'Otto Outsider')]
      const fields = toTeamFormFields({ name: 'Sales', members: [mia.userId, leo.userId], teamLeaders: [leo.userId], requireTag: false, aISettingTemplateId: null })
      expect((await ada.client.multipart('POST', '/team/create', fields)).status).toBe(200)
      expect((await ada.client.put<Member>('/members/update', { userId: mia.userId, userApprovalFlow: true })).body).toMatchObject({ userApprovalFlow: true })
      return { ada, mia, leo, otto }
    }

    /** The server's consumer of approval.requested, read to the end (same key as the server: its data folder's). */
    const drainEmails = () => {
      const { db, clock, dataDir } = t()
      const signer = createApproveLinkSigner(() => loadTokenKey({ tokenKey: null, dataDir }))
      const mailer = createMailer({ db, clock, transport: null })
      return drainConsumer(db, clock, approveLinkEmailsConsumer({ clock, mailer, signer, baseUrl: () => PUBLIC_URL }))
    }

    /** Mia writes a post and asks for approval; the emails go out; Leo's two links. */
    async function askApproval(mia: TestPerson, leo: TestPerson, text = 'Our robots ship on Monday') {
      const post = await create(mia, { text })
      const thread = await mia.client.post<ReviewThread>('/review/submit', { postId: post.id, version: post.version })
      expect(thread.status, JSON.stringify(thread.body)).toBe(200)
      await drainEmails()
      const [leoUser] = await t().db.select({ email: users.email }).from(users).where(eq(users.id, leo.userId))
      const mails = await t().db.select().from(outbox).where(eq(outbox.to, leoUser!.email))
      const mail = mails.find((m) => m.text.includes(text))!
      expect(mail.subject).toBe('Mia Author asks you to approve a post')
      const links = [...mail.text.matchAll(/^(Approve|Request changes|Open in Pagecrew): (\S+)$/gm)].map((m) => [m[1]!, new URL(m[2]!)] as const)
      const byName = Object.fromEntries(links)
      const token = (url: URL) => {
        expect(url.origin).toBe(PUBLIC_URL)
        expect(url.searchParams.get('orgid')).toBeTruthy()
        return /^\/approve\/([0-9a-f]{96})$/.exec(url.pathname)![1]!
      }
      expect(byName['Open in Pagecrew']!.pathname).toBe('/collaborate')
      expect(byName['Open in Pagecrew']!.searchParams.get('postId')).toBe(post.id)
      return { post, approve: token(byName.Approve!), requestChanges: token(byName['Request changes']!) }
    }

    const use = (person: TestPerson, token: string, extra: Record<string, unknown> = {}, key?: string) =>
      person.client.post<ApproveLinkOutcome & ErrorBody>('/approve-links/use', { token, ...extra }, key ? { headers: { 'idempotency-key': key } } : {})

    it('emails the approver links that approve once after sign-in, with the app’s audit entry and event', async () => {
      const { mia, leo } = await crew()
      const { post, approve, requestChanges } = await askApproval(mia, leo)
      // Only hashes are kept.
      const rows = await t().db.select().from(approveLinks).where(eq(approveLinks.postId, post.id))
      expect(rows.map((r) => [r.approverUserId, r.action]).sort()).toEqual([
        [leo.userId, 'approve'],
        [leo.userId, 'request_changes']
      ])
      expect(rows.every((r) => r.tokenHash.length === 64 && r.tokenHash !== approve && r.expiresAt.getTime() - Date.parse(NOW) === APPROVE_LINK_TTL_MS)).toBe(true)

      const info = await leo.client.get<ApproveLinkInfo>('/approve-links/info', { token: approve })
      expect(info.status).toBe(200)
      expect(info.body).toMatchObject({ action: 'approve', outdated: false, post: { id: post.id, preview: 'Our robots ship on Monday', authorName: 'Mia Author' } })

      const done = await use(leo, approve)
      expect(done.status, JSON.stringify(done.body)).toBe(200)
      expect(done.body).toEqual({ outcome: 'approved', postId: post.id })
      const [row] = await t().db.select().from(posts).where(eq(posts.id, post.id))
      expect(row).toMatchObject({ approvalStatus: 'APPROVED', approvedRevision: 1, approvalDecidedBy: leo.userId })
      const audit = await t().db.select().from(auditLog).where(and(eq(auditLog.targetId, post.id), eq(auditLog.action, 'post.approved')))
      expect(audit.map((a) => a.actorUserId)).toEqual([leo.userId])
      const events = await t().db.select().from(domainEvents).where(eq(domainEvents.name, 'post.approved'))
      expect(events.filter((e) => (e.payload as { postId: string }).postId === post.id)).toHaveLength(1)

      // A second use, and the other button of the same decision, are refused.
      expectError(await use(leo, approve), 410, MESSAGES.approveLinkUsed)
      expectError(await use(leo, requestChanges, { reason: 'Too late' }), 410, MESSAGES.approveLinkUsed)
      expectError(await leo.client.get('/approve-links/info', { token: approve }), 410, MESSAGES.approveLinkUsed)
    })

    it('refuses someone other than the approver, a forged token and an expired link', async () => {
      const { ada, mia, leo, otto } = await crew()
      const { post, approve } = await askApproval(mia, leo)
      expectError(await use(otto, approve), 403, MESSAGES.approveLinkNotYours)
      // Ada may approve Mia's posts in the app, but this link was Leo's.
      expectError(await use(ada, approve), 403, MESSAGES.approveLinkNotYours)
      expectError(await otto.client.get('/approve-links/info', { token: approve }), 403, MESSAGES.approveLinkNotYours)
      const forged = `${approve.slice(0, 95)}${approve.endsWith('0') ? '1' : '0'}`
      expectError(await use(leo, forged), 404, MESSAGES.approveLinkInvalid)
      expectError(await use(leo, 'not-a-token'), 404, MESSAGES.approveLinkInvalid)
      // Signed out: 401.
      const { TestClient } = await import('../testing/harness')
      expect((await new TestClient(t().app).post('/approve-links/use', { token: approve })).status).toBe(401)

      t().clock.advance(APPROVE_LINK_TTL_MS + 60_000)
      expectError(await use(leo, approve), 410, MESSAGES.approveLinkExpired)
      const [row] = await t().db.select().from(posts).where(eq(posts.id, post.id))
      expect(row!.approvalStatus).toBe('PENDING')
    })

    it('decides once on a double click, and requests changes with a reason', async () => {
      const { mia, leo } = await crew()
      const first = await askApproval(mia, leo, 'First post')
      const [a, b] = await Promise.all([use(leo, first.approve, {}, 'key-1'), use(leo, first.approve, {}, 'key-2')])
      expect([a.status, b.status].sort()).toEqual([200, 410])
      const audit = await t().db.select().from(auditLog).where(and(eq(auditLog.targetId, first.post.id), eq(auditLog.action, 'post.approved')))
      expect(audit).toHaveLength(1)
      // The same press sent twice (one Idempotency-Key) answers the first answer again.
      const second = await askApproval(mia, leo, 'Second post')
      expectError(await use(leo, second.requestChanges), 400, MESSAGES.rejectionReasonEmpty, 'reason')
      const once = await use(leo, second.requestChanges, { reason: 'Name the launch date' }, 'press-1')
      const again = await use(leo, second.requestChanges, { reason: 'Name the launch date' }, 'press-1')
      expect(once.body).toEqual({ outcome: 'changes_requested', postId: second.post.id })
      expect(again.status).toBe(200)
      expect(again.body).toEqual(once.body)
      const [row] = await t().db.select().from(posts).where(eq(posts.id, second.post.id))
      expect(row).toMatchObject({ approvalStatus: 'REJECTED', approvalReason: 'Name the launch date' })
    })

    it('refuses a link for a revision the author changed since', async () => {
      const { mia, leo } = await crew()
      const { post, approve } = await askApproval(mia, leo)
      // Mia edits the pending post: a new revision, approval asked again by the app later.
      const [current] = await t().db.select().from(posts).where(eq(posts.id, post.id))
      const edited = await mia.client.put<Post>('/posts/update', { postId: post.id, version: current!.version, text: 'Our robots ship on Tuesday' })
      expect(edited.status, JSON.stringify(edited.body)).toBe(200)
      expect(edited.body.revision).toBe(2)
      expect((await leo.client.get<ApproveLinkInfo>('/approve-links/info', { token: approve })).body.outdated).toBe(true)
      expectError(await use(leo, approve), 409, MESSAGES.approveLinkOutdated)
    })
  },
  { config: { publicUrl: PUBLIC_URL } }
)
