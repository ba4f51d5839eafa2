import { createApproveLinkService, type ApproveLinkService } from './approveLinks'
import { createChatChannelService, type ChatChannelService } from './chatChannels'
import { chatFormatters } from './chatChannels/formatter'
import type { BillingProvider } from '../adapters/billing/billing'
import { createBuiltinProvider } from '../adapters/billing/builtin'
import { createStripeProvider } from '../adapters/billing/stripe'
import type { IdentityProvider } from '../adapters/identity/identity'
import { createPasswordIdentity } from '../adapters/identity/password'
import type { Clock, Timers } from '../clock'
import type { ServerConfig } from '../config'
import type { Database } from '../db/client'
import { requestScopedDatabase } from '../db/requestTransaction'
import { createIdempotencyService, type IdempotencyService } from './idempotency'
import { createAcademyService, type AcademyService } from './academy'
import { createAnalyticsService, type AnalyticsService } from './analytics'
import { createApiKeyService, type ApiKeyService } from './apiKeys'
import { createAuditLogService, type AuditLogService } from './auditLog'
import { registerBackgroundJobs } from './backgroundJobs'
import { createAuthThrottle, type AuthThrottle } from './authThrottle'
import { createAuthorizer, type Authorizer } from './authorize'
import { createRateLimiter, type RateLimiter } from './rateLimit'
import { createCertificateService, type CertificateService } from './certificates'
import { createEntitlementService, type EntitlementService } from './entitlements'
import { createNotificationService, type NotificationService } from './notifications'
import { createGuidelineService, type GuidelineService } from './guideline'
import { createOrganizationService, type OrganizationService } from './organizations'
import { createSessionService, type SessionService } from './sessions'
import { createUserService, type UserService } from './users'
import { join } from 'node:path'
import type { Mailer, MailTransport } from '../adapters/mail/mail'
import { createMailer } from '../adapters/mail/mail'
import { createIdeaGenerator } from '../adapters/ai/config'
import { createAiService, type AiService } from './ai'
import { createAiTemplateService, type AiTemplateService } from './aiTemplates'
import { createLinkedInAdapter } from '../adapters/linkedin/config'
import type { LinkedInClient } from '../adapters/linkedin/linkedin'
import { createLinkedInService, type LinkedInService } from './linkedIn'
import { createLocalStorage } from '../adapters/storage/local'
import type { MediaStorage } from '../adapters/storage/storage'
import { PUBLISH_JOB, type Publisher } from '../jobs/publisher'
import { createJobRunner, type JobRunner } from '../jobs/runner'
import { createMediaService, type MediaService } from './media'
import { createPostService, type PostService } from './posts'
import { createReviewService, type ReviewService } from './review'
import { createRecommendedService, type RecommendedService } from './recommended'
import { createDashboardService, type DashboardService } from './dashboard'
import { createTeamEffortService, type TeamEffortService } from './teamEffort'
import { createThumbnailer } from './thumbnails'
import { createBillingService, type BillingService } from './billing'
import { createMemberService, type MemberService } from './members'
import { createPlanCsvService, type PlanCsvService } from './planCsv'
import { createScheduleService, type ScheduleService } from './schedule'
import { createSlotService, type SlotService } from './slots'
import { createTagService, type TagService } from './tags'
import { createTeamService, type TeamService } from './teams'
import { createSsoService, refusePasswordSession, type SsoOptions, type SsoService } from './sso'
import { createSsiService, type SsiService } from './ssi'
import { createWebhookService, WEBHOOK_SENDER_JOB, type WebhookDeps, type WebhookService } from './webhooks'
import { createPrivacyService, type PrivacyService } from './privacy'

