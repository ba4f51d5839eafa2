import { z } from 'zod'
import { postSchema, postStatusSchema } from '../../domain'
import { idSchema, instantBodySchema, instantQuerySchema } from '../endpoints/common'
import { createPostBodySchema } from '../endpoints/posts'
import { nextSchema, noInput, pageQuery, pathId, v1 } from './base'

/*
 * Posts (issues 6, 13) through the public API: the app's post use cases with the key as the
 * organization. A key reads every post of its organization; it writes a draft *for* a member
 * (`authorId`), never as one, and schedules or publishes a post with its author's rules (approval,
 * LinkedIn connection, slot, page, LinkedIn's limits).
 */

const post = postSchema.meta({ id: 'Post' })
const postPath = z.object({ postId: pathId })
const version = z
  .number()
  .int()
  .positive()
  .optional()
  .describe("The post's `version` the change is made from: another version is a 409 (changed elsewhere). Left out: whatever it is now.")

export const v1CreatePostBodySchema = createPostBodySchema.pick({ text: true, type: true, poll: true, slotId: true, businessPageId: true }).extend({
  authorId: idSchema.describe('The member (user id) the draft is written for: an ACTIVE member of the organization. The key itself is never an author.'),
  slotId: idSchema.nullable().optional().describe("An assigned slot of the author's the post is written for (its post type is the default `type`)."),
  businessPageId: idSchema.nullable().optional().describe('Publish as this business page; the author must be linked to it.')
})

export const v1PostEndpoints = {
  listPosts: v1({
    operationId: 'listPosts',
    method: 'GET',
    path: '/posts',
    scope: 'posts:read',
    tag: 'Posts',
    summary: "List the organization's posts",
    description: 'Every post of the organization, newest first by creation, keyset-paged; `from`/`to` bound the creation time.',
    params: noInput,
    query: z.object({
      status: postStatusSchema.optional(),
      authorId: idSchema.optional().describe("Only this member's posts."),
      slotId: idSchema.optional().describe('Only the posts written for this slot.'),
      from: instantQuerySchema.optional().describe('Created at or after this instant.'),
      to: instantQuerySchema.optional().describe('Created before this instant.'),
      ...pageQuery
    }),
    body: noInput,
    response: z.object({ items: z.array(post), next: nextSchema })
  }),
  getPost: v1({
    operationId: 'getPost',
    method: 'GET',
    path: '/posts/{postId}',
    scope: 'posts:read',
    tag: 'Posts',
    summary: 'Get a post',
    params: postPath,
    query: noInput,
    body: noInput,
    response: post
  }),
  createPost: v1({
    operationId: 'createPost',
    method: 'POST',
    path: '/posts',
    scope: 'posts:write',
    tag: 'Posts',
    summary: 'Write a draft for a member',
    description:
      'A DRAFT authored by `authorId`, under their rules (their slot, a page they are linked to). The revision is saved by no person; the audit log records "API key <name>" and the author is told in the app.',
    params: noInput,
    query: noInput,
    body: v1CreatePostBodySchema,
    response: post
  }),
  schedulePost: v1({
    operationId: 'schedulePost',
    method: 'POST',
    path: '/posts/{postId}/schedule',
    status: 200,
    scope: 'posts:write',
    tag: 'Posts',
    summary: 'Schedule a post',
    description:
      "SCHEDULED for `scheduledAt` (or its slot's time) with the app's rules, checked at once and answered as one 400 with a field each: approval when the author's posts need it, the author's LinkedIn connection, a future time, the slot and page, LinkedIn's limits. The `post.scheduled` event names the key.",
    params: postPath,
    query: noInput,
    body: z.object({
      version,
      scheduledAt: instantBodySchema.optional().describe('When to publish; left out with a slot: the slot’s time.'),
      slotId: idSchema.nullable().optional().describe("Write it for this slot of the author's (null: for none).")
    }),
    response: post
  }),
  publishPostNow: v1({
    operationId: 'publishPostNow',
    method: 'POST',
    path: '/posts/{postId}/publish-now',
    status: 200,
    scope: 'posts:write',
    tag: 'Posts',
    summary: 'Publish a post now',
    description: 'Scheduled for now with the same rules as scheduling and handed to the publisher at once; the post is PUBLISHED (or back to DRAFT with its failure) shortly after.',
    params: postPath,
    query: noInput,
    body: z.object({ version }),
    response: post
  })
} as const
