import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { z } from 'zod'
import { POLL_DURATION_DEFAULT } from '../../../shared/constants'
import type { Clock } from '../../clock'
import type { LinkedInConfig } from './linkedin'
import {
  LinkedInGrantError,
  LinkedInPermissionError,
  LinkedInRateLimitError,
  LinkedInTimeoutError,
  LinkedInUploadError,
  LinkedInValidationError,
  TokenExpiredError,
  type LinkedInAuthor,
  type LinkedInClient,
  type LinkedInTokens,
  type MetricsQuery,
  type PostMetrics,
  type PublishInput,
  type PublishMedia
} from './linkedin'

/**
 * The LinkedIn REST client: OAuth 2.0 (authorization code, PKCE S256 alongside the client secret),
 * OpenID userinfo, and the versioned Posts API with image, document and video uploads. Every call
 * carries `LinkedIn-Version` and `X-Restli-Protocol-Version: 2.0.0`. Files stream from storage to
 * LinkedIn (never read whole into memory); videos go up in the byte ranges LinkedIn hands out.
 *
 * Errors follow the adapter's contract: 401 → TokenExpiredError; other 4xx (except 408 and 429) →
 * LinkedInValidationError with LinkedIn's message; a failed upload → LinkedInUploadError (the post
 * was not created yet). Timeouts, network errors, 5xx and 429 on the post itself are unknown
 * outcomes: the post may exist, findPublished looks for it.
 *
 * A reshare (issue 15) is POST /rest/posts with `reshareContext: { parent: <urn> }` and the comment
 * as commentary (empty allowed), no content; findPublished matches a reshare by its parent too.
 *
 * findPublished reads the author's posts (GET /rest/posts?q=author), which LinkedIn grants with
 * r_member_social / r_organization_social only; without them it throws and the outcome stays
 * unknown.
 *
 * metrics() reads a member's post through memberCreatorPostAnalytics (r_member_postAnalytics; one
 * call per metric, TOTAL aggregation) and a page's post through organizationalEntityShareStatistics
 * (rw_organization_admin; one call). Both need permissions this application does not ask for when
 * connecting: LinkedIn's 403 becomes LinkedInPermissionError, which the metrics job records once as
 * "not available from LinkedIn". 429 becomes LinkedInRateLimitError with Retry-After.
 */
const LINKEDIN_MEMBER_SCOPES = ['openid', 'profile', 'w_member_social'] as const
const LINKEDIN_ORGANIZATION_SCOPE = 'w_organization_social'
/** Statistics (issue 14): a member's posts; a page's posts (with the organization scope). */
const LINKEDIN_MEMBER_ANALYTICS_SCOPE = 'r_member_postAnalytics'
const LINKEDIN_ORGANIZATION_ANALYTICS_SCOPE = 'rw_organization_admin'
const API_TIMEOUT_MS = 30_000
/** Uploads may take long; they fail only when nothing moves for this long. */
const UPLOAD_IDLE_MS = 60_000
const VIDEO_POLL_MS = 2_000
const VIDEO_POLL_TRIES = 60
const MAX_ANSWER_BYTES = 2 * 1024 * 1024
/** findPublished: a post created up to this long before the attempt started still counts (clock skew). */
const FIND_SLACK_MS = 60_000
const POLL_DURATIONS: Record<number, string> = { 1: 'ONE_DAY', 3: 'THREE_DAYS', 7: 'SEVEN_DAYS', 14: 'FOURTEEN_DAYS' }
/** How long to wait after a 429 that carries no Retry-After (LinkedIn's limits are per day, so not seconds). */
const RATE_LIMIT_DEFAULT_MS = 5 * 60_000
/** memberCreatorPostAnalytics answers one metric per call; these are the ones PostMetrics holds. */
const MEMBER_METRICS = [
  ['impressions', 'IMPRESSION'],
  ['membersReached', 'MEMBERS_REACHED'],
  ['reactions', 'REACTION'],
  ['comments', 'COMMENT'],
  ['reshares', 'RESHARE']
] as const

interface LinkedInRestOptions {
  clock: Clock
  /** Per call, for API requests (not uploads). */
  timeoutMs?: number
  /** Pause between looks at a video LinkedIn is still processing. */
  videoPollMs?: number
}

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  text: string
}

