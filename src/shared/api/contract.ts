import { academyEndpoints } from './endpoints/academy'
import { aiEndpoints } from './endpoints/ai'
import { aiTemplateEndpoints } from './endpoints/aiTemplates'
import { analyticsEndpoints } from './endpoints/analytics'
import { apiKeyEndpoints } from './endpoints/apiKeys'
import { approveLinkEndpoints } from './endpoints/approveLinks'
import { chatChannelEndpoints } from './endpoints/chatChannels'
import { auditEndpoints } from './endpoints/audit'
import { authEndpoints } from './endpoints/auth'
import { billingEndpoints } from './endpoints/billing'
import { guidelineEndpoints } from './endpoints/guideline'
import { linkedInEndpoints } from './endpoints/linkedIn'
import { mediaEndpoints } from './endpoints/media'
import { memberEndpoints } from './endpoints/members'
import { notificationEndpoints } from './endpoints/notifications'
import { organizationEndpoints } from './endpoints/organization'
import { postEndpoints } from './endpoints/posts'
import { privacyEndpoints } from './endpoints/privacy'
import { recommendedEndpoints } from './endpoints/recommended'
import { reviewEndpoints } from './endpoints/review'
import { scheduleEndpoints } from './endpoints/schedule'
import { ssiEndpoints } from './endpoints/ssi'
import { ssoEndpoints } from './endpoints/sso'
import { tagEndpoints } from './endpoints/tags'
import { teamEndpoints } from './endpoints/teams'
import { userEndpoints } from './endpoints/user'
import { webhookApiEndpoints } from './endpoints/webhooks'

/*
 * The API contract: one entry per endpoint, each defined in its resource's file under endpoints/
 * with that resource's request and response schemas (endpoints/base.ts: the Endpoint entry, error
 * codes, base path and headers; endpoints/common.ts: ids, emails, days and instants). Both the
 * server routes and the renderer client derive from `endpoints`; importers keep importing every
 * name from here. The endpoint files take entity schemas from the domain index (`../../domain`), as
 * this file did before the split: the renderer build then keeps that index in its client chunk
 * rather than in an empty chunk of its own that every route would load.
 */
export const endpoints = {
  ...authEndpoints,
  ...userEndpoints,
  ...guidelineEndpoints,
  ...organizationEndpoints,
  ...memberEndpoints,
  ...teamEndpoints,
  ...tagEndpoints,
  ...aiTemplateEndpoints,
  ...academyEndpoints,
  ...recommendedEndpoints,
  ...ssiEndpoints,
  ...billingEndpoints,
  ...scheduleEndpoints,
  ...postEndpoints,
  ...mediaEndpoints,
  ...linkedInEndpoints,
  ...ssoEndpoints,
  ...apiKeyEndpoints,
  ...privacyEndpoints,
  ...aiEndpoints,
  ...reviewEndpoints,
  ...approveLinkEndpoints,
  ...chatChannelEndpoints,
  ...analyticsEndpoints,
  ...auditEndpoints,
  ...notificationEndpoints,
  ...webhookApiEndpoints
} as const

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints

export {
  API_BASE,
  API_ERROR_CODES,
  apiErrorSchema,
  CLIENT_HEADER,
  IDEMPOTENCY_HEADER,
  SESSION_COOKIE,
  type ApiErrorBody,
  type ApiErrorCode,
  type BodyOf,
  type Endpoint,
  type HttpMethod,
  type QueryOf,
  type ResponseOf
} from './endpoints/base'
export { dateBoundSchema, emailSchema, idSchema, isInstantInRange, optionalUrlSchema } from './endpoints/common'
export * from './endpoints/academy'
export * from './endpoints/ai'
export * from './endpoints/approveLinks'
export * from './endpoints/chatChannels'
export * from './endpoints/aiTemplates'
export * from './endpoints/analytics'
export * from './endpoints/audit'
export * from './endpoints/auth'
export * from './endpoints/billing'
export * from './endpoints/guideline'
export * from './endpoints/linkedIn'
export * from './endpoints/media'
export * from './endpoints/members'
export * from './endpoints/notifications'
export * from './endpoints/organization'
export * from './endpoints/posts'
export * from './endpoints/recommended'
export * from './endpoints/review'
export * from './endpoints/schedule'
export * from './endpoints/ssi'
export * from './endpoints/sso'
export * from './endpoints/apiKeys'
export * from './endpoints/webhooks'
export * from './endpoints/tags'
export * from './endpoints/teams'
export * from './endpoints/user'
export { MESSAGES, fileTooBigMessage } from './messages'
