import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SESSION_COOKIE, type Session } from '../../shared/api/contract'
import type { User } from '../../shared/domain'
import { sessions } from '../db/schema'
import { SAME_PASSWORD, WRONG_CURRENT_PASSWORD } from '../services/account'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }

const STRONG = 'plum otter cascade 41'
let counter = 0
const uniqueEmail = (name: string) => `${name}-${++counter}-${Date.now().toString(36)}@example.com`

describeEachDatabase('accounts: password strength, credential changes, signing out everywhere (issue 12)', (t) => {
  /** The same account signed in on `devices` clients (the first is the one acting). */
  async function signedIn(devices = 3) {
    const first = new TestClient(t().app)
    const account = await first.signup({ email: uniqueEmail('ada.lovelace'), fullName: 'Ada Lovelace' })
    const others: TestClient[] = []
    for (let i = 1; i < devices; i++) {
      const client = new TestClient(t().app)
      expect((await client.post('/auth/login', { email: account.email, password: account.password })).status).toBe(200)
      others.push(client)
    }
    const userId = (await first.get<Session>('/auth')).body.userId
    return { client: first, others, account, userId }
  }

  const sessionCount = async (userId: string) => (await t().db.select().from(sessions).where(eq(sessions.userId, userId))).length

  describe('password strength', () => {
    it('refuses weak passwords at sign-up with the estimator\'s advice: "password", "12345678", eight spaces, the email itself', async () => {
      const email = uniqueEmail('weak')
      for (const password of ['password', '12345678', '        ', email, 'Grace Hopper 1']) {
        const res = await new TestClient(t().app).post<ErrorBody>('/auth/signup', { email, password, fullName: 'Grace Hopper' })
        expect(res.status, password).toBe(400)
        expect(res.body.error.fields?.password, password).toMatch(/^This password is too easy to guess\. \S/)
      }
      const common = await new TestClient(t().app).post<ErrorBody>('/auth/signup', { email, password: 'password', fullName: 'Grace Hopper' })
      expect(common.body.error.message).toBe(
        'This password is too easy to guess. This is a heavily used password. Add more words that are less common.'
      )
      expect((await new TestClient(t().app).post('/auth/signup', { email, password: STRONG, fullName: 'Grace Hopper' })).status).toBe(200)
    })

    it('refuses a weak password when joining with a new account', async () => {
      const admin = new TestClient(t().app)
      await admin.signup({ email: uniqueEmail('admin') })
      await admin.createOrganization('Strong Inc')
      const email = uniqueEmail('joiner')
      const invited = await admin.post<{ joinUrl: string }>('/members/invite', { email, role: 'MEMBER' })
      const token = new URL(invited.body.joinUrl).searchParams.get('token')!
      const joiner = new TestClient(t().app)
      for (const password of ['12345678', email, 'joinerjoiner']) {
        const res = await joiner.post<ErrorBody>('/join/accept', { token, fullName: 'Jo Iner', password })
        expect(res.status, password).toBe(400)
        expect(res.body.error.fields?.password).toMatch(/^This password is too easy to guess\./)
      }
      expect((await joiner.post('/join/accept', { token, fullName: 'Jo Iner', password: STRONG })).status).toBe(200)
    })
  })

  describe('PUT /user/update-password', () => {
    it('needs the current password, refuses weak or unchanged new ones, then ends the other sessions only', async () => {
      const { client, others, account, userId } = await signedIn(3)
      expect(await sessionCount(userId)).toBe(3)

      const missing = await client.put<ErrorBody>('/user/update-password', { newPassword: STRONG })
      expect(missing.status).toBe(400)
      expect(missing.body.error.fields).toEqual({ currentPassword: 'Enter your current password.' })

      const wrong = await client.put<ErrorBody>('/user/update-password', { currentPassword: 'not my password', newPassword: STRONG })
      // 400, not 401: a 401 means "signed out" to the app.
      expect(wrong.status).toBe(400)
      expect(wrong.body.error.fields).toEqual({ currentPassword: WRONG_CURRENT_PASSWORD })

      const same = await client.put<ErrorBody>('/user/update-password', { currentPassword: account.password, newPassword: account.password })
      expect(same.body.error.fields).toEqual({ newPassword: SAME_PASSWORD })

      for (const weak of ['password', '12345678', account.email, 'lovelace1815']) {
        const res = await client.put<ErrorBody>('/user/update-password', { currentPassword: account.password, newPassword: weak })
        expect(res.status, weak).toBe(400)
        expect(res.body.error.fields?.newPassword, weak).toMatch(/^This password is too easy to guess\./)
      }
      expect(await sessionCount(userId)).toBe(3)

      const changed = await client.put('/user/update-password', { currentPassword: account.password, newPassword: STRONG })
      expect(changed.status).toBe(200)
      expect(changed.body).toEqual({ ok: true })
      // This device stays signed in; the others are signed out.
      expect(await client.signedIn()).toBe(true)
      for (const other of others) expect(await other.signedIn()).toBe(false)
      expect(await sessionCount(userId)).toBe(1)

      const fresh = new TestClient(t().app)
      expect((await fresh.post('/auth/login', { email: account.email, password: account.password })).status).toBe(401)
      expect((await fresh.post('/auth/login', { email: account.email, password: STRONG })).status).toBe(200)
    })

    it('needs a session and the client header', async () => {
      const anonymous = new TestClient(t().app)
      expect((await anonymous.put('/user/update-password', { currentPassword: 'x', newPassword: STRONG })).status).toBe(401)
      const { client, account } = await signedIn(1)
      const body = { currentPassword: account.password, newPassword: STRONG }
      const res = await client.request('PUT', '/user/update-password', { body, clientHeader: false })
      expect(res.status).toBe(403)
    })

    it('counts wrong current passwords like failed sign-ins (an open session cannot guess the password)', async () => {
      const { client, account } = await signedIn(1)
      const from = { headers: { 'x-forwarded-for': '203.0.113.200' } }
      const changePassword = (currentPassword: string) =>
        client.request<ErrorBody>('PUT', '/user/update-password', { body: { currentPassword, newPassword: STRONG }, ...from })
      for (let i = 0; i < 10; i++) expect((await changePassword(`guess ${i}`)).status).toBe(400)
      const limited = await changePassword(account.password)
      expect(limited.status).toBe(429)
      expect(limited.body.error.code).toBe('rate_limited')
      const email = await client.request('PUT', '/user/update-user-email', { body: { email: uniqueEmail('moved'), currentPassword: account.password }, ...from })
      expect(email.status).toBe(429)
    })
  })

  describe('PUT /user/update-user-email', () => {
    it('needs the current password, then ends the other sessions only', async () => {
      const { client, others, account, userId } = await signedIn(2)
      const fresh = uniqueEmail('moved')

      const missing = await client.put<ErrorBody>('/user/update-user-email', { email: fresh })
      expect(missing.status).toBe(400)
      expect(missing.body.error.fields).toEqual({ currentPassword: 'Enter your current password.' })
      const wrong = await client.put<ErrorBody>('/user/update-user-email', { email: fresh, currentPassword: 'not my password' })
      expect(wrong.status).toBe(400)
      expect(wrong.body.error.fields).toEqual({ currentPassword: WRONG_CURRENT_PASSWORD })
      expect((await client.get<User>('/user')).body.email).toBe(account.email)
      expect(await others[0]!.signedIn()).toBe(true)

      const moved = await client.put<User>('/user/update-user-email', { email: fresh, currentPassword: account.password })
      expect(moved.status).toBe(200)
      expect(moved.body.email).toBe(fresh)
      expect((await client.get<Session>('/auth')).body.email).toBe(fresh)
      expect(await others[0]!.signedIn()).toBe(false)
      expect(await sessionCount(userId)).toBe(1)
    })
  })

  describe('POST /auth/logout-everywhere', () => {
    it('ends every session of the user, this one included, and clears the cookie; other users stay signed in', async () => {
      const { client, others, userId } = await signedIn(3)
      const bystander = new TestClient(t().app)
      await bystander.signup()
      const token = client.cookie!

      const res = await client.post('/auth/logout-everywhere')
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ ok: true })
      expect(res.setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true)
      expect(client.cookie).toBeNull()
      client.cookie = token
      expect(await client.signedIn()).toBe(false)
      for (const other of others) expect((await other.get('/user')).status).toBe(401)
      expect(await sessionCount(userId)).toBe(0)
      expect(await bystander.signedIn()).toBe(true)
    })

    it('needs a session and the client header (a cross-site form cannot sign anyone out)', async () => {
      expect((await new TestClient(t().app).post('/auth/logout-everywhere')).status).toBe(401)
      const { client, userId } = await signedIn(2)
      expect((await client.request('POST', '/auth/logout-everywhere', { clientHeader: false })).status).toBe(403)
      expect(await sessionCount(userId)).toBe(2)
    })
  })
}, { config: { trustProxy: true } })
