import type { LinkedInConnection } from '../../../shared/domain/entities'
import { disconnected, row, view } from './connectionRows'
import type { LinkedInContext } from './types'

/* GET /linkedin/connection: the member's connection, or none (docs/architecture.md, "Writing and publishing"). */

export async function linkedInConnection(ctx: LinkedInContext, userId: string): Promise<LinkedInConnection> {
  const r = await row(ctx, userId)
  return r ? view(r) : disconnected(ctx)
}
