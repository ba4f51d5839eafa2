import type { AccessToken } from '../../adapters/linkedin/linkedin'
import { TokenDecryptError } from '../tokenCrypto'
import { accessContext, row } from './connectionRows'
import type { LinkedInContext } from './types'

/* The decrypted access token and member id the publisher posts with (docs/architecture.md, "Writing and publishing"). */

export async function publishingIdentity(ctx: LinkedInContext, userId: string): Promise<{ accessToken: AccessToken; memberId: string } | null> {
  const { log, cipher } = ctx
  const r = await row(ctx, userId)
  if (!r) return null
  try {
    return {
      accessToken: { token: cipher.decrypt(r.accessTokenEncrypted, accessContext(userId)), expiresAt: r.accessTokenExpiresAt },
      memberId: r.linkedInMemberId
    }
  } catch (err) {
    if (!(err instanceof TokenDecryptError)) throw err
    log(`The LinkedIn token of user ${userId} cannot be decrypted (PAGECREW_TOKEN_KEY changed?); they must reconnect`)
    return null
  }
}
