import { row } from './connectionRows'
import type { LinkedInContext, LinkedInStatus } from './types'

/* Connected, missing or expired; an expired token stays connected (docs/architecture.md, "Writing and publishing"). */

export async function connectionStatus(ctx: LinkedInContext, userId: string): Promise<LinkedInStatus> {
  const { clock, adapter } = ctx
  const r = await row(ctx, userId)
  if (!r) return 'missing'
  if (r.provider !== adapter.provider || r.accessTokenExpiresAt.getTime() <= clock.now().getTime()) return 'expired'
  return 'connected'
}
