import { eq } from 'drizzle-orm'
import type { LinkedInConnection } from '../../../shared/domain/entities'
import { linkedInAuthorizations, linkedInConnections } from '../../db/schema'
import { disconnected } from './connectionRows'
import type { LinkedInContext } from './types'

/* Disconnecting: the connection and any unfinished sign-in go (docs/architecture.md, "Writing and publishing"). */

export async function disconnectLinkedIn(ctx: LinkedInContext, userId: string): Promise<LinkedInConnection> {
  const { db } = ctx
  await db.transaction(async (tx) => {
    await tx.delete(linkedInConnections).where(eq(linkedInConnections.userId, userId))
    await tx.delete(linkedInAuthorizations).where(eq(linkedInAuthorizations.userId, userId))
  })
  return disconnected(ctx)
}
