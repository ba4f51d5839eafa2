import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { MESSAGES } from '../../../shared/api/messages'
import { PROBLEM_CONTENT_TYPE } from '../../../shared/api/v1/contract'
import type { AssignedSlot, Member, Post } from '../../../shared/domain'
import { createLinkedInSandbox } from '../../adapters/linkedin/sandbox'
import { auditLog, domainEvents, notifications, postVersions, posts } from '../../db/schema'
import { KEY_WRITE_TITLES } from '../../services/posts/keyWrites'
import { apiKeyIssuer } from '../../testing/apiKeys'
import { postFixtures, type TestPerson } from '../../testing/postFixtures'
import { describeEachDatabase } from '../../testing/suite'
import { v1Client } from '../../testing/v1Client'
import { missingScope } from './v1Route'

/*
 * /api/v1/posts through the generated client: a key writes a draft *for* a member (never as one),
 * reads the organization's posts a keyset page at a time, and schedules or publishes now with the
 * author's rules — answered as problem details when a rule says no.
 */

const NOW = '2026-03-10T10:00:00.000Z'
const IN_ONE_HOUR = '2026-03-10T11:00:00.000Z'
const PUBLISHER_INTERVAL_MS = 5_000

describeEachDatabase(
  'public API v1: posts',
  (t) => {
    const { newOrg, addMember, connect } = postFixtures(t, { now: NOW })
    const keys = () => apiKeyIssuer({ db: t().db, clock: t().clock })

    /** Ada the admin, Mia (LinkedIn connected), Max (not connected); a key with both post scopes named "Intranet". */
    async function crew() {
      const ada = await newOrg('Ada Admin')
      const mia = await addMember(ada, 'Mia Author')
      const max = await addMember(ada, 'Max Member')
      await connect(mia)
      const issued = await keys().issue(ada.organizationId, ada.userId, ['posts:read', 'posts:write'], 'Intranet')
      return { ada, mia, max, issued, api: v1Client(t().app, issued.key) }
    }

    const problem = (res: Response) => expect(res.headers.get('content-type')).toContain(PROBLEM_CONTENT_TYPE)
    const auditOf = (organizationId: string, action: string) =>
      t()
        .db.select()
        .from(auditLog)
        .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, action)))
    const noticesOf = (person: TestPerson, title: string) =>
      t()
        .db.select()
        .from(notifications)
        .where(and(eq(notifications.userId, person.userId), eq(notifications.title, title)))

    it('writes a draft for a member once per Idempotency-Key, as the key: no person saved it, the audit log and the author’s notice name the key', async () => {
      const { ada, mia, api } = await crew()
      const body = { authorId: mia.userId, text: 'From the intranet' }
      const created = await api.POST('/posts', { body, headers: { 'Idempotency-Key': 'draft-1' } })
      expect(created.response.status).toBe(201)
      const post = created.data!
      expect(post).toMatchObject({ status: 'DRAFT', text: 'From the intranet', type: 'textOnly', version: 1, author: { id: mia.userId, fullName: 'Mia Author' } })

      const again = await api.POST('/posts', { body, headers: { 'Idempotency-Key': 'draft-1' } })
      expect(again.response.status).toBe(201)
      expect(again.response.headers.get('idempotent-replayed')).toBe('true')
      expect(again.data!.id).toBe(post.id)
      const reused = await api.POST('/posts', { body: { ...body, text: 'Other' }, headers: { 'Idempotency-Key': 'draft-1' } })
      expect(reused.response.status).toBe(422)
      problem(reused.response)
      expect(await t().db.select().from(posts).where(eq(posts.organizationId, ada.organizationId))).toHaveLength(1)

      const [revision] = await t().db.select().from(postVersions).where(eq(postVersions.postId, post.id))
      expect(revision).toMatchObject({ revision: 1, savedByUserId: null, text: 'From the intranet' })
      const [entry] = await auditOf(ada.organizationId, 'post.created')
      expect(entry).toMatchObject({ actorUserId: null, actorName: 'API key Intranet', targetType: 'post', targetId: post.id, after: { authorId: mia.userId, status: 'DRAFT' } })
      const [notice] = await noticesOf(mia, KEY_WRITE_TITLES.created)
      expect(notice?.message).toBe('API key Intranet wrote a draft for you: “From the intranet”. Check it before it is scheduled.')

      // The author finds it among their own posts in the app.
      expect((await mia.client.get<Post>('/posts/get', { postId: post.id })).body).toMatchObject({ id: post.id, status: 'DRAFT' })
      const got = await api.GET('/posts/{postId}', { params: { path: { postId: post.id } } })
      expect(got.data).toEqual(post)
    })

    it('schedules with the author’s rules and publishes now; the event names the key', async () => {
      const { ada, mia, max, issued, api } = await crew()
      const draft = (await api.POST('/posts', { body: { authorId: mia.userId, text: 'Launch day' } })).data!

      const stale = await api.POST('/posts/{postId}/schedule', { params: { path: { postId: draft.id } }, body: { version: draft.version + 1, scheduledAt: IN_ONE_HOUR } })
      expect(stale.response.status).toBe(409)
      expect(stale.error).toMatchObject({ status: 409, detail: MESSAGES.postChangedElsewhere })
      const past = await api.POST('/posts/{postId}/schedule', { params: { path: { postId: draft.id } }, body: { scheduledAt: '2026-03-10T09:00:00.000Z' } })
      expect(past.error).toMatchObject({ status: 400, detail: MESSAGES.scheduleInPast, errors: [{ pointer: '#/scheduledAt' }] })
      const noTime = await api.POST('/posts/{postId}/schedule', { params: { path: { postId: draft.id } }, body: {} })
      expect(noTime.error).toMatchObject({ status: 400, detail: MESSAGES.scheduleTimeMissing })

      const scheduled = await api.POST('/posts/{postId}/schedule', { params: { path: { postId: draft.id } }, body: { version: draft.version, scheduledAt: IN_ONE_HOUR } })
      expect(scheduled.response.status).toBe(200)
      expect(scheduled.data).toMatchObject({ id: draft.id, status: 'SCHEDULED', scheduledAt: IN_ONE_HOUR, version: draft.version + 1 })
      const [event] = await t()
        .db.select()
        .from(domainEvents)
        .where(and(eq(domainEvents.organizationId, ada.organizationId), eq(domainEvents.name, 'post.scheduled')))
      expect(event).toMatchObject({ actor: { type: 'apiKey', keyId: issued.id, name: 'Intranet' }, payload: { postId: draft.id, authorId: mia.userId, publishAt: IN_ONE_HOUR } })
      expect(await auditOf(ada.organizationId, 'post.scheduled')).toMatchObject([{ actorName: 'API key Intranet', targetId: draft.id, after: { scheduledAt: IN_ONE_HOUR } }])
      expect(await noticesOf(mia, KEY_WRITE_TITLES.scheduled)).toHaveLength(1)

      // Max has no LinkedIn connection: the author's rule, said of the author.
      const maxDraft = (await api.POST('/posts', { body: { authorId: max.userId, text: 'Not yet' } })).data!
      const unconnected = await api.POST('/posts/{postId}/publish-now', { params: { path: { postId: maxDraft.id } }, body: {} })
      expect(unconnected.error).toMatchObject({ status: 400, detail: MESSAGES.authorLinkedInNotConnected, errors: [{ pointer: '#/linkedIn' }] })

      const now = await api.POST('/posts', { body: { authorId: mia.userId, text: 'Right now' } })
      const published = await api.POST('/posts/{postId}/publish-now', { params: { path: { postId: now.data!.id } }, body: { version: 1 } })
      expect(published.response.status).toBe(200)
      expect(published.data).toMatchObject({ status: 'SCHEDULED', scheduledAt: NOW })
      expect(await t().timers!.advance(0)).toBeGreaterThanOrEqual(1)
      const after = await api.GET('/posts/{postId}', { params: { path: { postId: now.data!.id } } })
      expect(after.data).toMatchObject({ status: 'PUBLISHED', linkedInPostUrn: expect.stringMatching(/^urn:li:share:/) })
      expect(await auditOf(ada.organizationId, 'post.publish_requested')).toHaveLength(1)
      const again = await api.POST('/posts/{postId}/publish-now', { params: { path: { postId: now.data!.id } }, body: {} })
      expect(again.error).toMatchObject({ status: 409, detail: MESSAGES.postPublished })
    })

    it('needs approval where the author’s posts need it, and a slot of the author’s', async () => {
      const { ada, mia, max, api } = await crew()
      expect((await ada.client.put<Member>('/members/update', { userId: mia.userId, userApprovalFlow: true })).body).toMatchObject({ userApprovalFlow: true })
      const draft = (await api.POST('/posts', { body: { authorId: mia.userId, text: 'Needs a yes' } })).data!
      const refused = await api.POST('/posts/{postId}/schedule', { params: { path: { postId: draft.id } }, body: { scheduledAt: IN_ONE_HOUR } })
      expect(refused.error).toMatchObject({ status: 400, detail: MESSAGES.approvalRequiredToSchedule, errors: [{ pointer: '#/approval' }] })
      const fresh = await api.GET('/posts/{postId}', { params: { path: { postId: draft.id } } })
      expect(fresh.data).toMatchObject({ status: 'DRAFT', version: 1 })
      await t()
        .db.update(posts)
        .set({ approvalStatus: 'APPROVED', approvedRevision: sql`${posts.revision}`, approvalDecidedBy: ada.userId, approvalDecidedAt: t().clock.now() })
        .where(eq(posts.id, draft.id))
      expect((await api.POST('/posts/{postId}/schedule', { params: { path: { postId: draft.id } }, body: { scheduledAt: IN_ONE_HOUR } })).data).toMatchObject({
        status: 'SCHEDULED'
      })

      const slot = (await ada.client.post<{ slots: AssignedSlot[] }>('/schedule/assigned-slots/create', { assignedUserId: [max.userId], time: '2026-03-12T09:00:00.000Z', comment: 'Idea' }))
        .body.slots[0]!
      const notHers = await api.POST('/posts', { body: { authorId: mia.userId, text: 'Into Max’s slot', slotId: slot.id } })
      expect(notHers.error).toMatchObject({ status: 400, detail: MESSAGES.slotNotYours, errors: [{ pointer: '#/slotId' }] })
      const his = await api.POST('/posts', { body: { authorId: max.userId, text: 'Into my slot', slotId: slot.id } })
      expect(his.data).toMatchObject({ slotId: slot.id, author: { id: max.userId } })
    })

    it('refuses an author who is not an active member, bad input and another organization’s posts; 401, 403 and 429 as problem details', async () => {
      const { ada, mia, api } = await crew()
      const other = await newOrg('Olga Other')
      const otherKey = (await keys().issue(other.organizationId, other.userId, ['posts:read', 'posts:write'])).key
      const foreignApi = v1Client(t().app, otherKey)

      const stranger = await api.POST('/posts', { body: { authorId: other.userId, text: 'x' } })
      expect(stranger.error).toMatchObject({ status: 400, code: 'validation', detail: MESSAGES.postAuthorUnknown, errors: [{ pointer: '#/authorId' }] })
      problem(stranger.response)
      const nobody = await api.POST('/posts', { body: { text: 'x' } as never })
      expect(nobody.error).toMatchObject({ status: 400, code: 'validation', errors: [{ pointer: '#/authorId' }] })
      const tooLong = await api.POST('/posts', { body: { authorId: mia.userId, text: 'x'.repeat(20_001) } })
      expect(tooLong.error).toMatchObject({ status: 400, errors: [{ pointer: '#/text' }] })
      const badFilter = await api.GET('/posts', { params: { query: { status: 'LOST' as never } } })
      expect(badFilter.error).toMatchObject({ status: 400, errors: [{ pointer: '#/query/status' }] })
      const badCursor = await api.GET('/posts', { params: { query: { cursor: 'garbage' } } })
      expect(badCursor.response.status).toBe(400)

      const mine = (await api.POST('/posts', { body: { authorId: mia.userId, text: 'Ours alone' } })).data!
      for (const res of [
        await foreignApi.GET('/posts/{postId}', { params: { path: { postId: mine.id } } }),
        await foreignApi.POST('/posts/{postId}/schedule', { params: { path: { postId: mine.id } }, body: { scheduledAt: IN_ONE_HOUR } }),
        await foreignApi.POST('/posts/{postId}/publish-now', { params: { path: { postId: mine.id } }, body: {} })
      ]) {
        expect(res.error).toMatchObject({ status: 404, detail: MESSAGES.postNotFound })
        problem(res.response)
      }
      expect((await foreignApi.GET('/posts', {})).data).toEqual({ items: [], next: null })
      expect((await api.GET('/posts/{postId}', { params: { path: { postId: 'not-an-id' } } })).response.status).toBe(404)

      expect((await v1Client(t().app).GET('/posts', {})).response.status).toBe(401)
      const reader = v1Client(t().app, (await keys().issue(ada.organizationId, ada.userId, ['posts:read'])).key)
      expect((await reader.GET('/posts', {})).response.status).toBe(200)
      const write = await reader.POST('/posts', { body: { authorId: mia.userId, text: 'x' } })
      expect(write.error).toMatchObject({ status: 403, detail: missingScope('posts:write') })
      const planOnly = v1Client(t().app, (await keys().issue(ada.organizationId, ada.userId, ['plan:read'])).key)
      expect((await planOnly.GET('/posts', {})).error).toMatchObject({ status: 403, detail: missingScope('posts:read') })

      const counted = await keys().issue(ada.organizationId, ada.userId, ['posts:write'])
      const keyHash = createHash('sha256').update(`limit|apiKey|${counted.id}`).digest('hex')
      await t().db.execute(sql`insert into auth_throttle (key_hash, count, reset_at) values (${keyHash}, ${600}, ${new Date(t().clock.now().getTime() + 20_000).toISOString()}::timestamptz)`)
      const limited = await v1Client(t().app, counted.key).POST('/posts', { body: { authorId: mia.userId, text: 'x' } })
      expect(limited.response.status).toBe(429)
      expect(limited.response.headers.get('retry-after')).toBe('20')
      problem(limited.response)
    })

    it('lists every post of the organization newest first, a keyset page at a time, filtered by status, author and creation time', async () => {
      const { ada, mia, max, api } = await crew()
      const ids: string[] = []
      for (const [i, author] of [mia, max, mia, max, mia].entries()) {
        t().clock.set(new Date(Date.parse(NOW) + i * 60_000).toISOString())
        ids.push((await api.POST('/posts', { body: { authorId: author.userId, text: `Post ${i}` } })).data!.id)
      }
      // The admin's own post, written in the app, is the organization's too.
      t().clock.set(new Date(Date.parse(NOW) + 10 * 60_000).toISOString())
      const own = await ada.client.post<Post>('/posts/create', { text: 'Admin’s own' })
      const seen: string[] = []
      let cursor: string | undefined
      for (let page = 0; page < 10; page++) {
        const listed = await api.GET('/posts', { params: { query: { limit: 2, cursor } } })
        expect(listed.response.status).toBe(200)
        expect(listed.data!.items.length).toBeLessThanOrEqual(2)
        seen.push(...listed.data!.items.map((p) => p.id))
        if (!listed.data!.next) break
        cursor = listed.data!.next
      }
      expect(seen).toEqual([own.body.id, ...[...ids].reverse()])

      const byMax = await api.GET('/posts', { params: { query: { authorId: max.userId } } })
      expect(byMax.data!.items.map((p) => p.id)).toEqual([ids[3], ids[1]])
      const window = await api.GET('/posts', { params: { query: { from: new Date(Date.parse(NOW) + 60_000).toISOString(), to: new Date(Date.parse(NOW) + 3 * 60_000).toISOString() } } })
      expect(window.data!.items.map((p) => p.id)).toEqual([ids[2], ids[1]])
      const backwards = await api.GET('/posts', { params: { query: { from: IN_ONE_HOUR, to: NOW } } })
      expect(backwards.error).toMatchObject({ status: 400, errors: [{ pointer: '#/to' }] })
      t().clock.set(NOW)
      await api.POST('/posts/{postId}/schedule', { params: { path: { postId: ids[0]! } }, body: { scheduledAt: IN_ONE_HOUR } })
      const scheduled = await api.GET('/posts', { params: { query: { status: 'SCHEDULED' } } })
      expect(scheduled.data!.items.map((p) => p.id)).toEqual([ids[0]])
      expect((await api.GET('/posts', { params: { query: { authorId: 'nobody' } } })).data).toEqual({ items: [], next: null })
    })
  },
  {
    config: { publisherIntervalMs: PUBLISHER_INTERVAL_MS },
    // The publisher runs only when a test advances its timers.
    manualTimers: true,
    linkedInAdapter: ({ clock }) => createLinkedInSandbox({ clock })
  }
)
