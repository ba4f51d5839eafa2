import { POST_TYPE_CHOICES } from '@shared/constants'
import type { Post, PostMedia, PostType } from '@shared/domain'
import { mediaKindsFor, postProblems, type PostProblems } from '@shared/rules/posts'
import { emptyPoll, type PollDraft } from './poll/pollDraft'

export type PostTypeChoice = (typeof POST_TYPE_CHOICES)[number]

/**
 * What the editor holds: the chosen post type (spec §2 choices), the text, and every poll and
 * media the user has added. Media of other kinds and the poll are kept while another type is
 * chosen (switching back finds them again) but only the chosen type's are sent and previewed.
 */
export interface PostDraft {
  choice: PostTypeChoice
  text: string
  poll: PollDraft
  media: PostMedia[]
  /** Post as this business page; null: as the user. */
  businessPageId: string | null
  slotId: string | null
}

const TYPE_OF_CHOICE: Record<PostTypeChoice, PostType> = {
  Text: 'textOnly',
  'Add image': 'images',
  'Add media': 'videos',
  'Add a document': 'document',
  'Create a poll': 'poll'
}

function choiceOf(type: PostType): PostTypeChoice {
  if (type === 'multiImage') return 'Add image'
  return POST_TYPE_CHOICES.find((c) => TYPE_OF_CHOICE[c] === type) ?? 'Text'
}

export function emptyDraft(input: { type?: PostType; slotId?: string | null; businessPageId?: string | null } = {}): PostDraft {
  return {
    choice: choiceOf(input.type ?? 'textOnly'),
    text: '',
    poll: emptyPoll(),
    media: [],
    businessPageId: input.businessPageId ?? null,
    slotId: input.slotId ?? null
  }
}

export function draftFromPost(post: Post): PostDraft {
  return {
    choice: choiceOf(post.type),
    text: post.text,
    poll: post.poll ? { ...post.poll, options: [...post.poll.options] } : emptyPoll(),
    media: post.media,
    businessPageId: post.businessPage?.id ?? null,
    slotId: post.slotId
  }
}

/** The media the chosen type carries (in the order added). */
export function activeMedia(draft: PostDraft): PostMedia[] {
  const kinds = mediaKindsFor(TYPE_OF_CHOICE[draft.choice])
  return draft.media.filter((m) => kinds.includes(m.kind))
}

/** 'Add image' is a single-image post with one image and a multi-image post with more (LinkedIn's two formats). */
export function postTypeOf(draft: PostDraft): PostType {
  const type = TYPE_OF_CHOICE[draft.choice]
  if (type === 'images' && activeMedia(draft).length > 1) return 'multiImage'
  return type
}

/** A post's content as create and update send it. */
export interface PostContent {
  text: string
  type: PostType
  poll: PollDraft | null
  mediaIds: string[]
  slotId: string | null
  businessPageId: string | null
}

/** What the server stores for this draft. */
export function postBody(draft: PostDraft): PostContent {
  const type = postTypeOf(draft)
  return {
    text: draft.text,
    type,
    poll: type === 'poll' ? { question: draft.poll.question, options: draft.poll.options, durationDays: draft.poll.durationDays } : null,
    mediaIds: activeMedia(draft).map((m) => m.id),
    slotId: draft.slotId,
    businessPageId: draft.businessPageId
  }
}

/** Whether two drafts would store the same post. */
export function sameContent(a: PostDraft, b: PostDraft): boolean {
  return JSON.stringify(postBody(a)) === JSON.stringify(postBody(b))
}

/** LinkedIn's limits for the draft as it would be published (rules/posts.ts, shared with the server). */
export function draftProblems(draft: PostDraft): PostProblems {
  const type = postTypeOf(draft)
  return postProblems({ type, text: draft.text, poll: type === 'poll' ? draft.poll : null, media: activeMedia(draft) })
}

/**
 * A reshare's limits (rules/posts.ts, as the server checks them): its comment may be empty
 * (LinkedIn reshares without commentary) but not too long; it carries no media or poll of its own.
 */
export function reshareProblems(draft: PostDraft): PostProblems {
  return postProblems({ type: 'textOnly', text: draft.text, poll: null, media: [], reshare: true })
}
