import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { toTeamFormFields, type Session } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import type { JoinInfo, Member, Role, Team } from '../../shared/domain'
import { invitations, memberships, subscriptions, users } from '../db/schema'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }
type InviteBody = { member: Member; joinUrl: string; expiresAt: string }
type Actor = 'ADMIN' | 'GHOST' | 'MEMBER' | 'team leader'

const PASSWORD = 'correct horse battery staple'
const ROLES: Role[] = ['ADMIN', 'MEMBER', 'GHOST']
const ACTORS: Actor[] = ['ADMIN', 'GHOST', 'MEMBER', 'team leader']

/** Issue 12's role matrix (docs/architecture.md, "Organizations and members"): the status each actor gets. */
const INVITE: Record<Actor, Record<Role, number>> = {
  ADMIN: { ADMIN: 200, MEMBER: 200, GHOST: 200 },
  GHOST: { ADMIN: 403, MEMBER: 200, GHOST: 403 },
  MEMBER: { ADMIN: 403, MEMBER: 403, GHOST: 403 },
  'team leader': { ADMIN: 403, MEMBER: 403, GHOST: 403 }
}
/** Changing a role (from ≠ to); keeping it is covered separately. */
const UPDATE: Record<Actor, number> = { ADMIN: 200, GHOST: 403, MEMBER: 403, 'team leader': 403 }

let counter = 0
const uniqueEmail = (name: string) => `${name}-${++counter}-${Date.now().toString(36)}@example.com`
const tokenOf = (joinUrl: string) => new URL(joinUrl).searchParams.get('token')!

