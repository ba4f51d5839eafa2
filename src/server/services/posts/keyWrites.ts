import type { AuditAction } from '../../../shared/domain/audit'
import type { Executor } from '../../db/client'
import { apiKeyDisplayName, auditActorOf, isApiKeyActor, type OrganizationActor } from '../actor'
import { record } from '../audit'
import type { NotificationService } from '../notifications'
import { postExcerpt, postLink } from '../postLinks'
import type { PostRow } from './rows'

/*
 * What an organization's API key leaves behind when it writes a member's post (issue 28): the key
 * acts as the organization, never as the person, so the change is the organization's — an audit
 * entry by "API key <name>" — and the author is told in the app that their post was written or
 * scheduled for them. A session author's work on their own post is neither (it is theirs).
 */

export type KeyWrite = 'created' | 'scheduled' | 'publishNow'

const AUDIT_ACTION: Record<KeyWrite, AuditAction> = {
  created: 'post.created',
  scheduled: 'post.scheduled',
  publishNow: 'post.publish_requested'
}

export const KEY_WRITE_TITLES: Record<KeyWrite, string> = {
  created: 'A draft was written for you',
  scheduled: 'Your post was scheduled',
  publishNow: 'Your post is being published'
}

function messageOf(write: KeyWrite, by: string, post: PostRow): string {
  const excerpt = postExcerpt(post.text, 60)
  const quoted = excerpt ? `“${excerpt}”` : 'a post'
  if (write === 'created') return `${by} wrote a draft for you: ${quoted}. Check it before it is scheduled.`
  if (write === 'scheduled') return `${by} scheduled your post ${quoted}.`
  return `${by} is publishing your post ${quoted} now.`
}

/** After `actor` wrote `post` (in the write's transaction): for an API key, the audit entry and the author's notification; nothing for a session. */
export async function recordKeyWrite(
  tx: Executor,
  notifications: Pick<NotificationService, 'notify'>,
  actor: OrganizationActor,
  write: KeyWrite,
  post: PostRow,
  now: Date
): Promise<void> {
  if (!isApiKeyActor(actor)) return
  await record(tx, {
    organizationId: post.organizationId,
    at: now,
    actor: auditActorOf(actor),
    action: AUDIT_ACTION[write],
    target: { type: 'post', id: post.id, label: postExcerpt(post.text) },
    after: {
      authorId: post.authorUserId,
      status: post.status,
      ...(post.scheduledAt && write !== 'created' ? { scheduledAt: post.scheduledAt.toISOString() } : {})
    }
  })
  await notifications.notify(
    { organizationId: post.organizationId, userId: post.authorUserId, title: KEY_WRITE_TITLES[write], message: messageOf(write, apiKeyDisplayName(actor), post), link: postLink(post.id) },
    tx
  )
}
