import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { API_BASE, SESSION_COOKIE, type Session } from '../../shared/api/contract'
import type { User } from '../../shared/domain'
import { sessions, users } from '../db/schema'
import { hashToken } from '../services/sessions'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }

const SECRET = 'chat-secret-for-tests'

describeEachDatabase('auth and user', (t) => {
  describe('auth', () => {
    it('signs up, which signs in and asks for onboarding', async () => {
      const client = new TestClient(t().app)
      const res = await client.post<Session>('/auth/signup', { email: '  New.Person@Example.com ', password: 'a long password', fullName: ' New Person ' })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ email: 'new.person@example.com', organizationId: null, organizationWorkOSId: null, needsOnboarding: true })
      expect(client.cookie).toMatch(/^[A-Za-z0-9_-]{43}$/)

      const session = await client.get<Session>('/auth')
      expect(session.status).toBe(200)
      expect(session.body.userId).toBe(res.body.userId)
      expect(session.body.needsOnboarding).toBe(true)

      const [user] = await t().db.select().from(users).where(eq(users.id, res.body.userId))
      expect(user?.fullName).toBe('New Person')
      expect(user?.passwordHash).toMatch(/^\$argon2id\$/)
    })

    it('stores only the SHA-256 of the session token', async () => {
      const client = new TestClient(t().app)
      await client.signup()
      const stored = await t().db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(client.cookie!)))
      expect(stored).toHaveLength(1)
      const raw = await t().db.select().from(sessions).where(eq(sessions.tokenHash, client.cookie!))
      expect(raw).toHaveLength(0)
    })

    it('sets the cookie HttpOnly, SameSite=Lax, Path=/, 30 days, not Secure over http', async () => {
      const client = new TestClient(t().app)
      await client.signup()
      const res = await client.post('/auth/login', { email: (await client.get<Session>('/auth')).body.email, password: 'correct horse battery staple' })
      const line = res.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
      expect(line).toMatch(/HttpOnly/i)
      expect(line).toMatch(/SameSite=Lax/i)
      expect(line).toMatch(/Path=\//)
      expect(line).not.toMatch(/Secure/i)
      const expires = Date.parse(/Expires=([^;]+)/i.exec(line)![1]!)
      expect(expires - t().clock.now().getTime()).toBeGreaterThan(29 * 86_400_000)
      expect(expires - t().clock.now().getTime()).toBeLessThanOrEqual(30 * 86_400_000)
    })

    it('answers a 200 with null without a session and after logout, while signed-in endpoints answer 401', async () => {
      const client = new TestClient(t().app)
      const signedOut = await client.get('/auth')
      expect(signedOut.status).toBe(200)
      expect(signedOut.body).toBeNull()
      expect(signedOut.setCookies).toEqual([])
      expect((await client.get<ErrorBody>('/user')).body.error.code).toBe('unauthenticated')
      await client.signup()
      const token = client.cookie!
      expect(await client.signedIn()).toBe(true)

      // Without the client header (an <img src>, a link on another page) nothing happens: 403, still signed in.
      for (const method of ['GET', 'HEAD'] as const) {
        const refused = await client.app.inject({ method, url: `${API_BASE}/auth/logout`, headers: { cookie: `${SESSION_COOKIE}=${token}` } })
        expect(refused.statusCode).toBe(403)
        if (method === 'GET') expect(refused.json()).toMatchObject({ error: { code: 'csrf' } })
        expect(refused.headers['set-cookie']).toBeUndefined()
      }
      expect((await client.request('GET', '/auth/logout', { clientHeader: false })).status).toBe(403)
      expect(client.cookie).toBe(token)
      expect((await client.get('/auth')).status).toBe(200)
      expect((await client.get('/user')).status).toBe(200)

      const out = await client.get('/auth/logout')
      expect(out.status).toBe(200)
      expect(out.setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true)
      expect(client.cookie).toBeNull()
      // The old token is dead on the server, not just forgotten by the client.
      client.cookie = token
      expect(await client.signedIn()).toBe(false)
      expect((await client.get('/user')).status).toBe(401)
    })

    it('logs in again after signing out, starting in the last organization', async () => {
      const client = new TestClient(t().app)
      const account = await client.signup()
      const org = await client.createOrganization('Back Again')
      await client.get('/auth/logout')
      const res = await client.post<Session>('/auth/login', { email: account.email.toUpperCase(), password: account.password })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ organizationId: org.id, organizationWorkOSId: org.organizationWorkOSId, needsOnboarding: false })
      expect((await client.get('/organization')).status).toBe(200)
    })

    it('rejects a wrong password and an unknown email with the same clear message', async () => {
      const client = new TestClient(t().app)
      const account = await client.signup()
      await client.get('/auth/logout')
      const wrongPassword = await client.post<ErrorBody>('/auth/login', { email: account.email, password: 'not the password' })
      expect(wrongPassword.status).toBe(401)
      expect(wrongPassword.body.error).toEqual({ code: 'invalid_credentials', message: 'Incorrect email or password.' })
      const unknown = await client.post<ErrorBody>('/auth/login', { email: 'nobody-here@example.com', password: 'whatever1' })
      expect(unknown.status).toBe(401)
      expect(unknown.body.error.message).toBe('Incorrect email or password.')
      expect(client.cookie).toBeNull()
    })

    it('refuses a duplicate email with 409 and a field message', async () => {
      const first = new TestClient(t().app)
      const account = await first.signup()
      const second = new TestClient(t().app)
      const res = await second.post<ErrorBody>('/auth/signup', { email: account.email.toUpperCase(), password: 'another password', fullName: 'Twin' })
      expect(res.status).toBe(409)
      expect(res.body.error.fields).toEqual({ email: 'An account with this email already exists.' })
      expect(second.cookie).toBeNull()
    })

    it('answers bad input with 400 and the schema field messages', async () => {
      const client = new TestClient(t().app)
      const res = await client.post<ErrorBody>('/auth/signup', { email: 'not-an-email', password: 'short', fullName: '   ' })
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('validation')
      expect(res.body.error.fields).toEqual({
        email: 'Enter a valid email address.',
        password: 'Use at least 8 characters.',
        fullName: 'Enter your full name.'
      })
      const empty = await client.post<ErrorBody>('/auth/signup')
      expect(empty.status).toBe(400)
      expect(Object.keys(empty.body.error.fields ?? {})).toEqual(expect.arrayContaining(['email', 'password', 'fullName']))
    })

    it('answers malformed JSON with 400, never 500', async () => {
      const client = new TestClient(t().app)
      const res = await client.request<ErrorBody>('POST', '/auth/login', { raw: { payload: '{"email": "a@b.c",', contentType: 'application/json' } })
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('invalid_json')
      const poisoned = await client.request<ErrorBody>('POST', '/auth/login', {
        raw: { payload: '{"__proto__": {"admin": true}, "email": "a@b.c", "password": "x"}', contentType: 'application/json' }
      })
      expect(poisoned.status).toBe(400)
      const wrongType = await client.request<ErrorBody>('POST', '/auth/login', { raw: { payload: 'email=a', contentType: 'application/x-www-form-urlencoded' } })
      expect(wrongType.status).toBe(415)
      expect(wrongType.body.error.message).toBeTruthy()
    })

    it('requires the X-Pagecrew-Client header on state-changing requests', async () => {
      const client = new TestClient(t().app)
      const account = await client.signup()
      const res = await client.request<ErrorBody>('POST', '/auth/login', { body: { email: account.email, password: account.password }, clientHeader: false })
      expect(res.status).toBe(403)
      expect(res.body.error.code).toBe('csrf')
      const put = await client.request<ErrorBody>('PUT', '/user/update-user-details', { body: { fullName: 'Mallory' }, clientHeader: false })
      expect(put.status).toBe(403)
      const blank = await client.request('PUT', '/user/update-user-details', { body: { fullName: 'Mallory' }, clientHeader: false, headers: { 'x-pagecrew-client': '  ' } })
      expect(blank.status).toBe(403)
      const user = await client.get<{ fullName: string }>('/user')
      expect(user.body.fullName).toBe('Test User')
      // Reads do not need it.
      expect((await client.request('GET', '/user', { clientHeader: false })).status).toBe(200)
    })

    it('expires sessions after 30 days without use and slides while in use', async () => {
      const client = new TestClient(t().app)
      await client.signup()
      t().clock.advance(20 * 86_400_000)
      const used = await client.get('/auth')
      expect(used.status).toBe(200)
      expect(used.body).not.toBeNull()
      // Used after a day: the expiry moved to 30 days from now and the cookie was renewed.
      expect(used.setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true)
      t().clock.advance(25 * 86_400_000)
      expect(await client.signedIn()).toBe(true)
      t().clock.advance(31 * 86_400_000)
      expect(await client.signedIn()).toBe(false)
      expect((await client.get('/user')).status).toBe(401)
    })

    it('ignores garbage session cookies', async () => {
      const client = new TestClient(t().app)
      client.cookie = 'not-a-token'
      expect(await client.signedIn()).toBe(false)
      expect((await client.get('/user')).status).toBe(401)
      client.cookie = 'A'.repeat(43)
      expect(await client.signedIn()).toBe(false)
      expect((await client.get('/user')).status).toBe(401)
    })

    it('allows 10 login attempts a minute per address and email, then answers 429', async () => {
      const client = new TestClient(t().app)
      const account = await client.signup()
      await client.get('/auth/logout')
      for (let i = 0; i < 10; i++) {
        const res = await client.post('/auth/login', { email: account.email, password: 'wrong password' })
        expect(res.status).toBe(401)
      }
      const limited = await client.post<ErrorBody>('/auth/login', { email: account.email, password: account.password })
      expect(limited.status).toBe(429)
      expect(limited.body.error.code).toBe('rate_limited')
      expect(limited.body.error.message).toMatch(/Too many attempts/)
      // Another email from the same address is counted separately.
      const other = await client.post('/auth/login', { email: 'someone-else@example.com', password: 'wrong password' })
      expect(other.status).toBe(401)
    })

    it('marks the cookie Secure when the request came over https (behind a trusted proxy)', async () => {
      const client = new TestClient(t().app)
      const res = await client.request('POST', '/auth/signup', {
        body: { email: 'secure@example.com', password: 'a long password', fullName: 'Secure' },
        headers: { 'x-forwarded-proto': 'https' }
      })
      expect(res.status).toBe(200)
      expect(res.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/;\s*Secure/i)
    })
  })

  describe('user', () => {
    it('returns the user with the chat hash and empty team data for now', async () => {
      const client = new TestClient(t().app)
      const account = await client.signup({ fullName: 'Grace Hopper' })
      const res = await client.get<User>('/user')
      expect(res.status).toBe(200)
      const userId = (await client.get<Session>('/auth')).body.userId
      expect(res.body).toMatchObject({
        id: userId,
        email: account.email,
        fullName: 'Grace Hopper',
        image: null,
        timezone: null,
        createdAt: t().clock.now().toISOString(),
        userApprovalFlow: false,
        isLinkedInConnected: false,
        linkedInExpireAt: null,
        socialSellingIndex: null,
        guidelineRead: true,
        teams: [],
        leadingTeams: [],
        userOrgBusinessPages: []
      })
      expect(res.body.userHash).toBe(createHmac('sha256', SECRET).update(userId).digest('hex'))
    })

    it('updates name, timezone and image', async () => {
      const client = new TestClient(t().app)
      await client.signup()
      const res = await client.put<User>('/user/update-user-details', { fullName: ' Renamed ', timezone: 'europe/paris', image: 'https://img.example/me.png' })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ fullName: 'Renamed', timezone: 'Europe/Paris', image: 'https://img.example/me.png' })
      // Only the fields sent change.
      const tzOnly = await client.put<User>('/user/update-user-details', { timezone: 'America/New_York' })
      expect(tzOnly.body).toMatchObject({ fullName: 'Renamed', timezone: 'America/New_York', image: 'https://img.example/me.png' })
      const cleared = await client.put<User>('/user/update-user-details', { image: null })
      expect(cleared.body.image).toBeNull()
      expect((await client.get<User>('/user')).body.fullName).toBe('Renamed')
    })

    it('answers invalid details with 400 and field messages', async () => {
      const client = new TestClient(t().app)
      await client.signup()
      const res = await client.put<ErrorBody>('/user/update-user-details', { fullName: '', timezone: 'Mars/Olympus_Mons' })
      expect(res.status).toBe(400)
      expect(res.body.error.fields).toEqual({ fullName: 'Enter your full name.', timezone: 'Choose a valid time zone.' })
      const nothing = await client.put<ErrorBody>('/user/update-user-details', {})
      expect(nothing.status).toBe(400)
      expect(nothing.body.error.message).toBe('Nothing to update.')
      const script = await client.put<ErrorBody>('/user/update-user-details', { image: 'javascript:alert(1)' })
      expect(script.status).toBe(400)
      expect(script.body.error.fields?.image).toBeTruthy()
    })

    it('changes the email, refusing one already in use (409) and invalid ones (400)', async () => {
      const other = new TestClient(t().app)
      const taken = await other.signup()
      const client = new TestClient(t().app)
      const account = await client.signup()

      const conflict = await client.put<ErrorBody>('/user/update-user-email', { email: taken.email.toUpperCase(), currentPassword: account.password })
      expect(conflict.status).toBe(409)
      expect(conflict.body.error.fields).toEqual({ email: 'That email is already in use.' })

      const invalid = await client.put<ErrorBody>('/user/update-user-email', { email: 'nope', currentPassword: account.password })
      expect(invalid.status).toBe(400)
      expect(invalid.body.error.fields).toEqual({ email: 'Enter a valid email address.' })

      const fresh = `changed-${account.email}`
      const ok = await client.put<User>('/user/update-user-email', { email: fresh, currentPassword: account.password })
      expect(ok.status).toBe(200)
      expect(ok.body.email).toBe(fresh)
      expect((await client.get<Session>('/auth')).body.email).toBe(fresh)
      // Sign-in now uses the new email.
      await client.get('/auth/logout')
      expect((await client.post('/auth/login', { email: fresh, password: account.password })).status).toBe(200)
      expect((await client.post('/auth/login', { email: account.email, password: account.password })).status).toBe(401)
    })

    it('counts an organization without a posting guideline as read (nothing to read)', async () => {
      const client = new TestClient(t().app)
      await client.signup()
      expect((await client.put('/user/update-guideline-read-status')).status).toBe(409)
      await client.createOrganization()
      expect((await client.get<User>('/user')).body.guidelineRead).toBe(true)
      const unread = await client.put<User>('/user/update-guideline-read-status', { read: false })
      expect(unread.status).toBe(200)
      expect(unread.body.guidelineRead).toBe(true)
    })

    it('needs a session', async () => {
      const client = new TestClient(t().app)
      expect((await client.get('/user')).status).toBe(401)
      expect((await client.put('/user/update-user-details', { fullName: 'X' })).status).toBe(401)
    })
  })
}, { config: { trustProxy: true, supportChatSecret: SECRET } })

describe('session token format', () => {
  it('hashes with SHA-256 hex', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })
})
