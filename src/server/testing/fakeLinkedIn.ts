/**
 * A local HTTP server that speaks the part of LinkedIn's API Pagecrew uses (DESIGN.md §4: real
 * integrations that cannot be reached from here are tested against a local server speaking their
 * documented protocol). Test support only; nothing in the product imports it.
 *
 * Protocol, as documented at learn.microsoft.com/linkedin:
 * - OAuth 2.0: GET /oauth/v2/authorization (here the member is signed in and agrees at once: 302 to
 *   redirect_uri with code + state), POST /oauth/v2/accessToken (form: grant_type, code,
 *   redirect_uri, client_id, client_secret, code_verifier; PKCE S256 checked when the authorization
 *   carried a challenge) → {access_token, expires_in, scope, refresh_token?, refresh_token_expires_in?};
 *   errors {error, error_description} with 400/401.
 * - GET /v2/userinfo (OpenID Connect) → {sub, name, given_name, family_name}.
 * - /rest/*: `LinkedIn-Version: YYYYMM` and `X-Restli-Protocol-Version: 2.0.0` required (400
 *   otherwise), Bearer token (401 INVALID_ACCESS_TOKEN otherwise); errors {status, code, message}.
 * - Images and documents: POST /rest/{images|documents}?action=initializeUpload
 *   {initializeUploadRequest: {owner}} → {value: {uploadUrl, image|document}}; PUT the bytes (Bearer).
 * - Videos: POST /rest/videos?action=initializeUpload {initializeUploadRequest: {owner, fileSizeBytes,
 *   uploadCaptions, uploadThumbnail}} → {value: {video, uploadToken, uploadInstructions: [{uploadUrl,
 *   firstByte, lastByte}]}}; PUT each range (answer carries an ETag); POST
 *   /rest/videos?action=finalizeUpload {finalizeUploadRequest: {video, uploadToken, uploadedPartIds}};
 *   GET /rest/videos/{urn} → {id, status}.
 * - POST /rest/posts → 201 with the new post's urn in `x-restli-id`; GET
 *   /rest/posts?author={urn}&q=author&count&sortBy=LAST_MODIFIED → {elements, paging}. A reshare
 *   names its parent in `reshareContext: {parent}` (a share, ugcPost or groupPost urn; no content
 *   beside it), and the author's posts list it with that reshareContext.
 * - GET /rest/memberCreatorPostAnalytics?q=entity&entity=(share:{encoded urn})&queryType=IMPRESSION|
 *   MEMBERS_REACHED|REACTION|COMMENT|RESHARE&aggregation=TOTAL (r_member_postAnalytics; the member's
 *   own post) → {elements: [{count, metricType, targetEntity}], paging}; (ugc:…) names a ugcPost.
 * - GET /rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity={org
 *   urn}&shares=List({encoded urn},…) or ugcPosts=List(…) (rw_organization_admin) → {elements:
 *   [{organizationalEntity, share|ugcPost, totalShareStatistics: {impressionCount,
 *   uniqueImpressionsCount, likeCount, commentCount, shareCount, clickCount, engagement}}], paging}.
 *   Statistics grow with the time since the post was made (on `now`); a token without the permission
 *   gets 403 ACCESS_DENIED.
 * Posting as an organization needs a token with w_organization_social.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

interface FakeLinkedInOptions {
  clientId?: string
  clientSecret?: string
  /** The member who signs in on the authorization page. */
  member?: { sub: string; name: string }
  /** Bytes per video part in upload instructions (LinkedIn: 4 MiB). */
  videoPartBytes?: number
  /** Whether token answers carry a refresh token (LinkedIn gives them to some applications only). */
  refreshTokens?: boolean
  now?: () => Date
}

interface FakeAsset {
  urn: string
  kind: 'image' | 'document' | 'video'
  owner: string
  /** Bytes received so far, over all parts. */
  received: number
  sha256: string | null
  status: 'WAITING_UPLOAD' | 'AVAILABLE'
  fileSizeBytes: number | null
  parts: { firstByte: number; lastByte: number; etag: string | null }[]
  uploadToken: string
}

