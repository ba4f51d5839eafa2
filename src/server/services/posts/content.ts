import { RECOMMENDED_MESSAGES } from '../../../shared/domain/recommended'
import type { PostType } from '../../../shared/domain/enums'
import { postProblems, type PostProblems } from '../../../shared/rules/posts'
import { badRequest } from '../../errors'
import type { PostContent } from '../approval'
import type { MediaRow } from '../media'
import type { PostRow } from './rows'
import type { CreatePostInput } from './types'

/* What a post says, as LinkedIn's limits and the revisions read it (docs/architecture.md, "Posts on the server"). */

type Poll = NonNullable<PostRow['poll']>

export interface Content {
  type: PostType
  text: string
  poll: Poll | null
  media: MediaRow[]
  /** A reshare: its comment may be empty. */
  reshare: boolean
}

/** What a revision keeps of a post (or of the content an update makes of it) with its media in order. */
export const contentOf = (post: Pick<PostRow, 'type' | 'text' | 'poll' | 'businessPageId'>, mediaRows: readonly MediaRow[]): PostContent => ({
  type: post.type,
  text: post.text,
  poll: post.poll,
  mediaIds: mediaRows.map((m) => m.id),
  businessPageId: post.businessPageId
})

/** LinkedIn's limits (rules/posts.ts) that `content` breaks, by field. */
export const problemsOf = (content: Content): PostProblems =>
  postProblems({ type: content.type, text: content.text, poll: content.poll, media: content.media.map((m) => ({ kind: m.kind })), reshare: content.reshare })

/** A reshare carries its comment only (400 reshareTextOnly on the field that adds anything else). */
export function requireTextOnly(input: Pick<CreatePostInput, 'type' | 'poll' | 'mediaIds' | 'businessPageId'>): void {
  const field =
    input.mediaIds && input.mediaIds.length > 0
      ? 'mediaIds'
      : input.poll
        ? 'poll'
        : input.businessPageId
          ? 'businessPageId'
          : input.type && input.type !== 'textOnly'
            ? 'type'
            : null
  if (field) throw badRequest(RECOMMENDED_MESSAGES.reshareTextOnly, { [field]: RECOMMENDED_MESSAGES.reshareTextOnly })
}
