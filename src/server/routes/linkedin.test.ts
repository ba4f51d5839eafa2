import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import type { LinkedInConnection, User } from '../../shared/domain'
import { MESSAGES } from '../../shared/api/messages'
import { DAY_MS } from '../../shared/constants'
import { createLinkedInSandbox, sandboxMemberId, type LinkedInSandbox } from '../adapters/linkedin/sandbox'
import { linkedInAuthorizations, linkedInConnections } from '../db/schema'
import { createLinkedInService } from '../services/linkedIn'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

let sandbox: LinkedInSandbox

const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!)

describeEachDatabase(
  'LinkedIn connection',
  (t) => {
    const service = () => createLinkedInService({ db: t().db, clock: t().clock, adapter: sandbox, config: { tokenKey: null, dataDir: t().dataDir } })

    async function member(fullName = 'Ann Example') {
      const client = new TestClient(t().app)
      await client.signup({ fullName })
      await client.createOrganization(`Org ${randomUUID().slice(0, 6)}`)
      const user = await client.get<User>('/user')
      return { client, userId: user.body.id }
    }

    /** The sign-in page as a system browser sees it (no Pagecrew session, no client header). */
    async function authorizePage(authorizationUrl: string) {
      const url = new URL(authorizationUrl)
      const page = await t().app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
      const fields = Object.fromEntries(
        [...page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, unescapeHtml(m[2]!)])
      )
      return { page, fields }
    }

    async function answer(fields: Record<string, string>, decision: 'allow' | 'cancel') {
      const res = await t().app.inject({
        method: 'POST',
        url: '/api/linkedin/sandbox/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...fields, decision }).toString()
      })
      return { res, back: res.headers.location ? new URL(String(res.headers.location)) : null }
    }

    /** Start → sign-in page → Allow → what came back to the redirect address. */
    async function signIn(client: TestClient, redirectUri = 'pagecrew://callback', decision: 'allow' | 'cancel' = 'allow') {
      const start = await client.post<{ authorizationUrl: string }>('/linkedin/connect', { redirectUri })
      expect(start.status).toBe(200)
      const { fields } = await authorizePage(start.body.authorizationUrl)
      const { back } = await answer(fields, decision)
      return Object.fromEntries(back!.searchParams) as Record<string, string>
    }

    async function connect(client: TestClient, redirectUri?: string) {
      const back = await signIn(client, redirectUri)
      const done = await client.post<LinkedInConnection>('/linkedin/callback', { state: back.state, code: back.code })
      expect(done.status).toBe(200)
      return done.body
    }

    const stored = async (userId: string) => (await t().db.select().from(linkedInConnections).where(eq(linkedInConnections.userId, userId)))[0]

    it('connects through the sandbox sign-in page: 303 back with code and state, 60-day token encrypted at rest', async () => {
      const { client, userId } = await member('Ann Example')
      expect((await client.get<LinkedInConnection>('/linkedin/connection')).body).toEqual({
        connected: false,
        memberName: null,
        connectedAt: null,
        expiresAt: null,
        provider: 'sandbox'
      })
      const start = await client.post<{ authorizationUrl: string }>('/linkedin/connect', { redirectUri: 'http://127.0.0.1:53682/callback' })
      expect(start.status).toBe(200)
      const url = new URL(start.body.authorizationUrl)
      expect(`${url.origin}${url.pathname}`).toBe('http://localhost/api/linkedin/sandbox/authorize')
      expect(url.searchParams.get('code_challenge_method')).toBe('S256')
      expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/)

      const { page, fields } = await authorizePage(start.body.authorizationUrl)
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-type']).toContain('text/html')
      expect(page.body).toContain('<title>LinkedIn sandbox — Pagecrew wants to publish posts for you</title>')
      expect(page.body).toContain('Signed in to the sandbox as <strong>Ann Example</strong>')
      expect(page.body).toMatch(/<button class="primary" type="submit" name="decision" value="allow" aria-label="[^"]+">Allow<\/button>/)
      expect(page.body).toMatch(/<button type="submit" name="decision" value="cancel" aria-label="[^"]+">Cancel<\/button>/)
      expect(String(page.headers['content-security-policy'])).toContain("form-action 'self' http://127.0.0.1:53682")

      const { res, back } = await answer(fields, 'allow')
      expect(res.statusCode).toBe(303)
      expect(`${back!.origin}${back!.pathname}`).toBe('http://127.0.0.1:53682/callback')
      expect(back!.searchParams.get('state')).toBe(url.searchParams.get('state'))

      const done = await client.post<LinkedInConnection>('/linkedin/callback', { state: back!.searchParams.get('state'), code: back!.searchParams.get('code') })
      expect(done.status).toBe(200)
      const expiresAt = new Date(t().clock.now().getTime() + 60 * DAY_MS).toISOString()
      expect(done.body).toEqual({ connected: true, memberName: 'Ann Example', connectedAt: t().clock.now().toISOString(), expiresAt, provider: 'sandbox' })
      expect((await client.get('/linkedin/connection')).body).toEqual(done.body)
      const user = (await client.get<User>('/user')).body
      expect([user.isLinkedInConnected, user.linkedInExpireAt]).toEqual([true, expiresAt])

      const row = (await stored(userId))!
      expect(row.accessTokenEncrypted).toMatch(/^v1:/)
      expect(row.refreshTokenEncrypted).toMatch(/^v1:/)
      expect(row.accessTokenEncrypted).not.toContain('sbx-')
      const identity = await service().publishingIdentity(userId)
      expect(identity?.accessToken.token).toMatch(/^sbx-at-/)
      expect(identity?.accessToken.expiresAt?.toISOString()).toBe(expiresAt)
      expect(identity?.memberId).toBe(sandboxMemberId(userId))
      expect(row.linkedInMemberId).toBe(sandboxMemberId(userId))
      expect(await service().status(userId)).toBe('connected')
      // The authorization is used up.
      expect(await t().db.select().from(linkedInAuthorizations).where(eq(linkedInAuthorizations.userId, userId))).toEqual([])
    })

    it('accepts only its own /callback, loopback callbacks and pagecrew://callback as redirect addresses', async () => {
      const { client } = await member()
      for (const redirectUri of ['http://localhost/callback', 'http://localhost:80/callback', 'http://127.0.0.1:1/callback', 'http://localhost:65535/callback', 'pagecrew://callback']) {
        expect((await client.post('/linkedin/connect', { redirectUri })).status, redirectUri).toBe(200)
      }
      for (const redirectUri of [
        'https://evil.example/callback',
        'http://127.0.0.1/callback',
        'http://127.0.0.1:99999/callback',
        'http://127.0.0.1:0/callback',
        'http://127.0.0.1:8080/callback/extra',
        'http://127.0.0.1:8080/callback?next=evil',
        'http://localhost/callback#x',
        'pagecrew://callback?x=1',
        'pagecrew://open',
        'javascript:alert(1)'
      ]) {
        const res = await client.post<{ error: { fields: Record<string, string> } }>('/linkedin/connect', { redirectUri })
        expect(res.status, redirectUri).toBe(400)
        expect(res.body.error.fields.redirectUri).toBe(MESSAGES.linkedInRedirectNotAllowed)
      }
      expect((await client.post('/linkedin/connect', {})).status).toBe(400)
    })

    it('a cancel on LinkedIn comes back as a readable message and uses the state up', async () => {
      const { client, userId } = await member()
      const back = await signIn(client, 'pagecrew://callback', 'cancel')
      expect(back.error).toBe('user_cancelled_authorize')
      const res = await client.post<{ error: { message: string } }>('/linkedin/callback', { state: back.state, error: back.error, errorDescription: back.error_description })
      expect(res.status).toBe(400)
      expect(res.body.error.message).toBe('LinkedIn connection was cancelled.')
      const again = await client.post<{ error: { message: string } }>('/linkedin/callback', { state: back.state, code: 'whatever' })
      expect(again.body.error.message).toBe('This LinkedIn sign-in has expired or was not started here. Connect again.')
      expect(await stored(userId)).toBeUndefined()
    })

    it('refuses a state started by another user, without spoiling it for its owner', async () => {
      const ann = await member('Ann')
      const bob = await member('Bob')
      const back = await signIn(ann.client)
      const stolen = await bob.client.post<{ error: { message: string; fields: Record<string, string> } }>('/linkedin/callback', back)
      expect(stolen.status).toBe(400)
      expect(stolen.body.error.message).toBe(MESSAGES.linkedInSignInExpired)
      expect(stolen.body.error.fields.state).toBe(MESSAGES.linkedInSignInExpired)
      expect(await stored(bob.userId)).toBeUndefined()
      expect((await ann.client.post('/linkedin/callback', back)).status).toBe(200)
    })

    it('refuses an expired state (after 10 minutes), a reused state and a code LinkedIn does not accept', async () => {
      const { client } = await member()
      const late = await signIn(client)
      t().clock.advance(10 * 60_000 + 1)
      const expired = await client.post<{ error: { message: string } }>('/linkedin/callback', late)
      expect([expired.status, expired.body.error.message]).toEqual([400, MESSAGES.linkedInSignInExpired])

      const back = await signIn(client)
      expect((await client.post('/linkedin/callback', back)).status).toBe(200)
      const reused = await client.post<{ error: { message: string } }>('/linkedin/callback', back)
      expect([reused.status, reused.body.error.message]).toEqual([400, MESSAGES.linkedInSignInExpired])

      const forged = await signIn(client)
      const refused = await client.post<{ error: { message: string } }>('/linkedin/callback', { state: forged.state, code: `${forged.code}x` })
      expect([refused.status, refused.body.error.message]).toEqual([400, MESSAGES.linkedInCodeRefused])
      const missing = await signIn(client)
      const noCode = await client.post<{ error: { fields: Record<string, string> } }>('/linkedin/callback', { state: missing.state })
      expect([noCode.status, noCode.body.error.fields.code]).toEqual([400, MESSAGES.linkedInCodeMissing])
    })

    it('a reconnect keeps the stored refresh token when LinkedIn sends none, and takes a new one when it does', async () => {
      const { client, userId } = await member()
      await connect(client)
      const first = (await stored(userId))!
      t().clock.advance(DAY_MS)
      sandbox.withoutRefreshTokenNext()
      const second = await connect(client)
      const row = (await stored(userId))!
      expect(row.accessTokenEncrypted).not.toBe(first.accessTokenEncrypted)
      expect(row.refreshTokenEncrypted).toBe(first.refreshTokenEncrypted)
      expect(row.refreshTokenExpiresAt).toEqual(first.refreshTokenExpiresAt)
      expect(second.expiresAt).toBe(new Date(t().clock.now().getTime() + 60 * DAY_MS).toISOString())
      await connect(client)
      const third = (await stored(userId))!
      expect(third.refreshTokenEncrypted).not.toBe(first.refreshTokenEncrypted)
      expect(third.refreshTokenExpiresAt!.getTime()).toBeGreaterThan(first.refreshTokenExpiresAt!.getTime())
    })

    it('disconnects', async () => {
      const { client, userId } = await member()
      await connect(client)
      await client.post('/linkedin/connect', { redirectUri: 'pagecrew://callback' })
      const res = await client.delete<LinkedInConnection>('/linkedin/connection')
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ connected: false, expiresAt: null, memberName: null })
      const user = (await client.get<User>('/user')).body
      expect([user.isLinkedInConnected, user.linkedInExpireAt]).toEqual([false, null])
      expect(await service().status(userId)).toBe('missing')
      expect(await service().publishingIdentity(userId)).toBeNull()
      expect(await t().db.select().from(linkedInAuthorizations).where(eq(linkedInAuthorizations.userId, userId))).toEqual([])
    })

    it('stays connected but expired once the 60 days are over', async () => {
      const { client, userId } = await member()
      const connection = await connect(client)
      // Signed in all along: the session slides when used.
      for (const days of [25, 25, 11]) {
        t().clock.advance(days * DAY_MS)
        expect((await client.get('/user')).status).toBe(200)
      }
      const later = (await client.get<LinkedInConnection>('/linkedin/connection')).body
      expect(later.connected).toBe(true)
      expect(later.expiresAt).toBe(connection.expiresAt)
      expect(Date.parse(later.expiresAt!)).toBeLessThan(t().clock.now().getTime())
      expect(await service().status(userId)).toBe('expired')
      const user = (await client.get<User>('/user')).body
      expect([user.isLinkedInConnected, user.linkedInExpireAt]).toEqual([true, connection.expiresAt])
    })

    it('needs a session, and the client header on every change', async () => {
      const anonymous = new TestClient(t().app)
      expect((await anonymous.get('/linkedin/connection')).status).toBe(401)
      expect((await anonymous.post('/linkedin/connect', { redirectUri: 'pagecrew://callback' })).status).toBe(401)
      expect((await anonymous.post('/linkedin/callback', { state: 'x', code: 'y' })).status).toBe(401)
      expect((await anonymous.delete('/linkedin/connection')).status).toBe(401)

      const { client, userId } = await member()
      const back = await signIn(client)
      for (const [method, path, body] of [
        ['POST', '/linkedin/connect', { redirectUri: 'pagecrew://callback' }],
        ['POST', '/linkedin/callback', back],
        ['DELETE', '/linkedin/connection', undefined]
      ] as const) {
        const res = await client.request<{ error: { code: string } }>(method, path, { body, clientHeader: false })
        expect([res.status, res.body.error.code], path).toEqual([403, 'csrf'])
      }
      expect(await stored(userId)).toBeUndefined()
      expect((await client.post('/linkedin/callback', back)).status).toBe(200)
    })

    it('the sandbox shows what it received: the signed-in member’s posts, and any one post by its link', async () => {
      const { client, userId } = await member('Viewer')
      await connect(client)
      const mine = await sandbox.publish({
        author: { kind: 'person', id: sandboxMemberId(userId) },
        text: 'My <first> sandbox post',
        type: 'textOnly',
        idempotencyKey: randomUUID(),
        accessToken: { token: 't', expiresAt: null }
      })
      const theirs = await sandbox.publish({
        author: { kind: 'person', id: 'someone-else' },
        text: 'Not for the viewer',
        type: 'poll',
        poll: { question: 'Q?', options: ['A', 'B'] },
        idempotencyKey: randomUUID(),
        accessToken: { token: 't', expiresAt: null }
      })
      const list = await t().app.inject({ method: 'GET', url: '/api/linkedin/sandbox/posts', headers: { cookie: `pagecrew_session=${client.cookie}` } })
      expect(list.statusCode).toBe(200)
      expect(list.body).toContain('My &lt;first&gt; sandbox post')
      expect(list.body).toContain(mine.urn)
      expect(list.body).not.toContain('Not for the viewer')
      expect((await t().app.inject({ method: 'GET', url: '/api/linkedin/sandbox/posts' })).statusCode).toBe(401)

      const one = await t().app.inject({ method: 'GET', url: sandbox.postUrl(theirs.urn) })
      expect(one.statusCode).toBe(200)
      expect(one.body).toContain('Not for the viewer')
      expect(one.body).toContain('Q?: A · B')
      expect((await t().app.inject({ method: 'GET', url: '/api/linkedin/sandbox/posts/urn%3Ali%3Ashare%3A1' })).statusCode).toBe(404)
    })

    it('answers a malformed sign-in request with an error page, never a redirect', async () => {
      const bad = await t().app.inject({ method: 'GET', url: '/api/linkedin/sandbox/authorize?response_type=code&client_id=other&redirect_uri=pagecrew://callback&state=s' })
      expect(bad.statusCode).toBe(400)
      expect(bad.body).toContain('This application is not known to the sandbox.')
      const post = await t().app.inject({
        method: 'POST',
        url: '/api/linkedin/sandbox/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'decision=allow&response_type=code&client_id=pagecrew-sandbox&redirect_uri=https%3A%2F%2Fevil.example&state=s'
      })
      expect(post.statusCode).toBe(400)
      expect(post.headers.location).toBeUndefined()
    })
  },
  { linkedInAdapter: ({ clock }) => (sandbox = createLinkedInSandbox({ clock })) }
)