interface CallOptions {
  method: string
  headers: Record<string, string>
  body?: string | AsyncIterable<Buffer>
  timeoutMs: number
}

/** One HTTP exchange; a body given as an iterable is streamed (backpressure through pipeline). */
function call(url: string, options: CallOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url)
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest
    const req = send(target, { method: options.method, headers: options.headers })
    let settled = false
    const fail = (err: unknown) => {
      if (settled) return
      settled = true
      req.destroy()
      reject(err instanceof Error ? err : new Error(String(err)))
    }
    req.setTimeout(options.timeoutMs, () => fail(new LinkedInTimeoutError(`LinkedIn did not answer ${options.method} ${target.pathname} in time`)))
    req.on('error', fail)
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk)
      })
      res.on('error', fail)
      res.on('end', () => {
        if (settled) return
        settled = true
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') })
      })
    })
    if (options.body === undefined || typeof options.body === 'string') req.end(options.body)
    else pipeline(Readable.from(options.body), req).catch(fail)
  })
}

/** LinkedIn's error text: `{"message": …}` (REST) or `{"error_description": …}` (OAuth), else the status. */
function messageOf(answer: Answer): string {
  try {
    const body = JSON.parse(answer.text) as { message?: unknown; error_description?: unknown }
    const text = typeof body.message === 'string' ? body.message : typeof body.error_description === 'string' ? body.error_description : null
    if (text) return text.slice(0, 500)
  } catch {
    // Not JSON: the status says enough.
  }
  return `status ${answer.status}`
}

const isSafeRefusal = (status: number) => status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429

/** A refusal of the post itself, per the adapter's error contract. */
function postRefused(answer: Answer, what: string): Error {
  if (answer.status === 401) return new TokenExpiredError()
  if (isSafeRefusal(answer.status)) return new LinkedInValidationError(`LinkedIn refused ${what}: ${messageOf(answer)}`)
  return new Error(`LinkedIn answered ${answer.status} to ${what}: ${messageOf(answer)}`)
}

/** Anything going wrong before the post is created leaves nothing published. */
async function beforePost<T>(fileName: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (err) {
    if (err instanceof TokenExpiredError || err instanceof LinkedInUploadError) throw err
    throw new LinkedInUploadError(`LinkedIn did not take ${fileName}: ${err instanceof Error ? err.message : String(err)}`)
  }
}

function expectOk(answer: Answer, what: string): Answer {
  if (answer.status === 401) throw new TokenExpiredError()
  if (answer.status < 200 || answer.status >= 300) throw new Error(`LinkedIn answered ${answer.status} to ${what}: ${messageOf(answer)}`)
  return answer
}

/** Retry-After in seconds (LinkedIn's form) or as an HTTP date; the default when absent or unreadable. */
function retryAfterMs(answer: Answer, now: Date): number {
  const value = answer.headers['retry-after']
  const text = (Array.isArray(value) ? value[0] : value)?.trim()
  if (!text) return RATE_LIMIT_DEFAULT_MS
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  return Number.isNaN(at) ? RATE_LIMIT_DEFAULT_MS : Math.max(0, at - now.getTime())
}

/** A statistics call's answer: 401 token expired, 403 no permission, 429 slow down, else it must be 2xx. */
function statisticsAnswer(answer: Answer, what: string, now: Date): Answer {
  if (answer.status === 429) throw new LinkedInRateLimitError(retryAfterMs(answer, now))
  if (answer.status === 403) throw new LinkedInPermissionError()
  return expectOk(answer, what)
}

