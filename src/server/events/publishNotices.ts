import { eq, inArray } from 'drizzle-orm'
import { MESSAGES } from '../../shared/api/messages'
import type { DomainEvent } from '../../shared/api/events'
import { UNKNOWN_OUTCOME_REASON } from '../../shared/rules/postLifecycle'
import type { Executor } from '../db/client'
import { posts, users } from '../db/schema'
import { approversOf } from '../services/approval'
import type { NotificationService, NotifyInput } from '../services/notifications'
import { postExcerpt, postLink, reviewLink } from '../services/postLinks'
import type { EventConsumer } from './consumers'

export const PUBLISHED_TITLE = 'Post published 🎉'
export const NOT_PUBLISHED_TITLE = 'Post not published'
const MAYBE_PUBLISHED_TITLE = 'Post may have been published'

/** The consumer's name: its cursor row in event_consumers and its job kind `events:publish-notices`. */
const PUBLISH_NOTICES = 'publish-notices'

/**
 * What a publish's outcome tells people (the first consumer of the event stream, docs/decisions/0002):
 * post.published tells the author their post is live; post.failed tells the author why it did not go
 * out and, when it was not approved in time, the people who could have approved it. The publisher
 * only records the outcome; the notifications are written here, once per event, in the transaction
 * that moves this consumer's cursor — so a process that dies after publishing loses no notice (the
 * publisher used to write the "live" notice after its commit) and none is ever written twice.
 *
 * Wording is read when the event is handled: the post's text and the author's name as they are then.
 * A post deleted meanwhile is told of no more.
 */
export function publishNoticesConsumer(deps: { notifications: Pick<NotificationService, 'notify'> }): EventConsumer {
  return {
    name: PUBLISH_NOTICES,
    events: ['post.published', 'post.failed'],
    async handle(tx, events) {
      const postIds = [...new Set(events.map((e) => (e.name === 'post.published' || e.name === 'post.failed' ? e.payload.postId : null)).filter((id) => id !== null))]
      if (postIds.length === 0) return
      const rows = await tx
        .select({ id: posts.id, text: posts.text, authorUserId: posts.authorUserId, organizationId: posts.organizationId, authorName: users.fullName })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.authorUserId))
        .where(inArray(posts.id, postIds))
      const found = new Map(rows.map((row) => [row.id, row]))
      for (const event of events) {
        if (event.name !== 'post.published' && event.name !== 'post.failed') continue
        const post = found.get(event.payload.postId)
        if (!post || post.organizationId !== event.organizationId) continue
        for (const notice of await noticesOf(tx, event, post)) await deps.notifications.notify(notice, tx)
      }
    }
  }
}

type PostFacts = { id: string; text: string; authorUserId: string; organizationId: string; authorName: string }

async function noticesOf(tx: Executor, event: DomainEvent, post: PostFacts): Promise<NotifyInput[]> {
  const organizationId = post.organizationId
  const toAuthor = (title: string, message: string): NotifyInput => ({ organizationId, userId: post.authorUserId, title, message, link: postLink(post.id) })
  const excerpt = postExcerpt(post.text, 60)
  const quoted = excerpt ? ` “${excerpt}”` : ''
  if (event.name === 'post.published') return [toAuthor(PUBLISHED_TITLE, excerpt ? `Your post${quoted} is live on LinkedIn.` : 'Your post is live on LinkedIn.')]
  if (event.name !== 'post.failed') return []
  switch (event.payload.cause) {
    case 'unknownOutcome':
      return [toAuthor(MAYBE_PUBLISHED_TITLE, `Your scheduled post ${UNKNOWN_OUTCOME_REASON}.`)]
    case 'notApproved': {
      const approvers = (await approversOf(tx, organizationId, post.authorUserId)).notify
      const message = `${post.authorName}’s post${quoted} was not published at its scheduled time: it was not approved.`
      return [
        toAuthor(NOT_PUBLISHED_TITLE, `Your scheduled post${quoted} was not published: ${MESSAGES.notApprovedAtPublishTime}`),
        ...approvers.map((userId) => ({ organizationId, userId, title: NOT_PUBLISHED_TITLE, message, link: reviewLink(post.id) }))
      ]
    }
    default:
      return [toAuthor(NOT_PUBLISHED_TITLE, `Your scheduled post was not published: ${event.payload.reason}`)]
  }
}
