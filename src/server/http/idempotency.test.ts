import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import type { AssignedSlot, BillingOverview, BusinessPage, BusinessPostTag, Member, PostTag, User } from '../../shared/domain'
import { zonedInstant } from '../../shared/rules'
import type { MailMessage } from '../adapters/mail/mail'
import { afterRequestCommit, inRequestTransaction, requestScopedDatabase } from '../db/requestTransaction'
import { assignedSlots, authThrottle, idempotencyKeys, memberships, outbox, postTags, subscriptions } from '../db/schema'
import { TestClient, type TestResponse } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'
import { createIdempotencyService, IDEMPOTENCY_MESSAGES, IDEMPOTENCY_TTL_MS } from '../services/idempotency'

/**
 * Issue 12, item 10 (DESIGN.md §7): a dialog's submission sent twice — a double click the client
 * missed, a retry after a lost answer, two racing copies — makes one effect, and the repeat gets
 * the first answer. On PostgreSQL the racing copies really overlap.
 */

type ErrorBody = { error: { code: string; message: string } }
type Invite = { member: Member; joinUrl: string }
type Slots = { slots: AssignedSlot[] }

const NOW = '2026-03-10T10:00:00.000Z'
const SLOT_TIME = zonedInstant('2026-03-12', '09:00', 'UTC').toISOString()
const PARALLEL = 20

let counter = 0
const uniqueEmail = (name: string) => `${name}-${++counter}-${Date.now().toString(36)}@example.com`

const delivered: MailMessage[] = []

