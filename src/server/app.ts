import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { constants as zlibConstants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { z } from 'zod'
import { API_BASE, CLIENT_HEADER, endpoints, type ApiErrorCode } from '../shared/api/contract'
import type { BillingProvider } from './adapters/billing/billing'
import type { IdentityProvider } from './adapters/identity/identity'
import type { LinkedInClient } from './adapters/linkedin/linkedin'
import type { MailTransport } from './adapters/mail/mail'
import type { MediaStorage } from './adapters/storage/storage'
import { createSmtpTransport } from './adapters/mail/smtp'
import { systemClock, type Clock, type Timers } from './clock'
import { resolveServerConfig, type ServerConfig } from './config'
import type { Database } from './db/client'
import { ApiError, databaseUnavailable, isDatabaseUnavailable, isStorageFull, storageFull } from './errors'
import { BROTLI_QUALITY, COMPRESS_THRESHOLD_BYTES } from './http/answerCache'
import { validationError } from './http/route'
import { contentSecurityPolicy, REFERRER_POLICY, securityHeaders } from './http/security'
import { registerAcademyRoutes } from './routes/academy'
import { registerAiRoutes } from './routes/ai'
import { registerAnalyticsRoutes } from './routes/analytics'
import { registerAuditLogRoutes } from './routes/auditLog'
import { registerAiTemplateRoutes } from './routes/aiTemplates'
import { LINKEDIN_SANDBOX_FORM_PATHS, registerLinkedInRoutes } from './routes/linkedin'
import { registerPostRoutes } from './routes/posts'
import { registerReviewRoutes } from './routes/review'
import { registerRecommendedRoutes } from './routes/recommended'
import { registerResultsRoutes } from './routes/results'
import { registerAuthRoutes } from './routes/auth'
import { registerMemberRoutes } from './routes/members'
import { registerTagRoutes } from './routes/tags'
import { registerTeamRoutes } from './routes/teams'
import { BILLING_PORTAL_FORM_PATHS, registerBillingRoutes } from './routes/billing'
import { registerStripeWebhookRoute } from './routes/billingWebhooks'
import { registerNotificationRoutes } from './routes/notification'
import { registerOrganizationRoutes } from './routes/organization'
import { registerPublicRoutes } from './routes/public'
import { registerScheduleRoutes } from './routes/schedule'
import { registerUserRoutes } from './routes/user'
import { registerUserPhotoRoutes } from './routes/userPhoto'
import { createServices, type Services } from './services'
import type { SsoOptions } from './services/sso'
import { registerSsoRoutes } from './routes/sso'
import { registerApiKeyRoutes } from './routes/apiKeys'
import { registerWebhookRoutes } from './routes/webhooks'
import { registerChatChannelRoutes } from './routes/chatChannels'
import { registerSsiRoutes } from './routes/ssi'
import { registerV1Api } from './routes/v1'
import { sendProblem } from './routes/v1/problems'
import { V1_BASE } from '../shared/api/v1/contract'
import { APP_VERSION } from './version'
import { registerPrivacyRoutes } from './routes/privacy'

export interface CreateServerOptions {
  db: Database
  /**
   * The server is ready (and its background jobs start) only once this has
   * resolved: main.ts builds the routes while the database starts and migrates (issue 16).
   */
  databaseReady?: Promise<unknown>
  clock?: Clock
  /** The background jobs' timers (the publisher's interval and publish timeouts); tests drive them by hand. */
  timers?: Timers
  config?: Partial<ServerConfig>
  /** Defaults to the built-in email + password provider. */
  identity?: IdentityProvider
  /** Delivers mail after it is recorded in the outbox; defaults to SMTP when config.smtpUrl is set, else none. */
  mailTransport?: MailTransport | null
  /** Replaces the configured billing provider (tests inject failing or recording ones). */
  billingProvider?: BillingProvider
  /** Where the Stripe webhook route reports skipped events (default: the server log at warn). */
  webhookLog?: (message: string) => void
  /** Replaces the configured LinkedIn client (tests hold the sandbox to look into it). */
  linkedInAdapter?: LinkedInClient
  /** Replaces single sign-on's DNS lookups (TXT proofs, the outbound policy's hosts) or wraps its fetch (tests). */
  sso?: SsoOptions
  /** The webhook sender's DNS, formatters, timeout or pace (tests, the bench; services/index.ts). */
  webhooks?: Parameters<typeof createServices>[0]['webhooks']
  /** Replaces the post media storage (tests: a disk that fills up). */
  mediaStorage?: MediaStorage
  /** Also told what the services report as errors, e.g. a job's failed run (tests count them); the server log always is. */
  serviceLog?: (message: string) => void
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/**
 * GETs that change state all the same: GET /auth/logout (the spec's method) ends the session. They
 * need the client header like every state-changing request, so an <img src> or a link anywhere
 * cannot sign the viewer out; the app's clients (web and desktop) send the header on every request.
 */
const STATE_CHANGING_GETS: ReadonlySet<string> = new Set([`${API_BASE}${endpoints.logout.path}`])
const GENERIC_500 = 'Something went wrong. Please try again later.'

const errorBody = (code: ApiErrorCode, message: string) => ({ error: { code, message } })

/** Client errors raised by Fastify or its plugins (not by our routes), in the API's error format. */
const STATUS_CODES: Record<number, { code: ApiErrorCode; message: string }> = {
  400: { code: 'bad_request', message: 'The request could not be processed.' },
  401: { code: 'unauthenticated', message: 'Sign in to continue.' },
  403: { code: 'forbidden', message: 'You are not allowed to do that.' },
  404: { code: 'not_found', message: 'Not found.' },
  405: { code: 'method_not_allowed', message: 'That method is not allowed here.' },
  413: { code: 'too_large', message: 'The request is too large.' },
  415: { code: 'unsupported_media_type', message: 'Send the request as JSON.' }
}
const API_NOT_FOUND = 'No such API endpoint.'

/**
 * The API server (and, when a built renderer is configured, the browser version) as a Fastify
 * instance that is not listening yet: main.ts listens, tests use inject() or listen({ port: 0 }).
 */
export function createServer(options: CreateServerOptions): FastifyInstance {
  const config = resolveServerConfig(options.config)
  const clock = options.clock ?? systemClock
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: sendRouterError
  })
  app.decorate('responseChecks', config.responseChecks)
  // First of the onReady hooks, which run in order: nothing below starts on a database not yet migrated.
  const { databaseReady } = options
  if (databaseReady) app.addHook('onReady', async () => void (await databaseReady))

  const smtp = options.mailTransport === undefined && config.smtpUrl ? createSmtpTransport({ url: config.smtpUrl, from: config.mailFrom }) : null
  if (smtp) app.addHook('onClose', async () => smtp.close())
  const services = createServices({
    db: options.db,
    clock,
    timers: options.timers,
    config,
    identity: options.identity,
    mailTransport: options.mailTransport ?? smtp,
    billingProvider: options.billingProvider,
    linkedInAdapter: options.linkedInAdapter,
    sso: options.sso,
    webhooks: options.webhooks,
    mediaStorage: options.mediaStorage,
    log: (message) => {
      app.log.error(message)
      options.serviceLog?.(message)
    }
  })

  // This process's background jobs (issues 6 and 14): the job runner's kinds — the publisher, the
  // metrics sync, the media cleanup. Every server process may run them at once (claims use FOR
  // UPDATE SKIP LOCKED); tests leave them off.
  if (config.publisherIntervalMs !== null) {
    app.addHook('onReady', async () => services.jobs.start())
    app.addHook('onClose', async () => services.jobs.stop())
  }

  // JSON bodies: an empty body with a JSON content type counts as no body (clients send PUTs
  // without payload that way); malformed JSON is a 400 (error handler).
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') return done(null, undefined)
    // The parser answers through done.
    void parseJson(request, text, done)
  })

  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => sendError(error, request, reply))

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff')
    for (const [name, value] of Object.entries(securityHeaders(request.protocol))) if (!reply.hasHeader(name)) reply.header(name, value)
    // Pages with their own stricter policies (the built-in billing portal) keep them.
    if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', REFERRER_POLICY)
    const type = String(reply.getHeader('content-type') ?? '')
    if (type.startsWith('text/html')) {
      if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', contentSecurityPolicy(config))
      reply.header('X-Frame-Options', 'DENY')
    }
    // API answers are never cached, except those that say otherwise (team images).
    if (isApiPath(request.url) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store')
    return payload
  })

  app.register(fastifyCookie)
  // Answers over 1 KB are compressed when the client accepts it (issue 16): the Plan's calendar is
  // megabytes of JSON. Brotli at quality 4: the default 11 costs many times the CPU on answers made
  // per request for a few per cent fewer bytes.
  app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }
  })
  app.register(
    async (api) => {
      // CSRF defence (DESIGN.md §3): a cross-site form or image cannot set a custom header.
      // Exempt: the built-in billing portal's form posts, whose credential is the signed token in the
      // body, and the LinkedIn sandbox's consent form (opened in the system browser, like LinkedIn's).
      // GET (and HEAD) /auth/logout needs it too (STATE_CHANGING_GETS).
      api.addHook('onRequest', async (request) => {
        const path = request.routeOptions.url ?? ''
        if (BILLING_PORTAL_FORM_PATHS.has(path) || LINKEDIN_SANDBOX_FORM_PATHS.has(path)) return
        const changesState = STATE_CHANGING.has(request.method) || STATE_CHANGING_GETS.has(path)
        if (changesState && !String(request.headers[CLIENT_HEADER] ?? '').trim()) {
          throw new ApiError(403, 'csrf', 'This request must come from the Pagecrew app (missing X-Pagecrew-Client header).')
        }
      })
      registerApiRoutes(api, services, config)
      api.setNotFoundHandler((_request, reply) => {
        reply.status(404).send(errorBody('not_found', API_NOT_FOUND))
      })
    },
    { prefix: API_BASE }
  )

  // The public API (issue 28): its own scope beside /api, Bearer keys only, problem-details errors.
  app.register(
    async (v1) =>
      registerV1Api(v1, {
        services,
        authenticator: services.apiKeys,
        checks: config.responseChecks,
        requestsPerMinute: config.apiKeyRequestsPerMinute,
        version: APP_VERSION
      }),
    { prefix: V1_BASE }
  )

  // Stripe's webhook: on the root instance (it adds /api itself) so the client-header check does
  // not apply; its credential is Stripe's signature over the raw body.
  if (config.stripe) {
    registerStripeWebhookRoute(app, { db: options.db, clock, config: config.stripe, log: options.webhookLog ?? ((message) => app.log.warn(message)) })
  }

  registerRenderer(app, config.rendererDir)
  return app
}

