import { z } from 'zod'
import { themeSchema } from './domain'

/**
 * The HostBridge: everything the renderer needs from whatever hosts it. The renderer never calls
 * fetch, window.open or Notification itself (DESIGN.md §1). The web host implements it with fetch
 * and browser cookies; the desktop host is the preload script backed by IPC to main, where the
 * session cookie lives.
 */

export const hostRequestSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  /** Path after the API base, e.g. '/user'. Must start with '/' and stay on the API. */
  path: z
    .string()
    .max(512)
    .regex(/^\/[A-Za-z0-9\-._~/]*$/, 'invalid API path')
    .refine((p) => !p.includes('..') && !p.startsWith('//'), 'invalid API path'),
  query: z.record(z.string(), z.string().max(4096)).optional(),
  body: z.unknown().optional(),
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
}
