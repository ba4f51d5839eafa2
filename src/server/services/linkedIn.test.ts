import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { User } from '../../shared/domain'
import { DAY_MS } from '../../shared/constants'
import type { AuthorizationRequest, LinkedInClient, LinkedInTokens } from '../adapters/linkedin/linkedin'
import { linkedInAuthorizations, linkedInConnections } from '../db/schema'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'
import { createLinkedInService, isAllowedRedirect } from './linkedIn'
import type { AuthSession } from './sessions'

describe('isAllowedRedirect', () => {
  it('allows the app’s /callback as written or as a browser writes it, loopback ports and the deep link', () => {
    expect(isAllowedRedirect('https://pagecrew.example.com/callback', 'https://pagecrew.example.com')).toBe(true)
    expect(isAllowedRedirect('https://pagecrew.example.com/callback', 'https://pagecrew.example.com:443')).toBe(true)
    expect(isAllowedRedirect('http://127.0.0.1:4680/callback', 'http://127.0.0.1:4680')).toBe(true)
    expect(isAllowedRedirect('http://127.0.0.1:51234/callback', 'https://pagecrew.example.com')).toBe(true)
    expect(isAllowedRedirect('http://localhost:51234/callback', 'https://pagecrew.example.com')).toBe(true)
    expect(isAllowedRedirect('pagecrew://callback', 'https://pagecrew.example.com')).toBe(true)
  })

  it('refuses everything else', () => {
    for (const uri of [
      'https://other.example.com/callback',
      'http://pagecrew.example.com/callback',
      'https://pagecrew.example.com/callback/',
      'https://pagecrew.example.com/x/../callback',
      'https://pagecrew.example.com.evil.example/callback',
      'https://user@pagecrew.example.com/callback',
      'https://127.0.0.1:51234/callback',
      'http://127.0.0.1:051234/callback',
      'http://127.0.0.2:51234/callback',
      'http://[::1]:51234/callback',
      'pagecrew://callback/',
      'PAGECREW://callback'
    ]) {
      expect(isAllowedRedirect(uri, 'https://pagecrew.example.com'), uri).toBe(false)
    }
  })
})

/** A LinkedIn that answers each exchange with the next queued tokens and records the requests. */
function scriptedLinkedIn(provider: 'sandbox' | 'linkedin' = 'sandbox') {
  const requests: AuthorizationRequest[] = []
  const answers: LinkedInTokens[] = []
  const client: LinkedInClient = {
    provider,
    authorizationUrl: (request) => {
      requests.push(request)
      return `https://linkedin.test/authorize?state=${request.state}`
    },
    exchangeCode: async () => {
      const next = answers.shift()
      if (!next) throw new Error('no answer queued')
      return next
    },
    publish: async () => {
      throw new Error('not used')
    },
    findPublished: async () => null,
    metrics: async () => ({ impressions: 0, membersReached: null, reactions: 0, comments: 0, reshares: 0, clicks: null }),
    postUrl: (urn) => urn
  }
  return { client, requests, answers }
}

const tokens = (overrides: Partial<LinkedInTokens> = {}): LinkedInTokens => ({
  accessToken: `at-${randomBytes(8).toString('hex')}`,
  expiresAt: new Date(Date.parse('2025-03-16T09:00:00Z')),
  refreshToken: `rt-${randomBytes(8).toString('hex')}`,
  refreshTokenExpiresAt: new Date(Date.parse('2026-01-15T09:00:00Z')),
  scope: 'openid profile w_member_social',
  memberId: 'member-a',
  memberName: 'Ann',
  ...overrides
})

