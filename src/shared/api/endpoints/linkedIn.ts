import { z } from 'zod'
import { linkedInConnectionSchema } from '../../domain'
import { multiLineText, singleLineText } from '../../domain/text'
import { endpoint, none } from './base'

export const linkedInEndpoints = {
  // LinkedIn connection (issue 6): OAuth 2.0 authorization code + PKCE; the redirect comes back to /callback.
  getLinkedInConnection: endpoint({ method: 'GET', path: '/linkedin/connection', query: none, body: none, response: linkedInConnectionSchema }),
  /**
   * Starts connecting: the server keeps state + PKCE verifier (10 minutes) and answers the address
   * to open. redirectUri: the web app's /callback, a loopback http://127.0.0.1:<port>/callback
   * (desktop) or pagecrew://callback.
   */
  startLinkedInConnection: endpoint({
    method: 'POST',
    path: '/linkedin/connect',
    query: none,
    body: z.object({ redirectUri: singleLineText().trim().min(1).max(2048) }),
    response: z.object({ authorizationUrl: z.string() })
  }),
  /** What came back to /callback: code + state, or LinkedIn's error. */
  completeLinkedInConnection: endpoint({
    method: 'POST',
    path: '/linkedin/callback',
    query: none,
    body: z.object({
      state: singleLineText().trim().min(1).max(200),
      code: singleLineText().trim().min(1).max(2000).optional(),
      error: singleLineText().max(200).optional(),
      errorDescription: multiLineText().max(2000).optional()
    }),
    response: linkedInConnectionSchema
  }),
  disconnectLinkedIn: endpoint({ method: 'DELETE', path: '/linkedin/connection', query: none, body: none, response: linkedInConnectionSchema })
} as const
