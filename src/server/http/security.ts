import type { ServerConfig, StripeConfig } from '../config'

/**
 * Origins the support chat widget (Intercom: app id + region us/eu/ap, spec §1) needs, from its
 * documented allow-list for source-based Content Security Policies.
 */
const CHAT_SOURCES = {
  script: ['https://app.intercom.io', 'https://widget.intercom.io', 'https://js.intercomcdn.com'],
  connect: [
    'https://via.intercom.io',
    'https://api.intercom.io',
    'https://api.au.intercom.io',
    'https://api.eu.intercom.io',
    'https://api-iam.intercom.io',
    'https://api-iam.eu.intercom.io',
    'https://api-iam.au.intercom.io',
    'https://api-ping.intercom.io',
    'https://*.intercom-messenger.com',
    'wss://*.intercom-messenger.com',
    'https://nexus-websocket-a.intercom.io',
    'wss://nexus-websocket-a.intercom.io',
    'https://nexus-websocket-b.intercom.io',
    'wss://nexus-websocket-b.intercom.io',
    'https://nexus-europe-websocket.intercom.io',
    'wss://nexus-europe-websocket.intercom.io',
    'https://nexus-australia-websocket.intercom.io',
    'wss://nexus-australia-websocket.intercom.io',
    'https://uploads.intercomcdn.com',
    'https://uploads.intercomcdn.eu',
    'https://uploads.au.intercomcdn.com',
    'https://uploads.eu.intercomcdn.com',
    'https://uploads.intercomusercontent.com'
  ],
  frame: [
    'https://intercom-sheets.com',
    'https://www.intercom-reporting.com',
    'https://www.youtube.com',
    'https://player.vimeo.com',
    'https://fast.wistia.net'
  ],
  font: ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
  media: ['https://js.intercomcdn.com'],
  form: ['https://intercom.help', 'https://api-iam.intercom.io', 'https://api-iam.eu.intercom.io', 'https://api-iam.au.intercom.io']
}

/**
 * The Stripe pricing table's script and iframe (spec §7 Third-party; Stripe's pricing table docs
 * list exactly these two directives for sites with a Content Security Policy).
 */
const STRIPE_PRICING_TABLE_SOURCES = ['https://js.stripe.com']

/** The Content-Security-Policy sent with the renderer's HTML. */
export function contentSecurityPolicy(
  config: Pick<ServerConfig, 'supportChat'> & { stripe?: Pick<StripeConfig, 'pricingTableId'> | null }
): string {
  const chat = config.supportChat !== null
  const pricingTable = Boolean(config.stripe?.pricingTableId)
  const withChat = (base: string[], extra: string[]) => [...base, ...(chat ? extra : [])].join(' ')
  const stripe = pricingTable ? STRIPE_PRICING_TABLE_SOURCES : []
  const frames = [...(chat ? CHAT_SOURCES.frame : []), ...stripe]
  return [
    `default-src 'self'`,
    `script-src ${[withChat(["'self'"], CHAT_SOURCES.script), ...stripe].join(' ')}`,
    // Fluent UI (Griffel) inserts style elements at run time.
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: https:`,
    `font-src ${withChat(["'self'", 'data:'], CHAT_SOURCES.font)}`,
    `connect-src ${withChat(["'self'"], CHAT_SOURCES.connect)}`,
    `media-src ${withChat(["'self'", 'blob:'], CHAT_SOURCES.media)}`,
    `frame-src ${frames.length > 0 ? frames.join(' ') : "'none'"}`,
    `form-action ${withChat(["'self'"], CHAT_SOURCES.form)}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `frame-ancestors 'none'`
  ].join('; ')
}

export const REFERRER_POLICY = 'strict-origin-when-cross-origin'

/**
 * Powerful features nobody in Pagecrew uses (no camera, microphone, location, sensors, USB or MIDI),
 * switched off for the app and anything it frames, so injected or third-party script cannot ask.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'usb=()'
].join(', ')

/** One year, as HSTS preload lists expect; not includeSubDomains: other hosts under the domain are not ours to pin. */
export const HSTS = 'max-age=31536000'

/**
 * Headers on every answer: the Permissions-Policy above; Cross-Origin-Opener-Policy so no page of
 * another origin that opened (or was opened by) the app keeps a handle on its window; and, only
 * over https (directly or through a trusted proxy), Strict-Transport-Security.
 */
export function securityHeaders(protocol: string): Record<string, string> {
  return {
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(protocol === 'https' ? { 'Strict-Transport-Security': HSTS } : {})
  }
}
