import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { RECOMMENDED_MESSAGES, type Recommendation } from '../../../shared/domain/recommended'
import { linkTo } from '../../../shared/routes'
import type { Executor } from '../../db/client'
import { recommendationAudience, recommendations, users } from '../../db/schema'
import { badRequest } from '../../errors'
import { recordEvent } from '../../events/outbox'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { audienceOf } from './audience'
import { recommenderScope } from './recommenders'
import { source } from './source'
import type { CreateRecommendationInput, RecommendedDeps } from './types'
import { recommendationViews } from './views'

/*
 * POST /recommended/create: an admin's or team leader's recommendation of a post to reshare; its
 * audience is told, the event and the audit entry written, all in one transaction
 * (docs/architecture.md, "Recommended posts").
 */

export const RECOMMENDED_TITLE = 'Recommended post'
export const RECOMMENDED_LINK = linkTo('recommended')

/** How much of the note the notification quotes. */
const NOTE_IN_NOTIFICATION = 160

/** The start of `text` on one line, at most `max` characters (code points). */
function oneLine(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim())
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('').trimEnd()}…`
}

/** Tells every member of the audience but the recommender; their count. */
async function notifyAudience(
  tx: Executor,
  deps: Pick<RecommendedDeps, 'notifications'>,
  session: OrganizationSession,
  notify: readonly string[],
  post: { previewAuthor: string },
  note: string
): Promise<number> {
  const [me] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, session.userId))
  const who = me?.fullName || 'A colleague'
  const quoted = oneLine(note, NOTE_IN_NOTIFICATION)
  const message = `${who} recommends a post to reshare${post.previewAuthor ? ` by ${post.previewAuthor}` : ''}.${quoted ? ` “${quoted}”` : ''}`
  for (const userId of new Set(notify)) {
    if (userId === session.userId) continue
    await deps.notifications.notify({ organizationId: session.organization.id, userId, title: RECOMMENDED_TITLE, message, link: RECOMMENDED_LINK }, tx)
  }
  return [...new Set(notify)].filter((userId) => userId !== session.userId).length
}

export async function createRecommendation(
  deps: Pick<RecommendedDeps, 'db' | 'clock' | 'entitlements' | 'notifications' | 'linkedInAdapter'>,
  session: OrganizationSession,
  input: CreateRecommendationInput
): Promise<Recommendation> {
  const { db, clock } = deps
  const now = clock.now()
  const endsAt = input.endsAt ? new Date(input.endsAt) : null
  return db.transaction(async (tx) => {
    const led = await recommenderScope(tx, session)
    const post = await source(tx, deps.linkedInAdapter, session, input)
    const audience = await audienceOf(tx, session, input, led)
    if (endsAt && endsAt.getTime() <= now.getTime()) throw badRequest(RECOMMENDED_MESSAGES.endsInPast, { endsAt: RECOMMENDED_MESSAGES.endsInPast })
    const id = randomUUID()
    const [row] = await tx
      .insert(recommendations)
      .values({
        id,
        organizationId: session.organization.id,
        createdBy: session.userId,
        postId: post.postId,
        linkedInPostUrn: post.urn,
        linkedInPostUrl: post.url,
        previewText: post.previewText,
        previewAuthor: post.previewAuthor,
        note: input.note,
        suggestedComments: input.suggestedComments,
        audience: input.audience,
        endsAt,
        createdAt: now
      })
      .returning()
    const audienceRows = [
      ...audience.teamIds.map((teamId) => ({ recommendationId: id, teamId, userId: null })),
      ...audience.memberIds.map((userId) => ({ recommendationId: id, teamId: null, userId }))
    ]
    if (audienceRows.length > 0) await tx.insert(recommendationAudience).values(audienceRows)
    const recipientCount = await notifyAudience(tx, deps, session, audience.notify, post, input.note)
    await recordEvent(tx, now, {
      organizationId: session.organization.id,
      name: 'recommendation.created',
      payload: { recommendationId: id, recipientCount },
      actor: { type: 'user', userId: session.userId }
    })
    await record(tx, {
      organizationId: session.organization.id,
      at: now,
      actor: sessionActor(session),
      action: 'recommendation.created',
      target: { type: 'recommendation', id, label: post.previewAuthor ? `Post by ${post.previewAuthor}` : post.url },
      after: {
        linkedInPostUrl: post.url,
        audience: input.audience,
        ...(audience.teamIds.length ? { teamIds: audience.teamIds } : {}),
        ...(audience.memberIds.length ? { memberIds: audience.memberIds } : {}),
        endsAt: endsAt?.toISOString() ?? null
      }
    })
    return (await recommendationViews(tx, session, [row!]))[0]!
  })
}
