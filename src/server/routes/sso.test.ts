import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import * as oidc from 'openid-client'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { API_BASE, CLIENT_HEADER, SESSION_COOKIE, type Session } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import { SSO_MESSAGES, type SsoSettings } from '../../shared/domain/sso'
import { auditLog, memberships, organizationSso, sessions, ssoAuthorizations, subscriptions, users } from '../db/schema'
import type { HostResolver, OutboundFetch } from '../adapters/outboundFetch'
import { TestClient } from '../testing/harness'
import { startTestIdentityProvider, type TestIdentityProvider } from '../testing/identityProvider'
import { describeEachDatabase } from '../testing/suite'
import { SSO_RATE_LIMITS } from './sso'

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

/** Above the outbound-fetch policy (which still sees every request): swaps the ID token when asked. */
const wrapFetch =
  (policyFetch: OutboundFetch): OutboundFetch =>
  async (url, options) => {
    const res = await policyFetch(url, options)
    if (!swappedIdToken || !String(url).endsWith('/token')) return res
    const body = (await res.json()) as Record<string, unknown>
    return new Response(JSON.stringify({ ...body, id_token: swappedIdToken }), { status: res.status, headers: { 'content-type': 'application/json' } })
  }
/** The policy's DNS in these tests: names the test sets; anything else does not exist. */
const hostRecords = new Map<string, { address: string; family: number }[]>()
const resolveHost: HostResolver = async (name) => {
  const found = hostRecords.get(name)
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' })
  return found
}
const PASSWORD = 'correct horse battery staple'

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
    let addressCounter = 0
    const nextAddress = () => `198.18.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`

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
        payload: JSON.stringify({ email, redirectUri: REDIRECT_URI }),
        // Starts are limited per client address: each of these is another browser.
        remoteAddress: nextAddress()
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
        headers: cookie ? { cookie: `pagecrew_sso=${cookie}` } : {},
        // Callbacks are limited per client address too: each of these is another browser.
        remoteAddress: nextAddress()
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
        issuerUrl: 'ftp://idp.example.com',
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

    it('an invitee who signs in through SSO instead has used the invitation: its join link says so (410), not invalid', async () => {
      const { client, domain } = await configured()
      const email = person(`hopper@${domain}`)
      const token = await invite(client, email)
      expect((await new TestClient(t().app).get('/join/info', { token })).status).toBe(200)
      expect((await signInWithSso(email)).status).toBe(200)
      const info = await new TestClient(t().app).get<{ error: { code: string; message: string } }>('/join/info', { token })
      expect(info.status).toBe(410)
      expect(info.body.error).toEqual({ code: 'join_link_used', message: MESSAGES.joinLinkUsed })
      const accept = await new TestClient(t().app).post<{ error: { code: string } }>('/join/accept', { token, fullName: 'Grace Hopper', password: PASSWORD })
      expect(accept.status).toBe(410)
      expect(accept.body.error.code).toBe('join_link_used')
    })

    it('required SSO refuses a password for its domain (403) and is what discovery answers', async () => {
      const { domain } = await configured()
      const email = `knuth@${domain}`
      const withPassword = new TestClient(t().app)
      await withPassword.signup({ email, password: PASSWORD })
      const before = await new TestClient(t().app).post('/auth/login', { email, password: PASSWORD })
      expect(before.status).toBe(200)

      const admin = await configured({ required: true })
      const requiredEmail = `knuth@${admin.domain}`
      expect((await new TestClient(t().app).post('/auth/sso/discover', { email: requiredEmail })).body).toMatchObject({ sso: 'required' })
      // Signing up for the domain is refused as signing in is.
      const signup = await new TestClient(t().app).post<{ error: { message: string } }>('/auth/signup', {
        email: requiredEmail,
        password: PASSWORD,
        fullName: 'Don Knuth'
      })
      expect(signup.status).toBe(403)
      expect(signup.body.error.message).toBe(SSO_MESSAGES.requiredForDomain)
      const refused = await new TestClient(t().app).post<{ error: { message: string } }>('/auth/login', { email: requiredEmail, password: PASSWORD })
      expect(refused.status).toBe(403)
      expect(refused.body.error.message).toBe(SSO_MESSAGES.requiredForDomain)

      // The same person signs in through the provider instead, and joins.
      person(requiredEmail)
      const viaSso = await signInWithSso(requiredEmail)
      expect(viaSso.status).toBe(200)
      expect(viaSso.body.organizationId).toBe(admin.org.id)
    })

    /** An invitation's token from the admin's invite. */
    async function invite(admin: TestClient, email: string) {
      const invited = await admin.post<{ joinUrl: string }>('/members/invite', { email, role: 'MEMBER' })
      expect(invited.status).toBe(200)
      return new URL(invited.body.joinUrl).searchParams.get('token')!
    }

    it('required SSO is not walked around by joining another organization with a password and switching', async () => {
      const a = await configured({ required: true })
      const victim = `victim@${a.domain}`
      // Anyone makes an organization and invites the domain's people into it.
      const other = new TestClient(t().app)
      await other.signup()
      await other.createOrganization('Elsewhere')
      const joiner = new TestClient(t().app)
      const joined = await joiner.post<{ error: { message: string } }>('/join/accept', { token: await invite(other, victim), fullName: 'Vic Tim', password: PASSWORD })
      expect(joined.status).toBe(403)
      expect(joined.body.error.message).toBe(SSO_MESSAGES.requiredForDomain)
      expect(joiner.cookie).toBeNull()
      // An account that has a password already is refused the same way, before its password is looked at.
      const member = `member@${a.domain}`
      person(member)
      expect((await signInWithSso(member)).status).toBe(200)
      const existing = await new TestClient(t().app).post('/join/accept', { token: await invite(other, member), password: 'whatever it is' })
      expect(existing.status).toBe(403)

      // No password was set and no session opened, so there is nothing to switch into A with (the next test).
      const [placeholder] = await t().db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, victim))
      expect(placeholder!.passwordHash).toBeNull()
      expect(await t().db.select().from(sessions).where(eq(sessions.userId, placeholder!.id))).toHaveLength(0)
    })

    it('a password session cannot switch into an organization that requires SSO for its email; an SSO session can', async () => {
      const a = await configured({ required: true })
      const email = `switcher@${a.domain}`
      person(email)
      const sso = await signInWithSso(email)
      expect(sso.status).toBe(200)
      const ssoClient = new TestClient(t().app)
      ssoClient.cookie = sso.session

      // While A's plan has lapsed, its SSO is not required: the person joins another organization with a password.
      const other = new TestClient(t().app)
      await other.signup()
      const elsewhere = await other.createOrganization('Elsewhere')
      await t().db.update(subscriptions).set({ status: 'expired' }).where(eq(subscriptions.organizationId, a.org.id))
      const withPassword = new TestClient(t().app)
      expect((await withPassword.post('/join/accept', { token: await invite(other, email), fullName: 'Sw Itcher', password: PASSWORD })).status).toBe(200)
      // A's plan is renewed: Required holds again.
      await t().db.update(subscriptions).set({ status: 'active' }).where(eq(subscriptions.organizationId, a.org.id))

      const switched = await withPassword.post<{ error: { message: string } }>('/auth/switch-organization', { organizationWorkOSId: a.org.organizationWorkOSId })
      expect(switched.status).toBe(403)
      expect(switched.body.error.message).toBe(SSO_MESSAGES.requiredForDomain)
      expect((await withPassword.get<Session>('/auth')).body.organizationId).toBe(elsewhere.id)
      expect((await withPassword.get('/members/list')).status).toBe(200)
      // The session the provider opened moves freely between the two.
      expect((await ssoClient.post('/auth/switch-organization', { organizationWorkOSId: elsewhere.organizationWorkOSId })).status).toBe(200)
      expect((await ssoClient.post('/auth/switch-organization', { organizationWorkOSId: a.org.organizationWorkOSId })).status).toBe(200)
      expect((await ssoClient.get<Session>('/auth')).body.organizationId).toBe(a.org.id)
    })

    it('switching Required on ends the password sessions of its domains (audited with their number); the password stays closed', async () => {
      const a = await configured()
      const email = `olduser@${a.domain}`
      const first = new TestClient(t().app)
      await first.signup({ email, password: PASSWORD, fullName: 'Old User' })
      const token = await invite(a.client, email)
      expect((await first.post('/join/accept', { token, password: PASSWORD })).status).toBe(200)
      const second = new TestClient(t().app)
      expect((await second.post('/auth/login', { email, password: PASSWORD })).status).toBe(200)
      expect((await second.get('/members/list')).status).toBe(200)
      // Someone outside the domain keeps their password session.
      const outside = new TestClient(t().app)
      await outside.signup()

      const required = await a.client.put('/organization/sso', { issuerUrl: idp.issuer, clientId: CLIENT.clientId, required: true, domains: [a.domain] })
      expect(required.status).toBe(200)
      expect(await first.signedIn()).toBe(false)
      expect(await second.signedIn()).toBe(false)
      expect((await second.get('/members/list')).status).toBe(401)
      expect(await outside.signedIn()).toBe(true)
      // The admin who switched it on stays signed in.
      expect(await a.client.signedIn()).toBe(true)
      const [entry] = await t()
        .db.select({ after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.organizationId, a.org.id), eq(auditLog.action, 'sso.updated')))
      expect(entry!.after).toMatchObject({ required: true, passwordSessionsEnded: 2 })

      // Through the provider they are in again; the password cannot be changed (nor the email moved away).
      person(email)
      const viaSso = await signInWithSso(email)
      expect(viaSso.status).toBe(200)
      const client = new TestClient(t().app)
      client.cookie = viaSso.session
      const change = await client.put<{ error: { message: string } }>('/user/update-password', { currentPassword: PASSWORD, newPassword: 'a whole new passphrase 2026' })
      expect(change.status).toBe(403)
      expect(change.body.error.message).toBe(SSO_MESSAGES.requiredForDomain)
      const rows = await t().db.select({ method: sessions.method }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(users.email, email))
      expect(rows).toEqual([{ method: 'sso' }])
    })

    it('verifying a domain while Required is on ends the password sessions of that domain (audited with their number)', async () => {
      const a = await configured({ required: true })
      // A second domain, not yet verified: its people still sign in with a password.
      const later = uniqueDomain()
      const added = await a.client.put<SsoSettings>('/organization/sso', { issuerUrl: idp.issuer, clientId: CLIENT.clientId, required: true, domains: [a.domain, later] })
      expect(added.status).toBe(200)
      const email = `latecomer@${later}`
      const first = new TestClient(t().app)
      await first.signup({ email, password: PASSWORD, fullName: 'Late Comer' })
      expect((await first.post('/join/accept', { token: await invite(a.client, email), password: PASSWORD })).status).toBe(200)
      const second = new TestClient(t().app)
      expect((await second.post('/auth/login', { email, password: PASSWORD })).status).toBe(200)
      const outside = new TestClient(t().app)
      await outside.signup()

      txtRecords.set(`_pagecrew.${later}`, [[added.body.domains.find((d) => d.domain === later)!.txtRecordValue]])
      const verified = await a.client.post<SsoSettings>('/organization/sso/verify-domain', { domain: later })
      expect(verified.status).toBe(200)
      expect(verified.body.domains.find((d) => d.domain === later)).toMatchObject({ verified: true })
      expect(await first.signedIn()).toBe(false)
      expect((await second.get('/members/list')).status).toBe(401)
      expect(await outside.signedIn()).toBe(true)
      // The admin who verified it stays signed in.
      expect(await a.client.signedIn()).toBe(true)
      const [entry] = await t()
        .db.select({ after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.organizationId, a.org.id), eq(auditLog.action, 'sso.domain_verified'), eq(auditLog.targetLabel, later)))
      expect(entry!.after).toMatchObject({ verified: true, passwordSessionsEnded: 2 })
      // The password is closed for the domain from now on.
      const refused = await new TestClient(t().app).post<{ error: { message: string } }>('/auth/login', { email, password: PASSWORD })
      expect(refused.status).toBe(403)
      expect(refused.body.error.message).toBe(SSO_MESSAGES.requiredForDomain)
    })

    it('limits discovery and starts per client address, in the database', async () => {
      const { domain } = await configured()
      const email = person(`limited@${domain}`)
      const send = (path: string, body: object, remoteAddress: string) =>
        t().app.inject({
          method: 'POST',
          url: `${API_BASE}${path}`,
          headers: { [CLIENT_HEADER]: 'test', 'content-type': 'application/json' },
          payload: JSON.stringify(body),
          remoteAddress
        })
      const address = nextAddress()
      for (let i = 0; i < SSO_RATE_LIMITS.start.max; i++) expect((await send('/auth/sso/start', { email, redirectUri: REDIRECT_URI }, address)).statusCode).toBe(200)
      const limited = await send('/auth/sso/start', { email, redirectUri: REDIRECT_URI }, address)
      expect(limited.statusCode).toBe(429)
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      expect((await send('/auth/sso/start', { email, redirectUri: REDIRECT_URI }, nextAddress())).statusCode).toBe(200)

      const other = nextAddress()
      for (let i = 0; i < SSO_RATE_LIMITS.discover.max; i++) expect((await send('/auth/sso/discover', { email }, other)).statusCode).toBe(200)
      expect((await send('/auth/sso/discover', { email }, other)).statusCode).toBe(429)
      t().clock.advance(SSO_RATE_LIMITS.discover.windowMs)
      expect((await send('/auth/sso/discover', { email }, other)).statusCode).toBe(200)
    })

    it('limits callbacks per client address, in the database, before anything is redeemed', async () => {
      const address = nextAddress()
      const callbackFrom = (remoteAddress: string) =>
        t().app.inject({ method: 'GET', url: `${API_BASE}/auth/sso/callback`, query: { state: 'not-started', code: 'guessed' }, remoteAddress })
      // Without a started sign-in each is refused at once (400), and counted.
      for (let i = 0; i < SSO_RATE_LIMITS.callback.max; i++) expect((await callbackFrom(address)).statusCode).toBe(400)
      const limited = await callbackFrom(address)
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } })
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      expect((await callbackFrom(nextAddress())).statusCode).toBe(400)
      t().clock.advance(SSO_RATE_LIMITS.callback.windowMs)
      expect((await callbackFrom(address)).statusCode).toBe(400)
    })
  },
  // The provider runs on this machine's loopback: the development setting of the outbound policy.
  { config: { outboundAllowLoopback: true }, sso: { resolveTxt: async (name) => txtRecords.get(name) ?? [], resolveHost, wrapFetch } }
)
