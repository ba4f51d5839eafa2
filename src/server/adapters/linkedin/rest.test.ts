import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualClock } from '../../testing/clock'
import { startFakeLinkedIn, type FakeLinkedIn } from '../../testing/fakeLinkedIn'
import type { LinkedInConfig } from './linkedin'
import {
  LinkedInGrantError,
  LinkedInPermissionError,
  LinkedInRateLimitError,
  LinkedInTimeoutError,
  LinkedInUploadError,
  LinkedInValidationError,
  TokenExpiredError,
  isKnownSafeFailure,
  type PublishInput,
  type PublishMedia
} from './linkedin'
import { createLinkedInRest, toCommentary } from './rest'

const clock = manualClock('2026-03-01T09:00:00Z')
let fake: FakeLinkedIn
let config: LinkedInConfig

beforeAll(async () => {
  fake = await startFakeLinkedIn({ videoPartBytes: 1000, refreshTokens: true, now: () => clock.now() })
  config = {
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    version: '202511',
    organizationScope: false,
    analyticsScope: false,
    oauthBase: fake.url,
    apiBase: fake.url
  }
})
afterAll(async () => {
  await fake.close()
})

const client = (overrides: Partial<LinkedInConfig> = {}, timeoutMs?: number) =>
  createLinkedInRest({ ...config, ...overrides }, { clock, timeoutMs, videoPollMs: 1 })

/** A stored file that streams in 333-byte chunks, so byte ranges never line up with chunks. */
function file(kind: PublishMedia['kind'], fileName: string, bytes: Buffer, declaredSize = bytes.length): PublishMedia & { sha256: string } {
  return {
    kind,
    fileName,
    contentType: kind === 'image' ? 'image/png' : kind === 'video' ? 'video/mp4' : 'application/pdf',
    size: declaredSize,
    altText: kind === 'image' ? `Alt of ${fileName}` : '',
    sha256: createHash('sha256').update(bytes).digest('hex'),
    open: async () => Readable.from((function* () {
      for (let i = 0; i < bytes.length; i += 333) yield bytes.subarray(i, i + 333)
    })())
  }
}

const member = (token: string, overrides: Partial<PublishInput> = {}): PublishInput => ({
  author: { kind: 'person', id: 'aB3xYz9Q' },
  text: 'Hello LinkedIn',
  type: 'textOnly',
  idempotencyKey: randomUUID(),
  accessToken: { token, expiresAt: null },
  ...overrides
})

const lastPost = () => fake.posts[fake.posts.length - 1]!

