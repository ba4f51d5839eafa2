import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { endpoints, toTeamFormFields, type Endpoint } from '../../shared/api/contract'
import { PLAN_FEATURE_MESSAGES, refusalOf } from '../../shared/api/endpoints/access'
import { subscriptions } from '../db/schema'
import type { TestClient } from '../testing/harness'
import { expectError, postFixtures } from '../testing/postFixtures'
import { describeEachDatabase } from '../testing/suite'

/*
 * The contract's declared access (docs/api.md, "Access by endpoint") is what the server enforces,
 * for every entry at once: each call below carries no query and no body at all, so an answer other
 * than the refusal would mean the handler ran for someone the entry leaves out.
 */

const ZERO_ID = '00000000-0000-4000-8000-000000000000'
const entries = Object.entries(endpoints) as [string, Endpoint][]
const call = (client: TestClient, e: Endpoint) => client.request(e.method, e.path.replace(/:[A-Za-z]+/g, ZERO_ID))
const refusal = (e: Endpoint) => ({ status: 403, message: refusalOf(e) })
const answerOf = (res: { status: number; body: unknown }) => ({ status: res.status, message: (res.body as { error?: { message?: string } }).error?.message })

describeEachDatabase('access declared in the contract', (t) => {
  const { newOrg, addMember } = postFixtures(t)

  it('a member is refused by every entry with a role, a ghost by the ADMIN-only ones, with the entry’s message', async () => {
    const admin = await newOrg('Ada Admin')
    const member = await addMember(admin, 'Max Member')
    const ghost = await addMember(admin, 'Gus Ghost', 'GHOST')
    const withRole = entries.filter(([, e]) => e.role)
    expect(withRole.length).toBeGreaterThan(30)
    for (const [name, e] of withRole) {
      expect(answerOf(await call(member.client, e)), name).toEqual(refusal(e))
      if (e.role === 'adminOnly') expect(answerOf(await call(ghost.client, e)), name).toEqual(refusal(e))
      else expect(answerOf(await call(ghost.client, e)), name).not.toEqual(refusal(e))
    }
  })

  it('a team leader passes the role of leaderOrAdmin entries (the use case then says which team) and not of the admins’ ones', async () => {
    const admin = await newOrg('Ada Admin')
    const leader = await addMember(admin, 'Lea Leader')
    const created = await admin.client.multipart(
      'POST',
      '/team/create',
      toTeamFormFields({ name: 'Crew', members: [leader.userId], teamLeaders: [leader.userId], requireTag: false, aISettingTemplateId: null })
    )
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    for (const [name, e] of entries.filter(([, e]) => e.role)) {
      const answer = answerOf(await call(leader.client, e))
      if (e.role === 'leaderOrAdmin') expect(answer, name).not.toEqual(refusal(e))
      else expect(answer, name).toEqual(refusal(e))
    }
  })

  it('an organization without a plan feature gets a 402 with the feature’s message from every entry that needs it, admins included', async () => {
    const admin = await newOrg('Ada Admin')
    const member = await addMember(admin, 'Max Member')
    const gated = entries.filter(([, e]) => e.entitlement)
    expect(new Set(gated.map(([, e]) => e.entitlement))).toEqual(new Set(Object.keys(PLAN_FEATURE_MESSAGES)))
    // On a plan that holds them, no entry refuses for the plan.
    await t().db.update(subscriptions).set({ status: 'active', productId: 'professional' }).where(eq(subscriptions.organizationId, admin.organizationId))
    for (const [name, e] of gated) expect(answerOf(await call(admin.client, e)).status, name).not.toBe(402)
    // An expired subscription grants nothing (services/entitlements.ts).
    await t().db.update(subscriptions).set({ status: 'expired' }).where(eq(subscriptions.organizationId, admin.organizationId))
    for (const [name, e] of gated) {
      const planRefusal = { status: 402, message: PLAN_FEATURE_MESSAGES[e.entitlement!] }
      expect(answerOf(await call(admin.client, e)), name).toEqual(e.role === 'adminOnly' ? refusal(e) : planRefusal)
      // The role is checked first: a member learns nothing of the plan from an admins’ endpoint.
      expect(answerOf(await call(member.client, e)), name).toEqual(e.role ? refusal(e) : planRefusal)
    }
  })

  it('a demoted admin is refused at once (the role is the session’s current one)', async () => {
    const admin = await newOrg('Ada Admin')
    const other = await addMember(admin, 'Oli Other')
    expect((await admin.client.put('/members/update', { userId: other.userId, role: 'ADMIN' })).status).toBe(200)
    expect((await other.client.get('/organization/audit-log')).status).toBe(200)
    expect((await admin.client.put('/members/update', { userId: other.userId, role: 'MEMBER' })).status).toBe(200)
    expectError(await other.client.get('/organization/audit-log'), 403, refusalOf(endpoints.getAuditLog))
  })
})
