import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import * as oidc from 'openid-client'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { API_BASE, CLIENT_HEADER, SESSION_COOKIE, type Session } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import { SSO_MESSAGES, type SsoSettings } from '../../shared/domain/sso'
import { auditLog, memberships, organizationSso, ssoAuthorizations, subscriptions, users } from '../db/schema'
import { TestClient } from '../testing/harness'
import { startTestIdentityProvider, type TestIdentityProvider } from '../testing/identityProvider'
import { describeEachDatabase } from '../testing/suite'

/**
 * Single sign-on (issue 17) against a real OpenID provider (oidc-provider) in this process: the
 * server discovers it, signs people in through its sign-in page and checks its ID tokens.
 */
const REDIRECT_URI = 'http://127.0.0.1:53682/callback'
const CLIENT = { clientId: 'pagecrew', clientSecret: 'pagecrew-client-secret-for-tests', redirectUris: [REDIRECT_URI] }
const OTHER_CLIENT = { clientId: 'another-app', clientSecret: 'another-app-secret-for-tests', redirectUris: [REDIRECT_URI] }

let idp: TestIdentityProvider
/** The fake DNS: TXT records by name. */
const txtRecords = new Map<string, string[][]>()
/** When set, the provider's token answers carry this ID token instead of their own (a token minted for another client). */
let swappedIdToken: string | null = null

const ssoFetch: oidc.CustomFetch = async (url, options) => {
  const res = await fetch(url, options as RequestInit)
  if (!swappedIdToken || !url.endsWith('/token')) return res
  const body = (await res.json()) as Record<string, unknown>
  return new Response(JSON.stringify({ ...body, id_token: swappedIdToken }), { status: res.status, headers: { 'content-type': 'application/json' } })
}

beforeAll(async () => {
  idp = await startTestIdentityProvider([CLIENT, OTHER_CLIENT])
})
afterAll(async () => {
  await idp.close()
})

