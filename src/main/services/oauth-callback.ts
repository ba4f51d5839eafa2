import { z } from 'zod'

/**
 * What an OAuth provider (LinkedIn, or the server's sandbox) sends back to the desktop app, by the
 * loopback listener (oauth-loopback.ts) or a `pagecrew://callback?…` link (deep-link.ts). Both
 * come from outside the app, so both go through this one parser before anything reaches the
 * renderer: a code or an error, always with the state the server issued, each short and in the
 * characters RFC 6749 allows (no spaces in codes and states, no quotes or backslashes anywhere).
 */
export type OAuthCallback = ({ state: string; code: string } | { state: string; error: string; errorDescription?: string }) & {
  /** The issuer (RFC 9207), which OpenID providers add for single sign-on's mix-up check. */
  iss?: string
}

/** The renderer route that finishes connecting (src/renderer/src/features/auth/CallbackPage.tsx). */
export const OAUTH_CALLBACK_ROUTE = '/callback'

const token = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9\-._~+/=]+$/)
// RFC 6749 §5.2: error and error_description are %x20-21 / %x23-5B / %x5D-7E.
const errorText = (max: number) => z.string().max(max).regex(/^[\x20\x21\x23-\x5b\x5d-\x7e]*$/)

const issuer = z.url({ protocol: /^https?$/ }).max(2048).optional()
const callbackParamsSchema = z.union([
  z.strictObject({ state: token(200), code: token(2000), iss: issuer }),
  z.strictObject({ state: token(200), error: errorText(200).min(1), error_description: errorText(2000).optional(), iss: issuer })
])

/**
 * The callback as a typed value, or null unless the parameters are exactly one code or one error
 * (with an optional description) and a state, none of them repeated.
 */
export function parseOAuthCallback(params: URLSearchParams): OAuthCallback | null {
  const record: Record<string, string> = {}
  for (const [key, value] of params) {
    if (Object.prototype.hasOwnProperty.call(record, key)) return null
    record[key] = value
  }
  const parsed = callbackParamsSchema.safeParse(record)
  if (!parsed.success) return null
  const data = parsed.data
  const iss = data.iss === undefined ? {} : { iss: data.iss }
  if ('code' in data) return { state: data.state, code: data.code, ...iss }
  return data.error_description === undefined
    ? { state: data.state, error: data.error, ...iss }
    : { state: data.state, error: data.error, errorDescription: data.error_description, ...iss }
}

/** `/callback?code=…&state=…` (or `?error=…&error_description=…&state=…`), as the web app receives it. */
export function oauthCallbackRoute(callback: OAuthCallback): string {
  const query = new URLSearchParams()
  if ('code' in callback) {
    query.set('code', callback.code)
  } else {
    query.set('error', callback.error)
    if (callback.errorDescription !== undefined) query.set('error_description', callback.errorDescription)
  }
  query.set('state', callback.state)
  if (callback.iss !== undefined) query.set('iss', callback.iss)
  return `${OAUTH_CALLBACK_ROUTE}?${query.toString()}`
}
