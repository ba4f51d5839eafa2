import { LINKEDIN_POST_MAX, MEDIA_TYPES, POLL_OPTION_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_QUESTION_MAX, POST_IMAGES_MAX } from '../constants'
import { MESSAGES } from '../api/messages'
import type { MediaKind } from '../domain/entities'
import type { PostType } from '../domain/enums'

/**
 * LinkedIn's limits for a post (issue 6), checked by the editor as the user types and by the server
 * before a post is scheduled or published. Drafts may break them (nothing typed is ever refused on
 * save); publishing may not.
 */
interface PublishablePost {
  type: PostType
  text: string
  poll: { question: string; options: string[] } | null
  media: Array<{ kind: MediaKind }>
  /** A reshare (issue 15): its text is a comment on the post it reshares, which LinkedIn lets be empty. */
  reshare?: boolean
}

/** Field → message; empty when the post can be published. Fields: text, poll, pollQuestion, pollOptions, media. */
export type PostProblems = Partial<Record<'text' | 'poll' | 'pollQuestion' | 'pollOptions' | 'media', string>>

/** Characters as LinkedIn counts them (code points, so an emoji counts once). */
export function postLength(text: string): number {
  return Array.from(text).length
}

export function postProblems(post: PublishablePost): PostProblems {
  const problems: PostProblems = {}
  const length = postLength(post.text)
  if (length > LINKEDIN_POST_MAX) problems.text = MESSAGES.postTooLong
  const images = post.media.filter((m) => m.kind === 'image').length
  const videos = post.media.filter((m) => m.kind === 'video').length
  const documents = post.media.filter((m) => m.kind === 'document').length
  switch (post.type) {
    case 'textOnly':
      if (post.text.trim() === '' && !post.reshare) problems.text = MESSAGES.postEmpty
      if (post.media.length > 0) problems.media = MESSAGES.mediaWrongKind
      break
    case 'images':
    case 'multiImage':
      if (images === 0) problems.media = MESSAGES.imagesMissing
      else if (images > POST_IMAGES_MAX) problems.media = MESSAGES.tooManyImages
      else if (videos + documents > 0) problems.media = MESSAGES.mediaWrongKind
      break
    case 'videos':
      if (videos === 0) problems.media = MESSAGES.videoMissing
      else if (videos > 1) problems.media = MESSAGES.oneVideo
      else if (images + documents > 0) problems.media = MESSAGES.mediaWrongKind
      break
    case 'document':
      if (documents === 0) problems.media = MESSAGES.documentMissing
      else if (documents > 1) problems.media = MESSAGES.oneDocument
      else if (images + videos > 0) problems.media = MESSAGES.mediaWrongKind
      break
    case 'poll': {
      if (post.media.length > 0) problems.media = MESSAGES.mediaWrongKind
      if (post.text.trim() === '') problems.text ??= MESSAGES.postEmpty
      const poll = post.poll
      const question = poll?.question.trim() ?? ''
      if (question === '') problems.pollQuestion = MESSAGES.pollQuestionMissing
      else if (postLength(question) > POLL_QUESTION_MAX) problems.pollQuestion = MESSAGES.pollQuestionTooLong
      const options = poll?.options ?? []
      if (options.length < POLL_OPTIONS_MIN || options.length > POLL_OPTIONS_MAX) problems.pollOptions = MESSAGES.pollOptionCount
      else if (options.some((o) => o.trim() === '')) problems.pollOptions = MESSAGES.pollOptionEmpty
      else if (options.some((o) => postLength(o.trim()) > POLL_OPTION_MAX)) problems.pollOptions = MESSAGES.pollOptionTooLong
      break
    }
  }
  return problems
}

/** The media kind a content type belongs to, or null when Pagecrew does not take it. */
export function mediaKindOf(contentType: string): MediaKind | null {
  const type = contentType.toLowerCase().split(';')[0]!.trim()
  for (const kind of ['image', 'video', 'document'] as const) {
    if ((MEDIA_TYPES[kind] as readonly string[]).includes(type)) return kind
  }
  return null
}

/** The media kinds a post type carries. */
export function mediaKindsFor(type: PostType): MediaKind[] {
  if (type === 'images' || type === 'multiImage') return ['image']
  if (type === 'videos') return ['video']
  if (type === 'document') return ['document']
  return []
}
