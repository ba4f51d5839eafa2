import { and, eq } from 'drizzle-orm'
import { RECOMMENDED_MESSAGES } from '../../../shared/domain/recommended'
import type { Executor } from '../../db/client'
import { posts } from '../../db/schema'
import { conflict } from '../../errors'
import { reshareSource } from '../recommended/reshareSource'
import type { PostAuthor } from './access'
import { requireTextOnly } from './content'
import type { CreatePostInput } from './types'

/* A new post that reshares a recommended post (docs/architecture.md, "Recommended posts"). */

/** The reshare columns of a new post made from `recommendationId`, once its rules are checked. */
export async function reshareOf(tx: Executor, session: PostAuthor, recommendationId: string, input: CreatePostInput, now: Date) {
  const recommendation = await reshareSource(tx, session, recommendationId, now)
  requireTextOnly(input)
  const [existing] = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.recommendationId, recommendation.id), eq(posts.authorUserId, session.userId)))
    .limit(1)
  if (existing) throw conflict(RECOMMENDED_MESSAGES.alreadyReshared, { recommendationId: RECOMMENDED_MESSAGES.alreadyReshared })
  return { type: 'textOnly' as const, reshareOfUrn: recommendation.linkedInPostUrn, recommendationId: recommendation.id }
}