function json<T>(answer: Answer, schema: z.ZodType<T>, what: string): T {
  let value: unknown
  try {
    value = JSON.parse(answer.text)
  } catch {
    throw new Error(`LinkedIn's answer to ${what} is not JSON`)
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new Error(`LinkedIn's answer to ${what} is not as documented`)
  return parsed.data
}

/**
 * Reads a file stream in consecutive byte ranges (video parts), each of exactly the length asked;
 * a file shorter or longer than its recorded size is an upload error, never a silent truncation.
 */
function byteRanges(source: Readable, fileName: string) {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>
  let rest: Buffer | null = null
  return {
    async *take(length: number): AsyncGenerator<Buffer> {
      let left = length
      while (left > 0) {
        let chunk = rest
        rest = null
        if (!chunk) {
          const next = await iterator.next()
          if (next.done) throw new LinkedInUploadError(`${fileName} is shorter than its recorded size`)
          chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value)
        }
        if (chunk.length > left) {
          rest = chunk.subarray(left)
          chunk = chunk.subarray(0, left)
        }
        left -= chunk.length
        yield chunk
      }
    },
    async end(): Promise<void> {
      const extra = rest && rest.length > 0 ? true : !(await iterator.next()).done
      source.destroy()
      if (extra) throw new LinkedInUploadError(`${fileName} is longer than its recorded size`)
    },
    close(): void {
      source.destroy()
    }
  }
}

/**
 * The post text in LinkedIn's "little text format": reserved characters escaped (unescaped, LinkedIn
 * cuts the text or reads mentions into it), and #words as hashtags.
 */