describeEachDatabase(
  'idempotent creates',
  (t) => {
    let admin: TestClient
    let adminId: string
    let organizationId: string

    /** One account for the file (sign-ups are rate limited); each test gets a fresh organization with 30 seats. */
    async function organization(name: string) {
      t().clock.set(NOW)
      if (!admin) {
        admin = new TestClient(t().app)
        await admin.signup({ fullName: 'Ada Admin', email: uniqueEmail('admin') })
      }
      const org = await admin.createOrganization(name)
      organizationId = org.id
      await t().db.update(subscriptions).set({ availableSeats: 30 }).where(eq(subscriptions.organizationId, org.id))
      adminId = (await admin.get<User>('/user')).body.id
    }

    const send = <T = unknown>(method: 'POST' | 'PATCH', path: string, body: unknown, key?: string, client = admin) =>
      client.request<T & ErrorBody>(method, path, { body, headers: key === undefined ? {} : { 'idempotency-key': key } })

    /** Same status and the same JSON text; the repeat says it is one. */
    function expectReplay(first: TestResponse, repeat: TestResponse) {
      expect(first.status).toBeLessThan(300)
      expect(repeat.status).toBe(first.status)
      expect(JSON.stringify(repeat.body)).toBe(JSON.stringify(first.body))
      expect(first.headers['idempotent-replayed']).toBeUndefined()
      expect(repeat.headers['idempotent-replayed']).toBe('true')
    }

    const invitesTo = async (email: string) =>
      (await t().db.select().from(outbox).where(and(eq(outbox.organizationId, organizationId), eq(outbox.to, email)))).length

    it('an invitation sent twice with one key: one membership, one email, the first answer twice (without a key the repeat is a 409)', async () => {
      await organization('Invite twice')
      const email = uniqueEmail('invitee')
      const key = randomUUID()
      const first = await send<Invite>('POST', '/members/invite', { email, role: 'MEMBER' }, key)
      expect(first.status).toBe(200)
      const repeat = await send<Invite>('POST', '/members/invite', { email, role: 'MEMBER' }, key)
      expectReplay(first, repeat)
      expect(await invitesTo(email)).toBe(1)
      expect(delivered.filter((m) => m.to === email)).toHaveLength(1)
      // A new submission (a new key) is a new request: the invitation exists now.
      expect((await send('POST', '/members/invite', { email, role: 'MEMBER' }, randomUUID())).status).toBe(409)
      expect((await send('POST', '/members/invite', { email, role: 'MEMBER' })).status).toBe(409)
    })

    it('a slot series created twice with one key: one series', async () => {
      await organization('Slots twice')
      const body = { assignedUserId: [adminId], time: SLOT_TIME, comment: 'Idea', postType: 'textOnly', recurrenceType: 'weekly', recurrenceInterval: 1, recurrenceCount: 3 }
      const key = randomUUID()
      const first = await send<Slots>('POST', '/schedule/assigned-slots/create', body, key)
      expect(first.status).toBe(200)
      expect(first.body.slots).toHaveLength(3)
      expectReplay(first, await send('POST', '/schedule/assigned-slots/create', body, key))
      expect(await t().db.select().from(assignedSlots).where(eq(assignedSlots.organizationId, organizationId))).toHaveLength(3)
    })

    it('a topic tag and a business post tag created twice with one key: the first answer, not "title taken"', async () => {
      await organization('Tags twice')
      const key = randomUUID()
      const tag = { tagTitle: 'Hiring', tagColor: '#aabbcc', assignedUsers: [adminId] }
      const first = await send<PostTag>('POST', '/postTag/create', tag, key)
      expect(first.status).toBe(200)
      expectReplay(first, await send('POST', '/postTag/create', tag, key))
      expect((await send('POST', '/postTag/create', tag)).status).toBe(409)

      const page = await send<BusinessPage>('POST', '/organization/business-pages/create', { linkedInCompanyName: 'Page' })
      const businessTag = { businessPageId: page.body.id, title: 'Launch', color: '#aabbcc' }
      // The same key on another endpoint is another request.
      const other = await send<BusinessPostTag>('POST', '/businessPostTag', businessTag, key)
      expect(other.status).toBe(200)
      expectReplay(other, await send('POST', '/businessPostTag', businessTag, key))
      expect((await send('POST', '/businessPostTag', businessTag)).status).toBe(409)
    })

    it('a plan chosen twice and seats lowered twice with one key each: one invoice, one removal, the first answers', async () => {
      await organization('Billing twice')
      const key = randomUUID()
      const plan = { priceId: 'entry-monthly', seatQuantity: 4 }
      const first = await send('POST', '/billing/checkout', plan, key)
      expect(first.status, JSON.stringify(first.body)).toBe(200)
      expectReplay(first, await send('POST', '/billing/checkout', plan, key))
      expect((await send('POST', '/billing/checkout', plan)).status).toBe(409)
      expect((await admin.get<BillingOverview>('/billing/subscription')).body.invoices).toHaveLength(1)

      const invited = []
      for (let i = 0; i < 3; i++) invited.push((await send<Invite>('POST', '/members/invite', { email: uniqueEmail('seat'), role: 'MEMBER' })).body.member.id)
      const seats = { newSeatQuantity: 3, memberIdsToCancel: [invited[0]] } // 4 users on 4 seats → 3 seats, one leaves
      const seatKey = randomUUID()
      const lowered = await send('PATCH', '/billing/manage-seats', seats, seatKey)
      expect(lowered.status, JSON.stringify(lowered.body)).toBe(200)
      expectReplay(lowered, await send('PATCH', '/billing/manage-seats', seats, seatKey))
      // Without the key the repeat is judged anew: that member is gone already.
      expect((await send('PATCH', '/billing/manage-seats', seats)).status).toBe(400)
    })

    it('the same key with other content is a 422, and leaves the first answer in place', async () => {
      await organization('Mismatch')
      const key = randomUUID()
      const first = await send<PostTag>('POST', '/postTag/create', { tagTitle: 'One', tagColor: '#aabbcc', assignedUsers: [adminId] }, key)
      expect(first.status).toBe(200)
      const other = await send('POST', '/postTag/create', { tagTitle: 'Two', tagColor: '#aabbcc', assignedUsers: [adminId] }, key)
      expect(other.status).toBe(422)
      expect(other.body.error).toEqual({ code: 'idempotency_mismatch', message: IDEMPOTENCY_MESSAGES.mismatch })
      // Key order and surrounding spaces the schema trims are the same content.
      expectReplay(first, await send('POST', '/postTag/create', { assignedUsers: [adminId], tagColor: '#aabbcc', tagTitle: ' One ' }, key))
      expect(await t().db.select().from(postTags).where(eq(postTags.organizationId, organizationId))).toHaveLength(1)
    })

    it('keys are per user: another admin with the same key makes their own request', async () => {
      await organization('Per user')
      const invited = await send<Invite>('POST', '/members/invite', { email: uniqueEmail('second'), role: 'ADMIN' })
      const second = new TestClient(t().app)
      const token = new URL(invited.body.joinUrl).searchParams.get('token')!
      expect((await second.post('/join/accept', { token, fullName: 'Sam Second', password: 'correct horse battery staple' })).status).toBe(200)
      const key = randomUUID()
      const a = await send<PostTag>('POST', '/postTag/create', { tagTitle: 'Mine', tagColor: '#aabbcc', assignedUsers: [adminId] }, key)
      const b = await send<PostTag>('POST', '/postTag/create', { tagTitle: 'Yours', tagColor: '#aabbcc', assignedUsers: [adminId] }, key, second)
      expect([a.status, b.status]).toEqual([200, 200])
      expect(b.headers['idempotent-replayed']).toBeUndefined()
      expect(a.body.id).not.toBe(b.body.id)
    })

    it('a malformed key is a 400 (empty, too long, spaces, non-ASCII)', async () => {
      await organization('Bad keys')
      for (const key of ['', 'x'.repeat(256), 'two words', 'clé']) {
        const res = await admin.request<ErrorBody>('POST', '/postTag/create', {
          body: { tagTitle: 'T', tagColor: '#aabbcc', assignedUsers: [adminId] },
          headers: { 'idempotency-key': key }
        })
        expect(res.status, JSON.stringify(key)).toBe(400)
        expect(res.body.error.message).toBe(IDEMPOTENCY_MESSAGES.invalidKey)
      }
      expect((await send('POST', '/postTag/create', { tagTitle: 'T', tagColor: '#aabbcc', assignedUsers: [adminId] }, 'x'.repeat(255))).status).toBe(200)
    })

    it('a refused request keeps nothing: sent again with its key once the cause is gone, it runs', async () => {
      await organization('Refused')
      const email = uniqueEmail('again')
      const invited = await send<Invite>('POST', '/members/invite', { email, role: 'MEMBER' })
      const key = randomUUID()
      expect((await send('POST', '/members/invite', { email, role: 'MEMBER' }, key)).status).toBe(409)
      expect((await admin.delete('/members/delete', { userId: invited.body.member.id })).status).toBe(200)
      const again = await send<Invite>('POST', '/members/invite', { email, role: 'MEMBER' }, key)
      expect(again.status).toBe(200)
      expect(again.headers['idempotent-replayed']).toBeUndefined()
    })

    it('an answer is kept a day: after that the key starts over, and old keys are swept', async () => {
      await organization('A day')
      const key = randomUUID()
      const tag = { tagTitle: 'Daily', tagColor: '#aabbcc', assignedUsers: [adminId] }
      expect((await send('POST', '/postTag/create', tag, key)).status).toBe(200)
      t().clock.advance(IDEMPOTENCY_TTL_MS - 1000)
      expect((await send('POST', '/postTag/create', tag, key)).headers['idempotent-replayed']).toBe('true')
      t().clock.advance(2000)
      // Runs again: the tag exists now.
      expect((await send('POST', '/postTag/create', tag, key)).status).toBe(409)
      const kept = () => t().db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.organizationId, organizationId))
      expect(await kept()).toEqual([])

      // Keys nobody sends again are swept by later requests (at most once a minute per server).
      expect((await send('POST', '/postTag/create', { ...tag, tagTitle: 'Other' }, 'old-key')).status).toBe(200)
      t().clock.advance(IDEMPOTENCY_TTL_MS + 60_000)
      expect((await send('POST', '/postTag/create', { ...tag, tagTitle: 'Newer' }, 'new-key')).status).toBe(200)
      expect(await kept()).toEqual([{ key: 'new-key' }])
    })

    it(`${PARALLEL} copies of one submission at once: one effect, every answer the same`, async () => {
      await organization('Racing copies')
      const email = uniqueEmail('racer')
      const inviteKey = randomUUID()
      const invites = await Promise.all(Array.from({ length: PARALLEL }, () => send<Invite>('POST', '/members/invite', { email, role: 'MEMBER' }, inviteKey)))
      expect(invites.map((r) => r.status)).toEqual(Array<number>(PARALLEL).fill(200))
      expect(new Set(invites.map((r) => JSON.stringify(r.body))).size).toBe(1)
      expect(invites.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(PARALLEL - 1)
      const members = await t().db.select().from(memberships).where(eq(memberships.organizationId, organizationId))
      expect(members).toHaveLength(2)
      expect(await invitesTo(email)).toBe(1)
      expect(delivered.filter((m) => m.to === email)).toHaveLength(1)

      const slotKey = randomUUID()
      const slotBody = { assignedUserId: [adminId], time: SLOT_TIME, comment: 'Race', postType: 'textOnly' }
      const slots = await Promise.all(Array.from({ length: PARALLEL }, () => send<Slots>('POST', '/schedule/assigned-slots/create', slotBody, slotKey)))
      expect(new Set(slots.map((r) => `${r.status} ${JSON.stringify(r.body)}`)).size).toBe(1)
      expect(await t().db.select().from(assignedSlots).where(eq(assignedSlots.organizationId, organizationId))).toHaveLength(1)

      const tagKey = randomUUID()
      const tags = await Promise.all(
        Array.from({ length: PARALLEL }, () => send('POST', '/postTag/create', { tagTitle: 'Race', tagColor: '#aabbcc', assignedUsers: [adminId] }, tagKey))
      )
      expect(tags.map((r) => r.status)).toEqual(Array<number>(PARALLEL).fill(200))
      expect(new Set(tags.map((r) => JSON.stringify(r.body))).size).toBe(1)

      const checkoutKey = randomUUID()
      const checkouts = await Promise.all(
        Array.from({ length: PARALLEL }, () => send('POST', '/billing/checkout', { priceId: 'professional-monthly', seatQuantity: 30 }, checkoutKey))
      )
      expect(checkouts.map((r) => r.status)).toEqual(Array<number>(PARALLEL).fill(200))
      expect((await admin.get<BillingOverview>('/billing/subscription')).body.invoices).toHaveLength(1)
    })

    it('different submissions of one organization at once (each its own key): all run, none waits on another forever', async () => {
      await organization('Many at once')
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, () => send('POST', '/members/invite', { email: uniqueEmail('many'), role: 'MEMBER' }, randomUUID())),
        ...Array.from({ length: 10 }, (_, i) => send('POST', '/postTag/create', { tagTitle: `Tag ${i}`, tagColor: '#aabbcc', assignedUsers: [adminId] }, randomUUID())),
        ...Array.from({ length: 5 }, () =>
          send('POST', '/schedule/assigned-slots/create', { assignedUserId: [adminId], time: SLOT_TIME, comment: 'Many', postType: 'textOnly' }, randomUUID())
        )
      ])
      expect(answers.map((r) => r.status)).toEqual(Array<number>(25).fill(200))
      expect(await t().db.select().from(memberships).where(eq(memberships.organizationId, organizationId))).toHaveLength(11)
    })

    it('copies with one key but different content racing: one runs, the others with its content replay it, the rest 422', async () => {
      await organization('Racing mixed')
      const key = randomUUID()
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          send<PostTag>('POST', '/postTag/create', { tagTitle: i % 2 ? 'Odd' : 'Even', tagColor: '#aabbcc', assignedUsers: [adminId] }, key)
        )
      )
      const rows = await t().db.select().from(postTags).where(eq(postTags.organizationId, organizationId))
      expect(rows).toHaveLength(1)
      const winner = rows[0]!.title === 'Odd' ? 1 : 0
      answers.forEach((r, i) => expect(r.status, `copy ${i}`).toBe(i % 2 === winner ? 200 : 422))
    })
  },
  { mailTransport: { kind: 'recording', send: async (message) => void delivered.push(message) } }
)

