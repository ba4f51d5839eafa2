import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { MAX_UPLOAD_BYTES } from '../shared/constants'
import { aiConfigFromEnv, type AiConfig } from './adapters/ai/config'
import { linkedInConfigFromEnv, type LinkedInConfig } from './adapters/linkedin/config'
import { ConfigError } from './configError'
import { parseTokenKey } from './services/tokenCrypto'
import { WEBHOOK_RETRY_DELAYS_MS } from './services/webhooks/schedule'

const SUPPORT_CHAT_REGIONS = ['us', 'eu', 'ap'] as const
type SupportChatRegion = (typeof SUPPORT_CHAT_REGIONS)[number]

/** What createServer needs; everything has a default so tests and e2e can pass only what they care about. */
export interface ServerConfig {
  /** Built renderer to serve (index.html + assets); null or a missing folder serves the API only. */
  rendererDir: string | null
  helpCenterUrl: string
  /** Support chat widget settings the renderer needs (spec §1); null when not configured. */
  supportChat: { appId: string; region: SupportChatRegion } | null
  /** Secret for the chat provider's identity verification hash (GET /user userHash). */
  supportChatSecret: string | null
  /** Trust X-Forwarded-* headers (behind a load balancer that terminates TLS). */
  trustProxy: boolean
  /** Fastify/pino log level. Unexpected errors are logged at 'error'. */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /** PGlite and uploads (team images under <dataDir>/uploads). Shared storage when several servers run. */
  dataDir: string
  /** Largest accepted upload in bytes (spec §9: 200 MB); tests lower it. */
  maxUploadBytes: number
  /** The address people open the app at, for links that leave the app (join links); null: see http/publicUrl.ts (never the Host header). */
  publicUrl: string | null
  /** smtp(s):// address of the mail server; null keeps mail in the built-in outbox only. */
  smtpUrl: string | null
  /** The From of outgoing email. */
  mailFrom: string
  /** Stripe billing (issue 4); null keeps the built-in billing provider (subscriptions and invoices in the database). */
  stripe: StripeConfig | null
  /** Where 'Contact us' for the Enterprise plan points. */
  contactSalesUrl: string
  /** The OpenAI-compatible provider for AI ideas and drafts (PAGECREW_AI_*); null keeps the built-in offline generator. */
  ai: AiConfig | null
  /** The LinkedIn application (PAGECREW_LINKEDIN_*); null keeps the built-in LinkedIn sandbox. */
  linkedIn: LinkedInConfig | null
  /**
   * PAGECREW_TOKEN_KEY: 32 bytes (base64 or hex) encrypting LinkedIn tokens at rest. Null: a key made
   * once in <dataDir>/token.key. Servers sharing a database must share this key.
   */
  tokenKey: string | null
  /**
   * How often this process's publisher looks for due posts (and runs the media cleanup); null: this
   * process runs neither (tests, unless they ask). Every server process runs one: they share the
   * work safely (FOR UPDATE SKIP LOCKED).
   */
  publisherIntervalMs: number | null
  /**
   * How often this process's metrics job (issue 14) looks for published posts due a reading, when
   * the publisher runs (PAGECREW_METRICS_INTERVAL_MS).
   */
  metricsIntervalMs: number
  /** LinkedIn calls the metrics job may make per connection per UTC day (PAGECREW_LINKEDIN_DAILY_CALLS). */
  linkedInDailyCalls: number
  /** Single sign-on domains count without their DNS proof (PAGECREW_SSO_SKIP_DOMAIN_PROOF=1): a single-company server. */
  ssoSkipDomainProof: boolean
  /**
   * Development only (PAGECREW_OUTBOUND_ALLOW_LOOPBACK=1): requests to addresses someone typed
   * (single sign-on's identity provider) may use http and loopback addresses, e.g. a provider on
   * this machine. Off, only https to public addresses is allowed (adapters/outboundFetch.ts).
   */
  outboundAllowLoopback: boolean
  /**
   * The waits between a webhook delivery's tries (PAGECREW_WEBHOOK_RETRY_DELAYS_MS): a delivery is
   * tried at once, then once after each wait, so it has one try more than waits. Default about a
   * day in 8 tries (services/webhooks/schedule.ts); development and tests shorten it.
   */
  webhookRetryDelaysMs: readonly number[]
  /**
   * Every answer checked against the contract and against its compiled serializer (tests,
   * development), or written by the compiled serializer alone (production, issue 16).
   * PAGECREW_RESPONSE_CHECKS=1/0; by default on only when NODE_ENV is development or test.
   */
  responseChecks: boolean
  /** Requests per minute each API key may make to /api/v1, counted across every server process (PAGECREW_API_KEY_REQUESTS_PER_MINUTE). */
  apiKeyRequestsPerMinute: number
  /**
   * Bytes of GET /schedule/calendar answers each server process keeps, served again while the
   * organization's Plan version is unchanged (PAGECREW_CALENDAR_CACHE_MB; 0 keeps none).
   */
  calendarCacheBytes: number
}

