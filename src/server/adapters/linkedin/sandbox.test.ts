import { createHash, randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { manualClock } from '../../testing/clock'
import {
  LinkedInGrantError,
  LinkedInTimeoutError,
  LinkedInValidationError,
  TokenExpiredError,
  isKnownSafeFailure,
  type AuthorizationRequest,
  type PublishInput
} from './linkedin'
import { createLinkedInSandbox, SANDBOX_SIGN_IN_UNKNOWN, SandboxAuthorizeError, sandboxMemberId, sandboxMetrics } from './sandbox'

const lookup = (idempotencyKey: string) => ({
  idempotencyKey,
  author: { kind: 'person' as const, id: 'member-1' },
  text: 'Hello',
  since: new Date(0),
  accessToken: { token: 't', expiresAt: null }
})

const input = (overrides: Partial<PublishInput> = {}): PublishInput => ({
  author: { kind: 'person', id: 'member-1' },
  text: 'Hello LinkedIn',
  type: 'textOnly',
  idempotencyKey: randomUUID(),
  accessToken: { token: 't', expiresAt: null },
  ...overrides
})

describe('LinkedIn sandbox', () => {
  it('keeps what it was sent, issues share urns and publishes an idempotency key once', async () => {
    const sandbox = createLinkedInSandbox({ clock: manualClock() })
    const first = await sandbox.publish(input({ idempotencyKey: 'k1' }))
    expect(first.urn).toMatch(/^urn:li:share:\d+$/)
    expect(await sandbox.publish(input({ idempotencyKey: 'k1', text: 'again' }))).toEqual(first)
    const second = await sandbox.publish(input({ idempotencyKey: 'k2', author: { kind: 'organization', id: 'page-1' } }))
    expect(second.urn).not.toBe(first.urn)
    expect(sandbox.posts.map((p) => [p.idempotencyKey, p.text, p.author.kind])).toEqual([
      ['k1', 'Hello LinkedIn', 'person'],
      ['k2', 'Hello LinkedIn', 'organization']
    ])
    expect(sandbox.publishCalls).toBe(3)
    expect(await sandbox.findPublished(lookup('k2'))).toEqual(second)
    expect(await sandbox.findPublished(lookup('nope'))).toBeNull()
  })

  it('keeps a reshare with its parent, without a comment if need be; a reshare with a poll or media is refused', async () => {
    const sandbox = createLinkedInSandbox({ clock: manualClock() })
    await expect(sandbox.publish(input({ text: ' ' }))).rejects.toBeInstanceOf(LinkedInValidationError)
    const { urn } = await sandbox.publish(input({ idempotencyKey: 'r1', text: '', reshareOf: 'urn:li:share:7001' }))
    expect(sandbox.post(urn)).toMatchObject({ text: '', reshareOf: 'urn:li:share:7001', type: 'textOnly' })
    const poll = sandbox.publish(input({ type: 'poll', poll: { question: 'Q', options: ['a', 'b'] }, reshareOf: 'urn:li:share:7001' }))
    await expect(poll).rejects.toBeInstanceOf(LinkedInValidationError)
    expect(await sandbox.findPublished({ ...lookup('r1'), reshareOf: 'urn:li:share:7001' })).toEqual({ urn })
    expect(await sandbox.findPublished(lookup('r1'))).toBeNull()
    expect(sandbox.posts).toHaveLength(1)
  })

  it('rejects expired tokens and invalid content (known-safe), fails and times out when told', async () => {
    const clock = manualClock('2026-01-01T10:00:00Z')
    const sandbox = createLinkedInSandbox({ clock })
    const expired = sandbox.publish(input({ accessToken: { token: 't', expiresAt: new Date('2026-01-01T10:00:00Z') } }))
    await expect(expired).rejects.toBeInstanceOf(TokenExpiredError)
    await expect(sandbox.publish(input({ type: 'poll', poll: { question: 'Q', options: ['only'] } }))).rejects.toBeInstanceOf(LinkedInValidationError)
    sandbox.failNext('validation', 'Text too long')
    await expect(sandbox.publish(input())).rejects.toThrowError('Text too long')
    sandbox.failNext('error')
    const error = await sandbox.publish(input()).catch((e: unknown) => e)
    expect(isKnownSafeFailure(error)).toBe(false)
    sandbox.timeoutNext(1)
    await expect(sandbox.publish(input())).rejects.toBeInstanceOf(LinkedInTimeoutError)
    expect(sandbox.posts).toHaveLength(0)
    // Accepted, then the answer is lost: the post exists although the caller saw a timeout.
    sandbox.acceptThenTimeoutNext()
    const key = randomUUID()
    await expect(sandbox.publish(input({ idempotencyKey: key }))).rejects.toBeInstanceOf(LinkedInTimeoutError)
    expect(sandbox.posts).toHaveLength(1)
    expect(await sandbox.findPublished(lookup(key))).toEqual({ urn: sandbox.posts[0]!.urn })
  })

  it('reports metrics that grow with the time since publishing, deterministically', async () => {
    const clock = manualClock('2026-01-01T10:00:00Z')
    const sandbox = createLinkedInSandbox({ clock })
    const { urn } = await sandbox.publish(input())
    const query = { urn, author: input().author, accessToken: input().accessToken, publishedAt: clock.now() }
    const at = (hours: number) => sandbox.metrics({ ...query, now: new Date(clock.now().getTime() + hours * 3_600_000) })
    expect(await at(0)).toEqual({ impressions: 0, membersReached: 0, reactions: 0, comments: 0, reshares: 0, clicks: 0 })
    const series = [await at(1), await at(24), await at(24 * 7), await at(24 * 30)]
    for (let i = 1; i < series.length; i++) {
      expect(series[i]!.impressions).toBeGreaterThan(series[i - 1]!.impressions)
      expect(series[i]!.reactions).toBeGreaterThanOrEqual(series[i - 1]!.reactions)
      expect(series[i]!.comments).toBeGreaterThanOrEqual(series[i - 1]!.comments)
    }
    expect(series[3]!.reactions).toBeGreaterThan(0)
    expect(await at(24)).toEqual(sandboxMetrics(urn, 24 * 3_600_000))
    // A post the sandbox no longer holds (the server restarted) grows from the publishing time it is given.
    const published = new Date(clock.now().getTime() - 24 * 3_600_000)
    expect(await sandbox.metrics({ ...query, urn: 'urn:li:share:0', publishedAt: published, now: clock.now() })).toEqual(
      sandboxMetrics('urn:li:share:0', 24 * 3_600_000)
    )
  })
})

const verifier = 'v'.repeat(20) + randomUUID().replace(/-/g, '')
const challenge = createHash('sha256').update(verifier).digest('base64url')
const request = (overrides: Partial<AuthorizationRequest> = {}): AuthorizationRequest => ({
  state: 'state-1',
  codeChallenge: challenge,
  redirectUri: 'http://127.0.0.1:5123/callback',
  serverUrl: 'http://127.0.0.1:4680',
  user: { id: 'user-1', fullName: 'Ann Example' },
  ...overrides
})
const query = (url: string) => Object.fromEntries(new URL(url).searchParams)

describe('LinkedIn sandbox sign-in (OAuth 2.0 code flow with PKCE)', () => {
  it('sends the member to its own page, issues a single-use code and exchanges it for 60-day tokens', async () => {
    const clock = manualClock('2026-01-01T10:00:00Z')
    const sandbox = createLinkedInSandbox({ clock })
    const url = sandbox.authorizationUrl(request())
    expect(url.startsWith('http://127.0.0.1:4680/api/linkedin/sandbox/authorize?')).toBe(true)
    expect(query(url)).toEqual({
      response_type: 'code',
      client_id: 'pagecrew-sandbox',
      redirect_uri: 'http://127.0.0.1:5123/callback',
      state: 'state-1',
      scope: 'openid profile w_member_social',
      code_challenge: challenge,
      code_challenge_method: 'S256'
    })
    expect(sandbox.consent(query(url)).memberName).toBe('Ann Example')

    const back = new URL(sandbox.decide({ ...query(url), decision: 'allow' }))
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:5123/callback')
    expect(back.searchParams.get('state')).toBe('state-1')
    const code = back.searchParams.get('code')!
    const tokens = await sandbox.exchangeCode({ code, codeVerifier: verifier, redirectUri: 'http://127.0.0.1:5123/callback' })
    expect(tokens).toMatchObject({ memberId: sandboxMemberId('user-1'), memberName: 'Ann Example', scope: 'openid profile w_member_social' })
    expect(tokens.expiresAt.toISOString()).toBe('2026-03-02T10:00:00.000Z')
    expect(tokens.refreshTokenExpiresAt?.toISOString()).toBe('2027-01-01T10:00:00.000Z')
    expect(tokens.accessToken).not.toBe(tokens.refreshToken)
    await expect(sandbox.exchangeCode({ code, codeVerifier: verifier, redirectUri: 'http://127.0.0.1:5123/callback' })).rejects.toBeInstanceOf(
      LinkedInGrantError
    )
    // The same user connecting again is the same member.
    const again = new URL(sandbox.decide({ ...query(sandbox.authorizationUrl(request({ state: 'state-2' }))), decision: 'allow' }))
    sandbox.withoutRefreshTokenNext()
    const second = await sandbox.exchangeCode({ code: again.searchParams.get('code')!, codeVerifier: verifier, redirectUri: 'http://127.0.0.1:5123/callback' })
    expect(second.memberId).toBe(tokens.memberId)
    expect(second.refreshToken).toBeNull()
  })

  it('refuses another verifier, another redirect and a code older than 10 minutes', async () => {
    const clock = manualClock('2026-01-01T10:00:00Z')
    const sandbox = createLinkedInSandbox({ clock })
    const codeFor = (state: string) =>
      new URL(sandbox.decide({ ...query(sandbox.authorizationUrl(request({ state }))), decision: 'allow' })).searchParams.get('code')!
    const redirectUri = 'http://127.0.0.1:5123/callback'
    await expect(sandbox.exchangeCode({ code: codeFor('a'), codeVerifier: `${verifier}x`, redirectUri })).rejects.toThrow(/verifier/)
    await expect(sandbox.exchangeCode({ code: codeFor('b'), codeVerifier: verifier, redirectUri: 'pagecrew://callback' })).rejects.toThrow(/redirect/)
    const late = codeFor('c')
    clock.advance(10 * 60_000)
    await expect(sandbox.exchangeCode({ code: late, codeVerifier: verifier, redirectUri })).rejects.toBeInstanceOf(LinkedInGrantError)
  })

  it('answers a cancel with LinkedIn’s error and refuses malformed requests', () => {
    const sandbox = createLinkedInSandbox({ clock: manualClock() })
    const params = query(sandbox.authorizationUrl(request({ redirectUri: 'pagecrew://callback' })))
    // Only back to the address the request was started with.
    expect(() => sandbox.decide({ ...params, redirect_uri: 'https://evil.example/callback', decision: 'allow' })).toThrow(/redirect address/)
    const back = new URL(sandbox.decide({ ...params, decision: 'cancel' }))
    expect(back.protocol).toBe('pagecrew:')
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'user_cancelled_authorize',
      error_description: 'The user cancelled the authorization',
      state: 'state-1'
    })
    expect(() => sandbox.consent({ ...params, client_id: 'other' })).toThrow(SandboxAuthorizeError)
    expect(() => sandbox.consent({ ...params, code_challenge_method: 'plain' })).toThrow(SandboxAuthorizeError)
    expect(() => sandbox.consent({ ...params, redirect_uri: 'javascript:alert(1)' })).toThrow(SandboxAuthorizeError)
    // A state the sandbox did not see start (an anonymous form post naming any address, or a
    // request from before a restart) is refused: no redirect, so no open redirect.
    expect(() => sandbox.consent({ ...params, state: 'unknown' })).toThrow(SANDBOX_SIGN_IN_UNKNOWN)
    expect(() => sandbox.decide({ ...params, state: 'unknown', redirect_uri: 'https://evil.example/', decision: 'allow' })).toThrow(SANDBOX_SIGN_IN_UNKNOWN)
    expect(() => sandbox.decide({ ...params, state: 'unknown', redirect_uri: 'https://evil.example/', decision: 'cancel' })).toThrow(SANDBOX_SIGN_IN_UNKNOWN)
    // The cancel above used the sign-in up: the same form again finds nothing.
    expect(() => sandbox.decide({ ...params, decision: 'allow' })).toThrow(SANDBOX_SIGN_IN_UNKNOWN)
  })

  it('refuses a sign-in whose 10 minutes are over', () => {
    const clock = manualClock('2026-01-01T10:00:00Z')
    const sandbox = createLinkedInSandbox({ clock })
    const params = query(sandbox.authorizationUrl(request()))
    clock.advance(10 * 60_000)
    expect(() => sandbox.consent(params)).toThrow(SANDBOX_SIGN_IN_UNKNOWN)
    expect(() => sandbox.decide({ ...params, decision: 'allow' })).toThrow(SANDBOX_SIGN_IN_UNKNOWN)
  })

  it('receives the media streams (counting bytes) and links posts to its own viewer', async () => {
    const sandbox = createLinkedInSandbox({ clock: manualClock(), publicUrl: 'https://pagecrew.example.com' })
    const file = (fileName: string, bytes: number, declared = bytes) => ({
      kind: 'image' as const,
      fileName,
      contentType: 'image/png',
      size: declared,
      altText: `alt ${fileName}`,
      open: async () => Readable.from([Buffer.alloc(bytes / 2), Buffer.alloc(bytes - bytes / 2)])
    })
    const { urn } = await sandbox.publish(input({ type: 'multiImage', media: [file('a.png', 1000), file('b.png', 64)] }))
    expect(sandbox.post(urn)?.media).toEqual([
      { kind: 'image', fileName: 'a.png', contentType: 'image/png', size: 1000, altText: 'alt a.png' },
      { kind: 'image', fileName: 'b.png', contentType: 'image/png', size: 64, altText: 'alt b.png' }
    ])
    await expect(sandbox.publish(input({ type: 'images', media: [file('short.png', 10, 20)] }))).rejects.toThrow(/received 10 of 20 bytes/)
    expect(sandbox.postUrl(urn)).toBe(`https://pagecrew.example.com/api/linkedin/sandbox/posts/${encodeURIComponent(urn)}`)
    expect(sandbox.postUrl(urn, 'http://127.0.0.1:4680/')).toBe(`http://127.0.0.1:4680/api/linkedin/sandbox/posts/${encodeURIComponent(urn)}`)
    expect(createLinkedInSandbox({ clock: manualClock() }).postUrl(urn)).toBe(`/api/linkedin/sandbox/posts/${encodeURIComponent(urn)}`)
  })
})
