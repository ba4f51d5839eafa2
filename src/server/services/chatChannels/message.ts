import { eq } from 'drizzle-orm'
import type { DomainEvent } from '../../../shared/api/events'
import { CHAT_CHANNEL_EVENTS, type ChatChannelEvent } from '../../../shared/api/endpoints/chatChannels'
import { linkTo, type LinkQuery } from '../../../shared/routes'
import type { Executor } from '../../db/client'
import { organizations, posts, users } from '../../db/schema'
import { previewText } from '../approveLinks'
import type { ApproveLinkService } from '../approveLinks'
import { postExcerpt } from '../postLinks'

/**
 * What a chat channel says of an event (issue 28), before it is written in a format (slack.ts,
 * teams.ts): a title, a text, facts, a context line and link buttons. Times are kept as instants so
 * each format shows them in each reader's own timezone. Built when the message is sent, from the
 * database as it is then; an event whose post or person is gone says nothing (null).
 */
export interface ChatMessage {
  title: string
  /** Plain text (each format escapes it); may hold the post's preview. */
  text: string
  facts: ChatFact[]
  context: string
  buttons: ChatButton[]
}

export type ChatFact = { title: string; value: string } | { title: string; at: Date }

export interface ChatButton {
  label: string
  url: string
  style?: 'primary' | 'danger'
}

export const isChannelEvent = (name: string): name is ChatChannelEvent => (CHAT_CHANNEL_EVENTS as readonly string[]).includes(name)

export interface ChatMessageDeps {
  approveLinks: Pick<ApproveLinkService, 'channelMessage' | 'baseUrl'>
}

const quoted = (text: string) => `“${postExcerpt(text, 120) || 'an empty post'}”`

export async function chatMessageFor(deps: ChatMessageDeps, tx: Executor, event: DomainEvent): Promise<ChatMessage | null> {
  const base = deps.approveLinks.baseUrl()
  const [org] = await tx.select({ name: organizations.name, workOSId: organizations.organizationWorkOSId }).from(organizations).where(eq(organizations.id, event.organizationId))
  if (!org) return null
  const context = `Pagecrew · ${org.name}`
  const url = (path: string) => `${base}${path}`
  const inApp = (query: LinkQuery = {}) => ({ ...query, orgid: org.workOSId })
  const nameOf = async (userId: string) => (await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId)))[0]?.fullName || 'A member'
  const postOf = async (postId: string) => (await tx.select({ text: posts.text, authorUserId: posts.authorUserId }).from(posts).where(eq(posts.id, postId)))[0] ?? null
  const openPost = (postId: string): ChatButton => ({ label: 'Open', url: url(linkTo('collaborate', inApp({ postId }))) })

  switch (event.name) {
    case 'approval.requested': {
      const made = await deps.approveLinks.channelMessage(tx, { postId: event.payload.postId, revision: event.payload.revision })
      if (!made) return null
      const { preview, links } = made
      return {
        title: 'Approval requested',
        text: previewText(preview.text) || '(This post has no text yet.)',
        facts: [{ title: 'Author', value: preview.authorName || 'A member' }, ...(preview.slotTime ? [{ title: 'Goes out', at: preview.slotTime }] : [])],
        context: `${context} · Each button works once, after you sign in, for 7 days.`,
        buttons: [
          { label: 'Approve', url: links.approve, style: 'primary' },
          { label: 'Request changes', url: links.requestChanges },
          { label: 'Open', url: links.open }
        ]
      }
    }
    case 'post.published':
    case 'post.failed': {
      const post = await postOf(event.payload.postId)
      if (!post) return null
      const author = await nameOf(post.authorUserId)
      const published = event.name === 'post.published'
      return {
        title: published ? 'Post published' : 'Post not published',
        text: published ? `${author}’s post ${quoted(post.text)} is live on LinkedIn.` : `${author}’s post ${quoted(post.text)} did not go out: ${event.payload.reason || 'LinkedIn refused it'}.`,
        facts: [],
        context,
        buttons: [openPost(event.payload.postId)]
      }
    }
    case 'post.approved':
    case 'post.rejected': {
      const post = await postOf(event.payload.postId)
      if (!post) return null
      const [author, approver] = [await nameOf(post.authorUserId), await nameOf(event.payload.approverId)]
      return {
        title: event.name === 'post.approved' ? 'Post approved' : 'Changes requested',
        text: event.name === 'post.approved' ? `${approver} approved ${author}’s post ${quoted(post.text)}.` : `${approver} asked ${author} for changes to ${quoted(post.text)}.`,
        facts: [],
        context,
        buttons: [openPost(event.payload.postId)]
      }
    }
    case 'slot.missed':
      return {
        title: 'Slot missed',
        text: `${await nameOf(event.payload.assigneeId)}’s slot passed without a published post.`,
        facts: [{ title: 'Slot', at: new Date(event.payload.startAt) }],
        context,
        buttons: [{ label: 'Open the Plan', url: url(linkTo('schedule', inApp())) }]
      }
    case 'member.joined':
      return {
        title: 'New member',
        text: `${await nameOf(event.payload.userId)} joined ${org.name}.`,
        facts: [{ title: 'Role', value: event.payload.role }],
        context,
        buttons: [{ label: 'Open the team', url: url(linkTo('team', inApp())) }]
      }
    case 'certificate.issued':
      return {
        title: 'Certificate earned',
        text: `${await nameOf(event.payload.userId)} earned the certificate of ${event.payload.course}.`,
        facts: [],
        context,
        buttons: [{ label: 'Validate', url: url(linkTo('validateCertification', { id: event.payload.certificateId })) }]
      }
    case 'recommendation.created':
      return {
        title: 'Post recommended',
        text: `A post was recommended to ${event.payload.recipientCount} ${event.payload.recipientCount === 1 ? 'member' : 'members'} to reshare.`,
        facts: [],
        context,
        buttons: [{ label: 'Open Recommended posts', url: url(linkTo('recommended', inApp())) }]
      }
    default:
      return null
  }
}