export interface StripeConfig {
  /** sk_… secret API key. */
  secretKey: string
  /** whsec_… signing secret of the webhook endpoint POST /api/billing/webhooks/stripe. */
  webhookSecret: string
  /** pk_… and prctbl_…: the pricing table shown in the plan dialog; both or neither. */
  publishableKey: string | null
  pricingTableId: string | null
  /** Only for tests against a local server that speaks Stripe's API: e.g. http://127.0.0.1:12111. */
  apiBase: string | null
}

/** The whole configuration of `node out/main/server.js`, read from the environment. */
export interface Config extends ServerConfig {
  port: number
  host: string
  databaseUrl: string | null
}

const DEFAULT_PORT = 4680
const DEFAULT_HOST = '127.0.0.1'
const DEFAULT_HELP_CENTER_URL = 'https://pagecrew.app/help'
const DEFAULT_MAIL_FROM = 'Pagecrew <no-reply@pagecrew.app>'
export const DEFAULT_CONTACT_SALES_URL = 'mailto:sales@pagecrew.app'
const DEFAULT_PUBLISHER_INTERVAL_MS = 5000
const DEFAULT_METRICS_INTERVAL_MS = 60_000
const DEFAULT_LINKEDIN_DAILY_CALLS = 500
const DEFAULT_CALENDAR_CACHE_MB = 64
const DEFAULT_API_KEY_REQUESTS_PER_MINUTE = 600
const MB = 1024 * 1024
const WEBHOOK_RETRY_DELAYS_MESSAGE =
  'PAGECREW_WEBHOOK_RETRY_DELAYS_MS must be 1 to 20 whole numbers of milliseconds from 1 to 86400000, separated by commas (e.g. 5000,300000,1800000).'

const defaultServerConfig: ServerConfig = {
  rendererDir: null,
  helpCenterUrl: DEFAULT_HELP_CENTER_URL,
  supportChat: null,
  supportChatSecret: null,
  trustProxy: false,
  logLevel: 'warn',
  dataDir: '',
  maxUploadBytes: MAX_UPLOAD_BYTES,
  publicUrl: null,
  smtpUrl: null,
  mailFrom: DEFAULT_MAIL_FROM,
  stripe: null,
  contactSalesUrl: DEFAULT_CONTACT_SALES_URL,
  ai: null,
  linkedIn: null,
  tokenKey: null,
  publisherIntervalMs: null,
  metricsIntervalMs: DEFAULT_METRICS_INTERVAL_MS,
  linkedInDailyCalls: DEFAULT_LINKEDIN_DAILY_CALLS,
  ssoSkipDomainProof: false,
  outboundAllowLoopback: false,
  webhookRetryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
  responseChecks: true,
  apiKeyRequestsPerMinute: DEFAULT_API_KEY_REQUESTS_PER_MINUTE,
  calendarCacheBytes: DEFAULT_CALENDAR_CACHE_MB * MB
}

export function resolveServerConfig(partial: Partial<ServerConfig> = {}): ServerConfig {
  const config = { ...defaultServerConfig, ...partial }
  return { ...config, dataDir: config.dataDir || defaultDataDir() }
}

/** The per-user data folder: where PGlite (and later uploads) live unless PAGECREW_DATA_DIR says otherwise. */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir()
): string {
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'Pagecrew')
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Pagecrew')
  return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'Pagecrew')
}