describeEachDatabase('request transactions', (t) => {
  it("a request's work joins its key's transaction: a failure keeps neither the work, the key nor its mail; a success keeps all", async () => {
    const db = requestScopedDatabase(t().db)
    const service = createIdempotencyService({ db: t().db, clock: t().clock })
    const sent: string[] = []
    const request = { userId: randomUUID(), organizationId: randomUUID(), key: 'k-1', endpoint: 'POST /test', requestHash: 'h' }
    const work = (fail: boolean) => async () => {
      // Through the scoped database, as services reach it; and a service's own transaction (a savepoint here).
      await db.transaction(async (tx) => {
        await tx.insert(authThrottle).values({ keyHash: `test-${request.organizationId}`, count: 1, resetAt: t().clock.now() })
      })
      await afterRequestCommit(async () => void sent.push('mail'))
      if (fail) throw new Error('the request failed after its work')
      return { status: 200, body: '{"ok":true}' }
    }
    const stored = () => t().db.select().from(authThrottle).where(eq(authThrottle.keyHash, `test-${request.organizationId}`))

    await expect(service.run(request, work(true))).rejects.toThrow('the request failed after its work')
    expect(await stored()).toEqual([])
    expect(sent).toEqual([])
    expect(await t().db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, request.userId))).toEqual([])

    expect(await service.run(request, work(false))).toEqual({ status: 200, body: '{"ok":true}', replayed: false })
    expect(await stored()).toHaveLength(1)
    expect(sent).toEqual(['mail'])
    expect(await service.run(request, work(false))).toEqual({ status: 200, body: '{"ok":true}', replayed: true })
    expect(sent).toEqual(['mail'])
  })

  it('outside a request transaction the scoped database is the database, and after-commit work runs at once', async () => {
    const db = requestScopedDatabase(t().db)
    const keyHash = `outside-${randomUUID()}`
    await db.insert(authThrottle).values({ keyHash, count: 1, resetAt: t().clock.now() })
    expect(await t().db.select().from(authThrottle).where(eq(authThrottle.keyHash, keyHash))).toHaveLength(1)
    let ran = false
    await afterRequestCommit(async () => {
      ran = true
    })
    expect(ran).toBe(true)
    await inRequestTransaction(t().db, async () => {
      await db.delete(authThrottle).where(eq(authThrottle.keyHash, keyHash))
    })
    expect(await t().db.select().from(authThrottle).where(eq(authThrottle.keyHash, keyHash))).toEqual([])
  })
})
