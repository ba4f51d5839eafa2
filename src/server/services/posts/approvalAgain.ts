import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { users } from '../../db/schema'
import { approversOf } from '../approval'
import type { NotificationService } from '../notifications'
import { postExcerpt, reviewLink } from '../postLinks'
import type { PostRow } from './rows'

/* An edit of an approved post asks its approvers again (docs/architecture.md, "Collaborate: reviews, approvals and versions"). */

export const APPROVAL_AGAIN_TITLE = 'Approval needed again 🔁'

/** An approved post was edited: back to PENDING, so whoever approves the author's posts is asked again. */
export async function askApprovalAgain(tx: Executor, notifications: Pick<NotificationService, 'notify'>, post: PostRow): Promise<void> {
  const [{ notify }, [author]] = [
    await approversOf(tx, post.organizationId, post.authorUserId),
    await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, post.authorUserId))
  ]
  const excerpt = postExcerpt(post.text, 60)
  const message = `${author!.fullName} changed ${excerpt ? `“${excerpt}”` : 'a post'} after it was approved. It needs your approval again.`
  for (const userId of notify) {
    await notifications.notify({ organizationId: post.organizationId, userId, title: APPROVAL_AGAIN_TITLE, message, link: reviewLink(post.id) }, tx)
  }
}
