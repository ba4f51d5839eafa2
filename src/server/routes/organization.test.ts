import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { Session } from '../../shared/api/contract'
import type { Entitlement, Organization, User } from '../../shared/domain'
import { ENTITLEMENT_KEYS } from '../../shared/domain'
import { isEntitled, isSubscriptionExpired } from '../../shared/rules'
import { memberships, subscriptions } from '../db/schema'
import { createNotificationService } from '../services/notifications'
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

describeEachDatabase('organizations and notifications', (t) => {
  describe('organizations', () => {
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
          aiSettingTemplate: { industries: [{ industry: 'Industrial Automation' }] },
          aiSettingTemplateId: expect.any(String)
        }
      ])
      expect(org.body.defaultBusinessPageId).toBeNull()

      const entitlements = await client.get<Entitlement[]>('/billing/verify/entitled')
      expect(entitlements.status).toBe(200)
      expect(entitlements.body.map((e) => e.lookupKey).sort()).toEqual(ENTITLEMENT_KEYS.filter((k) => k !== 'ACADEMY').sort())
      expect(entitlements.body.every((e) => e.limit === 0)).toBe(true)
      expect(entitlements.body.find((e) => e.lookupKey === 'BUSINESS_PAGES')?.currentUsage).toBe(1)
      expect(isEntitled(entitlements.body, 'TEAMS')).toBe(true)
      expect(isEntitled(entitlements.body, 'ACADEMY')).toBe(false)

      const list = await client.notifications()
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
      // The company page she named is hers to post as at once, without linking herself in Members first.
      const pageId = org.body.organizationBusinessPages[0]!.id
      expect(user.body.userOrgBusinessPages.map((p) => p.businessPageId)).toEqual([pageId])
      const asPage = await client.post<{ businessPage: { id: string } | null }>('/posts/create', { text: 'Hello from Acme', businessPageId: pageId })
      expect(asPage.status, JSON.stringify(asPage.body)).toBe(200)
      expect(asPage.body.businessPage?.id).toBe(pageId)
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

    it('treats a session whose only membership is gone as having no organization', async () => {
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

    it('moves a session whose membership is gone to the user\'s other organization, never back', async () => {
      const client = new TestClient(t().app)
      await client.signup()
      const stay = await client.createOrganization('Stay Co')
      const leave = await client.createOrganization('Leave Co')
      const userId = (await client.get<Session>('/auth')).body.userId
      await t().db.delete(memberships).where(and(eq(memberships.organizationId, leave.id), eq(memberships.userId, userId)))
      const session = await client.get<Session>('/auth')
      expect(session.body).toMatchObject({ organizationId: stay.id, organizationWorkOSId: stay.organizationWorkOSId, needsOnboarding: false })
      expect((await client.get<Organization>('/organization')).body.name).toBe('Stay Co')
      expect((await client.notifications()).body.every((n) => !n.message.includes('Leave Co'))).toBe(true)
      expect((await client.post('/auth/switch-organization', { organizationWorkOSId: leave.organizationWorkOSId })).status).toBe(404)
      expect((await client.get<User>('/user')).body.organizations.map((o) => o.name)).toEqual(['Stay Co'])
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

  describe('notifications', () => {
    async function member(orgName: string) {
      const client = new TestClient(t().app)
      await client.signup()
      const org = await client.createOrganization(orgName)
      const userId = (await client.get<Session>('/auth')).body.userId
      return { client, org, userId }
    }

    it('lists newest first and marks one read, then all', async () => {
      const { client, org, userId } = await member('Notify Co')
      const notifier = createNotificationService(t().db, t().clock)
      t().clock.advance(1000)
      await notifier.notify({ organizationId: org.id, userId, title: 'Slot assigned ✍️', message: 'You have a new slot.', link: '/schedule' })
      t().clock.advance(1000)
      await notifier.notify({ organizationId: org.id, userId, title: 'Post approved ✅', message: 'Ready to publish.' })

      const list = await client.notifications()
      expect(list.body.map((n) => n.title)).toEqual(['Post approved ✅', 'Slot assigned ✍️', 'Welcome to Pagecrew 🎉'])
      expect(list.body[0]?.link).toBeNull()
      expect((await client.get<User>('/user')).body.organizations[0]?.unreadNotificationCount).toBe(3)

      const one = await client.put<{ updated: number }>('/notification/mark-as-read', { id: list.body[1]!.id })
      expect(one.body).toEqual({ updated: 1 })
      const again = await client.put<{ updated: number }>('/notification/mark-as-read', { id: list.body[1]!.id })
      expect(again.body).toEqual({ updated: 0 })
      const afterOne = await client.notifications()
      expect(afterOne.body.map((n) => n.read)).toEqual([false, true, false])
      expect((await client.get<User>('/user')).body.organizations[0]?.unreadNotificationCount).toBe(2)

      const all = await client.put<{ updated: number }>('/notification/mark-as-read')
      expect(all.body).toEqual({ updated: 2 })
      expect((await client.notifications()).body.every((n) => n.read)).toBe(true)
      expect((await client.get<User>('/user')).body.organizations[0]?.unreadNotificationCount).toBe(0)
      expect((await client.put<{ updated: number }>('/notification/mark-as-read', {})).body).toEqual({ updated: 0 })
    })

    it('returns at most 100', async () => {
      const { client, org, userId } = await member('Busy Co')
      const notifier = createNotificationService(t().db, t().clock)
      for (let i = 0; i < 105; i++) {
        t().clock.advance(1)
        await notifier.notify({ organizationId: org.id, userId, title: `n${i}`, message: 'm' })
      }
      const list = await client.notifications()
      expect(list.body).toHaveLength(100)
      expect(list.body[0]?.title).toBe('n104')
    })

    it('answers 404 for unknown and malformed ids', async () => {
      const { client } = await member('Strict Co')
      expect((await client.put<ErrorBody>('/notification/mark-as-read', { id: randomUUID() })).status).toBe(404)
      expect((await client.put<ErrorBody>('/notification/mark-as-read', { id: 'not-a-uuid' })).status).toBe(404)
    })

    it('keeps organizations apart (tenant isolation)', async () => {
      const a = await member('Org A')
      const b = await member('Org B')
      const notifier = createNotificationService(t().db, t().clock)
      const secret = await notifier.notify({ organizationId: a.org.id, userId: a.userId, title: 'A only', message: 'secret' })

      // B cannot see or mark A's notification.
      const bList = await b.client.notifications()
      expect(bList.body.map((n) => n.id)).not.toContain(secret.id)
      expect(bList.body.every((n) => n.title !== 'A only')).toBe(true)
      const bMark = await b.client.put<ErrorBody>('/notification/mark-as-read', { id: secret.id })
      expect(bMark.status).toBe(404)
      expect(bMark.body.error.code).toBe('not_found')
      // Mark-all in B leaves A untouched.
      await b.client.put('/notification/mark-as-read')
      const aList = await a.client.notifications()
      expect(aList.body.find((n) => n.id === secret.id)?.read).toBe(false)
      // B's counts only cover B's organization.
      expect((await b.client.get<User>('/user')).body.organizations.map((o) => o.id)).toEqual([b.org.id])
    })

    it('scopes to the current organization and to the user within it', async () => {
      const a = await member('Home Org')
      const second = await a.client.createOrganization('Side Org')
      // Now in Side Org: Home Org's welcome is not listed or markable from here.
      const sideList = await a.client.notifications()
      expect(sideList.body).toHaveLength(1)
      await a.client.post('/auth/switch-organization', { organizationWorkOSId: a.org.organizationWorkOSId })
      const homeList = await a.client.notifications()
      expect(homeList.body).toHaveLength(1)
      await a.client.post('/auth/switch-organization', { organizationWorkOSId: second.organizationWorkOSId })
      expect((await a.client.put('/notification/mark-as-read', { id: homeList.body[0]!.id })).status).toBe(404)
      const all = await a.client.put<{ updated: number }>('/notification/mark-as-read')
      expect(all.body.updated).toBe(1)
      const counts = (await a.client.get<User>('/user')).body.organizations
      expect(counts.find((o) => o.id === a.org.id)?.unreadNotificationCount).toBe(1)
      expect(counts.find((o) => o.id === second.id)?.unreadNotificationCount).toBe(0)

      // Another user in the same organization does not see this user's notifications.
      const notifier = createNotificationService(t().db, t().clock)
      const other = new TestClient(t().app)
      await other.signup()
      const otherId = (await other.get<Session>('/auth')).body.userId
      const now = t().clock.now()
      await t().db.insert(memberships).values({ id: randomUUID(), organizationId: a.org.id, userId: otherId, role: 'MEMBER', status: 'ACTIVE', createdAt: now, updatedAt: now })
      expect((await other.post('/auth/switch-organization', { organizationWorkOSId: a.org.organizationWorkOSId })).status).toBe(200)
      const mine = await notifier.notify({ organizationId: a.org.id, userId: a.userId, title: 'Personal', message: 'for a' })
      expect((await other.notifications()).body).toEqual([])
      expect((await other.put('/notification/mark-as-read', { id: mine.id })).status).toBe(404)
      expect((await other.put<{ updated: number }>('/notification/mark-as-read')).body.updated).toBe(0)
      expect((await a.client.notifications()).status).toBe(200)
    })
  })
})