/** Everything the routes call. Built once per server from the database, the clock and the adapters. */
export interface Services {
  identity: IdentityProvider
  sessions: SessionService
  /** Failed password checks per client address (and email), counted in the database (issue 12). */
  authThrottle: AuthThrottle
  /** Request limits counted in the database, shared by every server process (sign-up, accepting an invitation). */
  requestLimits: RateLimiter
  notifications: NotificationService
  organizations: OrganizationService
  guideline: GuidelineService
  users: UserService
  entitlements: EntitlementService
  /** Enforces each endpoint's declared role and plan feature (route() calls it; docs/api.md, "Access by endpoint"). */
  authorizer: Authorizer
  /** Academy certificates (issue 15): issued by passing a quiz, validated publicly, revoked by admins. */
  certificates: CertificateService
  /** The Academy (issue 15): courses, progress, quizzes, organization lessons, insights. */
  academy: AcademyService
  mailer: Mailer
  members: MemberService
  teams: TeamService
  tags: TagService
  aiTemplates: AiTemplateService
  /** AI ideas and drafts (issue 6), counted toward GENERATE_IDEAS_PER_MONTH. */
  ai: AiService
  /** The Plan (issue 5): assigned slots (write side) and the schedule/calendar (read side). */
  slots: SlotService
  schedule: ScheduleService
  /** The Plan as CSV (issue 17): export the calendar, import slots with the slot rules. */
  planCsv: PlanCsvService
  billing: BillingService
  /** The member's LinkedIn connection (issue 6). */
  linkedIn: LinkedInService
  /** Single sign-on per organization (issue 17): OpenID Connect, domains proven by DNS, just-in-time members. */
  sso: SsoService
  /** LinkedIn itself (publishing, OAuth): the built-in sandbox unless config.linkedIn is set. */
  linkedInAdapter: LinkedInClient
  /** Post media (issue 6): chunked uploads into <dataDir>/uploads/media, thumbnails, cleanup. */
  media: MediaService
  /** Posts (issue 6): the session user's drafts, scheduling and publishing. */
  posts: PostService
  /** Collaborate (issue 13): feedback requests, comments and suggestions, approvals, the review inbox. */
  review: ReviewService
  /** Approve links (issue 28): emailed to approvers and posted to chat channels, used at /approve/:token. */
  approveLinks: ApproveLinkService
  /** Slack and Teams channels (issue 28): webhook endpoints of kind slack/teams. */
  chatChannels: ChatChannelService
  /** Recommended posts (issue 15): recommendations to reshare, their audience, who reshared. */
  recommended: RecommendedService
  /** Analytics (issue 14): published posts' results per post, member, team, page and over time. */
  analytics: AnalyticsService
  /** The audit log's read side (issue 17); entries are written by services/audit.ts' record(). */
  auditLog: AuditLogService
  /** Team effort (issue 14): members against their monthly targets, the team leaderboard, nudges. */
  teamEffort: TeamEffortService
  /** The dashboard (issue 14): my month, the organization's month (admins), the setup checklist. */
  dashboard: DashboardService
  /** The Social Selling Index (issue 15): records the user reads on LinkedIn, team trends, the monthly reminder. */
  ssi: SsiService
  /** Signed webhooks (issue 28): endpoints, their deliveries from the event stream, the delivery log. */
  webhooks: WebhookService
  /** Each person's data, out and erased (issue 28): exports prepared by a job, account erasure. */
  privacy: PrivacyService
  /** This process's publisher, a kind of `jobs`. */
  publisher: Publisher
  /**
   * This process's one job runner (issue 14): the publisher (every config.publisherIntervalMs),
   * the metrics sync, the media cleanup and the SSI reminder are its kinds; app.ts starts it when
   * config.publisherIntervalMs is set.
   */
  jobs: JobRunner
  /** <dataDir>/uploads */
  uploadsDir: string
  /** The first answers of idempotent requests (DESIGN.md §7), replayed to repeats of their key. */
  idempotency: IdempotencyService
  /** Organizations' API keys (issue 28): admins create and revoke them; authenticate resolves a Bearer key on every call. */
  apiKeys: ApiKeyService
}