describeEachDatabase('LinkedIn service', (t) => {
  async function session(): Promise<AuthSession> {
    const client = new TestClient(t().app)
    await client.signup({ fullName: 'Service User' })
    const user = (await client.get<User>('/user')).body
    return { tokenHash: 'x', userId: user.id, email: user.email, expiresAt: new Date(Date.now() + DAY_MS), organization: null }
  }

  const service = (client: LinkedInClient, tokenKey: string | null = null) =>
    createLinkedInService({ db: t().db, clock: t().clock, adapter: client, config: { tokenKey, dataDir: t().dataDir } })

  const pending = async (userId: string) => t().db.select().from(linkedInAuthorizations).where(eq(linkedInAuthorizations.userId, userId))

  it('passes the user and a S256 challenge of a stored verifier; keeps at most 5 unfinished sign-ins and drops expired ones', async () => {
    const me = await session()
    const linkedIn = scriptedLinkedIn()
    const svc = service(linkedIn.client)
    await svc.start(me, { redirectUri: 'pagecrew://callback' }, 'http://localhost')
    expect(linkedIn.requests[0]).toMatchObject({ redirectUri: 'pagecrew://callback', serverUrl: 'http://localhost', user: { id: me.userId, fullName: 'Service User' } })
    expect(linkedIn.requests[0]!.codeChallenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const [row] = await pending(me.userId)
    expect(row!.codeVerifierEncrypted).toMatch(/^v1:/)
    expect(row!.stateHash).not.toBe(linkedIn.requests[0]!.state)

    for (let i = 0; i < 7; i++) {
      t().clock.advance(1000)
      await svc.start(me, { redirectUri: 'pagecrew://callback' }, 'http://localhost')
    }
    expect(await pending(me.userId)).toHaveLength(5)
    // The newest five survive: the last state still completes, the first no longer does.
    linkedIn.answers.push(tokens())
    await expect(svc.complete(me, { state: linkedIn.requests[0]!.state, code: 'c' })).rejects.toThrow('expired or was not started here')
    await expect(svc.complete(me, { state: linkedIn.requests[7]!.state, code: 'c' })).resolves.toMatchObject({ connected: true })

    t().clock.advance(11 * 60_000)
    await svc.start(me, { redirectUri: 'pagecrew://callback' }, 'http://localhost')
    expect(await pending(me.userId)).toHaveLength(1)
  })

  it('a reconnect as another LinkedIn member does not keep the first member’s refresh token', async () => {
    const me = await session()
    const linkedIn = scriptedLinkedIn()
    const svc = service(linkedIn.client)
    const connectAs = async (answer: LinkedInTokens) => {
      await svc.start(me, { redirectUri: 'pagecrew://callback' }, 'http://localhost')
      linkedIn.answers.push(answer)
      return svc.complete(me, { state: linkedIn.requests.at(-1)!.state, code: 'c' })
    }
    await connectAs(tokens())
    await connectAs(tokens({ memberId: 'member-b', memberName: 'Bea', refreshToken: null, refreshTokenExpiresAt: null }))
    const [row] = await t().db.select().from(linkedInConnections).where(eq(linkedInConnections.userId, me.userId))
    expect(row).toMatchObject({ linkedInMemberId: 'member-b', memberName: 'Bea', refreshTokenEncrypted: null, refreshTokenExpiresAt: null })
    expect((await svc.publishingIdentity(me.userId))?.memberId).toBe('member-b')
  })

  it('asks to reconnect when the server’s LinkedIn changed, and treats tokens it cannot decrypt as not connected', async () => {
    const me = await session()
    const sandboxLike = scriptedLinkedIn('sandbox')
    const svc = service(sandboxLike.client)
    await svc.start(me, { redirectUri: 'pagecrew://callback' }, 'http://localhost')
    sandboxLike.answers.push(tokens({ expiresAt: new Date(t().clock.now().getTime() + 60 * DAY_MS) }))
    await svc.complete(me, { state: sandboxLike.requests[0]!.state, code: 'c' })
    expect(await svc.status(me.userId)).toBe('connected')
    expect(await service(scriptedLinkedIn('linkedin').client).status(me.userId)).toBe('expired')

    const otherKey = service(sandboxLike.client, randomBytes(32).toString('base64'))
    expect(await otherKey.publishingIdentity(me.userId)).toBeNull()
    expect((await svc.publishingIdentity(me.userId))?.accessToken.token).toMatch(/^at-/)
  })

  it('answers 502 when LinkedIn fails during the exchange, and the sign-in is used up', async () => {
    const me = await session()
    const linkedIn = scriptedLinkedIn()
    const svc = service(linkedIn.client)
    await svc.start(me, { redirectUri: 'pagecrew://callback' }, 'http://localhost')
    const error = await svc.complete(me, { state: linkedIn.requests[0]!.state, code: 'c' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ statusCode: 502, code: 'bad_gateway', message: 'LinkedIn did not answer. Try connecting again in a moment.' })
    expect(await pending(me.userId)).toEqual([])
  })
})