describe('LinkedIn REST client against a local LinkedIn', () => {
  it('connects with the OAuth code flow and PKCE: authorization, token exchange, userinfo', async () => {
    const rest = client({ organizationScope: true })
    const verifier = randomBytes(48).toString('base64url')
    const url = rest.authorizationUrl({
      state: 'st-1',
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
      redirectUri: 'http://127.0.0.1:5555/callback',
      serverUrl: 'http://ignored.example',
      user: { id: 'u', fullName: 'Ignored' }
    })
    const params = new URL(url).searchParams
    expect(url.startsWith(`${fake.url}/oauth/v2/authorization?`)).toBe(true)
    expect(params.get('scope')).toBe('openid profile w_member_social w_organization_social')
    expect(params.get('code_challenge_method')).toBe('S256')
    expect(client().authorizationUrl({ state: 's', codeChallenge: 'c', redirectUri: 'r', serverUrl: '', user: { id: 'u', fullName: '' } })).toContain(
      'scope=openid+profile+w_member_social&'
    )
    // The statistics permissions only when configured (LinkedIn refuses a sign-in asking for one the application lacks).
    const scopeOf = (overrides: Partial<LinkedInConfig>) =>
      new URL(client(overrides).authorizationUrl({ state: 's', codeChallenge: 'c', redirectUri: 'r', serverUrl: '', user: { id: 'u', fullName: '' } })).searchParams.get('scope')
    expect(scopeOf({ analyticsScope: true })).toBe('openid profile w_member_social r_member_postAnalytics')
    expect(scopeOf({ analyticsScope: true, organizationScope: true })).toBe('openid profile w_member_social w_organization_social r_member_postAnalytics rw_organization_admin')

    const answer = await fetch(url, { redirect: 'manual' })
    expect(answer.status).toBe(302)
    const back = new URL(answer.headers.get('location')!)
    expect(back.searchParams.get('state')).toBe('st-1')
    const code = back.searchParams.get('code')!
    const tokens = await rest.exchangeCode({ code, codeVerifier: verifier, redirectUri: 'http://127.0.0.1:5555/callback' })
    expect(tokens).toMatchObject({ memberId: 'aB3xYz9Q', memberName: 'Ann Example' })
    expect(tokens.expiresAt.toISOString()).toBe('2026-04-30T09:00:00.000Z')
    expect(tokens.refreshToken).toMatch(/^AQR/)
    expect(tokens.refreshTokenExpiresAt?.toISOString()).toBe('2027-03-01T09:00:00.000Z')
    const exchange = fake.requests.find((r) => r.url === '/oauth/v2/accessToken')
    expect(exchange?.headers['content-type']).toBe('application/x-www-form-urlencoded')
    // The token works: it can publish.
    await expect(rest.publish(member(tokens.accessToken))).resolves.toMatchObject({ urn: expect.stringMatching(/^urn:li:share:\d+$/) })

    // Codes are single use; another verifier or redirect is refused.
    await expect(rest.exchangeCode({ code, codeVerifier: verifier, redirectUri: 'http://127.0.0.1:5555/callback' })).rejects.toBeInstanceOf(LinkedInGrantError)
    const again = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!
    await expect(rest.exchangeCode({ code: again, codeVerifier: `${verifier}x`, redirectUri: 'http://127.0.0.1:5555/callback' })).rejects.toThrow(
      'The code verifier does not match the code challenge'
    )
    const third = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!
    await expect(client({ clientSecret: 'wrong' }).exchangeCode({ code: third, codeVerifier: verifier, redirectUri: 'http://127.0.0.1:5555/callback' })).rejects.toBeInstanceOf(
      LinkedInGrantError
    )
  })

  it('publishes a text post with the versioned headers, the documented body and escaped commentary', async () => {
    const token = fake.issueToken()
    const text = 'Launch day (finally)! Thanks @team #Launch #2026 — 50% off_now'
    const { urn } = await client({ version: '202510' }).publish(member(token, { text }))
    expect(urn).toBe(lastPost().id)
    expect(lastPost().version).toBe('202510')
    expect(lastPost().body).toEqual({
      author: 'urn:li:person:aB3xYz9Q',
      commentary: 'Launch day \\(finally\\)! Thanks \\@team {hashtag|\\#|Launch} {hashtag|\\#|2026} — 50% off\\_now',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false
    })
    const create = fake.requests.filter((r) => r.method === 'POST' && r.url === '/rest/posts').at(-1)!
    expect(create.headers).toMatchObject({ 'linkedin-version': '202510', 'x-restli-protocol-version': '2.0.0', authorization: `Bearer ${token}` })
    expect(client().postUrl(urn)).toBe(`https://www.linkedin.com/feed/update/${urn}/`)
  })

  it('streams three images up and publishes them as a multi-image post with alt texts', async () => {
    const images = [file('image', 'a.png', randomBytes(2500)), file('image', 'b.png', randomBytes(700)), file('image', 'c.png', randomBytes(1))]
    await client().publish(member(fake.issueToken(), { type: 'multiImage', media: images, text: 'Three' }))
    const content = lastPost().content as { multiImage: { images: { id: string; altText: string }[] } }
    expect(content.multiImage.images.map((i) => i.altText)).toEqual(['Alt of a.png', 'Alt of b.png', 'Alt of c.png'])
    for (const [i, image] of content.multiImage.images.entries()) {
      const asset = fake.assets.get(image.id)!
      expect(asset).toMatchObject({ kind: 'image', owner: 'urn:li:person:aB3xYz9Q', received: images[i]!.size, sha256: images[i]!.sha256 })
    }
    // One image is a single-media post.
    const one = file('image', 'solo.png', randomBytes(10))
    await client().publish(member(fake.issueToken(), { type: 'images', media: [one] }))
    expect(lastPost().content).toEqual({ media: { id: expect.stringMatching(/^urn:li:image:/), altText: 'Alt of solo.png' } })
  })

  it('publishes a document with its title', async () => {
    const pdf = file('document', 'Deck.pdf', randomBytes(4000))
    await client().publish(member(fake.issueToken(), { type: 'document', media: [pdf] }))
    const content = lastPost().content as { media: { id: string; title: string } }
    expect(content.media.title).toBe('Deck.pdf')
    expect(fake.assets.get(content.media.id)).toMatchObject({ kind: 'document', received: 4000, sha256: pdf.sha256 })
  })

  it('uploads a video in the byte ranges LinkedIn hands out, finalizes it with the ETags and publishes it', async () => {
    const video = file('video', 'Demo.mp4', randomBytes(1500))
    await client().publish(member(fake.issueToken(), { type: 'videos', media: [video] }))
    const content = lastPost().content as { media: { id: string; title: string } }
    const asset = fake.assets.get(content.media.id)!
    expect(asset).toMatchObject({ kind: 'video', status: 'AVAILABLE', received: 1500 })
    expect(asset.parts.map((p) => [p.firstByte, p.lastByte])).toEqual([
      [0, 999],
      [1000, 1499]
    ])
    const puts = fake.requests.filter((r) => r.method === 'PUT' && r.url.startsWith('/upload/video/'))
    expect(puts.slice(-2).map((r) => r.headers['content-length'])).toEqual(['1000', '500'])
    expect(content.media.title).toBe('Demo.mp4')
  })

  it('publishes a poll with LinkedIn’s duration names', async () => {
    await client().publish(member(fake.issueToken(), { type: 'poll', text: 'Vote!', poll: { question: 'Which?', options: ['Red', 'Blue', 'Green'], durationDays: 3 } }))
    expect(lastPost().content).toEqual({
      poll: { question: 'Which?', options: [{ text: 'Red' }, { text: 'Blue' }, { text: 'Green' }], settings: { duration: 'THREE_DAYS' } }
    })
  })

  it('posts as an organization (with w_organization_social); without it LinkedIn refuses, known-safe', async () => {
    const image = file('image', 'logo.png', randomBytes(50))
    await client().publish(
      member(fake.issueToken('openid profile w_member_social w_organization_social'), { author: { kind: 'organization', id: '2414183' }, type: 'images', media: [image] })
    )
    expect(lastPost().author).toBe('urn:li:organization:2414183')
    expect(fake.assets.get((lastPost().content as { media: { id: string } }).media.id)?.owner).toBe('urn:li:organization:2414183')
    const error = await client()
      .publish(member(fake.issueToken(), { author: { kind: 'organization', id: '2414183' } }))
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LinkedInValidationError)
    expect(String(error)).toContain('Not enough permissions to act as this organization')
  })

  it('maps failures: 401 token expired, 422 validation, upload failure known-safe, 500 and silence unknown', async () => {
    const count = fake.posts.length
    await expect(client().publish(member('not-a-token'))).rejects.toBeInstanceOf(TokenExpiredError)
    await expect(client().publish(member('t', { accessToken: { token: 't', expiresAt: clock.now() } }))).rejects.toBeInstanceOf(TokenExpiredError)

    fake.failNext('/rest/posts', { status: 422, message: 'Commentary contains forbidden content' })
    const refused = await client().publish(member(fake.issueToken())).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(LinkedInValidationError)
    expect(String(refused)).toContain('Commentary contains forbidden content')

    fake.failNext('/rest/images', { status: 500 })
    const upload = await client()
      .publish(member(fake.issueToken(), { type: 'images', media: [file('image', 'x.png', randomBytes(5))] }))
      .catch((e: unknown) => e)
    expect(upload).toBeInstanceOf(LinkedInUploadError)
    expect(isKnownSafeFailure(upload)).toBe(true)
    const short = await client()
      .publish(member(fake.issueToken(), { type: 'document', media: [file('document', 'cut.pdf', randomBytes(100), 200)] }))
      .catch((e: unknown) => e)
    expect(short).toBeInstanceOf(LinkedInUploadError)
    expect(fake.posts).toHaveLength(count)

    fake.failNext('/rest/posts', { status: 500 })
    const unknown = await client().publish(member(fake.issueToken())).catch((e: unknown) => e)
    expect(unknown).toBeInstanceOf(Error)
    expect(isKnownSafeFailure(unknown)).toBe(false)
    fake.failNext('/rest/posts', { status: 429 })
    expect(isKnownSafeFailure(await client().publish(member(fake.issueToken())).catch((e: unknown) => e))).toBe(false)

    fake.failNext('/rest/posts', 'hang')
    const started = Date.now()
    await expect(client({}, 200).publish(member(fake.issueToken()))).rejects.toBeInstanceOf(LinkedInTimeoutError)
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('finds a post by author, exact text and creation time; null otherwise', async () => {
    const token = fake.issueToken()
    const author = { kind: 'person' as const, id: 'aB3xYz9Q' }
    const text = `Find me #${randomUUID().slice(0, 8)} (once)`
    clock.set('2026-03-02T10:00:00Z')
    const since = clock.now()
    const { urn } = await client().publish(member(token, { text }))
    fake.addPost({ author: 'urn:li:person:aB3xYz9Q', commentary: toCommentary(`${text} and more`) })
    const query = { idempotencyKey: 'ignored', author, text, since, accessToken: { token, expiresAt: null } }
    await expect(client().findPublished(query)).resolves.toEqual({ urn })
    const lookUp = fake.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/rest/posts?')).at(-1)!
    expect(lookUp.url).toBe('/rest/posts?author=urn%3Ali%3Aperson%3AaB3xYz9Q&q=author&count=50&sortBy=LAST_MODIFIED')
    expect(await client().findPublished({ ...query, text: 'Never posted' })).toBeNull()
    expect(await client().findPublished({ ...query, since: new Date(since.getTime() + 2 * 60_000) })).toBeNull()
    expect(await client().findPublished({ ...query, author: { kind: 'organization', id: '1' } })).toBeNull()
    fake.failNext('/rest/posts', { status: 403, message: 'Not enough permissions' })
    await expect(client().findPublished(query)).rejects.toThrow()
  })

  it('reshares a post: reshareContext names the parent, the comment is the commentary (empty allowed), no content', async () => {
    const token = fake.issueToken()
    const { urn } = await client().publish(member(token, { text: 'Worth a read #Hiring', reshareOf: 'urn:li:share:7001' }))
    expect(urn).toBe(lastPost().id)
    expect(lastPost().body).toEqual({
      author: 'urn:li:person:aB3xYz9Q',
      commentary: 'Worth a read {hashtag|\\#|Hiring}',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
      reshareContext: { parent: 'urn:li:share:7001' }
    })
    expect(lastPost().reshareOf).toBe('urn:li:share:7001')

    await client().publish(member(token, { text: '', reshareOf: 'urn:li:ugcPost:7002' }))
    expect(lastPost().body).toMatchObject({ commentary: '', reshareContext: { parent: 'urn:li:ugcPost:7002' } })
    expect(lastPost().body).not.toHaveProperty('content')
  })

  it('refuses a reshare with media or a poll before calling LinkedIn, and LinkedIn’s refusal of a parent is known-safe', async () => {
    const token = fake.issueToken()
    const calls = fake.requests.length
    const withImage = client().publish(member(token, { type: 'images', reshareOf: 'urn:li:share:7001', media: [file('image', 'a.png', randomBytes(10))] }))
    await expect(withImage).rejects.toBeInstanceOf(LinkedInValidationError)
    expect(fake.requests.length).toBe(calls)
    const activity = await client()
      .publish(member(token, { reshareOf: 'urn:li:activity:7003' }))
      .catch((error: unknown) => error)
    expect(activity).toBeInstanceOf(LinkedInValidationError)
    expect(isKnownSafeFailure(activity)).toBe(true)
    expect((activity as Error).message).toContain('Allowed URN types are groupPost, share, ugcPost')
  })

  it('finds a reshare by its parent as well as its text; a post with the same text that reshares nothing is not it', async () => {
    const token = fake.issueToken()
    const author = { kind: 'person' as const, id: 'aB3xYz9Q' }
    const text = `Reshared #${randomUUID().slice(0, 8)}`
    clock.set('2026-03-03T10:00:00Z')
    const since = clock.now()
    fake.addPost({ author: 'urn:li:person:aB3xYz9Q', commentary: toCommentary(text) })
    fake.addPost({ author: 'urn:li:person:aB3xYz9Q', commentary: toCommentary(text), reshareOf: 'urn:li:share:8002' })
    const { urn } = await client().publish(member(token, { text, reshareOf: 'urn:li:share:8001' }))
    const query = { idempotencyKey: 'ignored', author, text, since, accessToken: { token, expiresAt: null } }
    await expect(client().findPublished({ ...query, reshareOf: 'urn:li:share:8001' })).resolves.toEqual({ urn })
    await expect(client().findPublished({ ...query, reshareOf: 'urn:li:share:8003' })).resolves.toBeNull()
    const plain = await client().findPublished(query)
    expect(plain).not.toBeNull()
    expect(fake.posts.find((p) => p.id === plain!.urn)?.reshareOf).toBeNull()
  })

  describe('post statistics', () => {
    const person = { kind: 'person' as const, id: 'aB3xYz9Q' }
    const page = { kind: 'organization' as const, id: '2414183' }
    const analytics = 'openid profile w_member_social r_member_postAnalytics'
    const query = (urn: string, token: string, author: typeof person | typeof page = person) => ({
      urn,
      author,
      accessToken: { token, expiresAt: null },
      publishedAt: clock.now(),
      now: clock.now()
    })
    const statisticsCalls = () => fake.requests.filter((r) => r.url.startsWith('/rest/memberCreatorPostAnalytics') || r.url.startsWith('/rest/organizationalEntityShareStatistics'))

    it("reads a member's post through memberCreatorPostAnalytics, one TOTAL per metric, and the numbers grow", async () => {
      clock.set('2026-03-05T08:00:00Z')
      const token = fake.issueToken(analytics)
      const { urn } = await client().publish(member(token, { text: `Stats ${randomUUID()}` }))
      // Nothing yet: LinkedIn leaves out data points without activity, which read as zero.
      await expect(client().metrics(query(urn, token))).resolves.toEqual({ impressions: 0, membersReached: 0, reactions: 0, comments: 0, reshares: 0, clicks: null })

      const before = statisticsCalls().length
      clock.set('2026-03-06T08:00:00Z')
      const day = await client().metrics(query(urn, token))
      const expected = fake.statistics(urn)
      expect(day).toEqual({ ...expected, clicks: null })
      expect(day.impressions).toBeGreaterThan(0)
      expect(day.comments).toBeGreaterThan(0)
      const calls = statisticsCalls().slice(before)
      const encoded = encodeURIComponent(urn)
      expect(calls.map((c) => c.url)).toEqual(
        ['IMPRESSION', 'MEMBERS_REACHED', 'REACTION', 'COMMENT', 'RESHARE'].map(
          (type) => `/rest/memberCreatorPostAnalytics?q=entity&entity=(share:${encoded})&queryType=${type}&aggregation=TOTAL`
        )
      )
      for (const call of calls) expect(call.headers).toMatchObject({ 'linkedin-version': '202511', 'x-restli-protocol-version': '2.0.0', authorization: `Bearer ${token}` })

      clock.set('2026-03-13T08:00:00Z')
      const week = await client().metrics(query(urn, token))
      expect(week.impressions).toBeGreaterThan(day.impressions)
      expect(week.reactions).toBeGreaterThanOrEqual(day.reactions)

      // A ugcPost is named (ugc:…).
      const ugc = fake.addPost({ author: 'urn:li:person:aB3xYz9Q', commentary: 'Made elsewhere', id: 'urn:li:ugcPost:6443156446455693312', createdAt: Date.parse('2026-03-12T08:00:00Z') })
      await expect(client().metrics(query(ugc.id, token))).resolves.toEqual({ ...fake.statistics(ugc.id), clicks: null })
      expect(statisticsCalls().at(-1)!.url).toContain(`entity=(ugc:${encodeURIComponent(ugc.id)})`)
    })

    it("reads a page's post through organizationalEntityShareStatistics in one call, clicks included", async () => {
      clock.set('2026-03-07T08:00:00Z')
      const token = fake.issueToken('openid profile w_member_social w_organization_social rw_organization_admin')
      const { urn } = await client().publish(member(token, { author: page, text: `Page stats ${randomUUID()}` }))
      clock.set('2026-03-09T20:00:00Z')
      const before = statisticsCalls().length
      const metrics = await client().metrics(query(urn, token, page))
      expect(metrics).toEqual(fake.statistics(urn))
      expect(metrics.clicks).toBeGreaterThan(0)
      expect(statisticsCalls().slice(before).map((c) => c.url)).toEqual([
        `/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=urn%3Ali%3Aorganization%3A2414183&shares=List(${encodeURIComponent(urn)})`
      ])
      const ugc = fake.addPost({ author: 'urn:li:organization:2414183', commentary: 'Page post made elsewhere', id: 'urn:li:ugcPost:6443156446455690000', createdAt: Date.parse('2026-03-08T08:00:00Z') })
      await expect(client().metrics(query(ugc.id, token, page))).resolves.toEqual(fake.statistics(ugc.id))
      expect(statisticsCalls().at(-1)!.url).toContain(`&ugcPosts=List(${encodeURIComponent(ugc.id)})`)
      // Another page's post has no statistics here.
      await expect(client().metrics(query(urn, token, { kind: 'organization', id: '999' }))).rejects.toThrow(`LinkedIn gave no statistics for ${urn}`)
    })

    it("maps a page's statistics without unique impressions to members reached null; an answer not as documented is an error", async () => {
      const token = fake.issueToken('openid profile rw_organization_admin')
      const urn = 'urn:li:share:7100000000000999999'
      const totals = { impressionCount: 90, likeCount: 4, commentCount: 1, shareCount: 2, clickCount: 3 }
      fake.failNext('/rest/organizationalEntityShareStatistics', { status: 200, body: { elements: [{ share: urn, totalShareStatistics: totals }], paging: {} } })
      await expect(client().metrics(query(urn, token, page))).resolves.toEqual({ impressions: 90, membersReached: null, reactions: 4, comments: 1, reshares: 2, clicks: 3 })
      fake.failNext('/rest/organizationalEntityShareStatistics', { status: 200, body: { elements: [{ share: urn, totalShareStatistics: { ...totals, likeCount: -1 } }] } })
      await expect(client().metrics(query(urn, token, page))).rejects.toThrow('not as documented')
      fake.failNext('/rest/memberCreatorPostAnalytics', { status: 200, body: { elements: [{ count: 1 }, { count: 2 }] } })
      await expect(client().metrics(query(urn, fake.issueToken(analytics)))).rejects.toThrow('not as documented')
    })

    it('says 429 apart with Retry-After (or a default), a missing permission, and an expired token', async () => {
      clock.set('2026-03-10T08:00:00Z')
      const token = fake.issueToken(analytics)
      const { urn } = await client().publish(member(token, { text: `Limits ${randomUUID()}` }))

      fake.rateLimitStatistics({ retryAfterSeconds: 120 })
      const before = statisticsCalls().length
      const limited = await client().metrics(query(urn, token)).catch((e: unknown) => e)
      expect(limited).toBeInstanceOf(LinkedInRateLimitError)
      expect((limited as LinkedInRateLimitError).retryAfterMs).toBe(120_000)
      // The first 429 stops the round: the other metrics are not asked for.
      expect(statisticsCalls().length - before).toBe(1)
      fake.rateLimitStatistics({})
      const page429 = await client().metrics(query(urn, fake.issueToken('rw_organization_admin'), page)).catch((e: unknown) => e)
      expect(page429).toBeInstanceOf(LinkedInRateLimitError)
      expect((page429 as LinkedInRateLimitError).retryAfterMs).toBe(5 * 60_000)
      fake.rateLimitStatistics(null)
      fake.failNext('/rest/memberCreatorPostAnalytics', { status: 429, headers: { 'retry-after': 'Tue, 10 Mar 2026 08:00:30 GMT' } })
      expect(((await client().metrics(query(urn, token)).catch((e: unknown) => e)) as LinkedInRateLimitError).retryAfterMs).toBe(30_000)

      // Without r_member_postAnalytics / rw_organization_admin LinkedIn refuses: not available, not an error to retry.
      await expect(client().metrics(query(urn, fake.issueToken()))).rejects.toBeInstanceOf(LinkedInPermissionError)
      await expect(client().metrics(query(urn, fake.issueToken('openid profile w_organization_social'), page))).rejects.toBeInstanceOf(LinkedInPermissionError)
      // Someone else's post is refused the same way.
      const other = fake.addPost({ author: 'urn:li:person:someoneElse', commentary: 'Not yours' })
      await expect(client().metrics(query(other.id, token))).rejects.toBeInstanceOf(LinkedInPermissionError)

      await expect(client().metrics(query(urn, 'not-a-token'))).rejects.toBeInstanceOf(TokenExpiredError)
      await expect(client().metrics({ ...query(urn, token), accessToken: { token, expiresAt: clock.now() } })).rejects.toBeInstanceOf(TokenExpiredError)
      fake.failNext('/rest/memberCreatorPostAnalytics', { status: 500 })
      const failed = await client().metrics(query(urn, token)).catch((e: unknown) => e)
      expect(failed).toBeInstanceOf(Error)
      expect(failed).not.toBeInstanceOf(LinkedInRateLimitError)
      expect(failed).not.toBeInstanceOf(LinkedInPermissionError)
      await expect(client().metrics(query('urn:li:activity:1', token))).rejects.toThrow('is not a LinkedIn post urn')
    })
  })
})
