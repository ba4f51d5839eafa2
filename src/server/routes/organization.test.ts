import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { Session } from '../../shared/api/contract'
import type { Entitlement, Notification, Organization, User } from '../../shared/domain'
import { ENTITLEMENT_KEYS } from '../../shared/domain'
import { isEntitled, isSubscriptionExpired } from '../../shared/rules'
import { memberships, subscriptions } from '../db/schema'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }
const DAY = 86_400_000

const onboarding = {
  organizationName: 'Acme Robotics',
  linkedInCompanyName: 'Acme Robotics Inc.',
  linkedInPageLink: 'https://www.linkedin.com/company/acme-robotics',
  linkedInWebsite: 'https://acme.example',
  industry: 'Industrial Automation',
  linkedInCompanyDescription: 'We build friendly robots.'
}

describeEachDatabase('organizations', (t) => {
  it('onboards: trial for 14 days, every entitlement but ACADEMY unlimited, welcome notification', async () => {
    const client = new TestClient(t().app)
    await client.signup({ fullName: 'Ada Admin' })

    // Before onboarding: organization endpoints ask for an organization; GET /user still works.
    const early = await client.get<ErrorBody>('/organization')
    expect(early.status).toBe(409)
    expect(early.body.error).toEqual({ code: 'no_organization', message: 'Create an organization first.' })
    expect((await client.get('/billing/verify/entitled')).status).toBe(409)
    expect((await client.get('/notification/list')).status).toBe(409)
    const userBefore = await client.get<User>('/user')
    expect(userBefore.status).toBe(200)
    expect(userBefore.body.organizations).toEqual([])
    expect(userBefore.body.userOrgSettings).toEqual([])

    const created = await client.post<{ id: string; organizationWorkOSId: string; name: string }>('/auth/create-organization', onboarding)
    expect(created.status).toBe(200)
    expect(created.body.name).toBe('Acme Robotics')
    expect(created.body.organizationWorkOSId).toMatch(/^org_[0-9A-HJKMNP-TV-Z]{26}$/)

    const session = await client.get<Session>('/auth')
    expect(session.body).toMatchObject({ organizationId: created.body.id, organizationWorkOSId: created.body.organizationWorkOSId, needsOnboarding: false })

    const org = await client.get<Organization>('/organization')
    expect(org.status).toBe(200)
    expect(org.body).toMatchObject({ id: created.body.id, name: 'Acme Robotics', users: 1 })
    expect(org.body.currentPlan).toEqual({
      availableSeats: 5,
      minSeats: 1,
      productId: null,
      productName: 'Free trial',
      status: 'trialing',
      endsAt: null,
      trialEndsAt: new Date(t().clock.now().getTime() + 14 * DAY).toISOString()
    })
    expect(org.body.organizationBusinessPages).toEqual([
      {
        id: expect.any(String),
        image: null,
        linkedInCompanyName: 'Acme Robotics Inc.',
        linkedInWebsite: 'https://acme.example',
        linkedInCompanyDescription: 'We build friendly robots.',
        linkedInPageLink: 'https://www.linkedin.com/company/acme-robotics',
        aiSettingTemplate: { industries: [{ industry: 'Industrial Automation' }] }
      }
    ])

    const entitlements = await client.get<Entitlement[]>('/billing/verify/entitled')
    expect(entitlements.status).toBe(200)
    expect(entitlements.body.map((e) => e.lookupKey).sort()).toEqual(ENTITLEMENT_KEYS.filter((k) => k !== 'ACADEMY').sort())
    expect(entitlements.body.every((e) => e.limit === 0)).toBe(true)
    expect(entitlements.body.find((e) => e.lookupKey === 'BUSINESS_PAGES')?.currentUsage).toBe(1)
    expect(isEntitled(entitlements.body, 'TEAMS')).toBe(true)
    expect(isEntitled(entitlements.body, 'ACADEMY')).toBe(false)

    const list = await client.get<Notification[]>('/notification/list')
    expect(list.body).toEqual([
      {
        id: expect.any(String),
        title: 'Welcome to Pagecrew 🎉',
        message: expect.stringContaining('Acme Robotics'),
        read: false,
        link: '/dashboard',
        createdAt: t().clock.now().toISOString()
      }
    ])

    const user = await client.get<User>('/user')
    expect(user.body.organizations).toEqual([
      { id: created.body.id, name: 'Acme Robotics', organizationWorkOSId: created.body.organizationWorkOSId, unreadNotificationCount: 1 }
    ])
    expect(user.body.userOrgSettings).toEqual([
      { role: 'ADMIN', status: 'ACTIVE', assignedNumberOfPosts: 0, organizationId: created.body.id, organizationWorkOSId: created.body.organizationWorkOSId, postTags: [] }
    ])
  })

  it('creates an organization without a company page when none is named', async () => {
    const client = new TestClient(t().app)
    await client.signup()
    await client.createOrganization('Bare Org')
    const org = await client.get<Organization>('/organization')
    expect(org.body.organizationBusinessPages).toEqual([])
    const entitlements = await client.get<Entitlement[]>('/billing/verify/entitled')
    expect(entitlements.body.find((e) => e.lookupKey === 'BUSINESS_PAGES')?.currentUsage).toBe(0)
  })

  it('validates onboarding fields', async () => {
    const client = new TestClient(t().app)
    await client.signup()
    const res = await client.post<ErrorBody>('/auth/create-organization', { organizationName: ' ', linkedInWebsite: 'acme' })
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toEqual({
      organizationName: 'Enter the organization name.',
      linkedInWebsite: 'Enter a full address starting with https://'
    })
  })

  it('grants nothing once the trial has ended', async () => {
    const client = new TestClient(t().app)
    await client.signup()
    const org = await client.createOrganization('Short Trial')
    const [row] = await t().db.select().from(subscriptions).where(eq(subscriptions.organizationId, org.id))
    await t().db.update(subscriptions).set({ trialEndsAt: new Date(t().clock.now().getTime() - 1000) }).where(eq(subscriptions.id, row!.id))
    const plan = (await client.get<Organization>('/organization')).body.currentPlan
    expect(isSubscriptionExpired(plan, t().clock.now())).toBe(true)
    expect((await client.get<Entitlement[]>('/billing/verify/entitled')).body).toEqual([])
  })

  it('creates a second organization, lists both, and switches between them', async () => {
    const client = new TestClient(t().app)
    await client.signup()
    const first = await client.createOrganization('First Co')
    const second = await client.createOrganization('Second Co')

    const afterCreate = await client.get<Session>('/auth')
    expect(afterCreate.body.organizationId).toBe(second.id)

    const user = await client.get<User>('/user')
    expect(user.body.organizations.map((o) => o.name)).toEqual(['First Co', 'Second Co'])
    expect(user.body.organizations.map((o) => o.unreadNotificationCount)).toEqual([1, 1])
    expect(user.body.userOrgSettings[0]?.organizationId).toBe(second.id)

    const switched = await client.post<Session>('/auth/switch-organization', { organizationWorkOSId: first.organizationWorkOSId })
    expect(switched.status).toBe(200)
    expect(switched.body).toMatchObject({ organizationId: first.id, organizationWorkOSId: first.organizationWorkOSId, needsOnboarding: false })
    expect((await client.get<Organization>('/organization')).body.name).toBe('First Co')
    const userAfter = await client.get<User>('/user')
    expect(userAfter.body.userOrgSettings.map((s) => s.organizationId)).toEqual([first.id, second.id])
  })

  it('refuses to switch to an organization the user is not in (404)', async () => {
    const owner = new TestClient(t().app)
    await owner.signup()
    const theirs = await owner.createOrganization('Private Co')

    const outsider = new TestClient(t().app)
    await outsider.signup()
    const mine = await outsider.createOrganization('Mine')
    const res = await outsider.post<ErrorBody>('/auth/switch-organization', { organizationWorkOSId: theirs.organizationWorkOSId })
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('not_found')
    const unknown = await outsider.post('/auth/switch-organization', { organizationWorkOSId: 'org_DOESNOTEXIST' })
    expect(unknown.status).toBe(404)
    expect((await outsider.get<Session>('/auth')).body.organizationId).toBe(mine.id)
  })

  it('does not switch to an organization where the membership is only INVITED', async () => {
    const owner = new TestClient(t().app)
    await owner.signup()
    const org = await owner.createOrganization('Inviting Co')
    const invitee = new TestClient(t().app)
    await invitee.signup()
    const inviteeId = (await invitee.get<Session>('/auth')).body.userId
    const now = t().clock.now()
    await t().db.insert(memberships).values({ id: randomUUID(), organizationId: org.id, userId: inviteeId, role: 'MEMBER', status: 'INVITED', createdAt: now, updatedAt: now })
    expect((await invitee.post('/auth/switch-organization', { organizationWorkOSId: org.organizationWorkOSId })).status).toBe(404)
    const user = await invitee.get<User>('/user')
    expect(user.body.organizations).toEqual([])
    expect(user.body.userOrgSettings.map((s) => s.status)).toEqual(['INVITED'])
  })

  it('treats a session whose membership is gone as having no organization', async () => {
    const client = new TestClient(t().app)
    await client.signup()
    const org = await client.createOrganization('Leaving Co')
    const userId = (await client.get<Session>('/auth')).body.userId
    await t().db.delete(memberships).where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, userId)))
    const session = await client.get<Session>('/auth')
    expect(session.body).toMatchObject({ organizationId: null, organizationWorkOSId: null, needsOnboarding: true })
    expect((await client.get('/organization')).status).toBe(409)
    expect((await client.get('/notification/list')).status).toBe(409)
    expect((await client.get<User>('/user')).body.organizations).toEqual([])
  })

  it('lets ADMIN and GHOST rename the organization, not MEMBER (403)', async () => {
    const admin = new TestClient(t().app)
    await admin.signup()
    const org = await admin.createOrganization('Old Name')
    const renamed = await admin.put<Organization>('/organization/settings/organization/update', { name: '  New Name ' })
    expect(renamed.status).toBe(200)
    expect(renamed.body.name).toBe('New Name')

    const member = new TestClient(t().app)
    await member.signup()
    const memberId = (await member.get<Session>('/auth')).body.userId
    const now = t().clock.now()
    await t().db.insert(memberships).values({ id: randomUUID(), organizationId: org.id, userId: memberId, role: 'MEMBER', status: 'ACTIVE', createdAt: now, updatedAt: now })
    expect((await member.post('/auth/switch-organization', { organizationWorkOSId: org.organizationWorkOSId })).status).toBe(200)
    const denied = await member.put<ErrorBody>('/organization/settings/organization/update', { name: 'Hijacked' })
    expect(denied.status).toBe(403)
    expect(denied.body.error.code).toBe('forbidden')
    const seen = await member.get<Organization>('/organization')
    expect(seen.body.name).toBe('New Name')
    expect(seen.body.users).toBe(2)
    const memberUser = await member.get<User>('/user')
    expect(memberUser.body.userOrgSettings[0]).toMatchObject({ role: 'MEMBER', organizationId: org.id })

    await t().db.update(memberships).set({ role: 'GHOST' }).where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, memberId)))
    const ghost = await member.put<Organization>('/organization/settings/organization/update', { name: 'Ghost Name' })
    expect(ghost.status).toBe(200)
    expect(ghost.body.name).toBe('Ghost Name')

    const invalid = await admin.put<ErrorBody>('/organization/settings/organization/update', { name: '' })
    expect(invalid.status).toBe(400)
    expect(invalid.body.error.fields).toEqual({ name: 'Enter the organization name.' })
  })
})
