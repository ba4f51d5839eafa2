import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toTeamFormFields, type Session } from '../../shared/api/contract'
import type { Member, Team } from '../../shared/domain'
import { academyContent } from '../academy/content'
import { inTransaction } from '../db/inTurn'
import { inRequestTransaction, requestScopedDatabase } from '../db/requestTransaction'
import { subscriptions } from '../db/schema'
import type { OrganizationSession } from './sessions'
import { createTestApp, TestClient, testDatabaseKinds, type TestApp } from '../testing/harness'
import { PASSWORD } from '../testing/postFixtures'
import { createAcademyService } from './academy'
import { createCertificateService } from './certificates'
import { createEntitlementService } from './entitlements'
import { createNotificationService } from './notifications'

/**
 * Services read through the request's database, which inside an idempotent request is one
 * transaction on one connection. node-postgres takes only one query at a time per connection (a
 * second one sent meanwhile is deprecated in pg 8 and refused from pg 9), so reads that run at once
 * outside a transaction must go one after another inside one.
 */

type Query = (this: pg.Client, ...args: unknown[]) => unknown

/** Counts queries sent to a node-postgres connection while an earlier one there has not answered yet. */
function watchOverlappingQueries(): { overlapping: string[]; restore(): void } {
  const original = pg.Client.prototype.query as unknown as Query
  const pending = new WeakMap<pg.Client, number>()
  const overlapping: string[] = []
  const watched: Query = function (...args) {
    const running = pending.get(this) ?? 0
    if (running > 0) {
      const query = args[0]
      overlapping.push(typeof query === 'string' ? query : String((query as { text?: unknown }).text))
    }
    pending.set(this, running + 1)
    const answered = () => pending.set(this, (pending.get(this) ?? 1) - 1)
    const callback = args.at(-1)
    if (typeof callback === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        answered()
        return (callback as (...results: unknown[]) => unknown)(...results)
      }
      return original.apply(this, args)
    }
    const result = original.apply(this, args)
    if (result instanceof Promise) result.then(answered, answered)
    else answered()
    return result
  }
  pg.Client.prototype.query = watched as unknown as typeof pg.Client.prototype.query
  return {
    overlapping,
    restore: () => {
      pg.Client.prototype.query = original as unknown as typeof pg.Client.prototype.query
    }
  }
}

const kinds = await testDatabaseKinds()

describe('what tells a transaction', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp({ manualTimers: true })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('sees the request transaction through the request-scoped database, and the database outside it', async () => {
    const db = requestScopedDatabase(app.db)
    expect(inTransaction(db)).toBe(false)
    expect(inTransaction(app.db)).toBe(false)
    await inRequestTransaction(app.db, async (tx) => {
      expect(inTransaction(db)).toBe(true)
      expect(inTransaction(tx)).toBe(true)
    })
    await app.db.transaction(async (tx) => expect(inTransaction(tx)).toBe(true))
    expect(inTransaction(db)).toBe(false)
  })
})

describe.skipIf(!kinds.includes('postgres'))('reads inside a request transaction on PostgreSQL', () => {
  let app: TestApp
  let session: OrganizationSession
  const content = academyContent()
  const shipped = content.courses[0]!

  const services = () => {
    const db = requestScopedDatabase(app.db)
    const entitlements = createEntitlementService(db, app.clock)
    const notifications = createNotificationService(db, app.clock)
    const certificates = createCertificateService({ db, clock: app.clock, notifications, entitlements })
    return { entitlements, academy: createAcademyService({ db, clock: app.clock, entitlements, notifications, certificates }) }
  }

  /** Runs `work` in a request transaction and lists the queries it sent to a connection still busy with another. */
  async function overlappingDuring(work: () => Promise<unknown>): Promise<string[]> {
    const watch = watchOverlappingQueries()
    try {
      await inRequestTransaction(app.db, work)
    } finally {
      watch.restore()
    }
    return watch.overlapping
  }

  beforeAll(async () => {
    app = await createTestApp({ database: 'postgres', manualTimers: true })
    const admin = new TestClient(app.app)
    await admin.signup({ fullName: 'Ada Admin' })
    const organization = await admin.createOrganization('Serial Co')
    const auth = (await admin.get<Session>('/auth')).body
    await app.db.update(subscriptions).set({ status: 'active', productId: 'professional' }).where(eq(subscriptions.organizationId, organization.id))
    // A lesson of its own (the organization's course), a team with a member (team progress).
    expect((await admin.post('/academy/lessons/create', { title: 'Our voice', body: 'Be kind.' })).status).toBe(200)
    const invited = await admin.post<{ member: Member; joinUrl: string }>('/members/invite', { email: 'lea@example.com', role: 'MEMBER' })
    expect(invited.status, JSON.stringify(invited.body)).toBe(200)
    const token = new URL(invited.body.joinUrl).searchParams.get('token')!
    expect((await new TestClient(app.app).post('/join/accept', { token, fullName: 'Lea Learner', password: PASSWORD })).status).toBe(200)
    const team = await admin.multipart<Team>(
      'POST',
      '/team/create',
      toTeamFormFields({ name: 'Crew', members: [invited.body.member.id], teamLeaders: [invited.body.member.id], requireTag: false, aISettingTemplateId: null })
    )
    expect(team.status, JSON.stringify(team.body)).toBe(200)
    session = {
      tokenHash: '',
      userId: auth.userId,
      email: auth.email,
      expiresAt: new Date(Date.now() + 60_000),
      organization: { id: organization.id, organizationWorkOSId: organization.organizationWorkOSId, role: 'ADMIN' }
    }
  })
  afterAll(async () => {
    await app?.close()
  })

  it('counts entitlement usage one query at a time', async () => {
    const { entitlements } = services()
    expect(await overlappingDuring(() => entitlements.list(session.organization.id))).toEqual([])
  })

  it('reads the Academy home, a course and progress one query at a time', async () => {
    const { academy } = services()
    const base = 'http://localhost'
    expect(await overlappingDuring(() => academy.home(session, base))).toEqual([])
    expect(await overlappingDuring(() => academy.course(session, shipped.slug, base))).toEqual([])
    expect(await overlappingDuring(() => academy.progress(session, { courseSlug: shipped.slug, lessonSlug: shipped.lessons[0]!.slug, completed: true }, base))).toEqual(
      []
    )
  })

  it('counts the same outside a transaction, where each read has a connection of its own', async () => {
    const { entitlements } = services()
    const watch = watchOverlappingQueries()
    try {
      const list = await entitlements.list(session.organization.id)
      expect(list.find((e) => e.lookupKey === 'TEAMS')?.currentUsage).toBe(1)
    } finally {
      watch.restore()
    }
    expect(watch.overlapping).toEqual([])
  })
})
