import { z } from 'zod'
import { POLL_DURATIONS, POLL_DURATION_DEFAULT } from '../../constants'
import { postSchema, postStatusSchema, postTypeSchema } from '../../domain'
import { multiLineText, singleLineText } from '../../domain/text'
import { endpoint, none, ok } from './base'
import { idSchema, instantBodySchema } from './common'

// Writing and publishing (issue 6)
/** Drafts keep whatever was typed up to this (publishing checks LinkedIn's 3,000: rules/posts.ts). */
export const POST_DRAFT_MAX = 20_000
const pollBodySchema = z.object({
  question: singleLineText().max(1000, 'Keep the poll question shorter.'),
  options: z.array(singleLineText().max(200, 'Keep poll options shorter.')).max(10),
  durationDays: z
    .number()
    .int()
    .refine((d) => (POLL_DURATIONS as readonly number[]).includes(d), 'Choose 1, 3, 7 or 14 days.')
    .default(POLL_DURATION_DEFAULT)
})
/** What a post is made of; every field optional on update (absent = unchanged). */
const postContentSchema = z.object({
  text: multiLineText().max(POST_DRAFT_MAX, `Drafts can hold at most ${POST_DRAFT_MAX.toLocaleString('en-US')} characters.`),
  type: postTypeSchema,
  poll: pollBodySchema.nullable(),
  /** Uploaded media in display order. */
  mediaIds: z.array(idSchema).max(20, 'A post can have at most 20 images.'),
  /** The assigned slot the post is written for (the session user's, or one they may edit). */
  slotId: idSchema.nullable(),
  /** Publish as this business page (the user must be linked to it); null: as the user. */
  businessPageId: idSchema.nullable()
})
export const createPostBodySchema = postContentSchema.partial().extend({
  text: postContentSchema.shape.text.default(''),
  /** A reshare of this recommendation's post (issue 15): the text is the reshare's comment. */
  recommendationId: idSchema.optional()
})
export const updatePostBodySchema = postContentSchema.partial().extend({
  postId: idSchema,
  /** The version the change was made from; another version gives 409 (changed elsewhere). */
  version: z.number().int().positive()
})
export const schedulePostBodySchema = z.object({
  postId: idSchema,
  version: z.number().int().positive(),
  /** When to publish; absent with a slot: the slot's time. */
  scheduledAt: instantBodySchema.optional(),
  slotId: idSchema.nullable().optional()
})

export const postEndpoints = {
  // Writing and publishing (issue 6). Posts are the session user's own (author), in the session's organization.
  listPosts: endpoint({
    method: 'GET',
    path: '/posts',
    query: z.object({ status: postStatusSchema.optional(), slotId: idSchema.optional() }),
    body: none,
    response: z.array(postSchema)
  }),
  getPost: endpoint({ method: 'GET', path: '/posts/get', query: z.object({ postId: idSchema }), body: none, response: postSchema }),
  /** A new DRAFT (autosave creates it on the first keystroke). */
  createPost: endpoint({ method: 'POST', path: '/posts/create', query: none, body: createPostBodySchema, response: postSchema }),
  /** Autosave and edits. A SCHEDULED post keeps its time and stays scheduled only while it passes rules/posts.ts; else back to DRAFT. */
  updatePost: endpoint({ method: 'PUT', path: '/posts/update', query: none, body: updatePostBodySchema, response: postSchema }),
  /** Checks LinkedIn's limits and the connection, then SCHEDULED at scheduledAt (or the slot's time). */
  schedulePost: endpoint({ method: 'POST', path: '/posts/schedule', query: none, body: schedulePostBodySchema, response: postSchema }),
  /** Scheduled for now and handed to the publisher at once. */
  publishPostNow: endpoint({
    method: 'POST',
    path: '/posts/publish-now',
    query: none,
    body: z.object({ postId: idSchema, version: z.number().int().positive() }),
    response: postSchema
  }),
  /** SCHEDULED → DRAFT. */
  unschedulePost: endpoint({ method: 'POST', path: '/posts/unschedule', query: none, body: z.object({ postId: idSchema }), response: postSchema }),
  /** The user's explicit retry after a failure (new idempotency key): scheduled again for scheduledAt or now. */
  retryPost: endpoint({
    method: 'POST',
    path: '/posts/retry',
    query: none,
    body: z.object({ postId: idSchema, scheduledAt: instantBodySchema.optional() }),
    response: postSchema
  }),
  /** Deletes a draft or scheduled post (not one being published; a published one is kept). */
  deletePost: endpoint({ method: 'DELETE', path: '/posts/delete', query: z.object({ postId: idSchema }), body: none, response: ok })
} as const
