import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import { isEntitled } from '../../../shared/rules'
import { AiProviderError } from '../../adapters/ai/ai'
import { aiGenerations } from '../../db/schema'
import { ApiError, planLimit } from '../../errors'
import { lockOrganization } from '../access'
import type { OrganizationSession } from '../sessions'
import type { AiDeps, AiUsage } from './types'

/* A generation's usage: reserved under the organization lock, released when the provider fails (docs/architecture.md, "Writing and publishing"). */

const USAGE_KEY = 'GENERATE_IDEAS_PER_MONTH'

/** Checks the monthly limit and records the generation, under the organization lock. */
async function reserve(deps: AiDeps, session: OrganizationSession, kind: 'ideas' | 'draft'): Promise<{ id: string; usage: AiUsage }> {
  const { db, clock, entitlements, generator } = deps
  const organizationId = session.organization.id
  return db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId)
    const list = await entitlements.list(organizationId, tx)
    if (!isEntitled(list, USAGE_KEY)) throw planLimit(MESSAGES.aiLimitReached)
    const entitlement = list.find((e) => e.lookupKey === USAGE_KEY)!
    const id = randomUUID()
    await tx.insert(aiGenerations).values({ id, organizationId, userId: session.userId, kind, provider: generator.kind, createdAt: clock.now() })
    return { id, usage: { used: entitlement.currentUsage + 1, limit: entitlement.limit } }
  })
}

export async function generate<T>(deps: AiDeps, session: OrganizationSession, kind: 'ideas' | 'draft', run: () => Promise<T>): Promise<{ result: T; usage: AiUsage }> {
  const { db } = deps
  const log = deps.log ?? (() => undefined)
  const reservation = await reserve(deps, session, kind)
  try {
    return { result: await run(), usage: reservation.usage }
  } catch (err) {
    await db
      .delete(aiGenerations)
      .where(eq(aiGenerations.id, reservation.id))
      .catch((deleteErr: unknown) => log(`AI generation ${reservation.id} failed and its usage could not be released: ${String(deleteErr)}`))
    throw providerFailure(err)
  }
}

/**
 * A provider failure as a 502 the user can act on: down, timed out or failing on its side is
 * MESSAGES.aiUnavailable; a refused key, a rejected request, a rate limit or an unreadable answer
 * keep the adapter's own message (written for users, without provider internals). Anything else
 * is a bug and stays a 500.
 */
export function providerFailure(err: unknown): unknown {
  if (!(err instanceof AiProviderError)) return err
  return new ApiError(502, 'bad_gateway', err.unavailable ? MESSAGES.aiUnavailable : err.message)
}
