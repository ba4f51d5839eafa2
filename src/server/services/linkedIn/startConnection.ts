import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, lte, notInArray } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { LINKEDIN_CONNECT_TTL_MS } from '../../../shared/constants'
import { linkedInAuthorizations, users } from '../../db/schema'
import { badRequest } from '../../errors'
import type { AuthSession } from '../sessions'
import { sha256, verifierContext } from './connectionRows'
import { isAllowedRedirect } from './redirects'
import type { LinkedInContext } from './types'

/* Starting a connection: a hashed state and an encrypted PKCE verifier for 10 minutes (docs/architecture.md, "Writing and publishing"). */

/** Unfinished connections a user may have at once; older ones are dropped. */
const MAX_PENDING_PER_USER = 5

export async function startConnection(
  ctx: LinkedInContext,
  session: AuthSession,
  { redirectUri }: { redirectUri: string },
  serverUrl: string
): Promise<{ authorizationUrl: string }> {
  const { db, clock, adapter, cipher } = ctx
  if (!isAllowedRedirect(redirectUri, serverUrl)) {
    throw badRequest(MESSAGES.linkedInRedirectNotAllowed, { redirectUri: MESSAGES.linkedInRedirectNotAllowed })
  }
  const [user] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, session.userId))
  const state = randomBytes(32).toString('base64url')
  const verifier = randomBytes(64).toString('base64url')
  const stateHash = sha256(state)
  const now = clock.now()
  await db.transaction(async (tx) => {
    await tx
      .delete(linkedInAuthorizations)
      .where(and(eq(linkedInAuthorizations.userId, session.userId), lte(linkedInAuthorizations.expiresAt, now)))
    await tx.insert(linkedInAuthorizations).values({
      stateHash,
      userId: session.userId,
      codeVerifierEncrypted: cipher.encrypt(verifier, verifierContext(stateHash)),
      redirectUri,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINKEDIN_CONNECT_TTL_MS)
    })
    const keep = tx
      .select({ stateHash: linkedInAuthorizations.stateHash })
      .from(linkedInAuthorizations)
      .where(eq(linkedInAuthorizations.userId, session.userId))
      .orderBy(desc(linkedInAuthorizations.createdAt), desc(linkedInAuthorizations.stateHash))
      .limit(MAX_PENDING_PER_USER)
    await tx
      .delete(linkedInAuthorizations)
      .where(and(eq(linkedInAuthorizations.userId, session.userId), notInArray(linkedInAuthorizations.stateHash, keep)))
  })
  const authorizationUrl = adapter.authorizationUrl({
    state,
    codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
    redirectUri,
    serverUrl,
    user: { id: session.userId, fullName: user?.fullName ?? '' }
  })
  return { authorizationUrl }
}