function registerApiRoutes(api: FastifyInstance, services: Services, config: ServerConfig): void {
  registerPublicRoutes(api, services, config)
  registerAuthRoutes(api, services)
  registerUserRoutes(api, services)
  registerOrganizationRoutes(api, services)
  registerAuditLogRoutes(api, services)
  registerBillingRoutes(api, services, config)
  registerNotificationRoutes(api, services)
  registerMemberRoutes(api, services, config)
  registerTagRoutes(api, services)
  registerAiTemplateRoutes(api, services)
  registerScheduleRoutes(api, services, config)
  registerLinkedInRoutes(api, services, config)
  registerSsoRoutes(api, services, config)
  registerWebhookRoutes(api, services)
  registerAiRoutes(api, services, config)
  registerAcademyRoutes(api, services, config)
  registerSsiRoutes(api, services)
  registerApiKeyRoutes(api, services)
  registerChatChannelRoutes(api, services)
  registerPrivacyRoutes(api, services)
  // Their own scopes: multipart parsing only for the team, profile photo and post media routes.
  api.register(async (scope) => registerTeamRoutes(scope, services, config))
  api.register(async (scope) => registerUserPhotoRoutes(scope, services))
  api.register(async (scope) => registerPostRoutes(scope, services, config))
  api.register(async (scope) => registerAnalyticsRoutes(scope, services, config))
  // Its own scope for its hook (the thread's post link), like the post routes.
  api.register(async (scope) => registerReviewRoutes(scope, services, config))
  api.register(async (scope) => registerResultsRoutes(scope, services, config))
  api.register(async (scope) => registerRecommendedRoutes(scope, services, config))
}