interface FakePost {
  id: string
  author: string
  commentary: string
  content: Record<string, unknown> | null
  /** The parent a reshare names (reshareContext.parent); null for an ordinary post. */
  reshareOf: string | null
  body: Record<string, unknown>
  createdAt: number
  /** The LinkedIn-Version it was created with. */
  version: string
}

/** `body` replaces LinkedIn's error body (e.g. an answer shaped another way). */
type FakeFailure = { status: number; message?: string; headers?: Record<string, string>; body?: Json } | 'hang'

/** A post's statistics as the fake reports them at a moment. */
interface FakeStatistics {
  impressions: number
  membersReached: number
  reactions: number
  comments: number
  reshares: number
  clicks: number
}

export interface FakeLinkedIn {
  url: string
  clientId: string
  clientSecret: string
  readonly posts: FakePost[]
  readonly assets: Map<string, FakeAsset>
  /** Every request: method, path with query, and headers. */
  readonly requests: { method: string; url: string; headers: IncomingMessage['headers'] }[]
  /** The next request whose path starts with `pathPrefix` (e.g. '/rest/posts') fails this way. */
  failNext(pathPrefix: string, failure: FakeFailure): void
  /** A token for the member without the OAuth dance. */
  issueToken(scope?: string): string
  /** A post as if made elsewhere (for findPublished and statistics); `id` may name a ugcPost. */
  addPost(post: Pick<FakePost, 'author' | 'commentary'> & { createdAt?: number; id?: string; reshareOf?: string }): FakePost
  /** What the statistics endpoints report for a post now: growing with its age, never decreasing. */
  statistics(urn: string): FakeStatistics
  /**
   * While set, every statistics request answers 429, with `Retry-After: retryAfterSeconds` when given
   * (LinkedIn does not always send one); null lets them through again.
   */
  rateLimitStatistics(limit: { retryAfterSeconds?: number } | null): void
  close(): Promise<void>
}

type Json = Record<string, unknown>

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')
const POLL_DURATIONS = ['ONE_DAY', 'THREE_DAYS', 'SEVEN_DAYS', 'FOURTEEN_DAYS']

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = 'INVALID_REQUEST'
  ) {
    super(message)
  }
}

