import type { Clock } from '../../../clock'
import type { LinkedInClient, LinkedInConfig } from '../linkedin'
import { restContext } from './http'
import { metrics, metricsCallCost } from './metrics'
import { authorizationUrl, exchangeCode, scopeOf } from './oauth'
import { findPublished, publish } from './posts'

export { toCommentary } from './posts'

/**
 * The LinkedIn REST client: OAuth 2.0 (authorization code, PKCE S256 alongside the client secret),
 * OpenID userinfo, and the versioned Posts API with image, document and video uploads. Every call
 * carries `LinkedIn-Version` and `X-Restli-Protocol-Version: 2.0.0`. Files stream from storage to
 * LinkedIn (never read whole into memory); videos go up in the byte ranges LinkedIn hands out.
 * The calls and the reading of answers are in ./http.ts, connecting in ./oauth.ts, uploads in
 * ./uploads.ts, posts in ./posts.ts and statistics in ./metrics.ts.
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
const API_TIMEOUT_MS = 30_000
const VIDEO_POLL_MS = 2_000

interface LinkedInRestOptions {
  clock: Clock
  /** Per call, for API requests (not uploads). */
  timeoutMs?: number
  /** Pause between looks at a video LinkedIn is still processing. */
  videoPollMs?: number
}

export function createLinkedInRest(config: LinkedInConfig, options: LinkedInRestOptions): LinkedInClient {
  const context = restContext(config, options.clock, options.timeoutMs ?? API_TIMEOUT_MS, options.videoPollMs ?? VIDEO_POLL_MS)
  const scope = scopeOf(config)

  return {
    provider: 'linkedin',

    authorizationUrl(request) {
      return authorizationUrl(config, scope, request)
    },

    async exchangeCode(exchange) {
      return exchangeCode(context, scope, exchange)
    },

    async publish(input) {
      return publish(context, input)
    },

    async findPublished(query) {
      return findPublished(context, query)
    },

    metricsCallCost(author) {
      return metricsCallCost(author)
    },

    async metrics(query) {
      return metrics(context, query)
    },

    postUrl(urn) {
      return `https://www.linkedin.com/feed/update/${urn}/`
    }
  }
}
