import type { Clock } from '../../clock'
import { ConfigError } from '../../configError'
import type { LinkedInClient, LinkedInConfig } from './linkedin'
import { createLinkedInRest } from './rest'
import { createLinkedInSandbox } from './sandbox'

export type { LinkedInConfig }

/**
 * LinkedIn retires API versions about a year after release; this one is known to serve every call
 * the client makes. PAGECREW_LINKEDIN_VERSION moves it without a release.
 */
export const DEFAULT_LINKEDIN_VERSION = '202511'
const LINKEDIN_OAUTH_BASE = 'https://www.linkedin.com'
const LINKEDIN_API_BASE = 'https://api.linkedin.com'

const VERSION_PATTERN = /^20\d\d(0[1-9]|1[0-2])(\.\d\d)?$/
const CREDENTIALS = ['PAGECREW_LINKEDIN_CLIENT_ID', 'PAGECREW_LINKEDIN_CLIENT_SECRET'] as const
const OTHERS = ['PAGECREW_LINKEDIN_VERSION', 'PAGECREW_LINKEDIN_ORGANIZATION_SCOPE', 'PAGECREW_LINKEDIN_ANALYTICS_SCOPE', 'PAGECREW_LINKEDIN_OAUTH_BASE', 'PAGECREW_LINKEDIN_API_BASE'] as const

function httpBase(name: string, value: string | undefined, fallback: string): string {
  if (!value) return fallback
  let url: URL | null
  try {
    url = new URL(value)
  } catch {
    url = null
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(`Invalid configuration: ${name} must be an http(s) address.`)
  }
  return value.replace(/\/+$/, '')
}

/**
 * PAGECREW_LINKEDIN_CLIENT_ID and PAGECREW_LINKEDIN_CLIENT_SECRET (both, or neither for the
 * sandbox); PAGECREW_LINKEDIN_VERSION (YYYYMM); PAGECREW_LINKEDIN_ORGANIZATION_SCOPE=1;
 * PAGECREW_LINKEDIN_ANALYTICS_SCOPE=1; and, for
 * tests against a local server, PAGECREW_LINKEDIN_OAUTH_BASE / PAGECREW_LINKEDIN_API_BASE. Anything
 * inconsistent is a ConfigError with one readable line (never showing the secret).
 */
export function linkedInConfigFromEnv(env: NodeJS.ProcessEnv = process.env): LinkedInConfig | null {
  const value = (name: string) => (env[name] ?? '').trim() || undefined
  const [clientId, clientSecret] = CREDENTIALS.map(value)
  if (!clientId && !clientSecret) {
    const stray = OTHERS.filter((name) => value(name))
    if (stray.length > 0) {
      throw new ConfigError(`Invalid configuration: ${stray.join(', ')} need PAGECREW_LINKEDIN_CLIENT_ID and PAGECREW_LINKEDIN_CLIENT_SECRET.`)
    }
    return null
  }
  if (!clientId || !clientSecret) {
    throw new ConfigError('Invalid configuration: set PAGECREW_LINKEDIN_CLIENT_ID and PAGECREW_LINKEDIN_CLIENT_SECRET together.')
  }
  if (/\s/.test(clientId) || /\s/.test(clientSecret)) {
    throw new ConfigError('Invalid configuration: PAGECREW_LINKEDIN_CLIENT_ID and PAGECREW_LINKEDIN_CLIENT_SECRET must not contain spaces.')
  }
  const version = value('PAGECREW_LINKEDIN_VERSION') ?? DEFAULT_LINKEDIN_VERSION
  if (!VERSION_PATTERN.test(version)) {
    throw new ConfigError('Invalid configuration: PAGECREW_LINKEDIN_VERSION must be a LinkedIn API version, YYYYMM (e.g. 202511).')
  }
  const flag = (name: string) => {
    const text = (value(name) ?? '0').toLowerCase()
    if (!['1', '0', 'true', 'false'].includes(text)) throw new ConfigError(`Invalid configuration: ${name} must be 1 or 0.`)
    return text === '1' || text === 'true'
  }
  return {
    clientId,
    clientSecret,
    version,
    organizationScope: flag('PAGECREW_LINKEDIN_ORGANIZATION_SCOPE'),
    analyticsScope: flag('PAGECREW_LINKEDIN_ANALYTICS_SCOPE'),
    oauthBase: httpBase('PAGECREW_LINKEDIN_OAUTH_BASE', value('PAGECREW_LINKEDIN_OAUTH_BASE'), LINKEDIN_OAUTH_BASE),
    apiBase: httpBase('PAGECREW_LINKEDIN_API_BASE', value('PAGECREW_LINKEDIN_API_BASE'), LINKEDIN_API_BASE)
  }
}

/** The LinkedIn client for this configuration: the built-in sandbox unless a LinkedIn application is configured. */
export function createLinkedInAdapter(
  config: { linkedIn: LinkedInConfig | null; publicUrl: string | null },
  deps: { clock: Clock; timeoutMs?: number }
): LinkedInClient {
  if (!config.linkedIn) return createLinkedInSandbox({ clock: deps.clock, publicUrl: config.publicUrl })
  return createLinkedInRest(config.linkedIn, deps)
}