export function toCommentary(text: string): string {
  const escape = (part: string) => part.replace(/[\\|{}@[\]()<>#*_~]/g, (c) => `\\${c}`)
  let out = ''
  let last = 0
  for (const match of text.matchAll(/(?<=^|\s)#([\p{L}\p{N}]+)/gu)) {
    out += `${escape(text.slice(last, match.index))}{hashtag|\\#|${match[1]!}}`
    last = match.index + match[0].length
  }
  return out + escape(text.slice(last))
}

function authorUrn(author: LinkedInAuthor): string {
  return author.kind === 'organization' ? `urn:li:organization:${author.id}` : `urn:li:person:${author.id}`
}

/** A post's urn is a share or a ugcPost; the statistics endpoints name the two differently. */
function postKind(urn: string): 'share' | 'ugcPost' {
  if (/^urn:li:share:\d+$/.test(urn)) return 'share'
  if (/^urn:li:ugcPost:\d+$/.test(urn)) return 'ugcPost'
  throw new Error(`${urn} is not a LinkedIn post urn`)
}

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.number().positive().optional(),
  scope: z.string().optional()
})
const userInfoSchema = z.object({
  sub: z.string().min(1),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional()
})
const singleUploadSchemas = {
  image: z.object({ value: z.object({ uploadUrl: z.string().min(1), image: z.string().min(1) }) }).transform((a) => ({ uploadUrl: a.value.uploadUrl, urn: a.value.image })),
  document: z
    .object({ value: z.object({ uploadUrl: z.string().min(1), document: z.string().min(1) }) })
    .transform((a) => ({ uploadUrl: a.value.uploadUrl, urn: a.value.document }))
}
const videoUploadSchema = z.object({
  value: z.object({
    video: z.string().min(1),
    uploadToken: z.string(),
    uploadInstructions: z.array(z.object({ uploadUrl: z.string().min(1), firstByte: z.number().int(), lastByte: z.number().int() })).min(1)
  })
})
const videoStatusSchema = z.object({ status: z.string() })
/** TOTAL aggregation: one data point, or none while the post has no activity of that kind. */
const memberAnalyticsSchema = z.object({ elements: z.array(z.object({ count: z.number().int().nonnegative() })).max(1) })
const statisticCount = z.number().int().nonnegative()
const shareStatisticsSchema = z.object({
  elements: z.array(
    z.object({
      share: z.string().optional(),
      ugcPost: z.string().optional(),
      totalShareStatistics: z.object({
        impressionCount: statisticCount,
        uniqueImpressionsCount: statisticCount.optional(),
        likeCount: statisticCount,
        commentCount: statisticCount,
        shareCount: statisticCount,
        clickCount: statisticCount
      })
    })
  )
})
const postListSchema = z.object({
  elements: z.array(
    z.object({
      id: z.string(),
      author: z.string().optional(),
      commentary: z.string().optional(),
      createdAt: z.number().optional(),
      reshareContext: z.object({ parent: z.string() }).optional()
    })
  )
})

export function createLinkedInRest(config: LinkedInConfig, options: LinkedInRestOptions): LinkedInClient {
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS
  const videoPollMs = options.videoPollMs ?? VIDEO_POLL_MS
  const scope = [
    ...LINKEDIN_MEMBER_SCOPES,
    ...(config.organizationScope ? [LINKEDIN_ORGANIZATION_SCOPE] : []),
    ...(config.analyticsScope ? [LINKEDIN_MEMBER_ANALYTICS_SCOPE] : []),
    ...(config.analyticsScope && config.organizationScope ? [LINKEDIN_ORGANIZATION_ANALYTICS_SCOPE] : [])
  ].join(' ')

  const rest = (method: string, path: string, token: string, body?: unknown, extra: Record<string, string> = {}) => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      'linkedin-version': config.version,
      'x-restli-protocol-version': '2.0.0',
      accept: 'application/json',
      ...extra
    }
    const payload = body === undefined ? undefined : JSON.stringify(body)
    if (payload !== undefined) {
      headers['content-type'] = 'application/json'
      headers['content-length'] = String(Buffer.byteLength(payload))
    }
    return call(`${config.apiBase}${path}`, { method, headers, body: payload, timeoutMs })
  }

  /** PUT of `length` bytes to an upload URL LinkedIn handed out. */
  const put = (url: string, length: number, body: AsyncIterable<Buffer>, token: string | null) =>
    call(url, {
      method: 'PUT',
      headers: {
        'content-type': 'application/octet-stream',
        'content-length': String(length),
        ...(token ? { authorization: `Bearer ${token}` } : {})
      },
      body,
      timeoutMs: UPLOAD_IDLE_MS
    })

  async function uploadSingle(kind: 'image' | 'document', media: PublishMedia, owner: string, token: string): Promise<string> {
    return beforePost(media.fileName, async () => {
      const init = expectOk(await rest('POST', `/rest/${kind}s?action=initializeUpload`, token, { initializeUploadRequest: { owner } }), `${kind} upload`)
      const value = json(init, singleUploadSchemas[kind], `${kind} upload`)
      const file = byteRanges(await media.open(), media.fileName)
      try {
        expectOk(await put(value.uploadUrl, media.size, file.take(media.size), token), `the upload of ${media.fileName}`)
        await file.end()
      } finally {
        file.close()
      }
      return value.urn
    })
  }

  async function uploadVideo(media: PublishMedia, owner: string, token: string): Promise<string> {
    return beforePost(media.fileName, async () => {
      const init = expectOk(
        await rest('POST', '/rest/videos?action=initializeUpload', token, {
          initializeUploadRequest: { owner, fileSizeBytes: media.size, uploadCaptions: false, uploadThumbnail: false }
        }),
        'video upload'
      )
      const { value } = json(init, videoUploadSchema, 'video upload')
      const parts = [...value.uploadInstructions].sort((a, b) => a.firstByte - b.firstByte)
      let expected = 0
      for (const part of parts) {
        if (part.firstByte !== expected || part.lastByte < part.firstByte) throw new Error('LinkedIn handed out byte ranges that do not cover the video')
        expected = part.lastByte + 1
      }
      if (expected !== media.size) throw new Error('LinkedIn handed out byte ranges that do not cover the video')
      const file = byteRanges(await media.open(), media.fileName)
      const etags: string[] = []
      try {
        for (const part of parts) {
          const length = part.lastByte - part.firstByte + 1
          const answer = expectOk(await put(part.uploadUrl, length, file.take(length), null), `a part of ${media.fileName}`)
          const etag = answer.headers.etag
          if (typeof etag !== 'string' || !etag) throw new Error(`LinkedIn gave no ETag for a part of ${media.fileName}`)
          etags.push(etag)
        }
        await file.end()
      } finally {
        file.close()
      }
      expectOk(
        await rest('POST', '/rest/videos?action=finalizeUpload', token, {
          finalizeUploadRequest: { video: value.video, uploadToken: value.uploadToken, uploadedPartIds: etags }
        }),
        'finishing the video upload'
      )
      // A post may only use the video once LinkedIn has processed it.
      for (let i = 0; i < VIDEO_POLL_TRIES; i++) {
        const status = json(expectOk(await rest('GET', `/rest/videos/${encodeURIComponent(value.video)}`, token), 'the video status'), videoStatusSchema, 'the video status')
        if (status.status === 'AVAILABLE') return value.video
        if (status.status === 'PROCESSING_FAILED') throw new Error(`LinkedIn could not process ${media.fileName}`)
        await new Promise((r) => setTimeout(r, videoPollMs))
      }
      throw new Error(`LinkedIn is still processing ${media.fileName}`)
    })
  }

  async function content(input: PublishInput, owner: string): Promise<Record<string, unknown> | null> {
    const token = input.accessToken.token
    if (input.type === 'poll') {
      if (!input.poll) throw new LinkedInValidationError('A poll needs a question and options')
      const duration = POLL_DURATIONS[input.poll.durationDays ?? POLL_DURATION_DEFAULT]
      if (!duration) throw new LinkedInValidationError('Polls run for 1, 3, 7 or 14 days')
      return { poll: { question: input.poll.question, options: input.poll.options.map((text) => ({ text })), settings: { duration } } }
    }
    const media = input.media ?? []
    const images = media.filter((m) => m.kind === 'image')
    const video = media.find((m) => m.kind === 'video')
    const document = media.find((m) => m.kind === 'document')
    if (video) return { media: { id: await uploadVideo(video, owner, token), title: video.fileName } }
    if (document) return { media: { id: await uploadSingle('document', document, owner, token), title: document.fileName } }
    if (images.length === 0) return null
    const uploaded: { id: string; altText: string }[] = []
    for (const image of images) uploaded.push({ id: await uploadSingle('image', image, owner, token), altText: image.altText })
    if (uploaded.length === 1) return { media: { id: uploaded[0]!.id, ...(uploaded[0]!.altText ? { altText: uploaded[0]!.altText } : {}) } }
    return { multiImage: { images: uploaded.map((u) => ({ id: u.id, ...(u.altText ? { altText: u.altText } : {}) })) } }
  }

  /**
   * One call per metric, one after another: a 429 or a refusal stops at the first call instead of
   * spending the rest. LinkedIn gives no clicks for a member's post.
   */
  async function memberMetrics({ urn, accessToken }: MetricsQuery): Promise<PostMetrics> {
    const entity = `(${postKind(urn) === 'share' ? 'share' : 'ugc'}:${encodeURIComponent(urn)})`
    const metrics: PostMetrics = { impressions: 0, membersReached: 0, reactions: 0, comments: 0, reshares: 0, clicks: null }
    for (const [field, queryType] of MEMBER_METRICS) {
      const what = `the post's ${queryType.toLowerCase()} count`
      const answer = statisticsAnswer(
        await rest('GET', `/rest/memberCreatorPostAnalytics?q=entity&entity=${entity}&queryType=${queryType}&aggregation=TOTAL`, accessToken.token, undefined, {
          'x-restli-method': 'FINDER'
        }),
        what,
        options.clock.now()
      )
      metrics[field] = json(answer, memberAnalyticsSchema, what).elements[0]?.count ?? 0
    }
    return metrics
  }

  /** Lifetime statistics of one of the page's posts; members reached only where LinkedIn gives unique impressions. */
  async function pageMetrics({ urn, author, accessToken }: MetricsQuery): Promise<PostMetrics> {
    const kind = postKind(urn)
    const list = kind === 'share' ? 'shares' : 'ugcPosts'
    const path =
      `/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${encodeURIComponent(authorUrn(author))}` +
      `&${list}=List(${encodeURIComponent(urn)})`
    const what = "the page post's statistics"
    const answer = statisticsAnswer(await rest('GET', path, accessToken.token, undefined, { 'x-restli-method': 'FINDER' }), what, options.clock.now())
    const element = json(answer, shareStatisticsSchema, what).elements.find((e) => e[kind] === urn)
    if (!element) throw new Error(`LinkedIn gave no statistics for ${urn}`)
    const stats = element.totalShareStatistics
    return {
      impressions: stats.impressionCount,
      membersReached: stats.uniqueImpressionsCount ?? null,
      reactions: stats.likeCount,
      comments: stats.commentCount,
      reshares: stats.shareCount,
      clicks: stats.clickCount
    }
  }

  return {
    provider: 'linkedin',

    authorizationUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL('/oauth/v2/authorization', config.oauthBase)
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: redirectUri,
        state,
        scope,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256'
      }).toString()
      return url.toString()
    },

    async exchangeCode({ code, codeVerifier, redirectUri }): Promise<LinkedInTokens> {
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: config.clientId,
        client_secret: config.clientSecret,
        code_verifier: codeVerifier
      }).toString()
      const answer = await call(`${config.oauthBase}/oauth/v2/accessToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(form)), accept: 'application/json' },
        body: form,
        timeoutMs
      })
      if (answer.status === 400 || answer.status === 401) throw new LinkedInGrantError(messageOf(answer))
      const tokens = json(expectOk(answer, 'the code exchange'), tokenAnswerSchema, 'the code exchange')
      const me = json(
        expectOk(
          await call(`${config.apiBase}/v2/userinfo`, { method: 'GET', headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' }, timeoutMs }),
          'userinfo'
        ),
        userInfoSchema,
        'userinfo'
      )
      const now = options.clock.now().getTime()
      const fullName = me.name ?? [me.given_name, me.family_name].filter(Boolean).join(' ')
      return {
        accessToken: tokens.access_token,
        expiresAt: new Date(now + tokens.expires_in * 1000),
        refreshToken: tokens.refresh_token ?? null,
        refreshTokenExpiresAt: tokens.refresh_token && tokens.refresh_token_expires_in ? new Date(now + tokens.refresh_token_expires_in * 1000) : null,
        scope: tokens.scope ?? scope,
        memberId: me.sub,
        memberName: fullName || null
      }
    },

    async publish(input) {
      if (input.accessToken.expiresAt && input.accessToken.expiresAt.getTime() <= options.clock.now().getTime()) throw new TokenExpiredError()
      const author = authorUrn(input.author)
      // A reshare (issue 15) is a post whose reshareContext names the parent; its commentary is the comment.
      if (input.reshareOf && (input.type !== 'textOnly' || (input.media ?? []).length > 0 || input.poll)) {
        throw new LinkedInValidationError('A reshare carries its commentary only')
      }
      const postContent = input.reshareOf ? null : await content(input, author)
      const answer = await rest('POST', '/rest/posts', input.accessToken.token, {
        author,
        commentary: toCommentary(input.text),
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
        ...(postContent ? { content: postContent } : {}),
        ...(input.reshareOf ? { reshareContext: { parent: input.reshareOf } } : {})
      })
      if (answer.status !== 201 && answer.status !== 200) throw postRefused(answer, 'the post')
      const urn = answer.headers['x-restli-id']
      if (typeof urn !== 'string' || !urn) throw new Error('LinkedIn created the post without saying its id')
      return { urn }
    },

    async findPublished({ author, text, since, accessToken, reshareOf }) {
      const urn = authorUrn(author)
      const answer = expectOk(
        await rest('GET', `/rest/posts?author=${encodeURIComponent(urn)}&q=author&count=50&sortBy=LAST_MODIFIED`, accessToken.token, undefined, {
          'x-restli-method': 'FINDER'
        }),
        'the post look-up'
      )
      const commentary = toCommentary(text)
      const from = since.getTime() - FIND_SLACK_MS
      const found = json(answer, postListSchema, 'the post look-up').elements.find(
        (post) =>
          (post.author === undefined || post.author === urn) &&
          (post.commentary === commentary || post.commentary === text) &&
          (post.reshareContext?.parent ?? null) === (reshareOf ?? null) &&
          (post.createdAt ?? 0) >= from
      )
      return found ? { urn: found.id } : null
    },

    metricsCallCost(author) {
      return author.kind === 'person' ? MEMBER_METRICS.length : 1
    },

    async metrics(query) {
      if (query.accessToken.expiresAt && query.accessToken.expiresAt.getTime() <= options.clock.now().getTime()) throw new TokenExpiredError()
      return query.author.kind === 'organization' ? pageMetrics(query) : memberMetrics(query)
    },

    postUrl(urn) {
      return `https://www.linkedin.com/feed/update/${urn}/`
    }
  }
}
