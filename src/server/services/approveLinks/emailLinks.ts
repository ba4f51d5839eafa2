import { and, eq, inArray } from 'drizzle-orm'
import type { Mailer } from '../../adapters/mail/mail'
import type { Clock } from '../../clock'
import { memberships, posts, users } from '../../db/schema'
import type { EventConsumer } from '../../events/consumers'
import { approversOf } from '../approval'
import { APPROVE_LINK_TTL_MS, approveLinkUrl, issueApproverLinks, openPostUrl, postPreview, previewText } from './links'
import type { ApproveLinkSigner } from './tokens'

/** The consumer's name: its cursor row and its job kind `events:approve-link-emails`. */
export const APPROVE_LINK_EMAILS = 'approve-link-emails'

/**
 * approval.requested → each approver it was sent to (the author's team leaders, else the admins:
 * approversOf().notify, as the in-app notice) gets their own Approve and Request changes links by
 * email. Links and the outbox's message are written in the consumer's transaction, so each request
 * mails once; a post changed or decided since is passed over (its new request brings new links).
 */
export function approveLinkEmailsConsumer(deps: { clock: Clock; mailer: Pick<Mailer, 'record' | 'deliver'>; signer: ApproveLinkSigner; baseUrl: () => string }): EventConsumer {
  return {
    name: APPROVE_LINK_EMAILS,
    events: ['approval.requested'],
    async handle(tx, events) {
      for (const event of events) {
        if (event.name !== 'approval.requested') continue
        const { postId, revision } = event.payload
        const [post] = await tx.select({ approvalStatus: posts.approvalStatus, revision: posts.revision }).from(posts).where(eq(posts.id, postId))
        if (!post || post.approvalStatus !== 'PENDING' || post.revision !== revision) continue
        const preview = await postPreview(tx, postId)
        if (!preview) continue
        const { notify } = await approversOf(tx, preview.organizationId, preview.authorUserId)
        if (notify.length === 0) continue
        const people = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organizationId, preview.organizationId)))
          .where(inArray(users.id, notify))
        const links = await issueApproverLinks(tx, deps.signer, deps.clock.now(), { organizationId: preview.organizationId, postId, revision }, people.map((p) => p.id))
        const base = deps.baseUrl()
        const days = Math.round(APPROVE_LINK_TTL_MS / 86_400_000)
        for (const person of people) {
          const tokens = links.get(person.id)!
          const mail = {
            organizationId: preview.organizationId,
            to: person.email,
            subject: `${preview.authorName || 'A member'} asks you to approve a post`,
            text:
              `${preview.authorName || 'A member'} asks you to approve this post in ${preview.organizationName}:\n\n` +
              `${previewText(preview.text)}\n\n` +
              `Approve: ${approveLinkUrl(base, tokens.approve, preview.organizationWorkOSId)}\n` +
              `Request changes: ${approveLinkUrl(base, tokens.requestChanges, preview.organizationWorkOSId)}\n` +
              `Open in Pagecrew: ${openPostUrl(base, postId, preview.organizationWorkOSId)}\n\n` +
              `Each link works once, after you sign in, and expires in ${days} days.\n`
          }
          await deps.mailer.record(mail, tx)
          await deps.mailer.deliver(mail)
        }
      }
    }
  }
}
