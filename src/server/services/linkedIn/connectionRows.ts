import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { LinkedInConnection } from '../../../shared/domain/entities'
import { linkedInConnections } from '../../db/schema'
import type { LinkedInContext } from './types'

/* A member's connection row, its view, and the encryption contexts (docs/architecture.md, "Writing and publishing"). */

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
export const accessContext = (userId: string) => `linkedin-access:${userId}`
export const refreshContext = (userId: string) => `linkedin-refresh:${userId}`
export const verifierContext = (stateHash: string) => `linkedin-verifier:${stateHash}`

export const disconnected = (ctx: Pick<LinkedInContext, 'adapter'>): LinkedInConnection => ({
  connected: false,
  memberName: null,
  connectedAt: null,
  expiresAt: null,
  provider: ctx.adapter.provider
})

export async function row(ctx: Pick<LinkedInContext, 'db'>, userId: string) {
  const { db } = ctx
  const [found] = await db.select().from(linkedInConnections).where(eq(linkedInConnections.userId, userId))
  return found ?? null
}

export const view = (r: typeof linkedInConnections.$inferSelect): LinkedInConnection => ({
  connected: true,
  memberName: r.memberName,
  connectedAt: r.connectedAt.toISOString(),
  expiresAt: r.accessTokenExpiresAt.toISOString(),
  provider: r.provider
})
