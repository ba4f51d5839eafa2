import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { toTeamFormFields, type Session, type TeamFormInput } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import type {
  AiTemplateDetail,
  BusinessPage,
  BusinessPostTag,
  Entitlement,
  JoinInfo,
  Member,
  Organization,
  OutboxEmail,
  PostTag,
  Team,
  User
} from '../../shared/domain'
import type { MailMessage } from '../adapters/mail/mail'
import { subscriptions, usedJoinLinks } from '../db/schema'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }
type MembersPage = { members: Member[]; total: number; page: number; pageSize: number }
type InviteBody = { member: Member; joinUrl: string; expiresAt: string }

const DAY = 86_400_000
const MAX_UPLOAD = 4096
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120, 7)])
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 1)])
const PASSWORD = 'correct horse battery staple'

/** Every message delivered through the mail transport (the outbox records them as well). */
const delivered: MailMessage[] = []

let counter = 0
const uniqueEmail = (name: string) => `${name}-${++counter}-${Date.now().toString(36)}@example.com`
const tokenOf = (joinUrl: string) => new URL(joinUrl).searchParams.get('token')!

describeEachDatabase(
  'organization administration',
  (t) => {
    /** A signed-in ADMIN of a fresh organization (trialing: every entitlement, 5 seats). */
    async function newAdmin(organizationName = 'Acme', fullName = 'Ada Admin') {
      const client = new TestClient(t().app)
      const account = await client.signup({ fullName, email: uniqueEmail('admin') })
      const org = await client.createOrganization(organizationName, {
        linkedInCompanyName: `${organizationName} Inc.`,
        industry: 'Robotics'
      })
      const user = (await client.get<User>('/user')).body
      return { client, account, org, userId: user.id }
    }

    async function invite(admin: TestClient, email: string, role: 'ADMIN' | 'MEMBER' | 'GHOST' = 'MEMBER') {
      const res = await admin.post<InviteBody>('/members/invite', { email, role })
      if (res.status !== 200) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`)
      return res.body
    }

    /** Invites a new person and lets them join through the link; returns their signed-in client. */
    async function addMember(admin: TestClient, role: 'ADMIN' | 'MEMBER' | 'GHOST' = 'MEMBER', fullName = 'Mia Member') {
      const email = uniqueEmail(fullName.split(' ')[0]!.toLowerCase())
      const invited = await invite(admin, email, role)
      const client = new TestClient(t().app)
      const res = await client.post<Session>('/join/accept', { token: tokenOf(invited.joinUrl), fullName, password: PASSWORD })
      if (res.status !== 200) throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`)
      return { client, userId: invited.member.id, email }
    }

    async function createTeam(client: TestClient, input: Partial<TeamFormInput> & { members: string[]; teamLeaders: string[] }, image?: { fileName: string; contentType: string; data: Buffer }) {
      const fields = toTeamFormFields({ name: 'Sales', requireTag: false, aISettingTemplateId: null, ...input })
      return client.multipart<Team & ErrorBody>('POST', '/team/create', fields, image ? [{ field: 'image', ...image }] : [])
    }

    async function setPlan(organizationId: string, values: Partial<typeof subscriptions.$inferInsert>) {
      await t().db.update(subscriptions).set(values).where(eq(subscriptions.organizationId, organizationId))
    }

    describe('invitations and joining', () => {
      it('invites a new person: INVITED member, outbox email with a join link, join creates the account and signs in', async () => {
        const { client: admin, org } = await newAdmin('Invite Co')
        const email = uniqueEmail('newbie')
        const sentBefore = delivered.length

        const bad = await admin.post<ErrorBody>('/members/invite', { email: 'newbie@host', role: 'MEMBER' })
        expect(bad.status).toBe(400)
        expect(bad.body.error.fields).toEqual({ email: 'Enter a valid email address.' })

        const res = await admin.post<InviteBody>('/members/invite', { email: ` ${email.toUpperCase()} `, role: 'MEMBER' })
        expect(res.status).toBe(200)
        expect(res.body.member).toMatchObject({ email, fullName: '', role: 'MEMBER', status: 'INVITED', assignedNumberOfPosts: 0, teams: [], postTags: [] })
        expect(res.body.joinUrl).toMatch(/^http:\/\/localhost(:\d+)?\/join\?token=[A-Za-z0-9_-]{43}$/)
        expect(res.body.expiresAt).toBe(new Date(t().clock.now().getTime() + 7 * DAY).toISOString())
        expect(delivered.slice(sentBefore)).toEqual([expect.objectContaining({ to: email, joinUrl: res.body.joinUrl })])

        const outbox = await admin.get<OutboxEmail[]>('/members/outbox')
        expect(outbox.body[0]).toMatchObject({ to: email, joinUrl: res.body.joinUrl, subject: "You're invited to join Invite Co on Pagecrew" })
        expect(outbox.body[0]!.text).toContain(res.body.joinUrl)
        expect(outbox.body[0]!.text).toContain('Ada Admin invited you')

        for (const again of [email, email.toUpperCase()]) {
          const dup = await admin.post<ErrorBody>('/members/invite', { email: again, role: 'ADMIN' })
          expect(dup.status).toBe(409)
          expect(dup.body.error.message).toBe('Email already invited to organization.')
        }

        const list = await admin.get<MembersPage>('/members/list')
        expect(list.body.total).toBe(2)
        expect(list.body.members.map((m) => m.status)).toEqual(['ACTIVE', 'INVITED'])

        const anonymous = new TestClient(t().app)
        const token = tokenOf(res.body.joinUrl)
        const info = await anonymous.get<JoinInfo>('/join/info', { token })
        expect(info.status).toBe(200)
        expect(info.body).toEqual({ organizationName: 'Invite Co', email, invitedBy: 'Ada Admin', hasAccount: false, expiresAt: res.body.expiresAt })

        const noName = await anonymous.post<ErrorBody>('/join/accept', { token, password: PASSWORD })
        expect(noName.status).toBe(400)
        expect(noName.body.error.fields).toEqual({ fullName: 'Enter your full name.' })
        const noHeader = await anonymous.request('POST', '/join/accept', { body: { token, fullName: 'New Bie', password: PASSWORD }, clientHeader: false })
        expect(noHeader.status).toBe(403)

        const joined = await anonymous.post<Session>('/join/accept', { token, fullName: 'New Bie', password: PASSWORD })
        expect(joined.status).toBe(200)
        expect(joined.body).toMatchObject({ email, organizationId: org.id, organizationWorkOSId: org.organizationWorkOSId, needsOnboarding: false })
        const me = await anonymous.get<User>('/user')
        expect(me.body).toMatchObject({ fullName: 'New Bie', organizations: [expect.objectContaining({ id: org.id })] })
        expect(me.body.userOrgSettings[0]).toMatchObject({ role: 'MEMBER', status: 'ACTIVE', organizationId: org.id })

        // Single use, and a used link says so (not 'invalid or has expired'); the new password signs in.
        const reused = await new TestClient(t().app).post<ErrorBody>('/join/accept', { token, fullName: 'X', password: PASSWORD })
        expect(reused.status).toBe(410)
        expect(reused.body.error).toEqual({ code: 'join_link_used', message: MESSAGES.joinLinkUsed })
        const usedInfo = await new TestClient(t().app).get<ErrorBody>('/join/info', { token })
        expect(usedInfo.status).toBe(410)
        expect(usedInfo.body.error).toEqual({ code: 'join_link_used', message: 'This invitation has already been used. Sign in instead.' })
        expect((await new TestClient(t().app).post('/auth/login', { email, password: PASSWORD })).status).toBe(200)

        const after = await admin.get<MembersPage>('/members/list', { search: 'bie' })
        expect(after.body.members).toEqual([expect.objectContaining({ email, fullName: 'New Bie', status: 'ACTIVE' })])
      })

      it('invites an existing account: notification in their organization, password check, session switched', async () => {
        const { client: admin, org } = await newAdmin('Host Org')
        const other = await newAdmin('Home Org', 'Olga Other')
        const invited = await invite(admin, other.account.email, 'ADMIN')
        const token = tokenOf(invited.joinUrl)

        const bell = await other.client.notifications()
        expect(bell.body.find((n) => n.title === 'You were invited to Host Org 📨')).toMatchObject({ link: `/join?token=${token}` })
        expect((await other.client.get<JoinInfo>('/join/info', { token })).body.hasAccount).toBe(true)

        const wrong = await other.client.post<ErrorBody>('/join/accept', { token, password: 'wrong password!' })
        expect(wrong.status).toBe(401)
        expect(wrong.body.error).toEqual({ code: 'invalid_credentials', message: 'Incorrect email or password.' })

        const joined = await other.client.post<Session>('/join/accept', { token, password: PASSWORD })
        expect(joined.status).toBe(200)
        expect(joined.body.organizationId).toBe(org.id)
        const me = await other.client.get<User>('/user')
        expect(me.body.organizations.map((o) => o.name)).toEqual(['Home Org', 'Host Org'])
        expect(me.body.userOrgSettings[0]).toMatchObject({ organizationId: org.id, role: 'ADMIN' })
        expect(me.body.fullName).toBe('Olga Other')
      })

      it('lets an invited email sign up on its own; the link then asks for that password', async () => {
        const { client: admin, org } = await newAdmin()
        const email = uniqueEmail('early')
        const invited = await invite(admin, email)
        const token = tokenOf(invited.joinUrl)
        const early = new TestClient(t().app)
        const signup = await early.post<Session>('/auth/signup', { email, password: PASSWORD, fullName: 'Early Bird' })
        expect(signup.status).toBe(200)
        expect(signup.body.needsOnboarding).toBe(true) // still only invited
        expect((await early.get<JoinInfo>('/join/info', { token })).body.hasAccount).toBe(true)
        expect((await early.post('/join/accept', { token, password: 'not the password' })).status).toBe(401)
        const joined = await early.post<Session>('/join/accept', { token, password: PASSWORD })
        expect(joined.body.organizationId).toBe(org.id)
        expect((await new TestClient(t().app).post('/auth/signup', { email, password: PASSWORD, fullName: 'Again' })).status).toBe(409)
      })

      it('answers join_link_used to the loser of two accepts at once, and keeps seats and the member list as they were', async () => {
        const { client: admin } = await newAdmin('Twice Co')
        const invited = await invite(admin, uniqueEmail('twice'))
        const token = tokenOf(invited.joinUrl)
        const answers = await Promise.all([0, 1].map((i) => new TestClient(t().app).post<ErrorBody>('/join/accept', { token, fullName: `Twin ${i}`, password: PASSWORD })))
        expect(answers.map((a) => a.status).sort()).toEqual([200, 410])
        expect(answers.find((a) => a.status === 410)!.body.error.code).toBe('join_link_used')
        const list = await admin.get<MembersPage>('/members/list')
        expect(list.body.total).toBe(2)
        expect(list.body.members.map((m) => m.status)).toEqual(['ACTIVE', 'ACTIVE'])
        // A replaced link is unknown, not used: changing the invitation's email sends a new one.
        const other = await invite(admin, uniqueEmail('moved'))
        expect((await admin.put('/members/update', { userId: other.member.id, email: uniqueEmail('moved-to') })).status).toBe(200)
        const replaced = await new TestClient(t().app).get<ErrorBody>('/join/info', { token: tokenOf(other.joinUrl) })
        expect(replaced.status).toBe(404)
        expect(replaced.body.error.message).toBe(MESSAGES.invalidInvitation)
      })

      it('remembers a used link for 90 days, and not past its organization', async () => {
        const { client: admin, org } = await newAdmin('Memory Co')
        const first = await addMember(admin)
        const [usedLink] = await t().db.select().from(usedJoinLinks).where(eq(usedJoinLinks.organizationId, org.id))
        expect(usedLink).toMatchObject({ organizationId: org.id, acceptedAt: t().clock.now() })
        const link = (await admin.get<OutboxEmail[]>('/members/outbox')).body.find((m) => m.to === first.email)!.joinUrl!
        expect((await new TestClient(t().app).get<ErrorBody>('/join/info', { token: tokenOf(link) })).status).toBe(410)

        // 90 days on, the next accept anywhere forgets it: the link reads as unknown again.
        t().clock.advance(90 * DAY + 1000)
        try {
          const later = await newAdmin('Later Co')
          await addMember(later.client)
          const forgotten = await new TestClient(t().app).get<ErrorBody>('/join/info', { token: tokenOf(link) })
          expect(forgotten.status).toBe(404)
          expect(forgotten.body.error.message).toBe(MESSAGES.invalidInvitation)
          // The later one is kept, and goes with its organization.
          expect(await t().db.select().from(usedJoinLinks).where(eq(usedJoinLinks.organizationId, later.org.id))).toHaveLength(1)
          expect((await later.client.delete('/organization')).status).toBe(200)
          expect(await t().db.select().from(usedJoinLinks).where(eq(usedJoinLinks.organizationId, later.org.id))).toEqual([])
        } finally {
          t().clock.advance(-(90 * DAY + 1000))
        }
      })

      it('lets join links expire after 7 days', async () => {
        const { client: admin } = await newAdmin()
        const invited = await invite(admin, uniqueEmail('late'))
        t().clock.advance(7 * DAY + 1000)
        try {
          const res = await new TestClient(t().app).get<ErrorBody>('/join/info', { token: tokenOf(invited.joinUrl) })
          expect(res.status).toBe(404)
          expect(res.body.error.message).toBe('This invitation link is invalid or has expired.')
        } finally {
          t().clock.advance(-(7 * DAY + 1000))
        }
        expect((await new TestClient(t().app).get('/join/info', { token: 'x'.repeat(43) })).status).toBe(404)
      })

      it('stops at the seat limit (402) and without a plan (402 no_plan); GHOST needs the GHOST_ROLE entitlement', async () => {
        const { client: admin, org } = await newAdmin()
        for (let i = 0; i < 4; i++) await invite(admin, uniqueEmail('seat')) // trial: 5 seats, the admin holds one
        const full = await admin.post<ErrorBody>('/members/invite', { email: uniqueEmail('seat'), role: 'MEMBER' })
        expect(full.status).toBe(402)
        expect(full.body.error).toEqual({ code: 'plan_limit', message: 'Plan seats limit reached' })

        await setPlan(org.id, { availableSeats: 10, status: 'active', productId: 'entry', trialEndsAt: null })
        const ghost = await admin.post<ErrorBody>('/members/invite', { email: uniqueEmail('ghost'), role: 'GHOST' })
        expect(ghost.status).toBe(402)
        expect(ghost.body.error.message).toBe(MESSAGES.ghostRoleNotIncluded)
        const list = await admin.get<MembersPage>('/members/list')
        const someone = list.body.members.find((m) => m.status === 'INVITED')!
        expect((await admin.put<ErrorBody>('/members/update', { userId: someone.id, role: 'GHOST' })).status).toBe(402)
        await setPlan(org.id, { productId: 'professional' })
        expect((await admin.post('/members/invite', { email: uniqueEmail('ghost'), role: 'GHOST' })).status).toBe(200)

        await t().db.delete(subscriptions).where(eq(subscriptions.organizationId, org.id))
        const none = await admin.post<ErrorBody>('/members/invite', { email: uniqueEmail('none'), role: 'MEMBER' })
        expect(none.status).toBe(402)
        expect(none.body.error).toEqual({ code: 'no_plan', message: 'Your organization has no plan. Please contact support.' })
      })
    })

    describe('members', () => {
      it('keeps one admin, stops ghosts changing roles, refuses self-delete and locks INVITED targets', async () => {
        const { client: admin, userId: adminId, org } = await newAdmin()
        const member = await addMember(admin)
        const ghost = await addMember(admin, 'GHOST', 'Gus Ghost')

        const last = await admin.put<ErrorBody>('/members/update', { userId: adminId, role: 'MEMBER' })
        expect(last.status).toBe(409)
        expect(last.body.error.message).toBe('There must be at least one admin in your organization.')

        const ghostChange = await ghost.client.put<ErrorBody>('/members/update', { userId: member.userId, role: 'ADMIN' })
        expect(ghostChange.status).toBe(403)
        expect(ghostChange.body.error.message).toBe(MESSAGES.ghostCannotChangeRoles)
        // A ghost may still edit what is not a role.
        expect((await ghost.client.put<Member>('/members/update', { userId: member.userId, role: 'MEMBER', numberOfPosts: 4 })).body.assignedNumberOfPosts).toBe(4)
        // The last ADMIN cannot be removed either, even by a ghost.
        expect((await ghost.client.request<ErrorBody>('DELETE', '/members/delete', { query: { userId: adminId } })).body.error.message).toBe(MESSAGES.lastAdmin)

        const promoted = await admin.put<Member>('/members/update', { userId: member.userId, role: 'ADMIN', userApprovalFlow: true, numberOfPosts: 6 })
        expect(promoted.body).toMatchObject({ role: 'ADMIN', userApprovalFlow: true, assignedNumberOfPosts: 6 })
        expect((await admin.put<Member>('/members/update', { userId: adminId, role: 'MEMBER' })).status).toBe(200)
        expect((await member.client.put<Member>('/members/update', { userId: adminId, role: 'ADMIN' })).status).toBe(200)

        const self = await admin.request<ErrorBody>('DELETE', '/members/delete', { query: { userId: adminId } })
        expect(self.status).toBe(400)
        expect(self.body.error.message).toBe('You cannot delete yourself.')

        const invited = await invite(admin, uniqueEmail('locked'))
        const target = await admin.put<ErrorBody>('/members/update', { userId: invited.member.id, numberOfPosts: 3 })
        expect(target.status).toBe(400)
        expect(target.body.error.fields).toEqual({ numberOfPosts: MESSAGES.invitedTargetLocked })
        const flow = await admin.put<ErrorBody>('/members/update', { userId: invited.member.id, userApprovalFlow: true })
        expect(flow.status).toBe(400)
        expect(flow.body.error.fields).toEqual({ userApprovalFlow: MESSAGES.invitedApprovalFlowLocked })
        const negative = await admin.put<ErrorBody>('/members/update', { userId: member.userId, numberOfPosts: -1 })
        expect(negative.body.error.fields).toEqual({ numberOfPosts: 'Enter a whole number of 0 or more.' })
        // The dialog sends every field: unchanged values of an INVITED member pass.
        const same = await admin.put<Member>('/members/update', {
          userId: invited.member.id,
          email: invited.member.email,
          role: 'ADMIN',
          numberOfPosts: 0,
          userApprovalFlow: false,
          postTags: [],
          selectedBusinessPages: null
        })
        expect(same.status).toBe(200)
        expect(same.body.role).toBe('ADMIN')

        // An invitation's address can change: the link goes to the new address, the old one dies.
        const newEmail = uniqueEmail('moved')
        const moved = await admin.put<Member>('/members/update', { userId: invited.member.id, email: newEmail })
        expect(moved.body).toMatchObject({ email: newEmail, status: 'INVITED', role: 'ADMIN' })
        const outbox = await admin.get<OutboxEmail[]>('/members/outbox')
        expect(outbox.body[0]!.to).toBe(newEmail)
        expect((await new TestClient(t().app).get('/join/info', { token: tokenOf(invited.joinUrl) })).status).toBe(404)
        expect((await new TestClient(t().app).get('/join/info', { token: tokenOf(outbox.body[0]!.joinUrl!) })).status).toBe(200)
        const activeEmail = await admin.put<ErrorBody>('/members/update', { userId: member.userId, email: uniqueEmail('x') })
        expect(activeEmail.body.error.message).toBe(MESSAGES.emailChangeOnlyInvited)

        // Deleting an invitation frees its seat and its placeholder account.
        expect((await admin.request('DELETE', '/members/delete', { query: { userId: moved.body.id } })).status).toBe(200)
        expect((await admin.get<Organization>('/organization')).body.users).toBe(3)
        expect((await new TestClient(t().app).post('/auth/signup', { email: newEmail, password: PASSWORD, fullName: 'Fresh' })).status).toBe(200)
        void org
      })

      it('sets the own monthly target; pages and sorts the members list', async () => {
        const { client: admin } = await newAdmin()
        const updated = await admin.put<User>('/user/update-user-org-settings', { data: { assignedNumberOfPosts: 7 } })
        expect(updated.status).toBe(200)
        expect(updated.body.userOrgSettings[0]!.assignedNumberOfPosts).toBe(7)
        expect((await admin.put<ErrorBody>('/user/update-user-org-settings', { data: { assignedNumberOfPosts: -2 } })).status).toBe(400)

        await addMember(admin, 'MEMBER', 'Zed Zulu')
        await addMember(admin, 'MEMBER', 'Bea Bravo')
        await invite(admin, uniqueEmail('aaa'))
        const page1 = await admin.get<MembersPage>('/members/list', { page: '1', pageSize: '2' })
        expect(page1.body).toMatchObject({ total: 4, page: 1, pageSize: 2 })
        expect(page1.body.members.map((m) => m.fullName)).toEqual(['Ada Admin', 'Bea Bravo'])
        const page2 = await admin.get<MembersPage>('/members/list', { page: '2', pageSize: '2' })
        expect(page2.body.members.map((m) => [m.fullName, m.status])).toEqual([
          ['Zed Zulu', 'ACTIVE'],
          ['', 'INVITED']
        ])
        expect((await admin.get('/members/list', { pageSize: '500' })).status).toBe(400)
        expect((await admin.get<MembersPage>('/members/list', { search: '100%_' })).body.total).toBe(0)
      })
    })

    describe('teams', () => {
      it('creates, updates and deletes teams with images, checking members, leaders and the image', async () => {
        const { client: admin, userId: adminId, org } = await newAdmin('Team Org')
        const leader = await addMember(admin, 'MEMBER', 'Lea Leader')
        const member = await addMember(admin, 'MEMBER', 'Max Member')
        const spare = await addMember(admin, 'MEMBER', 'Sam Spare')
        const invited = await invite(admin, uniqueEmail('inv'))

        const noName = await createTeam(admin, { name: '   ', members: [member.userId], teamLeaders: [leader.userId] })
        expect(noName.status).toBe(400)
        expect(noName.body.error.message).toBe('Please enter a non-empty team name')
        const noMembers = await createTeam(admin, { members: [], teamLeaders: [leader.userId] })
        expect(noMembers.body.error.message).toBe('Please add at least one team member')
        const noLeader = await createTeam(admin, { members: [member.userId], teamLeaders: [] })
        expect(noLeader.body.error.message).toBe('Please add a team leader')
        const withInvited = await createTeam(admin, { members: [invited.member.id], teamLeaders: [leader.userId] })
        expect(withInvited.status).toBe(400)

        const notImage = await createTeam(admin, { members: [member.userId], teamLeaders: [leader.userId] }, { fileName: 'notes.txt', contentType: 'text/plain', data: Buffer.from('hello') })
        expect(notImage.status).toBe(400)
        expect(notImage.body.error.message).toBe(MESSAGES.teamImageNotImage)
        const fake = await createTeam(admin, { members: [member.userId], teamLeaders: [leader.userId] }, { fileName: 'fake.png', contentType: 'image/png', data: Buffer.from('<svg onload=alert(1)>') })
        expect(fake.status).toBe(400)
        const big = await createTeam(admin, { members: [member.userId], teamLeaders: [leader.userId] }, { fileName: 'holiday photo.png', contentType: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD)]) })
        expect(big.status).toBe(413)
        expect(big.body.error).toMatchObject({ code: 'too_large', message: 'holiday photo.png is too big!' })

        const created = await createTeam(admin, { name: ' Sales ', members: [member.userId], teamLeaders: [leader.userId], requireTag: true }, { fileName: 'team.png', contentType: 'image/png', data: PNG })
        expect(created.status).toBe(200)
        const team = created.body
        expect(team).toMatchObject({ name: 'Sales', requireTag: true, aISettingTemplateId: null, imageName: 'team.png' })
        expect(team.members.map((m) => m.fullName)).toEqual(['Lea Leader', 'Max Member'])
        expect(team.teamLeaders).toEqual([{ id: leader.userId, fullName: 'Lea Leader', image: null }])
        expect(team.previewURL).toMatch(new RegExp(`^/api/team/image/${team.id}\\?v=[0-9a-f]{8}$`))

        const image = await t().app.inject({ method: 'GET', url: team.previewURL!, headers: { cookie: `pagecrew_session=${member.client.cookie}` } })
        expect(image.statusCode).toBe(200)
        expect(image.headers['content-type']).toBe('image/png')
        expect(image.headers['cache-control']).toBe('private, max-age=86400')
        expect(image.rawPayload.equals(PNG)).toBe(true)
        expect((await t().app.inject({ method: 'GET', url: team.previewURL! })).statusCode).toBe(401)
        const stranger = await newAdmin('Elsewhere')
        expect((await t().app.inject({ method: 'GET', url: team.previewURL!, headers: { cookie: `pagecrew_session=${stranger.client.cookie}` } })).statusCode).toBe(404)

        const bell = await member.client.notifications()
        expect(bell.body.find((n) => n.title === 'You were added to a team 👥')).toMatchObject({ link: '/team', message: 'You are now a member of the team Sales in Team Org.' })

        const taken = await createTeam(admin, { name: 'Other', members: [spare.userId, member.userId], teamLeaders: [spare.userId] })
        expect(taken.status).toBe(409)
        expect(taken.body.error.message).toContain('Max Member (Sales)')

        // The leader manages the team: swaps the image; a plain member cannot.
        const teamsDir = join(t().dataDir, 'uploads', 'teams')
        const firstFile = readdirSync(teamsDir)
        const fields = toTeamFormFields({ id: team.id, name: 'Sales EU', members: [member.userId, spare.userId], teamLeaders: [leader.userId], requireTag: false, aISettingTemplateId: null })
        const byMember = await member.client.multipart<ErrorBody>('PUT', '/team/update', fields)
        expect(byMember.status).toBe(403)
        const updated = await leader.client.multipart<Team>('PUT', '/team/update', fields, [{ field: 'image', fileName: 'new.gif', contentType: 'image/gif', data: GIF }])
        expect(updated.status).toBe(200)
        expect(updated.body).toMatchObject({ name: 'Sales EU', requireTag: false, imageName: 'new.gif' })
        expect(updated.body.members).toHaveLength(3)
        expect(updated.body.previewURL).not.toBe(team.previewURL)
        expect(readdirSync(teamsDir).some((f) => firstFile.includes(f))).toBe(false)

        const user = await leader.client.get<User>('/user')
        expect(user.body.teams).toEqual([{ organizationId: org.id }])
        expect(user.body.leadingTeams).toEqual([{ id: team.id }])

        const removed = await admin.multipart<Team>('PUT', '/team/update', { ...fields, imageRemoved: 'true' })
        expect(removed.body.previewURL).toBeNull()
        expect(readdirSync(teamsDir).filter((f) => f.endsWith('.gif'))).toEqual([])
        const json = await admin.put<ErrorBody>('/team/update', { id: team.id })
        expect(json.status).toBe(415)

        const list = await admin.get<Team[]>('/team/list')
        expect(list.body.map((x) => x.name)).toEqual(['Sales EU'])
        const members = await admin.get<MembersPage>('/members/list')
        expect(members.body.members.find((m) => m.id === leader.userId)!.teams).toEqual([{ id: team.id, name: 'Sales EU', isLeader: true }])

        // A second team with an image, then deleting it removes the image file.
        const second = await createTeam(admin, { name: 'Ops', members: [adminId], teamLeaders: [adminId] }, { fileName: 'ops.png', contentType: 'image/png', data: PNG })
        expect(second.status).toBe(200)
        expect(readdirSync(teamsDir)).toHaveLength(1)
        expect((await member.client.request('DELETE', '/team/delete', { query: { teamId: second.body.id } })).status).toBe(403)
        expect((await admin.request('DELETE', '/team/delete', { query: { teamId: second.body.id } })).status).toBe(200)
        expect(readdirSync(teamsDir)).toHaveLength(0)
        expect(readdirSync(join(t().dataDir, 'uploads', 'tmp'))).toEqual([])

        // Deleting a member takes them out of their team.
        expect((await admin.request('DELETE', '/members/delete', { query: { userId: spare.userId } })).status).toBe(200)
        expect((await admin.get<Team[]>('/team/list')).body[0]!.members.map((m) => m.fullName)).toEqual(['Lea Leader', 'Max Member'])
      })
    })

    describe('topic tags', () => {
      it('creates, lists, filters, updates and deletes tags; leaders only for their team', async () => {
        const { client: admin, userId: adminId, org } = await newAdmin()
        const leader = await addMember(admin, 'MEMBER', 'Lea Leader')
        const member = await addMember(admin, 'MEMBER', 'Max Member')
        const outsider = await addMember(admin, 'MEMBER', 'Oli Outsider')
        const team = (await createTeam(admin, { members: [member.userId], teamLeaders: [leader.userId] })).body

        const empty = await admin.post<ErrorBody>('/postTag/create', { tagTitle: '   ', tagColor: '#112233', assignedUsers: [] })
        expect(empty.status).toBe(400)
        expect(empty.body.error.message).toBe('Please enter a tag')

        const hiring = await admin.post<PostTag>('/postTag/create', { tagTitle: ' Hiring ', tagColor: '#AABBCC', tagDescription: 'Jobs', assignedUsers: [member.userId, adminId] })
        expect(hiring.status).toBe(200)
        expect(hiring.body).toMatchObject({ title: 'Hiring', color: '#aabbcc', description: 'Jobs' })
        expect(hiring.body.assignedUsers.sort()).toEqual([member.userId, adminId].sort())
        const dup = await admin.post<ErrorBody>('/postTag/create', { tagTitle: 'hiring', tagColor: '#112233', assignedUsers: [] })
        expect(dup.status).toBe(409)

        const byLeader = await leader.client.post<PostTag>('/postTag/create', { tagTitle: 'Culture', tagColor: '#00ff00', assignedUsers: [member.userId] })
        expect(byLeader.status).toBe(200)
        expect((await leader.client.post('/postTag/create', { tagTitle: 'Nope', tagColor: '#00ff00', assignedUsers: [outsider.userId] })).status).toBe(403)
        expect((await outsider.client.post('/postTag/create', { tagTitle: 'Nope', tagColor: '#00ff00', assignedUsers: [] })).status).toBe(403)
        const awards = await admin.post<PostTag>('/postTag/create', { tagTitle: 'Awards', tagColor: '#123456', assignedUsers: [outsider.userId] })

        const all = await member.client.post<PostTag[]>('/postTag', {})
        expect(all.body.map((x) => x.title)).toEqual(['Awards', 'Culture', 'Hiring'])
        expect((await member.client.post<PostTag[]>('/postTag')).body).toHaveLength(3)
        expect((await admin.post<PostTag[]>('/postTag', { teamId: team.id })).body.map((x) => x.title)).toEqual(['Culture', 'Hiring'])
        expect((await admin.post<PostTag[]>('/postTag', { memberIds: [outsider.userId] })).body.map((x) => x.title)).toEqual(['Awards'])
        expect((await admin.request<PostTag[]>('POST', '/postTag', { query: { isBusinessPostNotDisplayTags: 'true' }, body: {} })).body).toEqual([])

        const perUser = await admin.post<{ userId: string; tags: PostTag[] }[]>('/postTag/get-user-tags', {
          userIds: [member.userId, outsider.userId],
          startDate: '2025-01-01',
          endDate: '2025-01-31T23:59:59Z'
        })
        expect(perUser.body.map((u) => [u.userId, u.tags.map((x) => x.title)])).toEqual([
          [member.userId, ['Culture', 'Hiring']],
          [outsider.userId, ['Awards']]
        ])
        expect((await admin.post('/postTag/get-user-tags', { userIds: [], startDate: '2025-02-01', endDate: '2025-01-01' })).status).toBe(400)

        const me = await member.client.get<User>('/user')
        expect(me.body.userOrgSettings[0]!.postTags).toEqual([byLeader.body.id, hiring.body.id])

        // Leaders edit their team members' tags through the member dialog too, not other fields.
        const viaMember = await leader.client.put<Member>('/members/update', { userId: member.userId, postTags: [awards.body.id], numberOfPosts: 2 })
        expect(viaMember.body).toMatchObject({ postTags: [awards.body.id], assignedNumberOfPosts: 2 })
        expect((await leader.client.put('/members/update', { userId: member.userId, role: 'ADMIN' })).status).toBe(403)
        expect((await leader.client.put('/members/update', { userId: outsider.userId, numberOfPosts: 1 })).status).toBe(403)

        const renamed = await admin.put<PostTag>('/postTag/update', { tagId: hiring.body.id, tagTitle: 'Careers', tagColor: '#000000', tagDescription: null, assignedUsers: [] })
        expect(renamed.body).toEqual({ id: hiring.body.id, title: 'Careers', color: '#000000', description: null, assignedUsers: [] })
        expect((await admin.put('/postTag/update', { tagId: hiring.body.id, tagTitle: 'AWARDS', tagColor: '#000000', assignedUsers: [] })).status).toBe(409)
        // Awards is also the outsider's: not the leader's to delete. Culture (now nobody's) is.
        expect((await leader.client.request('DELETE', '/postTag/delete', { query: { tagId: awards.body.id } })).status).toBe(403)
        expect((await leader.client.request('DELETE', '/postTag/delete', { query: { tagId: byLeader.body.id } })).status).toBe(200)
        expect((await admin.post<PostTag[]>('/postTag', {})).body.map((x) => x.title)).toEqual(['Awards', 'Careers'])

        // No TOPIC_TAGS without a plan that grants it.
        await setPlan(org.id, { status: 'unpaid', productId: 'entry', trialEndsAt: null })
        const blocked = await admin.post<ErrorBody>('/postTag/create', { tagTitle: 'More', tagColor: '#111111', assignedUsers: [] })
        expect(blocked.status).toBe(402)
        expect(blocked.body.error.code).toBe('plan_limit')
      })
    })

    describe('business pages, AI templates and entitlements', () => {
      it('manages pages, their members, tags and the default page', async () => {
        const { client: admin, org } = await newAdmin('Pages Org')
        const member = await addMember(admin)
        const templates = (await admin.get<AiTemplateDetail[]>('/ai-template')).body
        expect(templates).toEqual([expect.objectContaining({ templateName: 'Default', isDefaultOrganizationTemplate: true, industries: ['Robotics'] })])

        t().clock.advance(1000)
        const badUrl = await admin.post<ErrorBody>('/organization/business-pages/create', { linkedInCompanyName: 'X', linkedInWebsite: 'acme' })
        expect(badUrl.body.error.fields).toEqual({ linkedInWebsite: 'Enter a full address starting with https://' })
        const created = await admin.post<BusinessPage>('/organization/business-pages/create', {
          linkedInCompanyName: 'Acme Labs',
          linkedInPageLink: 'https://www.linkedin.com/company/acme-labs',
          linkedInWebsite: 'https://labs.acme.example',
          linkedInCompanyDescription: 'Research',
          image: 'https://cdn.acme.example/logo.png',
          aiSettingTemplateId: templates[0]!.id
        })
        expect(created.status).toBe(200)
        expect(created.body).toMatchObject({ linkedInCompanyName: 'Acme Labs', aiSettingTemplate: { industries: [{ industry: 'Robotics' }] }, aiSettingTemplateId: templates[0]!.id })
        const page = created.body
        const updated = await admin.put<BusinessPage>('/organization/business-pages/update', { businessPageId: page.id, linkedInCompanyDescription: 'R&D', aiSettingTemplateId: null })
        expect(updated.body).toMatchObject({ linkedInCompanyDescription: 'R&D', aiSettingTemplate: null, aiSettingTemplateId: null, linkedInWebsite: 'https://labs.acme.example' })
        expect((await admin.put<ErrorBody>('/organization/business-pages/update', { businessPageId: page.id, image: 'javascript:alert(1)' })).status).toBe(400)

        const linked = await admin.put<Member>('/members/update', { userId: member.userId, selectedBusinessPages: [page.id] })
        expect(linked.body.businessPages).toEqual([{ id: page.id, linkedInCompanyName: 'Acme Labs' }])
        expect((await member.client.get<User>('/user')).body.userOrgBusinessPages).toEqual([{ businessPageId: page.id, businessPage: { id: page.id } }])
        // an absent field leaves the links alone; null clears them (spec §7: pages or null)
        expect((await admin.put<Member>('/members/update', { userId: member.userId, numberOfPosts: 2 })).body.businessPages).toHaveLength(1)
        expect((await admin.put<Member>('/members/update', { userId: member.userId, selectedBusinessPages: null })).body.businessPages).toEqual([])
        await admin.put<Member>('/members/update', { userId: member.userId, selectedBusinessPages: [page.id] })

        const withDefault = await admin.put<Organization>('/organization/settings/default-page/update', { businessPageId: page.id })
        expect(withDefault.body.defaultBusinessPageId).toBe(page.id)
        expect(withDefault.body.organizationBusinessPages.map((p) => p.linkedInCompanyName)).toEqual(['Pages Org Inc.', 'Acme Labs'])

        const tag = await admin.post<BusinessPostTag>('/businessPostTag', { businessPageId: page.id, title: ' Launch ', color: '#FF0000' })
        expect(tag.body).toEqual({ id: expect.any(String), title: 'Launch', color: '#ff0000' })
        await admin.post('/businessPostTag', { businessPageId: page.id, title: 'Event', color: '#00ff00' })
        expect((await admin.post('/businessPostTag', { businessPageId: page.id, title: 'launch', color: '#00ff00' })).status).toBe(409)
        expect((await admin.post<ErrorBody>('/businessPostTag', { businessPageId: page.id, title: ' ', color: '#00ff00' })).body.error.message).toBe('Please enter a tag')
        expect((await member.client.get<BusinessPostTag[]>('/businessPostTag', { businessPageId: page.id })).body.map((x) => x.title)).toEqual(['Event', 'Launch'])
        expect((await admin.put<BusinessPostTag>('/businessPostTag', { id: tag.body.id, title: 'Launches', color: '#ff0000' })).body.title).toBe('Launches')
        const byPage = await admin.post<{ businessPageId: string; tags: BusinessPostTag[] }[]>('/businessPostTag/by-business-page', {
          businessPageIds: [page.id, org.id === page.id ? page.id : withDefault.body.organizationBusinessPages[0]!.id],
          startDate: '2025-01-01',
          endDate: '2025-02-01'
        })
        expect(byPage.body.map((p) => p.tags.length)).toEqual([2, 0])
        expect((await admin.request('DELETE', '/businessPostTag', { query: { id: tag.body.id } })).status).toBe(200)

        expect((await admin.request('DELETE', '/organization/business-pages/delete', { query: { businessPageId: page.id } })).status).toBe(200)
        const after = (await admin.get<Organization>('/organization')).body
        expect(after.defaultBusinessPageId).toBeNull()
        expect(after.organizationBusinessPages).toHaveLength(1)
        expect((await admin.get<MembersPage>('/members/list')).body.members.find((m) => m.id === member.userId)!.businessPages).toEqual([])
      })

      it('lists AI templates default first, switches the default, never deletes it', async () => {
        const { client: admin } = await newAdmin()
        const member = await addMember(admin)
        const zeta = await admin.post<AiTemplateDetail>('/ai-template/create', { templateName: 'Zeta', industries: ['Finance'], tone: 'Calm' })
        expect(zeta.body).toMatchObject({ templateName: 'Zeta', isDefaultOrganizationTemplate: false, industries: ['Finance'], tone: 'Calm', targetAudience: '', instructions: '' })
        await admin.post('/ai-template/create', { templateName: 'alpha' })
        expect((await member.client.get<AiTemplateDetail[]>('/ai-template')).body.map((x) => x.templateName)).toEqual(['Default', 'alpha', 'Zeta'])
        expect((await admin.post<ErrorBody>('/ai-template/create', { templateName: ' ' })).body.error.message).toBe(MESSAGES.aiTemplateNameEmpty)

        const switched = await admin.put<AiTemplateDetail[]>('/organization/settings/ai/update', { defaultTemplateId: zeta.body.id })
        expect(switched.body.map((x) => [x.templateName, x.isDefaultOrganizationTemplate])).toEqual([
          ['Zeta', true],
          ['alpha', false],
          ['Default', false]
        ])
        const refused = await admin.request<ErrorBody>('DELETE', '/ai-template/delete', { query: { templateId: zeta.body.id } })
        expect(refused.status).toBe(409)
        expect(refused.body.error.message).toBe(MESSAGES.aiTemplateDefaultNotDeletable)
        const edited = await admin.put<AiTemplateDetail>('/ai-template/update', { templateId: zeta.body.id, instructions: 'Short posts.' })
        expect(edited.body).toMatchObject({ templateName: 'Zeta', instructions: 'Short posts.', isDefaultOrganizationTemplate: true })
        const defaultOne = switched.body.find((x) => x.templateName === 'Default')!
        expect((await admin.request('DELETE', '/ai-template/delete', { query: { templateId: defaultOne.id } })).status).toBe(200)
        expect((await admin.get<AiTemplateDetail[]>('/ai-template')).body).toHaveLength(2)
      })

      it('counts real usage and enforces plan limits for teams, pages and templates', async () => {
        const { client: admin, userId: adminId, org } = await newAdmin()
        await createTeam(admin, { members: [adminId], teamLeaders: [adminId] })
        await admin.post('/postTag/create', { tagTitle: 'One', tagColor: '#111111', assignedUsers: [] })
        await admin.post('/postTag/create', { tagTitle: 'Two', tagColor: '#111111', assignedUsers: [] })
        const usage = async () =>
          Object.fromEntries((await admin.get<Entitlement[]>('/billing/verify/entitled')).body.map((e) => [e.lookupKey, [e.limit, e.currentUsage]]))
        expect(await usage()).toMatchObject({ TEAMS: [0, 1], TOPIC_TAGS: [0, 2], AI_TEMPLATES: [0, 1], BUSINESS_PAGES: [0, 1] })

        await setPlan(org.id, { status: 'active', productId: 'entry', trialEndsAt: null })
        expect(await usage()).toMatchObject({ TEAMS: [1, 1], AI_TEMPLATES: [1, 1], BUSINESS_PAGES: [1, 1] })
        const member = await addMember(admin)
        const team = await createTeam(admin, { name: 'Second', members: [member.userId], teamLeaders: [member.userId] })
        expect(team.status).toBe(402)
        expect(team.body.error).toEqual({
          code: 'plan_limit',
          message: "You've reached the team creation limit for your current plan. To add more teams, please upgrade your plan."
        })
        expect((await admin.post<ErrorBody>('/organization/business-pages/create', { linkedInCompanyName: 'Two' })).status).toBe(402)
        expect((await admin.post<ErrorBody>('/ai-template/create', { templateName: 'Two' })).status).toBe(402)
      })
    })

    describe('permissions and tenant isolation', () => {
      it('refuses MEMBER sessions on every admin endpoint (403)', async () => {
        const { client: admin, userId: adminId } = await newAdmin()
        const member = await addMember(admin)
        const other = await addMember(admin, 'MEMBER', 'Oli Other')
        const page = (await admin.get<Organization>('/organization')).body.organizationBusinessPages[0]!
        const template = (await admin.get<AiTemplateDetail[]>('/ai-template')).body[0]!
        const team = (await createTeam(admin, { members: [adminId], teamLeaders: [adminId] })).body
        const tag = (await admin.post<PostTag>('/postTag/create', { tagTitle: 'T', tagColor: '#111111', assignedUsers: [] })).body
        const businessTag = (await admin.post<BusinessPostTag>('/businessPostTag', { businessPageId: page.id, title: 'B', color: '#111111' })).body
        const m = member.client
        const calls: [string, () => Promise<{ status: number }>][] = [
          ['invite', () => m.post('/members/invite', { email: uniqueEmail('x'), role: 'MEMBER' })],
          ['update member', () => m.put('/members/update', { userId: other.userId, numberOfPosts: 3 })],
          ['delete member', () => m.delete('/members/delete', { userId: other.userId })],
          ['outbox', () => m.get('/members/outbox')],
          ['create team', () => createTeam(m, { members: [member.userId], teamLeaders: [member.userId] })],
          ['update team', () => m.multipart('PUT', '/team/update', toTeamFormFields({ id: team.id, name: 'x', members: [adminId], teamLeaders: [adminId], requireTag: false, aISettingTemplateId: null }))],
          ['delete team', () => m.delete('/team/delete', { teamId: team.id })],
          ['create tag', () => m.post('/postTag/create', { tagTitle: 'x', tagColor: '#111111', assignedUsers: [] })],
          ['update tag', () => m.put('/postTag/update', { tagId: tag.id, tagTitle: 'x', tagColor: '#111111', assignedUsers: [] })],
          ['delete tag', () => m.delete('/postTag/delete', { tagId: tag.id })],
          ['create page', () => m.post('/organization/business-pages/create', { linkedInCompanyName: 'x' })],
          ['update page', () => m.put('/organization/business-pages/update', { businessPageId: page.id, linkedInCompanyName: 'x' })],
          ['delete page', () => m.delete('/organization/business-pages/delete', { businessPageId: page.id })],
          ['default page', () => m.put('/organization/settings/default-page/update', { businessPageId: page.id })],
          ['create business tag', () => m.post('/businessPostTag', { businessPageId: page.id, title: 'x', color: '#111111' })],
          ['update business tag', () => m.put('/businessPostTag', { id: businessTag.id, title: 'x', color: '#111111' })],
          ['delete business tag', () => m.delete('/businessPostTag', { id: businessTag.id })],
          ['create template', () => m.post('/ai-template/create', { templateName: 'x' })],
          ['update template', () => m.put('/ai-template/update', { templateId: template.id, templateName: 'x' })],
          ['delete template', () => m.delete('/ai-template/delete', { templateId: template.id })],
          ['default template', () => m.put('/organization/settings/ai/update', { defaultTemplateId: template.id })],
          ['rename organization', () => m.put('/organization/settings/organization/update', { name: 'x' })],
          ['delete organization', () => m.delete('/organization')]
        ]
        const statuses = []
        for (const [name, call] of calls) statuses.push([name, (await call()).status])
        expect(statuses).toEqual(calls.map(([name]) => [name, 403]))
        // Reading stays open to members.
        for (const path of ['/members/list', '/team/list', '/ai-template', '/organization']) expect((await m.get(path)).status).toBe(200)
      })

      it("answers 404 for another organization's members, teams, tags, pages and templates", async () => {
        const mine = await newAdmin('Mine')
        const theirs = await newAdmin('Theirs')
        const theirMember = await addMember(theirs.client)
        const theirInvite = await invite(theirs.client, uniqueEmail('their'))
        const theirPage = (await theirs.client.get<Organization>('/organization')).body.organizationBusinessPages[0]!
        const theirTemplate = (await theirs.client.get<AiTemplateDetail[]>('/ai-template')).body[0]!
        const theirTeam = (await createTeam(theirs.client, { members: [theirMember.userId], teamLeaders: [theirMember.userId] }, { fileName: 't.png', contentType: 'image/png', data: PNG })).body
        const theirTag = (await theirs.client.post<PostTag>('/postTag/create', { tagTitle: 'Theirs', tagColor: '#111111', assignedUsers: [theirMember.userId] })).body
        const theirBusinessTag = (await theirs.client.post<BusinessPostTag>('/businessPostTag', { businessPageId: theirPage.id, title: 'B', color: '#111111' })).body
        const a = mine.client
        const me = mine.userId
        const range = { startDate: '2025-01-01', endDate: '2025-02-01' }
        const calls: [string, () => Promise<{ status: number }>][] = [
          ['update member', () => a.put('/members/update', { userId: theirMember.userId, numberOfPosts: 1 })],
          ['update invited', () => a.put('/members/update', { userId: theirInvite.member.id, role: 'ADMIN' })],
          ['delete member', () => a.delete('/members/delete', { userId: theirMember.userId })],
          ['assign their tag', () => a.put('/members/update', { userId: me, postTags: [theirTag.id] })],
          ['link their page', () => a.put('/members/update', { userId: me, selectedBusinessPages: [theirPage.id] })],
          ['team with their member', () => createTeam(a, { members: [theirMember.userId], teamLeaders: [me] })],
          ['team with their template', () => createTeam(a, { members: [me], teamLeaders: [me], aISettingTemplateId: theirTemplate.id })],
          ['update team', () => a.multipart('PUT', '/team/update', toTeamFormFields({ id: theirTeam.id, name: 'x', members: [me], teamLeaders: [me], requireTag: false, aISettingTemplateId: null }))],
          ['delete team', () => a.delete('/team/delete', { teamId: theirTeam.id })],
          ['team image', async () => ({ status: (await t().app.inject({ method: 'GET', url: theirTeam.previewURL!, headers: { cookie: `pagecrew_session=${a.cookie}` } })).statusCode })],
          ['tags of their team', () => a.post('/postTag', { teamId: theirTeam.id })],
          ['tags of their members', () => a.post('/postTag', { memberIds: [theirMember.userId] })],
          ['user tags', () => a.post('/postTag/get-user-tags', { userIds: [theirMember.userId], ...range })],
          ['tag assigned to their member', () => a.post('/postTag/create', { tagTitle: 'x', tagColor: '#111111', assignedUsers: [theirMember.userId] })],
          ['update tag', () => a.put('/postTag/update', { tagId: theirTag.id, tagTitle: 'x', tagColor: '#111111', assignedUsers: [] })],
          ['delete tag', () => a.delete('/postTag/delete', { tagId: theirTag.id })],
          ['page with their template', () => a.post('/organization/business-pages/create', { linkedInCompanyName: 'x', aiSettingTemplateId: theirTemplate.id })],
          ['update page', () => a.put('/organization/business-pages/update', { businessPageId: theirPage.id, linkedInCompanyName: 'x' })],
          ['delete page', () => a.delete('/organization/business-pages/delete', { businessPageId: theirPage.id })],
          ['default page', () => a.put('/organization/settings/default-page/update', { businessPageId: theirPage.id })],
          ['business tags', () => a.get('/businessPostTag', { businessPageId: theirPage.id })],
          ['create business tag', () => a.post('/businessPostTag', { businessPageId: theirPage.id, title: 'x', color: '#111111' })],
          ['update business tag', () => a.put('/businessPostTag', { id: theirBusinessTag.id, title: 'x', color: '#111111' })],
          ['delete business tag', () => a.delete('/businessPostTag', { id: theirBusinessTag.id })],
          ['business tags by page', () => a.post('/businessPostTag/by-business-page', { businessPageIds: [theirPage.id], ...range })],
          ['update template', () => a.put('/ai-template/update', { templateId: theirTemplate.id, templateName: 'x' })],
          ['delete template', () => a.delete('/ai-template/delete', { templateId: theirTemplate.id })],
          ['default template', () => a.put('/organization/settings/ai/update', { defaultTemplateId: theirTemplate.id })],
          ['malformed id', () => a.delete('/members/delete', { userId: 'not-a-uuid' })]
        ]
        const statuses = []
        for (const [name, call] of calls) statuses.push([name, (await call()).status])
        expect(statuses).toEqual(calls.map(([name]) => [name, 404]))
        // Lists never show the other organization's rows.
        expect((await a.get<MembersPage>('/members/list')).body.total).toBe(1)
        expect((await a.get<Team[]>('/team/list')).body).toEqual([])
        expect((await a.post<PostTag[]>('/postTag', {})).body).toEqual([])
        expect((await a.get<OutboxEmail[]>('/members/outbox')).body).toEqual([])
        expect((await a.get<AiTemplateDetail[]>('/ai-template')).body.map((x) => x.id)).not.toContain(theirTemplate.id)
        // And nothing of theirs changed.
        expect((await theirs.client.post<PostTag[]>('/postTag', {})).body).toEqual([theirTag])
        expect((await theirs.client.get<Team[]>('/team/list')).body).toEqual([theirTeam])
      })
    })

    describe('deleting the organization', () => {
      it('is for ADMINs only, removes everything and ends its sessions', async () => {
        const { client: admin, userId: adminId, org } = await newAdmin('Doomed')
        const ghost = await addMember(admin, 'GHOST', 'Gus Ghost')
        const member = await addMember(admin)
        const invited = await invite(admin, uniqueEmail('pending'))
        await createTeam(admin, { members: [adminId, member.userId], teamLeaders: [adminId] }, { fileName: 'x.png', contentType: 'image/png', data: PNG })
        const teamsDir = join(t().dataDir, 'uploads', 'teams')
        const before = readdirSync(teamsDir).length

        expect((await ghost.client.delete<ErrorBody>('/organization')).status).toBe(403)
        const res = await admin.delete('/organization')
        expect(res.status).toBe(200)
        expect(admin.cookie).toBeNull()
        expect(readdirSync(teamsDir).length).toBe(before - 1)
        // Sessions in the organization are gone; the invitation link is dead.
        expect(await member.client.signedIn()).toBe(false)
        expect((await new TestClient(t().app).get('/join/info', { token: tokenOf(invited.joinUrl) })).status).toBe(404)
        const again = new TestClient(t().app)
        const login = await again.post<Session>('/auth/login', { email: member.email, password: PASSWORD })
        expect(login.body).toMatchObject({ organizationId: null, needsOnboarding: true })
        expect(existsSync(teamsDir)).toBe(true)
        void org
      })
    })
  },
  {
    config: { maxUploadBytes: MAX_UPLOAD },
    mailTransport: { kind: 'recording', send: async (message) => void delivered.push(message) }
  }
)
