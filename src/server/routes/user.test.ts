import { createHmac } from 'node:crypto'
import { expect, it } from 'vitest'
import type { Session } from '../../shared/api/contract'
import type { User } from '../../shared/domain'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }
const SECRET = 'chat-secret-for-tests'

describeEachDatabase(
  'user',
  (t) => {
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
        guidelineRead: false,
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

      const conflict = await client.put<ErrorBody>('/user/update-user-email', { email: taken.email.toUpperCase() })
      expect(conflict.status).toBe(409)
      expect(conflict.body.error.fields).toEqual({ email: 'That email is already in use.' })

      const invalid = await client.put<ErrorBody>('/user/update-user-email', { email: 'nope' })
      expect(invalid.status).toBe(400)
      expect(invalid.body.error.fields).toEqual({ email: 'Enter a valid email address.' })

      const fresh = `changed-${account.email}`
      const ok = await client.put<User>('/user/update-user-email', { email: fresh })
      expect(ok.status).toBe(200)
      expect(ok.body.email).toBe(fresh)
      expect((await client.get<Session>('/auth')).body.email).toBe(fresh)
      // Sign-in now uses the new email.
      await client.get('/auth/logout')
      expect((await client.post('/auth/login', { email: fresh, password: account.password })).status).toBe(200)
      expect((await client.post('/auth/login', { email: account.email, password: account.password })).status).toBe(401)
    })

    it('records that the guideline was read (no body means read)', async () => {
      const client = new TestClient(t().app)
      await client.signup()
      const res = await client.put<User>('/user/update-guideline-read-status')
      expect(res.status).toBe(200)
      expect(res.body.guidelineRead).toBe(true)
      const unread = await client.put<User>('/user/update-guideline-read-status', { read: false })
      expect(unread.body.guidelineRead).toBe(false)
    })

    it('needs a session', async () => {
      const client = new TestClient(t().app)
      expect((await client.get('/user')).status).toBe(401)
      expect((await client.put('/user/update-user-details', { fullName: 'X' })).status).toBe(401)
    })
  },
  { config: { supportChatSecret: SECRET } }
)