/** Bytes below which an answer is sent as it is (compressing it would cost more than it saves). */
export { COMPRESS_THRESHOLD_BYTES }

const isApiPath = (url: string) => url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`)

/**
 * The built renderer: files as they are (hashed assets cached for a year), and index.html for
 * every other GET that accepts HTML, so client-side routes such as /dashboard load the app.
 */
function registerRenderer(app: FastifyInstance, rendererDir: string | null): void {
  const enabled = rendererDir !== null && existsSync(join(rendererDir, 'index.html'))
  if (enabled) {
    app.register(fastifyStatic, {
      root: rendererDir,
      prefix: '/',
      index: ['index.html'],
      redirect: false,
      wildcard: true,
      setHeaders: (reply, path) => {
        if (path.endsWith('index.html')) reply.header('Cache-Control', 'no-cache')
        else if (/[\\/]assets[\\/]/.test(path)) reply.header('Cache-Control', 'public, max-age=31536000, immutable')
      }
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = String(request.headers.accept ?? '').includes('text/html')
    if (enabled && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml && !isApiPath(request.url)) {
      return reply.sendFile('index.html')
    }
    return reply.status(404).send(errorBody('not_found', isApiPath(request.url) ? API_NOT_FOUND : 'Not found.'))
  })
}

/** Addresses the router cannot take (broken percent-encoding, an over-long parameter): a 400 in the API's format. */
function sendRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The address is too long.' : 'The address is not valid.'
  // The public API answers problem details (routes/v1/problems.ts), also before its routes are reached.
  if (request.url.startsWith(`${V1_BASE}/`)) return void sendProblem(new ApiError(400, 'bad_request', message), request, reply)
  void reply.status(400).send(errorBody('bad_request', message))
}

function sendError(error: FastifyError | ApiError | Error, request: FastifyRequest, reply: FastifyReply) {
  // An endpoint's compiled serializer (production, http/route.ts) writes its answer, not an error.
  reply.serializer(JSON.stringify)
  if (error instanceof ApiError) return reply.status(error.statusCode).send(error.toBody())
  if (error instanceof z.ZodError) {
    const apiError = validationError(error)
    return reply.status(400).send(apiError.toBody())
  }
  const status = (error as FastifyError).statusCode
  const code = (error as FastifyError).code
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send(errorBody('invalid_json', 'The request body is not valid JSON.'))
    }
    const fallback = STATUS_CODES[status] ?? { code: 'bad_request', message: 'The request could not be processed.' }
    return reply.status(status).send(errorBody(fallback.code, fallback.message))
  }
  // Faults outside the request's control (issue 16): a clear answer the client can act on, not a 500.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error, method: request.method, url: request.url }, 'database unavailable')
    return reply.status(503).header('Retry-After', '5').send(databaseUnavailable().toBody())
  }
  if (isStorageFull(error)) {
    request.log.error({ err: error, method: request.method, url: request.url }, 'storage full')
    return reply.status(507).send(storageFull().toBody())
  }
  request.log.error({ err: error, method: request.method, url: request.url }, 'unexpected error')
  return reply.status(500).send(errorBody('internal', GENERIC_500))
}