/** out/renderer beside out/main/server.js (the bundle this code runs from). */
export function defaultRendererDir(moduleUrl: string = import.meta.url): string {
  return resolve(dirname(fileURLToPath(moduleUrl)), '..', 'renderer')
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const optionalText = z.preprocess(blankToUndefined, z.string().trim().optional())

/**
 * A whole number from `min` to `max`; blank or unset takes `fallback`. `message` is the one line for
 * any wrong value, or one line each for not a number, not whole, and out of range.
 */
function wholeNumberInRange(min: number, max: number, fallback: number, message: string | { number: string; whole: string; range: string }) {
  const m = typeof message === 'string' ? { number: message, whole: message, range: message } : message
  return z.preprocess(blankToUndefined, z.coerce.number({ message: m.number }).int(m.whole).min(min, m.range).max(max, m.range).default(fallback))
}

const envSchema = z.object({
  PORT: wholeNumberInRange(0, 65535, DEFAULT_PORT, {
    number: 'PORT must be a number from 0 to 65535.',
    whole: 'PORT must be a whole number from 0 to 65535.',
    range: 'PORT must be a number from 0 to 65535.'
  }),
  HOST: z.preprocess(blankToUndefined, z.string().trim().default(DEFAULT_HOST)),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL must be a postgres:// or postgresql:// address.')
      .optional()
  ),
  PAGECREW_DATA_DIR: optionalText,
  PAGECREW_RENDERER_DIR: optionalText,
  PAGECREW_HELP_CENTER_URL: z.preprocess(
    blankToUndefined,
    z
      .url({ protocol: /^https?$/, message: 'PAGECREW_HELP_CENTER_URL must be an http(s) address.' })
      .default(DEFAULT_HELP_CENTER_URL)
  ),
  PAGECREW_SUPPORT_CHAT_APP_ID: optionalText,
  PAGECREW_SUPPORT_CHAT_REGION: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toLowerCase()) : v),
    z.enum(SUPPORT_CHAT_REGIONS, { message: 'PAGECREW_SUPPORT_CHAT_REGION must be us, eu or ap.' }).default('us')
  ),
  PAGECREW_SUPPORT_CHAT_SECRET: optionalText,
  PAGECREW_TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z.enum(['true', 'false', '1', '0'], { message: 'PAGECREW_TRUST_PROXY must be true or false.' }).default('false')
  ),
  PAGECREW_PUBLIC_URL: z.preprocess(
    blankToUndefined,
    z.url({ protocol: /^https?$/, message: 'PAGECREW_PUBLIC_URL must be an http(s) address.' }).optional()
  ),
  PAGECREW_SMTP_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^smtps?:\/\/\S+$/, 'PAGECREW_SMTP_URL must be an smtp:// or smtps:// address.')
      .optional()
  ),
  PAGECREW_MAIL_FROM: z.preprocess(blankToUndefined, z.string().trim().max(320).default(DEFAULT_MAIL_FROM)),
  PAGECREW_STRIPE_SECRET_KEY: z.preprocess(
    blankToUndefined,
    z.string().trim().regex(/^(sk|rk)_\S+$/, 'PAGECREW_STRIPE_SECRET_KEY must be a Stripe secret key (sk_…).').optional()
  ),
  PAGECREW_STRIPE_WEBHOOK_SECRET: z.preprocess(
    blankToUndefined,
    z.string().trim().regex(/^whsec_\S+$/, 'PAGECREW_STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…).').optional()
  ),
  PAGECREW_STRIPE_PUBLISHABLE_KEY: z.preprocess(
    blankToUndefined,
    z.string().trim().regex(/^pk_\S+$/, 'PAGECREW_STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_…).').optional()
  ),
  PAGECREW_STRIPE_PRICING_TABLE_ID: z.preprocess(
    blankToUndefined,
    z.string().trim().regex(/^prctbl_\S+$/, 'PAGECREW_STRIPE_PRICING_TABLE_ID must be a pricing table id (prctbl_…).').optional()
  ),
  PAGECREW_STRIPE_API_BASE: z.preprocess(
    blankToUndefined,
    z.url({ protocol: /^https?$/, message: 'PAGECREW_STRIPE_API_BASE must be an http(s) address.' }).optional()
  ),
  PAGECREW_CONTACT_SALES_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^(https?:\/\/|mailto:)\S+$/, 'PAGECREW_CONTACT_SALES_URL must be an http(s) or mailto: address.')
      .default(DEFAULT_CONTACT_SALES_URL)
  ),
  PAGECREW_PUBLISHER_INTERVAL_MS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: 'PAGECREW_PUBLISHER_INTERVAL_MS must be 0 (no publisher) or a number of milliseconds from 100 to 3600000.' })
      .int('PAGECREW_PUBLISHER_INTERVAL_MS must be a whole number of milliseconds.')
      .refine((ms) => ms === 0 || (ms >= 100 && ms <= 3_600_000), 'PAGECREW_PUBLISHER_INTERVAL_MS must be 0 (no publisher) or from 100 to 3600000.')
      .default(DEFAULT_PUBLISHER_INTERVAL_MS)
  ),
  PAGECREW_METRICS_INTERVAL_MS: wholeNumberInRange(100, 3_600_000, DEFAULT_METRICS_INTERVAL_MS, {
    number: 'PAGECREW_METRICS_INTERVAL_MS must be a number of milliseconds from 100 to 3600000.',
    whole: 'PAGECREW_METRICS_INTERVAL_MS must be a whole number of milliseconds.',
    range: 'PAGECREW_METRICS_INTERVAL_MS must be from 100 to 3600000.'
  }),
  PAGECREW_LINKEDIN_DAILY_CALLS: wholeNumberInRange(
    1,
    1_000_000,
    DEFAULT_LINKEDIN_DAILY_CALLS,
    'PAGECREW_LINKEDIN_DAILY_CALLS must be a whole number of calls from 1 to 1000000.'
  ),
  PAGECREW_API_KEY_REQUESTS_PER_MINUTE: wholeNumberInRange(
    1,
    1_000_000,
    DEFAULT_API_KEY_REQUESTS_PER_MINUTE,
    'PAGECREW_API_KEY_REQUESTS_PER_MINUTE must be a whole number from 1 to 1000000.'
  ),
  PAGECREW_CALENDAR_CACHE_MB: wholeNumberInRange(0, 4096, DEFAULT_CALENDAR_CACHE_MB, 'PAGECREW_CALENDAR_CACHE_MB must be a whole number of megabytes from 0 to 4096.'),
  PAGECREW_SSO_SKIP_DOMAIN_PROOF: z.string().optional(),
  PAGECREW_OUTBOUND_ALLOW_LOOPBACK: z.string().optional(),
  PAGECREW_WEBHOOK_RETRY_DELAYS_MS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.split(',').map((part) => (/^\s*\d+\s*$/.test(part) ? Number(part) : Number.NaN)) : undefined),
    z
      .array(z.number({ message: WEBHOOK_RETRY_DELAYS_MESSAGE }).int(WEBHOOK_RETRY_DELAYS_MESSAGE).min(1, WEBHOOK_RETRY_DELAYS_MESSAGE).max(86_400_000, WEBHOOK_RETRY_DELAYS_MESSAGE))
      .min(1, WEBHOOK_RETRY_DELAYS_MESSAGE)
      .max(20, WEBHOOK_RETRY_DELAYS_MESSAGE)
      .optional()
  ),
  PAGECREW_RESPONSE_CHECKS: z.enum(['0', '1', 'true', 'false'], { message: 'PAGECREW_RESPONSE_CHECKS must be 1 or 0.' }).optional(),
  NODE_ENV: z.string().optional(),
  PAGECREW_LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'PAGECREW_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.'
      })
      .default('warn')
  )
})

