import { and, eq, sql } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { LinkedInConnection } from '../../../shared/domain/entities'
import { LinkedInGrantError } from '../../adapters/linkedin/linkedin'
import { linkedInAuthorizations, linkedInConnections } from '../../db/schema'
import { ApiError, badRequest } from '../../errors'
import type { AuthSession } from '../sessions'
import { TokenDecryptError } from '../tokenCrypto'
import { accessContext, refreshContext, sha256, verifierContext, view } from './connectionRows'
import type { CompleteInput, LinkedInContext } from './types'

/* Completing a connection: the state used up, the code exchanged, the tokens stored encrypted (docs/architecture.md, "Writing and publishing"). */

const CANCEL_ERRORS = new Set(['user_cancelled_authorize', 'user_cancelled_login'])

export async function completeConnection(ctx: LinkedInContext, session: AuthSession, input: CompleteInput): Promise<LinkedInConnection> {
  const { db, clock, adapter, log, cipher } = ctx
  const stateHash = sha256(input.state)
  // Used up here, whatever follows; another user's state is left alone (and refused).
  const [pending] = await db
    .delete(linkedInAuthorizations)
    .where(and(eq(linkedInAuthorizations.stateHash, stateHash), eq(linkedInAuthorizations.userId, session.userId)))
    .returning()
  if (!pending || pending.expiresAt.getTime() <= clock.now().getTime()) {
    throw badRequest(MESSAGES.linkedInSignInExpired, { state: MESSAGES.linkedInSignInExpired })
  }
  if (input.error) {
    if (CANCEL_ERRORS.has(input.error)) throw badRequest(MESSAGES.linkedInCancelled)
    log(`LinkedIn refused a connection: ${input.error}${input.errorDescription ? ` (${input.errorDescription.slice(0, 200)})` : ''}`)
    throw badRequest(MESSAGES.linkedInDenied)
  }
  if (!input.code) throw badRequest(MESSAGES.linkedInCodeMissing, { code: MESSAGES.linkedInCodeMissing })
  let verifier: string
  try {
    verifier = cipher.decrypt(pending.codeVerifierEncrypted, verifierContext(stateHash))
  } catch (err) {
    if (!(err instanceof TokenDecryptError)) throw err
    throw badRequest(MESSAGES.linkedInSignInExpired, { state: MESSAGES.linkedInSignInExpired })
  }
  let tokens
  try {
    tokens = await adapter.exchangeCode({ code: input.code, codeVerifier: verifier, redirectUri: pending.redirectUri })
  } catch (err) {
    if (err instanceof LinkedInGrantError) throw badRequest(MESSAGES.linkedInCodeRefused)
    log(`LinkedIn code exchange failed: ${err instanceof Error ? err.message : String(err)}`)
    throw new ApiError(502, 'bad_gateway', MESSAGES.linkedInUnavailable)
  }
  const now = clock.now()
  const userId = session.userId
  const access = cipher.encrypt(tokens.accessToken, accessContext(userId))
  const refresh = tokens.refreshToken ? cipher.encrypt(tokens.refreshToken, refreshContext(userId)) : null
  const sameMember = sql`${linkedInConnections.linkedInMemberId} = ${tokens.memberId}`
  const [saved] = await db
    .insert(linkedInConnections)
    .values({
      userId,
      provider: adapter.provider,
      linkedInMemberId: tokens.memberId,
      memberName: tokens.memberName,
      scope: tokens.scope,
      accessTokenEncrypted: access,
      accessTokenExpiresAt: tokens.expiresAt,
      refreshTokenEncrypted: refresh,
      refreshTokenExpiresAt: refresh ? tokens.refreshTokenExpiresAt : null,
      connectedAt: now,
      updatedAt: now
    })
    .onConflictDoUpdate({
      target: linkedInConnections.userId,
      set: {
        provider: adapter.provider,
        linkedInMemberId: tokens.memberId,
        memberName: tokens.memberName,
        scope: tokens.scope,
        accessTokenEncrypted: access,
        accessTokenExpiresAt: tokens.expiresAt,
        // LinkedIn sends a refresh token only sometimes: keep the one we have for the same member.
        refreshTokenEncrypted: refresh ?? sql`case when ${sameMember} then ${linkedInConnections.refreshTokenEncrypted} else null end`,
        refreshTokenExpiresAt: refresh
          ? tokens.refreshTokenExpiresAt
          : sql`case when ${sameMember} then ${linkedInConnections.refreshTokenExpiresAt} else null end`,
        connectedAt: now,
        updatedAt: now
      }
    })
    .returning()
  return view(saved!)
}
