import { z } from 'zod'
import { themeSchema } from './domain'

/**
 * The HostBridge: everything the renderer needs from whatever hosts it. The renderer never calls
 * fetch, window.open or Notification itself (DESIGN.md §1). The web host implements it with fetch
 * and browser cookies; the desktop host is the preload script backed by IPC to main, where the
 * session cookie lives.
 */

/** Path after the API base, e.g. '/user'. Must start with '/' and stay on the API. */
const apiPathSchema = z
  .string()
  .max(512)
  .regex(/^\/[A-Za-z0-9\-._~/]*$/, 'invalid API path')
  .refine((p) => !p.includes('..') && !p.startsWith('//'), 'invalid API path')
const apiQuerySchema = z.record(z.string(), z.string().max(4096)).optional()

export const hostRequestSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  path: apiPathSchema,
  query: apiQuerySchema,
  body: z.unknown().optional(),
  /**
   * Sent as the Idempotency-Key header (DESIGN.md §7): one per dialog submission, so the server can
   * answer a repeat of a create with its first answer. Visible ASCII only, as a header value must be.
   */
  idempotencyKey: z.string().regex(/^[\x21-\x7e]{1,255}$/, 'invalid idempotency key').optional(),
  /**
   * A multipart/form-data body instead of JSON (spec §7: team create/update). Text fields as they
   * are; files as bytes with their name and type. Mutually exclusive with `body`.
   */
  multipart: z
    .object({
      fields: z.record(z.string(), z.string().max(1_000_000)),
      files: z
        .array(
          z.object({
            field: z.string().min(1).max(100),
            fileName: z.string().min(1).max(1024),
            contentType: z.string().max(255),
            data: z.instanceof(Uint8Array)
          })
        )
        .max(20)
    })
    .optional()
}).refine((r) => !(r.body !== undefined && r.multipart !== undefined), 'A request has either a JSON body or a multipart body.')
export type HostRequest = z.infer<typeof hostRequestSchema>

/** A file name to save a download as: no folders, no characters a file system refuses. */
const downloadFileNameSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^\\/:*?"<>|]+$/, 'invalid file name')
  .refine((name) => ![...name].some((c) => c.charCodeAt(0) < 0x20), 'invalid file name')
  .refine((name) => name !== '.' && name !== '..', 'invalid file name')

/**
 * An API file to save on the user's machine (a CSV export): a GET of `path` with `query`, made with
 * the session, its bytes saved as `fileName` (the browser's downloads; a save dialog on the desktop).
 */
export const hostDownloadSchema = z.object({
  path: apiPathSchema,
  query: apiQuerySchema,
  fileName: downloadFileNameSchema
})
export type HostDownload = z.infer<typeof hostDownloadSchema>

/** A page the API server serves to people (the public API's reference, GET /api/v1/reference): its path after the API base. */
export const apiPagePathSchema = apiPathSchema

/**
 * `saved` is false when the server answered an error (`status`) or the user cancelled the save dialog.
 * `message`: the server's own message of an error answer (`{ error: { message } }`), e.g. an export
 * that has expired, so the renderer can say it instead of a generic failure.
 */
export interface HostDownloadResult {
  status: number
  saved: boolean
  message?: string
}

/** The message of an API error answer's JSON body (`{ error: { message } }`), if it is one; at most 500 characters. */
export function apiErrorMessageOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body)
    const message = (parsed as { error?: { message?: unknown } } | null)?.error?.message
    return typeof message === 'string' && message.trim() !== '' ? message.slice(0, 500) : undefined
  } catch {
    return undefined
  }
}

/** The header that carries `HostRequest.idempotencyKey` (DESIGN.md §7, idempotent creates). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'

export interface HostResponse {
  status: number
  /** Parsed JSON body, or null when the response had none. */
  body: unknown
}

export const hostEventSchema = z.discriminatedUnion('type', [
  /** Main asks the renderer to go to a route (deep links, notification clicks). */
  z.object({ type: z.literal('navigate'), path: z.string() }),
  /** Main's unread watcher saw a new total across all organizations. */
  z.object({ type: z.literal('unread'), total: z.number().int().nonnegative() })
])
export type HostEvent = z.infer<typeof hostEventSchema>

export const externalUrlSchema = z
  .string()
  .max(4096)
  .refine((raw) => {
    try {
      const url = new URL(raw)
      return url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:'
    } catch {
      return false
    }
  }, 'Only http, https and mailto links open outside the app.')

/** The address of a sign-in page of an OAuth provider (LinkedIn, or the built-in sandbox's): web addresses only. */
export const oauthPageUrlSchema = z
  .string()
  .max(4096)
  .refine((raw) => {
    try {
      const url = new URL(raw)
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
    } catch {
      return false
    }
  }, 'Only http and https sign-in pages open.')

/** Where an OAuth provider sends the browser back: the web app's /callback, or the desktop's loopback listener. */
export interface OAuthRedirect {
  redirectUri: string
}

export interface HostBridge {
  readonly kind: 'web' | 'desktop'
  /** Calls the API. Resolves with any HTTP status; rejects only when the server cannot be reached. */
  request(req: HostRequest): Promise<HostResponse>
  /** Subscribes to host events; returns the unsubscribe function. */
  onEvent(listener: (event: HostEvent) => void): () => void
  /** Opens an http(s)/mailto address outside the app (a new tab on the web). */
  openExternal(url: string): Promise<void>
  /** Follows the theme choice in native chrome (title bar, scrollbars); a no-op on the web. */
  setTheme(theme: z.infer<typeof themeSchema>): Promise<void>
  /** Tells the host the renderer is ready for queued events (deep links that arrived at launch). */
  ready(): Promise<void>
  /**
   * Gets ready for an OAuth provider to send the user back (connecting LinkedIn) and answers the
   * redirect URI to give it. Web: this app's /callback. Desktop: a one-shot listener on
   * http://127.0.0.1:<port>/callback, alive 10 minutes, that hands the answer to the renderer as a
   * `navigate` event to /callback?code=…&state=… (or ?error=…&state=…) and focuses the window.
   */
  beginOAuthRedirect(): Promise<OAuthRedirect>
  /** Opens a provider's sign-in page: in this tab on the web, in the system browser on the desktop. */
  openOAuthPage(url: string): Promise<void>
  /**
   * GETs an API file with the session and saves it (CSV exports). Web: fetched here, then saved
   * through an <a download>. Desktop: main fetches it with its cookie jar and asks where to save it.
   * Resolves with the API's status; rejects only when the server cannot be reached.
   */
  download(req: HostDownload): Promise<HostDownloadResult>
  /**
   * Opens a page the API server serves (`path` after the API base, e.g. '/v1/reference') in a
   * browser. Web: a new tab at the relative address (the page and the API share an origin).
   * Desktop: the renderer is not served by the server, so main opens the server's absolute address
   * in the system browser.
   */
  openApiPage(path: string): Promise<void>
}