/** Reads the configuration from the environment; throws ConfigError with one readable line. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  defaults: { dataDir?: string; rendererDir?: string } = {}
): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = issue?.path.join('.') ?? 'environment'
    throw new ConfigError(`Invalid configuration: ${issue ? issue.message.replace(/^Invalid input.*$/, `${name} is invalid.`) : 'unknown problem.'}`)
  }
  const e = parsed.data
  const rendererDir = resolve(e.PAGECREW_RENDERER_DIR ?? defaults.rendererDir ?? defaultRendererDir())
  const rendererBuilt = existsSync(join(rendererDir, 'index.html'))
  if (e.PAGECREW_RENDERER_DIR && !rendererBuilt) {
    throw new ConfigError(`Invalid configuration: PAGECREW_RENDERER_DIR (${rendererDir}) has no index.html.`)
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir: resolve(e.PAGECREW_DATA_DIR ?? defaults.dataDir ?? defaultDataDir(env)),
    rendererDir: rendererBuilt ? rendererDir : null,
    helpCenterUrl: e.PAGECREW_HELP_CENTER_URL,
    supportChat: e.PAGECREW_SUPPORT_CHAT_APP_ID
      ? { appId: e.PAGECREW_SUPPORT_CHAT_APP_ID, region: e.PAGECREW_SUPPORT_CHAT_REGION }
      : null,
    supportChatSecret: e.PAGECREW_SUPPORT_CHAT_SECRET ?? null,
    trustProxy: e.PAGECREW_TRUST_PROXY === 'true' || e.PAGECREW_TRUST_PROXY === '1',
    logLevel: e.PAGECREW_LOG_LEVEL,
    maxUploadBytes: MAX_UPLOAD_BYTES,
    publicUrl: e.PAGECREW_PUBLIC_URL ? e.PAGECREW_PUBLIC_URL.replace(/\/+$/, '') : null,
    smtpUrl: e.PAGECREW_SMTP_URL ?? null,
    mailFrom: e.PAGECREW_MAIL_FROM,
    stripe: stripeConfig(e),
    contactSalesUrl: e.PAGECREW_CONTACT_SALES_URL,
    ai: aiConfigFromEnv(env),
    linkedIn: linkedInConfigFromEnv(env),
    tokenKey: tokenKeyFromEnv(env),
    publisherIntervalMs: e.PAGECREW_PUBLISHER_INTERVAL_MS === 0 ? null : e.PAGECREW_PUBLISHER_INTERVAL_MS,
    metricsIntervalMs: e.PAGECREW_METRICS_INTERVAL_MS,
    linkedInDailyCalls: e.PAGECREW_LINKEDIN_DAILY_CALLS,
    calendarCacheBytes: e.PAGECREW_CALENDAR_CACHE_MB * MB,
    apiKeyRequestsPerMinute: e.PAGECREW_API_KEY_REQUESTS_PER_MINUTE,
    ssoSkipDomainProof: e.PAGECREW_SSO_SKIP_DOMAIN_PROOF === '1' || e.PAGECREW_SSO_SKIP_DOMAIN_PROOF === 'true',
    outboundAllowLoopback: e.PAGECREW_OUTBOUND_ALLOW_LOOPBACK === '1' || e.PAGECREW_OUTBOUND_ALLOW_LOOPBACK === 'true',
    webhookRetryDelaysMs: e.PAGECREW_WEBHOOK_RETRY_DELAYS_MS ?? WEBHOOK_RETRY_DELAYS_MS,
    responseChecks:
      e.PAGECREW_RESPONSE_CHECKS === undefined ? e.NODE_ENV === 'development' || e.NODE_ENV === 'test' : e.PAGECREW_RESPONSE_CHECKS === '1' || e.PAGECREW_RESPONSE_CHECKS === 'true'
  }
}

function tokenKeyFromEnv(env: NodeJS.ProcessEnv): string | null {
  const value = (env.PAGECREW_TOKEN_KEY ?? '').trim()
  if (!value) return null
  if (!parseTokenKey(value)) {
    throw new ConfigError('Invalid configuration: PAGECREW_TOKEN_KEY must be 32 bytes written as base64 or hex (e.g. `openssl rand -base64 32`).')
  }
  return value
}

function stripeConfig(e: z.infer<typeof envSchema>): StripeConfig | null {
  const key = e.PAGECREW_STRIPE_SECRET_KEY
  if (!key) {
    if (e.PAGECREW_STRIPE_WEBHOOK_SECRET || e.PAGECREW_STRIPE_PUBLISHABLE_KEY || e.PAGECREW_STRIPE_PRICING_TABLE_ID) {
      throw new ConfigError('Invalid configuration: the PAGECREW_STRIPE_* settings need PAGECREW_STRIPE_SECRET_KEY.')
    }
    return null
  }
  if (!e.PAGECREW_STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration: PAGECREW_STRIPE_SECRET_KEY needs PAGECREW_STRIPE_WEBHOOK_SECRET (webhooks keep subscriptions in step).')
  }
  if (Boolean(e.PAGECREW_STRIPE_PUBLISHABLE_KEY) !== Boolean(e.PAGECREW_STRIPE_PRICING_TABLE_ID)) {
    throw new ConfigError('Invalid configuration: set PAGECREW_STRIPE_PUBLISHABLE_KEY and PAGECREW_STRIPE_PRICING_TABLE_ID together.')
  }
  return {
    secretKey: key,
    webhookSecret: e.PAGECREW_STRIPE_WEBHOOK_SECRET,
    publishableKey: e.PAGECREW_STRIPE_PUBLISHABLE_KEY ?? null,
    pricingTableId: e.PAGECREW_STRIPE_PRICING_TABLE_ID ?? null,
    apiBase: e.PAGECREW_STRIPE_API_BASE ?? null
  }
}