export async function startFakeLinkedIn(options: FakeLinkedInOptions = {}): Promise<FakeLinkedIn> {
  const clientId = options.clientId ?? 'fake-client-id'
  const clientSecret = options.clientSecret ?? 'fake-client-secret'
  const member = options.member ?? { sub: 'aB3xYz9Q', name: 'Ann Example' }
  const partBytes = options.videoPartBytes ?? 4 * 1024 * 1024
  const now = options.now ?? (() => new Date())
  const codes = new Map<string, { redirectUri: string; challenge: string | null; scope: string }>()
  const tokens = new Map<string, { scope: string; expiresAt: number }>()
  const assets = new Map<string, FakeAsset>()
  const posts: FakePost[] = []
  const requests: FakeLinkedIn['requests'] = []
  const failures: { prefix: string; failure: FakeFailure }[] = []
  let nextId = 7100000000000000000n
  let statisticsLimit: { retryAfterSeconds?: number } | null = null

  const statistics = (post: FakePost): FakeStatistics => {
    const hours = Math.max(0, now().getTime() - post.createdAt) / 3_600_000
    const impressions = Math.floor(40 * hours + 200 * Math.log1p(hours))
    const reactions = Math.floor(impressions / 25)
    return {
      impressions,
      membersReached: Math.floor(impressions * 0.7),
      reactions,
      comments: Math.floor(reactions / 4),
      reshares: Math.floor(reactions / 10),
      clicks: Math.floor(impressions / 50)
    }
  }
  const hasScope = (scope: string, wanted: string) => scope.split(/[ ,]/).includes(wanted)

  const newToken = (scope: string) => {
    const token = `AQ${randomBytes(24).toString('base64url')}`
    tokens.set(token, { scope, expiresAt: now().getTime() + 60 * 86_400_000 })
    return token
  }

  const send = (res: ServerResponse, status: number, body?: Json, headers: Record<string, string> = {}) => {
    res.writeHead(status, { ...(body ? { 'content-type': 'application/json' } : {}), ...headers })
    res.end(body ? JSON.stringify(body) : undefined)
  }

  const readText = async (req: IncomingMessage) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString('utf8')
  }
  const readJson = async (req: IncomingMessage): Promise<Json> => {
    try {
      return JSON.parse(await readText(req)) as Json
    } catch {
      throw new HttpError(400, 'Malformed JSON body')
    }
  }

  const bearer = (req: IncomingMessage) => {
    const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1]
    const grant = token ? tokens.get(token) : undefined
    if (!grant || grant.expiresAt <= now().getTime()) throw new HttpError(401, 'Invalid access token', 'INVALID_ACCESS_TOKEN')
    return grant
  }

  const restHeaders = (req: IncomingMessage) => {
    const version = String(req.headers['linkedin-version'] ?? '')
    if (!/^20\d{4}(\.\d\d)?$/.test(version)) throw new HttpError(400, 'A version must be present. Please specify a version by adding the LinkedIn-Version header.', 'VERSION_MISSING')
    if (req.headers['x-restli-protocol-version'] !== '2.0.0') throw new HttpError(400, 'X-Restli-Protocol-Version 2.0.0 is required', 'PROTOCOL_VERSION')
    return version
  }

  const checkOwner = (owner: unknown, scope: string) => {
    if (owner === `urn:li:person:${member.sub}`) return owner
    if (typeof owner === 'string' && /^urn:li:organization:\d+$/.test(owner)) {
      if (!scope.split(' ').includes('w_organization_social')) throw new HttpError(403, 'Not enough permissions to act as this organization', 'ACCESS_DENIED')
      return owner
    }
    throw new HttpError(403, `Member is not allowed to act as ${String(owner)}`, 'ACCESS_DENIED')
  }

  const newAsset = (kind: FakeAsset['kind'], owner: string, fileSizeBytes: number | null): FakeAsset => {
    const id = randomBytes(9).toString('base64url')
    const asset: FakeAsset = {
      urn: `urn:li:${kind}:${id}`,
      kind,
      owner,
      received: 0,
      sha256: null,
      status: 'WAITING_UPLOAD',
      fileSizeBytes,
      parts: [],
      uploadToken: ''
    }
    assets.set(asset.urn, asset)
    return asset
  }

  const usable = (id: unknown, kind: FakeAsset['kind'], author: string) => {
    const asset = typeof id === 'string' ? assets.get(id) : undefined
    if (!asset || asset.kind !== kind) throw new HttpError(422, `${String(id)} is not a known ${kind}`, 'UNPROCESSABLE_ENTITY')
    if (asset.status !== 'AVAILABLE') throw new HttpError(422, `${asset.urn} is not uploaded`, 'UNPROCESSABLE_ENTITY')
    if (asset.owner !== author) throw new HttpError(422, `${asset.urn} belongs to another owner`, 'UNPROCESSABLE_ENTITY')
  }

  const validatePost = (body: Json, scope: string) => {
    const author = checkOwner(body.author, scope) as string
    if (typeof body.commentary !== 'string') throw new HttpError(422, 'commentary is required', 'UNPROCESSABLE_ENTITY')
    if (body.commentary.length > 3000) throw new HttpError(422, 'Commentary is too long: at most 3000 characters', 'UNPROCESSABLE_ENTITY')
    if (body.visibility !== 'PUBLIC') throw new HttpError(422, 'visibility must be PUBLIC', 'UNPROCESSABLE_ENTITY')
    if (body.lifecycleState !== 'PUBLISHED') throw new HttpError(422, 'lifecycleState must be PUBLISHED', 'UNPROCESSABLE_ENTITY')
    const distribution = body.distribution as Json | undefined
    if (distribution?.feedDistribution !== 'MAIN_FEED' || !Array.isArray(distribution.targetEntities) || !Array.isArray(distribution.thirdPartyDistributionChannels)) {
      throw new HttpError(422, 'distribution is invalid', 'UNPROCESSABLE_ENTITY')
    }
    const reshareContext = body.reshareContext as Json | undefined
    if (reshareContext !== undefined) {
      const parent = reshareContext?.parent
      if (typeof parent !== 'string' || !/^urn:li:(share|ugcPost|groupPost):\d+$/.test(parent)) {
        throw new HttpError(422, 'reshareContext.parent: Allowed URN types are groupPost, share, ugcPost', 'UNPROCESSABLE_ENTITY')
      }
      if (body.content !== undefined) throw new HttpError(422, 'A reshare cannot carry content', 'UNPROCESSABLE_ENTITY')
      return { author, content: null, reshareOf: parent }
    }
    const content = body.content as Json | undefined
    if (!content) return { author, content: null, reshareOf: null }
    const kinds = Object.keys(content)
    if (kinds.length !== 1) throw new HttpError(422, 'content must hold one kind', 'UNPROCESSABLE_ENTITY')
    if (content.media) {
      const media = content.media as Json
      const kind = String(media.id ?? '').split(':')[2] as FakeAsset['kind']
      usable(media.id, kind, author)
      if (kind !== 'image' && typeof media.title !== 'string') throw new HttpError(422, 'A video or document needs a title', 'UNPROCESSABLE_ENTITY')
    } else if (content.multiImage) {
      const images = (content.multiImage as Json).images
      if (!Array.isArray(images) || images.length < 2 || images.length > 20) throw new HttpError(422, 'A multi-image post has 2 to 20 images', 'UNPROCESSABLE_ENTITY')
      for (const image of images as Json[]) usable(image.id, 'image', author)
    } else if (content.poll) {
      const poll = content.poll as Json
      const options = poll.options as Json[] | undefined
      if (typeof poll.question !== 'string' || poll.question.length > 140) throw new HttpError(422, 'The poll question is invalid', 'UNPROCESSABLE_ENTITY')
      if (!Array.isArray(options) || options.length < 2 || options.length > 4 || options.some((o) => typeof o.text !== 'string' || o.text.length > 30)) {
        throw new HttpError(422, 'A poll has 2 to 4 options of at most 30 characters', 'UNPROCESSABLE_ENTITY')
      }
      if (!POLL_DURATIONS.includes(String((poll.settings as Json | undefined)?.duration))) throw new HttpError(422, 'The poll duration is invalid', 'UNPROCESSABLE_ENTITY')
    } else {
      throw new HttpError(422, `Unsupported content ${kinds[0]}`, 'UNPROCESSABLE_ENTITY')
    }
    return { author, content, reshareOf: null }
  }

  const receive = async (req: IncomingMessage, asset: FakeAsset, expected: number) => {
    const hash = createHash('sha256')
    let bytes = 0
    for await (const chunk of req) {
      bytes += (chunk as Buffer).length
      hash.update(chunk as Buffer)
    }
    if (bytes !== expected || Number(req.headers['content-length']) !== expected) throw new HttpError(400, `Expected ${expected} bytes, got ${bytes}`)
    asset.received += bytes
    return hash.digest('hex')
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake')
    const path = url.pathname
    const method = req.method ?? 'GET'

    if (method === 'GET' && path === '/oauth/v2/authorization') {
      const q = Object.fromEntries(url.searchParams)
      if (q.response_type !== 'code' || q.client_id !== clientId || !q.redirect_uri || !q.state || !q.scope) {
        throw new HttpError(400, 'Invalid authorization request')
      }
      if (q.code_challenge && q.code_challenge_method !== 'S256') throw new HttpError(400, 'Only S256 code challenges')
      const code = randomBytes(24).toString('base64url')
      codes.set(code, { redirectUri: q.redirect_uri, challenge: q.code_challenge ?? null, scope: q.scope })
      const back = new URL(q.redirect_uri)
      back.searchParams.set('code', code)
      back.searchParams.set('state', q.state)
      res.writeHead(302, { location: back.toString() })
      res.end()
      return
    }

    if (method === 'POST' && path === '/oauth/v2/accessToken') {
      if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) throw new HttpError(400, 'Use a form body')
      const form = Object.fromEntries(new URLSearchParams(await readText(req)))
      if (form.client_id !== clientId || form.client_secret !== clientSecret) {
        return send(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' })
      }
      if (form.grant_type !== 'authorization_code') return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Unsupported grant type' })
      const issued = form.code ? codes.get(form.code) : undefined
      if (form.code) codes.delete(form.code)
      if (!issued) return send(res, 400, { error: 'invalid_grant', error_description: 'The authorization code is invalid or expired' })
      if (issued.redirectUri !== form.redirect_uri) return send(res, 400, { error: 'invalid_grant', error_description: 'The redirect_uri does not match the authorization code' })
      if (issued.challenge && s256(form.code_verifier ?? '') !== issued.challenge) {
        return send(res, 400, { error: 'invalid_grant', error_description: 'The code verifier does not match the code challenge' })
      }
      return send(res, 200, {
        access_token: newToken(issued.scope),
        expires_in: 5_184_000,
        scope: issued.scope.split(' ').join(','),
        ...(options.refreshTokens ? { refresh_token: `AQR${randomBytes(24).toString('base64url')}`, refresh_token_expires_in: 31_536_000 } : {})
      })
    }

    if (method === 'GET' && path === '/v2/userinfo') {
      bearer(req)
      const [given, ...family] = member.name.split(' ')
      return send(res, 200, { sub: member.sub, name: member.name, given_name: given, family_name: family.join(' '), locale: { country: 'US', language: 'en' } })
    }

    const upload = /^\/upload\/(image|document|video)\/([^/]+)(?:\/(\d+))?$/.exec(path)
    if (method === 'PUT' && upload) {
      const asset = assets.get(`urn:li:${upload[1]}:${upload[2]}`)
      if (!asset) throw new HttpError(404, 'Unknown upload')
      if (asset.kind !== 'video') {
        bearer(req)
        asset.sha256 = await receive(req, asset, Number(req.headers['content-length']))
        asset.status = 'AVAILABLE'
        return send(res, 201)
      }
      const part = asset.parts[Number(upload[3])]
      if (!part) throw new HttpError(404, 'Unknown part')
      await receive(req, asset, part.lastByte - part.firstByte + 1)
      part.etag = `/ambry-video/signedId/${randomBytes(12).toString('hex')}`
      return send(res, 200, undefined, { etag: part.etag })
    }

    if (!path.startsWith('/rest/')) throw new HttpError(404, 'Not found', 'NOT_FOUND')
    const version = restHeaders(req)
    const grant = bearer(req)
    const action = url.searchParams.get('action')

    const init = /^\/rest\/(images|documents|videos)$/.exec(path)
    if (method === 'POST' && init && action === 'initializeUpload') {
      const request = (await readJson(req)).initializeUploadRequest as Json | undefined
      const owner = checkOwner(request?.owner, grant.scope) as string
      const kind = init[1]!.slice(0, -1) as FakeAsset['kind']
      if (kind !== 'video') {
        const asset = newAsset(kind, owner, null)
        const id = asset.urn.split(':')[3]
        return send(res, 200, { value: { uploadUrlExpiresAt: now().getTime() + 3_600_000, uploadUrl: `${base}/upload/${kind}/${id}`, [kind]: asset.urn } })
      }
      const size = Number(request?.fileSizeBytes)
      if (!Number.isInteger(size) || size <= 0) throw new HttpError(422, 'fileSizeBytes is required', 'UNPROCESSABLE_ENTITY')
      const asset = newAsset('video', owner, size)
      asset.uploadToken = randomBytes(8).toString('hex')
      for (let first = 0; first < size; first += partBytes) asset.parts.push({ firstByte: first, lastByte: Math.min(size, first + partBytes) - 1, etag: null })
      const id = asset.urn.split(':')[3]
      return send(res, 200, {
        value: {
          uploadUrlsExpireAt: now().getTime() + 3_600_000,
          video: asset.urn,
          uploadToken: asset.uploadToken,
          uploadInstructions: asset.parts.map((p, i) => ({ uploadUrl: `${base}/upload/video/${id}/${i}`, firstByte: p.firstByte, lastByte: p.lastByte }))
        }
      })
    }

    if (method === 'POST' && path === '/rest/videos' && action === 'finalizeUpload') {
      const request = (await readJson(req)).finalizeUploadRequest as Json | undefined
      const asset = assets.get(String(request?.video))
      if (!asset || asset.kind !== 'video') throw new HttpError(404, 'Unknown video', 'NOT_FOUND')
      if (request?.uploadToken !== asset.uploadToken) throw new HttpError(400, 'Wrong upload token')
      const ids = request?.uploadedPartIds
      if (!Array.isArray(ids) || ids.length !== asset.parts.length || asset.parts.some((p, i) => !p.etag || p.etag !== ids[i])) {
        throw new HttpError(400, 'uploadedPartIds do not match the uploaded parts in order')
      }
      if (asset.received !== asset.fileSizeBytes) throw new HttpError(400, 'The video is incomplete')
      asset.status = 'AVAILABLE'
      return send(res, 200, {})
    }

    const videoStatus = /^\/rest\/videos\/(.+)$/.exec(path)
    if (method === 'GET' && videoStatus) {
      const asset = assets.get(decodeURIComponent(videoStatus[1]!))
      if (!asset) throw new HttpError(404, 'Unknown video', 'NOT_FOUND')
      return send(res, 200, { id: asset.urn, status: asset.status === 'AVAILABLE' ? 'AVAILABLE' : 'WAITING_UPLOAD', owner: asset.owner })
    }

    if (method === 'POST' && path === '/rest/posts') {
      const body = await readJson(req)
      const { author, content, reshareOf } = validatePost(body, grant.scope)
      const post = { id: `urn:li:share:${nextId++}`, author, commentary: String(body.commentary), content, reshareOf, body, createdAt: now().getTime(), version }
      posts.push(post)
      return send(res, 201, undefined, { 'x-restli-id': post.id })
    }

    if (method === 'GET' && (path === '/rest/memberCreatorPostAnalytics' || path === '/rest/organizationalEntityShareStatistics')) {
      if (statisticsLimit) {
        const retry = statisticsLimit.retryAfterSeconds
        return send(res, 429, { status: 429, code: 'TOO_MANY_REQUESTS', message: 'Resource level throttle limit reached' }, retry === undefined ? {} : { 'retry-after': String(retry) })
      }
      // Rest.li 2.0: urns inside a query value are percent-encoded, so the raw query never has "urn:li:".
      if ((req.url ?? '').includes('urn:li:')) throw new HttpError(400, 'Syntax exception in path variables', 'ILLEGAL_ARGUMENT')
      const q = url.searchParams
      if (path === '/rest/memberCreatorPostAnalytics') {
        if (!hasScope(grant.scope, 'r_member_postAnalytics')) throw new HttpError(403, 'Not enough permissions to access: memberCreatorPostAnalytics.FINDER-entity', 'ACCESS_DENIED')
        const entity = /^\((share|ugc):(urn:li:(share|ugcPost):\d+)\)$/.exec(q.get('entity') ?? '')
        const queryType = q.get('queryType') ?? ''
        const field = ({ IMPRESSION: 'impressions', MEMBERS_REACHED: 'membersReached', REACTION: 'reactions', COMMENT: 'comments', RESHARE: 'reshares' } as const)[queryType]
        if (q.get('q') !== 'entity' || !entity || (entity[1] === 'ugc') !== (entity[3] === 'ugcPost') || !field || !['TOTAL', 'DAILY'].includes(q.get('aggregation') ?? 'DAILY')) {
          throw new HttpError(400, 'Invalid query parameters', 'ILLEGAL_ARGUMENT')
        }
        if (q.get('aggregation') !== 'TOTAL') throw new HttpError(400, 'Only TOTAL aggregation is served here', 'ILLEGAL_ARGUMENT')
        const post = posts.find((p) => p.id === entity[2])
        if (!post || post.author !== `urn:li:person:${member.sub}`) throw new HttpError(403, 'Member is not the author of the entity', 'ACCESS_DENIED')
        const value = statistics(post)[field]
        const targetEntity = { [entity[1] === 'ugc' ? 'ugcPost' : 'share']: post.id }
        // LinkedIn leaves the data point out while there is no activity of that kind.
        const elements = value > 0 ? [{ count: value, metricType: { 'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1': queryType }, targetEntity }] : []
        return send(res, 200, { elements, paging: { start: 0, count: 10, links: [] } })
      }
      if (!hasScope(grant.scope, 'rw_organization_admin')) throw new HttpError(403, 'Not enough permissions to access: organizationalEntityShareStatistics.FINDER-organizationalEntity', 'ACCESS_DENIED')
      const organization = q.get('organizationalEntity') ?? ''
      const list = /^List\((.*)\)$/.exec(q.get('shares') ?? q.get('ugcPosts') ?? '')
      if (q.get('q') !== 'organizationalEntity' || !/^urn:li:organization:\d+$/.test(organization) || !list || (q.has('shares') && q.has('ugcPosts'))) {
        throw new HttpError(400, 'Invalid query parameters', 'ILLEGAL_ARGUMENT')
      }
      const key = q.has('shares') ? 'share' : 'ugcPost'
      const elements = list[1]!
        .split(',')
        .map((urn) => posts.find((p) => p.id === urn && p.author === organization && p.id.startsWith(`urn:li:${key}:`)))
        .filter((p): p is FakePost => p !== undefined)
        .map((post) => {
          const numbers = statistics(post)
          return {
            organizationalEntity: organization,
            [key]: post.id,
            totalShareStatistics: {
              impressionCount: numbers.impressions,
              uniqueImpressionsCount: numbers.membersReached,
              likeCount: numbers.reactions,
              commentCount: numbers.comments,
              shareCount: numbers.reshares,
              clickCount: numbers.clicks,
              engagement: numbers.impressions === 0 ? 0 : (numbers.clicks + numbers.reactions + numbers.comments + numbers.reshares) / numbers.impressions
            }
          }
        })
      return send(res, 200, { elements, paging: { start: 0, count: elements.length, links: [] } })
    }

    if (method === 'GET' && path === '/rest/posts') {
      if (url.searchParams.get('q') !== 'author') throw new HttpError(400, 'Unsupported finder')
      const author = url.searchParams.get('author') ?? ''
      const count = Math.min(100, Number(url.searchParams.get('count') ?? 10))
      const elements = posts
        .filter((p) => p.author === author)
        .sort((a, b) => b.createdAt - a.createdAt)
        .slice(0, count)
        .map((p) => ({
          id: p.id,
          author: p.author,
          commentary: p.commentary,
          visibility: 'PUBLIC',
          lifecycleState: 'PUBLISHED',
          createdAt: p.createdAt,
          publishedAt: p.createdAt,
          lastModifiedAt: p.createdAt,
          ...(p.content ? { content: p.content } : {}),
          ...(p.reshareOf ? { reshareContext: { parent: p.reshareOf } } : {})
        }))
      return send(res, 200, { elements, paging: { start: 0, count, links: [] } })
    }

    throw new HttpError(404, 'Not found', 'NOT_FOUND')
  }

  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers })
    const path = new URL(req.url ?? '/', 'http://fake').pathname
    const index = failures.findIndex((f) => path.startsWith(f.prefix))
    if (index >= 0) {
      const { failure } = failures.splice(index, 1)[0]!
      if (failure === 'hang') return
      req.resume()
      return send(res, failure.status, failure.body ?? { status: failure.status, message: failure.message ?? `Injected failure ${failure.status}` }, failure.headers)
    }
    handle(req, res).catch((err: unknown) => {
      req.resume()
      if (res.headersSent) return res.destroy()
      if (err instanceof HttpError) return send(res, err.status, { status: err.status, code: err.code, message: err.message })
      send(res, 500, { status: 500, message: err instanceof Error ? err.message : String(err) })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

  return {
    url: base,
    clientId,
    clientSecret,
    posts,
    assets,
    requests,
    failNext(prefix, failure) {
      failures.push({ prefix, failure })
    },
    issueToken(scope = 'openid profile w_member_social') {
      return newToken(scope)
    },
    addPost({ author, commentary, createdAt, id, reshareOf }) {
      const post: FakePost = {
        id: id ?? `urn:li:share:${nextId++}`,
        author,
        commentary,
        content: null,
        reshareOf: reshareOf ?? null,
        body: {},
        createdAt: createdAt ?? now().getTime(),
        version: ''
      }
      posts.push(post)
      return post
    },
    statistics(urn) {
      const post = posts.find((p) => p.id === urn)
      if (!post) throw new Error(`The fake LinkedIn holds no post ${urn}`)
      return statistics(post)
    },
    rateLimitStatistics(limit) {
      statisticsLimit = limit
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