export function createServices(deps: {
  db: Database
  clock: Clock
  /** The background jobs' timers (tests drive them by hand); default the real ones. */
  timers?: Timers
  config: ServerConfig
  identity?: IdentityProvider
  mailTransport?: MailTransport | null
  /** Replaces the configured billing provider (tests). */
  billingProvider?: BillingProvider
  /** Replaces the configured LinkedIn client (tests hold the sandbox to look into it). */
  linkedInAdapter?: LinkedInClient
  /** Replaces single sign-on's DNS TXT lookups and its HTTP client towards identity providers (tests). */
  sso?: SsoOptions
  /** Replaces the post media storage (default: the local folder <dataDir>/uploads/media); tests fill its disk. */
  mediaStorage?: MediaStorage
  /** Replaces the webhook sender's DNS, formatters, timeout or pace (tests, the bench). */
  webhooks?: Partial<Pick<WebhookDeps, 'resolveHost' | 'formatters' | 'timeoutMs' | 'maxAnswerBytes' | 'concurrency' | 'intervalMs'>>
  /** The chat channels' weekly job's wait between passes (default 5 minutes; tests set it long and run it by hand). */
  chatWeeklyIntervalMs?: number
  log?: (message: string) => void
}): Services {
  const { clock, config } = deps
  // Every service joins the request's transaction when an idempotent request runs one (db/requestTransaction.ts).
  const db = requestScopedDatabase(deps.db)
  const notifications = createNotificationService(db, clock)
  const entitlements = createEntitlementService(db, clock)
  const identity = deps.identity ?? createPasswordIdentity({ db, clock })
  const mailer = createMailer({ db, clock, transport: deps.mailTransport ?? null, log: deps.log })
  const uploadsDir = join(config.dataDir, 'uploads')
  // Built-in billing unless Stripe is configured (DESIGN.md §4).
  const billingProvider =
    deps.billingProvider ?? (config.stripe ? createStripeProvider(config.stripe, { log: deps.log }) : createBuiltinProvider({ db, clock }))
  const linkedInAdapter = deps.linkedInAdapter ?? createLinkedInAdapter(config, { clock })
  const linkedIn = createLinkedInService({ db, clock, adapter: linkedInAdapter, config, log: deps.log })
  const mediaStorage = deps.mediaStorage ?? createLocalStorage(join(uploadsDir, 'media'))
  const media = createMediaService({
    db,
    clock,
    storage: mediaStorage,
    thumbnailer: createThumbnailer({ log: deps.log }),
    maxUploadBytes: config.maxUploadBytes
  })
  const jobs = createJobRunner({ db, clock, timers: deps.timers, log: deps.log })
  // The posts service hands due posts to the publisher (kick), which asks it what to publish.
  const posts: PostService = createPostService({ db, clock, media, linkedIn, linkedInAdapter, notifications, kick: () => jobs.kick(PUBLISH_JOB) })
  const approveLinks = createApproveLinkService({ db, clock, config, notifications, linkedInAdapter, mailer })
  jobs.register(approveLinks.emailJob)
  // Chat channels (issue 28) are webhook endpoints of kind slack/teams: the sender asks chatChannels for their bodies.
  const formatters = { ...chatFormatters({ db, approveLinks }), ...deps.webhooks?.formatters }
  const webhooks = createWebhookService({ db, clock, config, notifications, ...deps.webhooks, formatters, kick: (kind) => jobs.kick(kind), log: deps.log })
  const publisher = registerBackgroundJobs({ db, clock, timers: deps.timers, config, linkedInAdapter, notifications, media, posts, webhooks, jobs, log: deps.log })
  // Chat channels' weekly nudge and digest: deliveries of their endpoints, written once per week by any process.
  const chatChannels = createChatChannelService({ db, clock, webhooks, kickSender: () => jobs.kick(WEBHOOK_SENDER_JOB), weeklyIntervalMs: deps.chatWeeklyIntervalMs })
  jobs.register(chatChannels.weeklyJob)
  const ssi = createSsiService({ db, clock, notifications })
  jobs.register(ssi.reminderJob)
  const review = createReviewService({ db, clock, notifications, linkedInAdapter })
  const schedule = createScheduleService({ db, clock })
  const certificates = createCertificateService({ db, clock, notifications, entitlements })
  const privacy = createPrivacyService({
    db,
    clock,
    notifications,
    queue: jobs,
    kick: (kind) => jobs.kick(kind),
    exportStorage: createLocalStorage(join(uploadsDir, 'exports')),
    mediaStorage,
    uploadsDir,
    identity,
    jobIntervalMs: Math.max(config.publisherIntervalMs ?? 0, 60_000),
    log: deps.log
  })
  jobs.register(privacy.exportJob)
  return {
    identity,
    // Required single sign-on is read again, under its lock, in the transaction that writes a password session.
    sessions: createSessionService(db, clock, { beforePasswordSession: (tx, userId) => refusePasswordSession({ clock }, tx, userId) }),
    authThrottle: createAuthThrottle(db, clock),
    requestLimits: createRateLimiter(db, clock),
    notifications,
    organizations: createOrganizationService(db, clock, notifications, entitlements, uploadsDir),
    guideline: createGuidelineService({ db, clock }),
    users: createUserService(db, clock, config.supportChatSecret, uploadsDir),
    entitlements,
    authorizer: createAuthorizer({ db, entitlements }),
    certificates,
    academy: createAcademyService({ db, clock, entitlements, notifications, certificates }),
    mailer,
    members: createMemberService({ db, clock, notifications, entitlements, mailer, identity, uploadsDir }),
    teams: createTeamService({ db, clock, notifications, entitlements, uploadsDir }),
    tags: createTagService({ db, clock, entitlements }),
    aiTemplates: createAiTemplateService({ db, clock, entitlements }),
    ai: createAiService({ db, clock, entitlements, generator: createIdeaGenerator(config.ai, { log: deps.log }), log: deps.log }),
    slots: createSlotService({ db, clock, notifications }),
    schedule,
    planCsv: createPlanCsvService({ db, clock, notifications, schedule }),
    billing: createBillingService({ db, clock, provider: billingProvider, contactSalesUrl: config.contactSalesUrl, uploadsDir, log: deps.log }),
    linkedIn,
    sso: createSsoService({ db, clock, config, ...deps.sso, log: deps.log }),
    linkedInAdapter,
    media,
    posts,
    review,
    approveLinks,
    chatChannels,
    recommended: createRecommendedService({ db, clock, entitlements, notifications, linkedInAdapter }),
    analytics: createAnalyticsService({ db, linkedInAdapter }),
    auditLog: createAuditLogService({ db }),
    teamEffort: createTeamEffortService({ db, clock, notifications }),
    dashboard: createDashboardService({ db, clock, linkedInAdapter, review }),
    ssi,
    webhooks,
    privacy,
    publisher,
    jobs,
    uploadsDir,
    idempotency: createIdempotencyService({ db: deps.db, clock }),
    apiKeys: createApiKeyService({ db, clock })
  }
}
