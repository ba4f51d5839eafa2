import { z } from 'zod'
import { POLL_DURATION_DEFAULT } from '../../../../shared/constants'
import type { LinkedInAdapter, PublishInput } from '../linkedin'
import { LinkedInValidationError, TokenExpiredError } from '../linkedin'
import { expectOk, json, postRefused, type RestContext } from './http'
import { uploadSingle, uploadVideo } from './uploads'
import { authorUrn } from './urns'

/**
 * The versioned Posts API: creating a post (text, poll, images, multi-image, a document or a video;
 * or a reshare, issue 15) and finding one a lost answer may have created.
 */

/** findPublished: a post created up to this long before the attempt started still counts (clock skew). */
const FIND_SLACK_MS = 60_000
const POLL_DURATIONS: Record<number, string> = { 1: 'ONE_DAY', 3: 'THREE_DAYS', 7: 'SEVEN_DAYS', 14: 'FOURTEEN_DAYS' }

const postListSchema = z.object({
  elements: z.array(
    z.object({
      id: z.string(),
      author: z.string().optional(),
      commentary: z.string().optional(),
      createdAt: z.number().optional(),
      reshareContext: z.object({ parent: z.string() }).optional()
    })
  )
})

/**
 * The post text in LinkedIn's "little text format": reserved characters escaped (unescaped, LinkedIn
 * cuts the text or reads mentions into it), and #words as hashtags.
 */
export function toCommentary(text: string): string {
  const escape = (part: string) => part.replace(/[\\|{}@[\]()<>#*_~]/g, (c) => `\\${c}`)
  let out = ''
  let last = 0
  for (const match of text.matchAll(/(?<=^|\s)#([\p{L}\p{N}]+)/gu)) {
    out += `${escape(text.slice(last, match.index))}{hashtag|\\#|${match[1]!}}`
    last = match.index + match[0].length
  }
  return out + escape(text.slice(last))
}

/** The post's `content`: a poll, or its media uploaded first; null for text only. */
async function content(context: RestContext, input: PublishInput, owner: string): Promise<Record<string, unknown> | null> {
  const token = input.accessToken.token
  if (input.type === 'poll') {
    if (!input.poll) throw new LinkedInValidationError('A poll needs a question and options')
    const duration = POLL_DURATIONS[input.poll.durationDays ?? POLL_DURATION_DEFAULT]
    if (!duration) throw new LinkedInValidationError('Polls run for 1, 3, 7 or 14 days')
    return { poll: { question: input.poll.question, options: input.poll.options.map((text) => ({ text })), settings: { duration } } }
  }
  const media = input.media ?? []
  const images = media.filter((m) => m.kind === 'image')
  const video = media.find((m) => m.kind === 'video')
  const document = media.find((m) => m.kind === 'document')
  if (video) return { media: { id: await uploadVideo(context, video, owner, token), title: video.fileName } }
  if (document) return { media: { id: await uploadSingle(context, 'document', document, owner, token), title: document.fileName } }
  if (images.length === 0) return null
  const uploaded: { id: string; altText: string }[] = []
  for (const image of images) uploaded.push({ id: await uploadSingle(context, 'image', image, owner, token), altText: image.altText })
  if (uploaded.length === 1) return { media: { id: uploaded[0]!.id, ...(uploaded[0]!.altText ? { altText: uploaded[0]!.altText } : {}) } }
  return { multiImage: { images: uploaded.map((u) => ({ id: u.id, ...(u.altText ? { altText: u.altText } : {}) })) } }
}

export async function publish(context: RestContext, input: PublishInput): Promise<{ urn: string }> {
  if (input.accessToken.expiresAt && input.accessToken.expiresAt.getTime() <= context.clock.now().getTime()) throw new TokenExpiredError()
  const author = authorUrn(input.author)
  // A reshare (issue 15) is a post whose reshareContext names the parent; its commentary is the comment.
  if (input.reshareOf && (input.type !== 'textOnly' || (input.media ?? []).length > 0 || input.poll)) {
    throw new LinkedInValidationError('A reshare carries its commentary only')
  }
  const postContent = input.reshareOf ? null : await content(context, input, author)
  const answer = await context.rest('POST', '/rest/posts', input.accessToken.token, {
    author,
    commentary: toCommentary(input.text),
    visibility: 'PUBLIC',
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
    ...(postContent ? { content: postContent } : {}),
    ...(input.reshareOf ? { reshareContext: { parent: input.reshareOf } } : {})
  })
  if (answer.status !== 201 && answer.status !== 200) throw postRefused(answer, 'the post')
  const urn = answer.headers['x-restli-id']
  if (typeof urn !== 'string' || !urn) throw new Error('LinkedIn created the post without saying its id')
  return { urn }
}

export async function findPublished(
  { rest }: RestContext,
  { author, text, since, accessToken, reshareOf }: Parameters<LinkedInAdapter['findPublished']>[0]
): Promise<{ urn: string } | null> {
  const urn = authorUrn(author)
  const answer = expectOk(
    await rest('GET', `/rest/posts?author=${encodeURIComponent(urn)}&q=author&count=50&sortBy=LAST_MODIFIED`, accessToken.token, undefined, {
      'x-restli-method': 'FINDER'
    }),
    'the post look-up'
  )
  const commentary = toCommentary(text)
  const from = since.getTime() - FIND_SLACK_MS
  const found = json(answer, postListSchema, 'the post look-up').elements.find(
    (post) =>
      (post.author === undefined || post.author === urn) &&
      (post.commentary === commentary || post.commentary === text) &&
      (post.reshareContext?.parent ?? null) === (reshareOf ?? null) &&
      (post.createdAt ?? 0) >= from
  )
  return found ? { urn: found.id } : null
}