describeEachDatabase('who may grant which role (issue 12)', (t) => {
  let organizationId = ''
  let admin: TestClient
  const actors = {} as Record<Actor, { client: TestClient; userId: string }>
  /** An ACTIVE member of the leader's team whose role each update case sets first. */
  let target = { userId: '', email: '' }

  async function invite(client: TestClient, role: Role, email = uniqueEmail(role.toLowerCase())) {
    return client.post<InviteBody & ErrorBody>('/members/invite', { email, role })
  }

  async function join(joinUrl: string, fullName: string) {
    const client = new TestClient(t().app)
    const res = await client.post<Session>('/join/accept', { token: tokenOf(joinUrl), fullName, password: PASSWORD })
    if (res.status !== 200) throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`)
    return client
  }

  async function addMember(role: Role, fullName: string) {
    const email = uniqueEmail(fullName.split(' ')[0]!.toLowerCase())
    const res = await invite(admin, role, email)
    if (res.status !== 200) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`)
    return { client: await join(res.body.joinUrl, fullName), userId: res.body.member.id, email }
  }

  async function roleOf(userId: string): Promise<{ role: Role; status: string } | undefined> {
    const [row] = await t()
      .db.select({ role: memberships.role, status: memberships.status })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    return row
  }

  async function setRole(userId: string, role: Role) {
    await t().db.update(memberships).set({ role }).where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
  }

  beforeAll(async () => {
    admin = new TestClient(t().app)
    await admin.signup({ email: uniqueEmail('admin'), fullName: 'Ada Admin' })
    organizationId = (await admin.createOrganization('Roles Inc')).id
    // Room for every invitation the matrix makes (the trial has 5 seats).
    await t().db.update(subscriptions).set({ availableSeats: 200 }).where(eq(subscriptions.organizationId, organizationId))
    const adminId = (await admin.get<Session>('/auth')).body.userId
    actors.ADMIN = { client: admin, userId: adminId }
    // A second ADMIN, so lowering an ADMIN target never meets the last-admin rule.
    await addMember('ADMIN', 'Abe Admin')
    actors.GHOST = await addMember('GHOST', 'Gus Ghost')
    actors.MEMBER = await addMember('MEMBER', 'Mia Member')
    actors['team leader'] = await addMember('MEMBER', 'Leo Leader')
    target = await addMember('MEMBER', 'Tia Target')
    const team = await admin.multipart<Team>(
      'POST',
      '/team/create',
      toTeamFormFields({
        name: 'Crew',
        members: [actors['team leader'].userId, target.userId],
        teamLeaders: [actors['team leader'].userId],
        requireTag: false,
        aISettingTemplateId: null
      })
    )
    expect(team.status).toBe(200)
  })

  describe('POST /members/invite', () => {
    const cases = ACTORS.flatMap((actor) => ROLES.map((role) => ({ actor, role, status: INVITE[actor][role] })))
    it.each(cases)('$actor invites as $role: $status', async ({ actor, role, status }) => {
      const email = uniqueEmail(`by-${actor.replace(' ', '-').toLowerCase()}`)
      const res = await invite(actors[actor].client, role, email)
      expect(res.status).toBe(status)
      const [created] = await t().db.select({ id: users.id }).from(users).where(eq(users.email, email))
      if (status === 200) {
        expect(res.body.member).toMatchObject({ email, role, status: 'INVITED' })
        return
      }
      expect(res.body.error.code).toBe('forbidden')
      if (actor === 'GHOST') expect(res.body.error.message).toBe(MESSAGES.ghostCannotChangeRoles)
      // Refused before anything was written: no invited user, no membership, no email.
      expect(created).toBeUndefined()
    })
  })

  describe('PUT /members/update', () => {
    const changes = ACTORS.flatMap((actor) =>
      ROLES.flatMap((from) => ROLES.filter((to) => to !== from).map((to) => ({ actor, from, to, status: UPDATE[actor] })))
    )
    it.each(changes)('$actor changes $from to $to: $status', async ({ actor, from, to, status }) => {
      await setRole(target.userId, from)
      const res = await actors[actor].client.put<Member & ErrorBody>('/members/update', { userId: target.userId, role: to })
      expect(res.status).toBe(status)
      expect((await roleOf(target.userId))?.role).toBe(status === 200 ? to : from)
      if (actor === 'GHOST') expect(res.body.error.message).toBe(MESSAGES.ghostCannotChangeRoles)
    })

    it.each(ACTORS)('%s may resend the role a member already has (no grant)', async (actor) => {
      await setRole(target.userId, 'MEMBER')
      const res = await actors[actor].client.put<Member>('/members/update', { userId: target.userId, role: 'MEMBER', numberOfPosts: 2 })
      // A plain MEMBER edits nobody; the team leader may set their team member's target.
      expect(res.status).toBe(actor === 'MEMBER' ? 403 : 200)
    })

    it.each(ACTORS.filter((a) => a !== 'ADMIN'))('%s cannot promote themselves', async (actor) => {
      const before = (await roleOf(actors[actor].userId))!.role
      for (const role of ROLES.filter((r) => r !== before)) {
        const res = await actors[actor].client.put('/members/update', { userId: actors[actor].userId, role })
        expect(res.status).toBe(403)
      }
      expect((await roleOf(actors[actor].userId))?.role).toBe(before)
    })

    it("a GHOST cannot change an invitation's role either", async () => {
      const invited = await invite(admin, 'MEMBER')
      const res = await actors.GHOST.client.put<ErrorBody>('/members/update', { userId: invited.body.member.id, role: 'ADMIN' })
      expect(res.status).toBe(403)
      expect((await roleOf(invited.body.member.id))?.role).toBe('MEMBER')
    })
  })

  describe('the reported escalation', () => {
    it('a GHOST can neither invite an ADMIN nor get promoted by someone they invited', async () => {
      const ghost = actors.GHOST
      const asAdmin = await invite(ghost.client, 'ADMIN')
      expect(asAdmin.status).toBe(403)

      const asMember = await invite(ghost.client, 'MEMBER')
      expect(asMember.status).toBe(200)
      const puppet = await join(asMember.body.joinUrl, 'Pat Puppet')
      expect((await puppet.put('/members/update', { userId: ghost.userId, role: 'ADMIN' })).status).toBe(403)
      expect((await puppet.put('/members/update', { userId: actors.ADMIN.userId, role: 'MEMBER' })).status).toBe(403)

      expect((await roleOf(ghost.userId))?.role).toBe('GHOST')
      expect((await roleOf(actors.ADMIN.userId))?.role).toBe('ADMIN')
    })
  })

  describe('POST /join/accept', () => {
    it('never takes the role from the request', async () => {
      const invited = await invite(admin, 'MEMBER')
      const client = new TestClient(t().app)
      const token = tokenOf(invited.body.joinUrl)
      const res = await client.post('/join/accept', { token, fullName: 'Eve Eager', password: PASSWORD, role: 'ADMIN' })
      expect([200, 400]).toContain(res.status)
      expect((await roleOf(invited.body.member.id))?.role).toBe('MEMBER')
    })

    it('gives the invitation role while its inviter may still give it', async () => {
      for (const role of ROLES) {
        const invited = await invite(admin, role)
        await join(invited.body.joinUrl, 'Ivy Invitee')
        expect(await roleOf(invited.body.member.id)).toEqual({ role, status: 'ACTIVE' })
      }
    })

    it('joins as MEMBER when the inviter may no longer give the role (demoted, or a ghost before this rule)', async () => {
      const abe = await addMember('ADMIN', 'Bob Briefly-Admin')
      const byDemoted = await invite(abe.client, 'ADMIN')
      expect(byDemoted.status).toBe(200)
      expect((await admin.put('/members/update', { userId: abe.userId, role: 'MEMBER' })).status).toBe(200)
      await join(byDemoted.body.joinUrl, 'Dan Demoted-Inviter')
      expect(await roleOf(byDemoted.body.member.id)).toEqual({ role: 'MEMBER', status: 'ACTIVE' })

      // An ADMIN invitation a ghost made before ghosts were limited (the stored inviter is the ghost).
      for (const role of ['ADMIN', 'GHOST'] as const) {
        const legacy = await invite(admin, role)
        const membershipId = await membershipIdOf(legacy.body.member.id)
        await t().db.update(invitations).set({ invitedByUserId: actors.GHOST.userId }).where(eq(invitations.membershipId, membershipId))
        await join(legacy.body.joinUrl, 'Lee Legacy')
        expect(await roleOf(legacy.body.member.id)).toEqual({ role: 'MEMBER', status: 'ACTIVE' })
      }
    })

    it("an ADMIN raising a ghost's MEMBER invitation vouches for it", async () => {
      const invited = await invite(actors.GHOST.client, 'MEMBER')
      expect(invited.status).toBe(200)
      const raised = await admin.put<Member>('/members/update', { userId: invited.body.member.id, role: 'ADMIN' })
      expect(raised.status).toBe(200)
      const info = await new TestClient(t().app).get<JoinInfo>('/join/info', { token: tokenOf(invited.body.joinUrl) })
      expect(info.body.invitedBy).toBe('Ada Admin')
      await join(invited.body.joinUrl, 'Rae Raised')
      expect(await roleOf(invited.body.member.id)).toEqual({ role: 'ADMIN', status: 'ACTIVE' })
    })
  })

  async function membershipIdOf(userId: string): Promise<string> {
    const [row] = await t()
      .db.select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    return row!.id
  }
})