describeEachDatabase(
  'Single sign-on',
  (t) => {
    const uniqueDomain = () => `corp-${randomUUID().slice(0, 8)}.example`

    function person(email: string, emailVerified = true) {
      idp.accounts.set(email, { email, emailVerified, name: `Person ${email.split('@')[0]}` })
      return email
    }

    async function enterpriseAdmin(seats = 20) {
      const client = new TestClient(t().app)
      await client.signup({ fullName: 'Ada Admin' })
      const org = await client.createOrganization(`Org ${randomUUID().slice(0, 6)}`)
      await t()
        .db.update(subscriptions)
        .set({ productId: 'enterprise', priceId: 'enterprise-yearly', status: 'active', availableSeats: seats, trialEndsAt: null })
        .where(eq(subscriptions.organizationId, org.id))
      return { client, org }
    }

    /** An Enterprise organization with the test provider and one verified domain. */
    async function configured(options: { seats?: number; required?: boolean } = {}) {
      const admin = await enterpriseAdmin(options.seats)
      const domain = uniqueDomain()
      const saved = await admin.client.put<SsoSettings>('/organization/sso', {
        issuerUrl: idp.issuer,
        clientId: CLIENT.clientId,
        clientSecret: CLIENT.clientSecret,
        required: false,
        domains: [domain]
      })
      expect(saved.status).toBe(200)
      txtRecords.set(`_pagecrew.${domain}`, [[saved.body.domains[0]!.txtRecordValue]])
      expect((await admin.client.post('/organization/sso/verify-domain', { domain })).status).toBe(200)
      if (options.required) {
        const required = await admin.client.put('/organization/sso', { issuerUrl: idp.issuer, clientId: CLIENT.clientId, required: true, domains: [domain] })
        expect(required.status).toBe(200)
      }
      return { ...admin, domain }
    }

    /** The browser's side: start, the provider's sign-in page, back to Pagecrew's callback. */
    async function startSso(email: string) {
      const res = await t().app.inject({
        method: 'POST',
        url: `${API_BASE}/auth/sso/start`,
        headers: { [CLIENT_HEADER]: 'test', 'content-type': 'application/json' },
        payload: JSON.stringify({ email, redirectUri: REDIRECT_URI })
      })
      expect(res.statusCode).toBe(200)
      const cookie = res.cookies.find((c) => c.name === 'pagecrew_sso')!.value
      return { url: new URL((res.json() as { url: string }).url), cookie }
    }

    async function callback(back: URL, cookie: string | null) {
      const res = await t().app.inject({
        method: 'GET',
        url: `${API_BASE}/auth/sso/callback`,
        query: Object.fromEntries(back.searchParams),
        headers: cookie ? { cookie: `pagecrew_sso=${cookie}` } : {}
      })
      const session = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? null
      return { status: res.statusCode, body: res.json() as Session & { error?: { message: string } }, session }
    }

    async function signInWithSso(email: string) {
      const started = await startSso(email)
      const back = await idp.signIn(started.url.href, email)
      return { ...(await callback(back, started.cookie)), back, started }
    }

    it('an admin configures the provider: checked by discovery, the secret kept encrypted and never answered', async () => {
      const { client, org } = await enterpriseAdmin()
      const empty = await client.get<SsoSettings>('/organization/sso')
      expect(empty.body).toMatchObject({ available: true, configured: false, hasClientSecret: false, domains: [] })

      const unreachable = await client.put<{ error: { message: string; fields: Record<string, string> } }>('/organization/sso', {
        issuerUrl: 'http://127.0.0.1:9/nothing',
        clientId: 'x',
        clientSecret: 'y',
        required: false,
        domains: []
      })
      expect(unreachable.status).toBe(400)
      expect(unreachable.body.error.fields.issuerUrl).toBe(SSO_MESSAGES.discoveryFailed)

      const plainHttp = await client.put<{ error: { fields: Record<string, string> } }>('/organization/sso', {
        issuerUrl: 'http://idp.example.com',
        clientId: 'x',
        clientSecret: 'y',
        required: false,
        domains: []
      })
      expect(plainHttp.status).toBe(400)
      expect(plainHttp.body.error.fields.issuerUrl).toBe(SSO_MESSAGES.issuerInvalid)

      const noSecret = await client.put('/organization/sso', { issuerUrl: idp.issuer, clientId: CLIENT.clientId, required: false, domains: [] })
      expect(noSecret.status).toBe(400)

      const domain = uniqueDomain()
      const saved = await client.put<SsoSettings>('/organization/sso', {
        issuerUrl: `${idp.issuer}/`,
        clientId: CLIENT.clientId,
        clientSecret: CLIENT.clientSecret,
        required: false,
        domains: [`@${domain.toUpperCase()}`]
      })
      expect(saved.status).toBe(200)
      expect(saved.body).toMatchObject({ configured: true, issuerUrl: idp.issuer, clientId: CLIENT.clientId, hasClientSecret: true, required: false })
      expect(saved.body.domains).toEqual([
        expect.objectContaining({ domain, verified: false, txtRecordName: `_pagecrew.${domain}`, txtRecordValue: expect.stringMatching(/^pagecrew-verification=/) })
      ])
      expect(JSON.stringify(saved.body)).not.toContain(CLIENT.clientSecret)
      const [row] = await t().db.select().from(organizationSso).where(eq(organizationSso.organizationId, org.id))
      expect(row!.clientSecretEncrypted).not.toContain(CLIENT.clientSecret)

      // Required needs a verified domain first.
      const tooEarly = await client.put('/organization/sso', { issuerUrl: idp.issuer, clientId: CLIENT.clientId, required: true, domains: [domain] })
      expect(tooEarly.status).toBe(400)

      // The DNS proof: no record, a wrong one, then the right one.
      const missing = await client.post<{ error: { message: string } }>('/organization/sso/verify-domain', { domain })
      expect(missing.status).toBe(400)
      txtRecords.set(`_pagecrew.${domain}`, [['pagecrew-verification=wrong']])
      expect((await client.post('/organization/sso/verify-domain', { domain })).status).toBe(400)
      const value = saved.body.domains[0]!.txtRecordValue
      txtRecords.set(`_pagecrew.${domain}`, [['v=spf1 -all'], [value.slice(0, 10), value.slice(10)]])
      const verified = await client.post<SsoSettings>('/organization/sso/verify-domain', { domain })
      expect(verified.status).toBe(200)
      expect(verified.body.domains[0]).toMatchObject({ domain, verified: true })

      // Keeping the stored secret: no clientSecret in the body.
      const kept = await client.put<SsoSettings>('/organization/sso', { issuerUrl: idp.issuer, clientId: CLIENT.clientId, required: true, domains: [domain] })
      expect(kept.status).toBe(200)
      expect(kept.body).toMatchObject({ required: true, hasClientSecret: true })

      const actions = await t().db.select({ action: auditLog.action, after: auditLog.after }).from(auditLog).where(eq(auditLog.organizationId, org.id))
      expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['sso.configured', 'sso.domain_added', 'sso.domain_verified', 'sso.updated']))
      expect(JSON.stringify(actions)).not.toContain(CLIENT.clientSecret)
    })

    it('outside Enterprise: 402 with what it takes; a member gets 403; settings stay in their organization', async () => {
      const trial = new TestClient(t().app)
      await trial.signup()
      await trial.createOrganization('Trial Org')
      expect((await trial.get<SsoSettings>('/organization/sso')).body).toMatchObject({ available: false, configured: false })
      const refused = await trial.put<{ error: { message: string } }>('/organization/sso', {
        issuerUrl: idp.issuer,
        clientId: CLIENT.clientId,
        clientSecret: CLIENT.clientSecret,
        required: false,
        domains: []
      })
      expect(refused.status).toBe(402)
      expect(refused.body.error.message).toBe(SSO_MESSAGES.notInPlan)

      const a = await configured()
      // A member of the organization (joined through SSO) may not read or change it.
      const memberEmail = person(`member@${a.domain}`)
      const joined = await signInWithSso(memberEmail)
      expect(joined.status).toBe(200)
      const member = new TestClient(t().app)
      member.cookie = joined.session
      expect((await member.get('/organization/sso')).status).toBe(403)
      expect((await member.put('/organization/sso', { issuerUrl: idp.issuer, clientId: 'x', required: false, domains: [] })).status).toBe(403)
      expect((await member.post('/organization/sso/verify-domain', { domain: a.domain })).status).toBe(403)

      // Another organization's admin sees only their own settings and cannot verify A's domain.
      const b = await enterpriseAdmin()
      const own = await b.client.get<SsoSettings>('/organization/sso')
      expect(own.body).toMatchObject({ configured: false, domains: [] })
      expect((await b.client.post('/organization/sso/verify-domain', { domain: a.domain })).status).toBe(400)
    })

    it('a domain verified by one organization is refused to another (409)', async () => {
      const a = await configured()
      const b = await enterpriseAdmin()
      const saved = await b.client.put<SsoSettings>('/organization/sso', {
        issuerUrl: idp.issuer,
        clientId: CLIENT.clientId,
        clientSecret: CLIENT.clientSecret,
        required: false,
        domains: [a.domain]
      })
      expect(saved.status).toBe(200)
      txtRecords.set(`_pagecrew.${a.domain}`, [[saved.body.domains[0]!.txtRecordValue]])
      const taken = await b.client.post<{ error: { message: string } }>('/organization/sso/verify-domain', { domain: a.domain })
      expect(taken.status).toBe(409)
      expect(taken.body.error.message).toBe(SSO_MESSAGES.domainTaken)
    })

    it('a new colleague signs in with SSO: PKCE, state and nonce; created just in time and joined as an active member', async () => {
      const { org, domain } = await configured()
      const email = person(`grace@${domain}`)
      const anonymous = new TestClient(t().app)
      expect((await anonymous.post('/auth/sso/discover', { email })).body).toEqual({ sso: 'offered', organizationName: expect.stringMatching(/^Org /) })
      expect((await anonymous.post('/auth/sso/discover', { email: 'someone@unknown-domain.example' })).body).toEqual({ sso: 'none', organizationName: null })

      const { status, body, session, started } = await signInWithSso(email)
      expect(started.url.href.startsWith(idp.issuer)).toBe(true)
      expect(started.url.searchParams.get('code_challenge_method')).toBe('S256')
      expect(started.url.searchParams.get('nonce')).toBeTruthy()
      expect(started.url.searchParams.get('state')).toBeTruthy()
      expect(status).toBe(200)
      expect(body).toMatchObject({ email, organizationId: org.id, organizationWorkOSId: org.organizationWorkOSId, needsOnboarding: false })
      expect(session).toBeTruthy()

      const [user] = await t().db.select().from(users).where(eq(users.email, email))
      expect(user).toMatchObject({ passwordHash: null, fullName: 'Person grace' })
      const [membership] = await t()
        .db.select()
        .from(memberships)
        .where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, user!.id)))
      expect(membership).toMatchObject({ role: 'MEMBER', status: 'ACTIVE' })

      const client = new TestClient(t().app)
      client.cookie = session
      expect((await client.get<Session>('/auth')).body.organizationId).toBe(org.id)

      // A second sign-in finds the same user and membership.
      const again = await signInWithSso(email)
      expect(again.status).toBe(200)
      expect(again.body.userId).toBe(user!.id)
      expect(await t().db.select().from(memberships).where(eq(memberships.userId, user!.id))).toHaveLength(1)
    })

    it('the state is single-use, bound to the browser that started, and expires', async () => {
      const { domain } = await configured()
      const email = person(`hopper@${domain}`)
      const first = await signInWithSso(email)
      expect(first.status).toBe(200)
      const reused = await callback(first.back, first.started.cookie)
      expect(reused.status).toBe(400)
      expect(reused.body.error!.message).toBe(SSO_MESSAGES.expired)

      // Another browser (no cookie of its own) cannot complete someone's sign-in.
      const started = await startSso(email)
      const back = await idp.signIn(started.url.href, email)
      expect((await callback(back, null)).status).toBe(400)

      const late = await startSso(email)
      const lateBack = await idp.signIn(late.url.href, email)
      t().clock.advance(11 * 60 * 1000)
      const expired = await callback(lateBack, late.cookie)
      expect(expired.status).toBe(400)
      expect(expired.body.error!.message).toBe(SSO_MESSAGES.expired)
    })

    it('refuses an ID token with another nonce, one minted for another client, and an unverified email', async () => {
      const { domain } = await configured()
      const email = person(`lovelace@${domain}`)

      const started = await startSso(email)
      await t().db.update(ssoAuthorizations).set({ nonce: 'not-the-nonce-sent' })
      const back = await idp.signIn(started.url.href, email)
      const wrongNonce = await callback(back, started.cookie)
      expect(wrongNonce.status).toBe(400)
      expect(wrongNonce.body.error!.message).toBe(SSO_MESSAGES.tokenRefused)
      expect(wrongNonce.session).toBeNull()

      // An ID token the provider really signed, with the right nonce, but for another client.
      const next = await startSso(email)
      const other = await oidc.discovery(new URL(idp.issuer), OTHER_CLIENT.clientId, OTHER_CLIENT.clientSecret, undefined, { execute: [oidc.allowInsecureRequests] })
      const verifier = oidc.randomPKCECodeVerifier()
      const nonce = next.url.searchParams.get('nonce')!
      const otherUrl = oidc.buildAuthorizationUrl(other, {
        redirect_uri: REDIRECT_URI,
        scope: 'openid email',
        state: 'other-state',
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256'
      })
      const otherBack = await idp.signIn(otherUrl.href, email)
      const otherTokens = await oidc.authorizationCodeGrant(other, otherBack, {
        pkceCodeVerifier: verifier,
        expectedState: 'other-state',
        expectedNonce: nonce,
        idTokenExpected: true
      })
      expect(otherTokens.claims()!.aud).toBe(OTHER_CLIENT.clientId)
      const nextBack = await idp.signIn(next.url.href, email)
      swappedIdToken = otherTokens.id_token!
      try {
        const wrongAudience = await callback(nextBack, next.cookie)
        expect(wrongAudience.status).toBe(400)
        expect(wrongAudience.body.error!.message).toBe(SSO_MESSAGES.tokenRefused)
        expect(wrongAudience.session).toBeNull()
      } finally {
        swappedIdToken = null
      }

      const unverified = person(`babbage@${domain}`, false)
      const refused = await signInWithSso(unverified)
      expect(refused.status).toBe(400)
      expect(refused.body.error!.message).toBe(SSO_MESSAGES.emailNotVerified)
      expect(await t().db.select().from(users).where(eq(users.email, unverified))).toHaveLength(0)
    })

    it('joins within the seats: 402 when they are full, nobody created', async () => {
      // The admin holds the one seat.
      const { domain } = await configured({ seats: 1 })
      const email = person(`turing@${domain}`)
      const full = await signInWithSso(email)
      expect(full.status).toBe(402)
      expect(full.body.error!.message).toBe(MESSAGES.seatsLimitReached)
      expect(full.session).toBeNull()
      expect(await t().db.select().from(users).where(eq(users.email, email))).toHaveLength(0)
    })

    it('required SSO refuses a password for its domain (403) and is what discovery answers', async () => {
      const { domain } = await configured()
      const email = `knuth@${domain}`
      const withPassword = new TestClient(t().app)
      await withPassword.signup({ email, password: 'correct horse battery staple' })
      const before = await new TestClient(t().app).post('/auth/login', { email, password: 'correct horse battery staple' })
      expect(before.status).toBe(200)

      const admin = await configured({ required: true })
      const requiredEmail = `knuth@${admin.domain}`
      await new TestClient(t().app).signup({ email: requiredEmail, password: 'correct horse battery staple' })
      expect((await new TestClient(t().app).post('/auth/sso/discover', { email: requiredEmail })).body).toMatchObject({ sso: 'required' })
      const refused = await new TestClient(t().app).post<{ error: { message: string } }>('/auth/login', {
        email: requiredEmail,
        password: 'correct horse battery staple'
      })
      expect(refused.status).toBe(403)
      expect(refused.body.error.message).toBe(SSO_MESSAGES.requiredForDomain)

      // The same person signs in through the provider instead, and joins.
      person(requiredEmail)
      const viaSso = await signInWithSso(requiredEmail)
      expect(viaSso.status).toBe(200)
      expect(viaSso.body.organizationId).toBe(admin.org.id)
    })
  },
  { sso: { resolveTxt: async (name) => txtRecords.get(name) ?? [], fetch: ssoFetch } }
)
