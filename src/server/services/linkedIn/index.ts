import type { LinkedInConnection } from '../../../shared/domain/entities'
import type { AccessToken, LinkedInClient } from '../../adapters/linkedin/linkedin'
import type { LinkedInSandbox, SandboxPost } from '../../adapters/linkedin/sandbox'
import type { AuthSession } from '../sessions'
import { createTokenCipher, loadTokenKey } from '../tokenCrypto'
import { completeConnection } from './completeConnection'
import { connectionStatus } from './connectionStatus'
import { disconnectLinkedIn } from './disconnectLinkedIn'
import { linkedInConnection } from './linkedInConnection'
import { publishingIdentity } from './publishingIdentity'
import { sandboxPosts } from './sandboxPosts'
import { startConnection } from './startConnection'
import type { CompleteInput, LinkedInContext, LinkedInDeps, LinkedInStatus } from './types'

/*
 * A member's LinkedIn connection (issue 6): OAuth 2.0 authorization code flow with PKCE through
 * the adapter (the built-in sandbox or LinkedIn itself), tokens encrypted at rest. One use case
 * per file; this facade makes their context once and delegates. The decisions are in
 * docs/architecture.md, "Writing and publishing" (LinkedIn connection).
 */

export { isAllowedRedirect } from './redirects'
export type { CompleteInput, LinkedInContext, LinkedInDeps, LinkedInStatus } from './types'

export interface LinkedInService {
  readonly adapter: LinkedInClient
  /** The built-in sandbox when it is in use (routes/linkedin.ts serves its pages), else null. */
  readonly sandbox: LinkedInSandbox | null
  connection(userId: string): Promise<LinkedInConnection>
  start(session: AuthSession, input: { redirectUri: string }, serverUrl: string): Promise<{ authorizationUrl: string }>
  complete(session: AuthSession, input: CompleteInput): Promise<LinkedInConnection>
  disconnect(userId: string): Promise<LinkedInConnection>
  /** The decrypted access token and LinkedIn member id to publish with; null when not connected (or the token key changed). */
  publishingIdentity(userId: string): Promise<{ accessToken: AccessToken; memberId: string } | null>
  /** 'expired' also when the connection was made with another provider (the server's LinkedIn setting changed). */
  status(userId: string): Promise<LinkedInStatus>
  /** The sandbox's viewer: posts it received as the session user's member or as a business page of the session's organization. */
  sandboxPosts(session: AuthSession): Promise<SandboxPost[]>
}

export function createLinkedInService(deps: LinkedInDeps): LinkedInService {
  const { db, clock, adapter } = deps
  const ctx: LinkedInContext = {
    db,
    clock,
    adapter,
    log: deps.log ?? (() => undefined),
    cipher: createTokenCipher(() => loadTokenKey(deps.config)),
    sandbox: adapter.provider === 'sandbox' ? (adapter as LinkedInSandbox) : null
  }
  return {
    adapter,
    sandbox: ctx.sandbox,
    connection: (userId) => linkedInConnection(ctx, userId),
    start: (session, input, serverUrl) => startConnection(ctx, session, input, serverUrl),
    complete: (session, input) => completeConnection(ctx, session, input),
    disconnect: (userId) => disconnectLinkedIn(ctx, userId),
    publishingIdentity: (userId) => publishingIdentity(ctx, userId),
    status: (userId) => connectionStatus(ctx, userId),
    sandboxPosts: (session) => sandboxPosts(ctx, session)
  }
}
