import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Session } from '../../../shared/api/contract'
import { MESSAGES } from '../../../shared/api/messages'
import type { Member, User } from '../../../shared/domain'
import { PROBLEM_CONTENT_TYPE } from '../../../shared/api/v1/contract'
import { domainEvents, notifications, subscriptions } from '../../db/schema'
import { apiKeyIssuer } from '../../testing/apiKeys'
import { TestClient } from '../../testing/harness'
import { openSecondProcess } from '../../testing/secondProcess'
import { describeEachDatabase } from '../../testing/suite'
import { v1Client } from '../../testing/v1Client'
import { INVALID_KEY, MISSING_KEY, missingScope } from './v1Route'

/* /api/v1 per endpoint group, through the generated client (openapi-fetch + v1Api.gen.ts) with Bearer keys. */

const NOW = '2026-03-10T10:00:00.000Z'
/** Tuesday 17 March 2026, 09:00 UTC: a quarter hour in the window. */
const FIRST = '2026-03-17T09:00:00.000Z'
const WEEK = 7 * 24 * 3600_000
describeEachDatabase('public API v1', (t) => {
    const keys = () => apiKeyIssuer({ db: t().db, clock: t().clock })
    async function newOrg(name: string) {
      t().clock.set(NOW)
      const admin = new TestClient(t().app)
      await admin.signup({ fullName: `${name} Admin` })
      const org = await admin.createOrganization(name)
      await t().db.update(subscriptions).set({ availableSeats: 30 }).where(eq(subscriptions.organizationId, org.id))
      const adminId = (await admin.get<User>('/user')).body.id
      const members: { id: string; client: TestClient }[] = []
      for (const fullName of [`${name} Mia`, `${name} Max`]) {
        const invited = await admin.post<{ member: Member; joinUrl: string }>('/members/invite', { email: `${fullName.replace(/\W/g, '').toLowerCase()}-${Date.now()}@example.com`, role: 'MEMBER' })
        const client = new TestClient(t().app)
        const joined = await client.post<Session>('/join/accept', { token: new URL(invited.body.joinUrl).searchParams.get('token')!, fullName, password: 'correct horse battery staple' })
        expect(joined.status).toBe(200)
        members.push({ id: invited.body.member.id, client })
      }
      return { org, admin, adminId, members }
    }

    const problem = (res: Response) => {
      expect(res.headers.get('content-type')).toContain(PROBLEM_CONTENT_TYPE)
    }

    describe('slots', () => {
      it('creates a weekly series for two members once per Idempotency-Key, as the key (never a person), and pages through it', async () => {
        const { org, adminId, members } = await newOrg('Series Co')
        const issued = await keys().issue(org.id, adminId, ['plan:read', 'plan:write'], 'Intranet sync')
        const api = v1Client(t().app, issued.key)
        const body = { assigneeIds: members.map((m) => m.id), time: FIRST, comment: 'Launch week', recurrence: { type: 'weekly' as const, count: 4 } }
        const created = await api.POST('/slots', { body, headers: { 'Idempotency-Key': 'series-1' } })
        expect(created.response.status).toBe(201)
        const slots = created.data!.slots
        expect(slots).toHaveLength(8)
        expect(new Set(slots.map((s) => s.assignee.id))).toEqual(new Set(members.map((m) => m.id)))
        expect(slots.filter((s) => s.assignee.id === members[0]!.id).map((s) => s.time).sort()).toEqual([0, 1, 2, 3].map((i) => new Date(Date.parse(FIRST) + i * WEEK).toISOString()))
        expect(slots.every((s) => s.createdBy === null && s.recurrence?.type === 'weekly' && s.canEdit)).toBe(true)

        const again = await api.POST('/slots', { body, headers: { 'Idempotency-Key': 'series-1' } })
        expect(again.response.status).toBe(201)
        expect(again.response.headers.get('idempotent-replayed')).toBe('true')
        expect(again.data!.slots.map((s) => s.id)).toEqual(slots.map((s) => s.id))
        const reused = await api.POST('/slots', { body: { ...body, comment: 'Other' }, headers: { 'Idempotency-Key': 'series-1' } })
        expect(reused.response.status).toBe(422)
        problem(reused.response)

        // The key is the actor of the events and is named in the assignees' notification.
        const events = await t().db.select().from(domainEvents).where(and(eq(domainEvents.organizationId, org.id), eq(domainEvents.name, 'slot.assigned')))
        expect(events).toHaveLength(8)
        for (const event of events) expect(event.actor).toEqual({ type: 'apiKey', keyId: issued.id, name: 'Intranet sync' })
        const [notice] = await t().db.select().from(notifications).where(eq(notifications.userId, members[0]!.id))
        expect(notice?.message).toMatch(/^API key Intranet sync assigned you a posting slot on .* \(×4\)\.$/)

        const seen: string[] = []
        let cursor: string | undefined
        for (let page = 0; page < 5; page++) {
          const listed = await api.GET('/slots', { params: { query: { limit: 3, cursor } } })
          expect(listed.response.status).toBe(200)
          seen.push(...listed.data!.items.map((s) => s.id))
          if (!listed.data!.next) break
          cursor = listed.data!.next
        }
        expect(seen).toEqual([...slots].sort((a, b) => a.time.localeCompare(b.time) || a.id.localeCompare(b.id)).map((s) => s.id))
        const ranged = await api.GET('/slots', { params: { query: { from: FIRST, to: new Date(Date.parse(FIRST) + WEEK).toISOString(), assigneeId: members[1]!.id } } })
        expect(ranged.data!.items.map((s) => s.assignee.id)).toEqual([members[1]!.id])
      })

      it('moves, and deletes the rest of a series; another organization’s slot is a 404', async () => {
        const a = await newOrg('Move Co')
        const b = await newOrg('Other Co')
        const api = v1Client(t().app, (await keys().issue(a.org.id, a.adminId, ['plan:read', 'plan:write'])).key)
        const other = v1Client(t().app, (await keys().issue(b.org.id, b.adminId, ['plan:read', 'plan:write'])).key)
        const created = await api.POST('/slots', { body: { assigneeIds: [a.members[0]!.id], time: FIRST, recurrence: { type: 'weekly', count: 3 } } })
        const [first, second] = created.data!.slots.sort((x, y) => x.time.localeCompare(y.time))
        const moved = await api.PATCH('/slots/{slotId}', { params: { path: { slotId: first!.id } }, body: { time: '2026-03-17T11:30:00.000Z', comment: 'Later' } })
        expect(moved.response.status).toBe(200)
        expect(moved.data!.slots).toMatchObject([{ id: first!.id, time: '2026-03-17T11:30:00.000Z', comment: 'Later' }])

        const foreign = await other.DELETE('/slots/{slotId}', { params: { path: { slotId: second!.id }, query: { scope: 'series' } } })
        expect(foreign.response.status).toBe(404)
        problem(foreign.response)
        expect(foreign.error).toMatchObject({ status: 404, code: 'not_found', type: 'urn:pagecrew:problem:not_found' })
        const notAnId = await api.PATCH('/slots/{slotId}', { params: { path: { slotId: 'nope' } }, body: { comment: 'x' } })
        expect(notAnId.response.status).toBe(404)

        const deleted = await api.DELETE('/slots/{slotId}', { params: { path: { slotId: second!.id }, query: { scope: 'series' } } })
        expect(deleted.data).toEqual({ deleted: 2 })
        expect((await api.GET('/slots', {})).data!.items.map((s) => s.id)).toEqual([first!.id])
      })

      it('answers a client mistake with problem details and field pointers, never a 500', async () => {
        const { org, adminId, members } = await newOrg('Mistake Co')
        const writer = (await keys().issue(org.id, adminId, ['plan:write', 'plan:read'])).key
        const api = v1Client(t().app, writer)
        const badTime = await api.POST('/slots', { body: { assigneeIds: [members[0]!.id], time: 'tomorrow' } })
        expect(badTime.response.status).toBe(400)
        problem(badTime.response)
        expect(badTime.error).toMatchObject({ status: 400, code: 'validation', title: expect.any(String), detail: expect.any(String), errors: [{ pointer: '#/time', detail: expect.any(String) }] })
        const offGrid = await api.POST('/slots', { body: { assigneeIds: [members[0]!.id], time: '2026-03-17T09:07:00.000Z' } })
        expect(offGrid.response.status).toBe(400)
        expect(offGrid.error).toMatchObject({ detail: MESSAGES.slotTimeNotOption, errors: [{ pointer: '#/time' }] })
        const stranger = await api.POST('/slots', { body: { assigneeIds: ['00000000-0000-4000-8000-000000000000'], time: FIRST } })
        expect(stranger.error).toMatchObject({ status: 400, detail: MESSAGES.slotMemberUnknown })
        const badQuery = await api.GET('/slots', { params: { query: { limit: 0 } } })
        expect(badQuery.error).toMatchObject({ status: 400, errors: [{ pointer: '#/query/limit' }] })
        const badCursor = await api.GET('/slots', { params: { query: { cursor: 'garbage' } } })
        expect(badCursor.response.status).toBe(400)
        const notJson = await t().app.inject({ method: 'POST', url: '/api/v1/slots', headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/json' }, payload: '{' })
        expect(notJson.statusCode).toBe(400)
        expect(notJson.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE)
        const unknown = await t().app.inject({ method: 'GET', url: '/api/v1/nothing-here' })
        expect(unknown.statusCode).toBe(404)
        expect(unknown.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE)
      })
    })

    describe('the Bearer step', () => {
      it('401 without a key, with a cookie only or a revoked key; 403 without the scope; 402 without the API feature; 429 over the key’s limit', async () => {
        const { org, admin, adminId } = await newOrg('Gate Co')
        const none = await v1Client(t().app).GET('/slots', {})
        expect(none.response.status).toBe(401)
        expect(none.response.headers.get('www-authenticate')).toMatch(/^Bearer/)
        expect(none.error).toMatchObject({ status: 401, detail: MISSING_KEY })
        // The app's session cookie is no credential here.
        const cookie = await t().app.inject({ method: 'GET', url: '/api/v1/slots', headers: { cookie: `pagecrew_session=${admin.cookie}` } })
        expect(cookie.statusCode).toBe(401)
        const wrong = await v1Client(t().app, 'pck_ABCDEFGH_not-a-key').GET('/slots', {})
        expect(wrong.error).toMatchObject({ status: 401, detail: INVALID_KEY })

        const reader = await keys().issue(org.id, adminId, ['plan:read'])
        const api = v1Client(t().app, reader.key)
        expect((await api.GET('/slots', {})).response.status).toBe(200)
        const write = await api.POST('/slots', { body: { assigneeIds: [], time: FIRST } })
        expect(write.error).toMatchObject({ status: 403, detail: missingScope('plan:write') })
        await reader.revoke()
        expect((await api.GET('/slots', {})).response.status).toBe(401)

        const counted = await keys().issue(org.id, adminId, ['plan:read'])
        const keyHash = createHash('sha256').update(`limit|apiKey|${counted.id}`).digest('hex')
        await t().db.execute(sql`insert into auth_throttle (key_hash, count, reset_at) values (${keyHash}, ${600}, ${new Date(t().clock.now().getTime() + 30_000).toISOString()}::timestamptz)`)
        const limited = await v1Client(t().app, counted.key).GET('/slots', {})
        expect(limited.response.status).toBe(429)
        expect(limited.response.headers.get('retry-after')).toBe('30')
        problem(limited.response)

        const fresh = await keys().issue(org.id, adminId, ['plan:read'])
        await t().db.update(subscriptions).set({ status: 'active', productId: 'entry', trialEndsAt: null }).where(eq(subscriptions.organizationId, org.id))
        const outside = await v1Client(t().app, fresh.key).GET('/slots', {})
        expect(outside.error).toMatchObject({ status: 402, detail: MESSAGES.apiNotInPlan })
      })
    })

    describe('two server processes', () => {
      it('a series made through one process is listed by the other; once the key is revoked both answer 401 on the next call', async () => {
        const { org, adminId, members } = await newOrg('Twin Co')
        const second = await openSecondProcess(t())
        try {
          const issued = await keys().issue(org.id, adminId, ['plan:read', 'plan:write'])
          const here = v1Client(t().app, issued.key)
          const there = v1Client(second.app, issued.key)
          const created = await here.POST('/slots', { body: { assigneeIds: members.map((m) => m.id), time: FIRST, recurrence: { type: 'weekly', count: 2 } } })
          expect(created.response.status).toBe(201)
          expect((await there.GET('/slots', {})).data!.items.map((s) => s.id).sort()).toEqual(created.data!.slots.map((s) => s.id).sort())
          await issued.revoke()
          expect((await here.GET('/slots', {})).response.status).toBe(401)
          expect((await there.GET('/slots', {})).response.status).toBe(401)
        } finally {
          await second.close()
        }
      })
    })

    describe('the document and the reference page', () => {
      it('serves the OpenAPI document and Swagger UI from this server without a key, under a policy that allows nothing else', async () => {
        const doc = await t().app.inject({ method: 'GET', url: '/api/v1/openapi.json' })
        expect(doc.statusCode).toBe(200)
        expect(JSON.parse(doc.body)).toMatchObject({ openapi: '3.1.0', components: { securitySchemes: { apiKey: { scheme: 'bearer' } } } })
        const page = await t().app.inject({ method: 'GET', url: '/api/v1/reference' })
        expect(page.statusCode).toBe(200)
        expect(page.headers['content-security-policy']).toMatch(/default-src 'none'; script-src 'self';/)
        const scripts = [...page.body.matchAll(/<(?:script src|link rel="stylesheet" href)="([^"]+)"/g)].map((m) => m[1]!)
        expect(scripts).toEqual(['/api/v1/reference/swagger-ui.css', '/api/v1/reference/swagger-ui-bundle.js', '/api/v1/reference/init.js'])
        for (const url of scripts) {
          const asset = await t().app.inject({ method: 'GET', url })
          expect(asset.statusCode, url).toBe(200)
          expect(asset.body.length).toBeGreaterThan(url.endsWith('init.js') ? 10 : 10_000)
        }
        expect((await t().app.inject({ method: 'GET', url: '/api/v1/reference/init.js' })).body).toContain("url: \"/api/v1/openapi.json\"")
      })
    })

    describe('members and analytics', () => {
      it('lists members a keyset page at a time, and reads the organization’s results', async () => {
        const { org, adminId, members } = await newOrg('Reader Co')
        const b = await newOrg('Hidden Co')
        const api = v1Client(t().app, (await keys().issue(org.id, adminId, ['members:read', 'analytics:read'])).key)
        const ids: string[] = []
        let cursor: string | undefined
        do {
          const page = await api.GET('/members', { params: { query: { limit: 1, cursor } } })
          expect(page.response.status).toBe(200)
          expect(page.data!.items.length).toBeLessThanOrEqual(1)
          ids.push(...page.data!.items.map((m) => m.id))
          cursor = page.data!.next ?? undefined
        } while (cursor)
        expect(ids.sort()).toEqual([adminId, ...members.map((m) => m.id)].sort())
        expect(ids).not.toContain(b.adminId)

        const period = { from: '2026-03-01T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' }
        const perMember = await api.GET('/analytics/members', { params: { query: period } })
        expect(perMember.response.status).toBe(200)
        expect(perMember.data!.totals.posts).toBe(0)
        expect((await api.GET('/analytics/teams', { params: { query: period } })).response.status).toBe(200)
        // A key has no time zone: days are UTC ones unless the query names a zone.
        const series = await api.GET('/analytics/timeseries', { params: { query: period } })
        expect(series.data!.days.map((d) => d.date)).toEqual(Array.from({ length: 31 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`))
        const berlin = await api.GET('/analytics/timeseries', { params: { query: { ...period, timezone: 'Europe/Berlin' } } })
        expect(berlin.data!.days).toHaveLength(32)
        const posts = await api.GET('/analytics/posts', { params: { query: { ...period, limit: 10 } } })
        expect(posts.data).toMatchObject({ rows: [], total: 0, next: null })
        const backwards = await api.GET('/analytics/posts', { params: { query: { from: period.to, to: period.from } } })
        expect(backwards.error).toMatchObject({ status: 400, errors: [{ pointer: '#/to' }] })
        const foreignFilter = await api.GET('/analytics/members', { params: { query: { ...period, memberId: b.adminId } } })
        expect(foreignFilter.response.status).toBe(404)
      })
    })
})
