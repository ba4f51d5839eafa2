import { z } from 'zod'
import { businessPageTagsSchema, businessPostTagSchema, postTagSchema, userTagsSchema } from '../../domain'
import { multiLineText, singleLineText } from '../../domain/text'
import { MESSAGES } from '../messages'
import { endpoint, none, ok } from './base'
import { dateBoundSchema, idListSchema, idSchema } from './common'

/* Topic tags (post tags) and business post tags. */

/** '#rrggbb' */
export const tagColorSchema = singleLineText({ error: MESSAGES.tagColorInvalid }).trim().regex(/^#[0-9a-fA-F]{6}$/, MESSAGES.tagColorInvalid)

const tagTitleSchema = singleLineText({ error: MESSAGES.tagTitleEmpty })
  .max(100, 'Use at most 100 characters.')
  .transform((v) => v.trim())
  .pipe(singleLineText().min(1, MESSAGES.tagTitleEmpty))
const tagDescriptionSchema = multiLineText().trim().max(1000, 'Use at most 1000 characters.').nullable().optional()

export const postTagFilterQuerySchema = z.object({
  /** 'true': the list is for a business post, which shows no topic tags: the answer is empty. */
  isBusinessPostNotDisplayTags: z.enum(['true', 'false', '']).optional()
})
export const postTagFilterBodySchema = z
  .object({
    /** Tags assigned to this team's members. */
    teamId: idSchema.nullable().optional(),
    /** Tags assigned to any of these users. */
    memberIds: idListSchema.nullable().optional()
  })
  .optional()

export const userTagsBodySchema = z.object({
  userIds: idListSchema,
  startDate: dateBoundSchema,
  endDate: dateBoundSchema,
  isBusinessPostNotDisplayTags: z.boolean().optional()
})

export const createPostTagBodySchema = z.object({
  tagTitle: tagTitleSchema,
  tagColor: tagColorSchema,
  tagDescription: tagDescriptionSchema,
  /** User ids (members of the organization). */
  assignedUsers: idListSchema.default([])
})
export const updatePostTagBodySchema = createPostTagBodySchema.extend({ tagId: idSchema })

const businessTagTitleSchema = singleLineText({ error: MESSAGES.tagTitleEmpty })
  .max(100, 'Use at most 100 characters.')
  .transform((v) => v.trim())
  .pipe(singleLineText().min(1, MESSAGES.tagTitleEmpty))

export const tagEndpoints = {
  // Topic tags (post tags), sorted by title
  listPostTags: endpoint({ method: 'POST', path: '/postTag', query: postTagFilterQuerySchema, body: postTagFilterBodySchema, response: z.array(postTagSchema) }),
  getUserTags: endpoint({ method: 'POST', path: '/postTag/get-user-tags', query: none, body: userTagsBodySchema, response: z.array(userTagsSchema) }),
  createPostTag: endpoint({ role: 'leaderOrAdmin', refused: 'Only admins and team leaders can manage topic tags.', method: 'POST', path: '/postTag/create', query: none, body: createPostTagBodySchema, response: postTagSchema, idempotent: true }),
  updatePostTag: endpoint({ role: 'leaderOrAdmin', refused: 'Only admins and team leaders can manage topic tags.', method: 'PUT', path: '/postTag/update', query: none, body: updatePostTagBodySchema, response: postTagSchema }),
  deletePostTag: endpoint({ role: 'leaderOrAdmin', refused: 'Only admins and team leaders can manage topic tags.', method: 'DELETE', path: '/postTag/delete', query: z.object({ tagId: idSchema }), body: none, response: ok }),

  // Business post tags, sorted by title
  listBusinessPostTags: endpoint({
    method: 'GET',
    path: '/businessPostTag',
    query: z.object({ businessPageId: idSchema }),
    body: none,
    response: z.array(businessPostTagSchema)
  }),
  createBusinessPostTag: endpoint({ role: 'admin',
    method: 'POST',
    path: '/businessPostTag',
    query: none,
    body: z.object({ businessPageId: idSchema, title: businessTagTitleSchema, color: tagColorSchema }),
    response: businessPostTagSchema,
    idempotent: true
  }),
  updateBusinessPostTag: endpoint({ role: 'admin',
    method: 'PUT',
    path: '/businessPostTag',
    query: none,
    body: z.object({ id: idSchema, title: businessTagTitleSchema, color: tagColorSchema }),
    response: businessPostTagSchema
  }),
  deleteBusinessPostTag: endpoint({ role: 'admin', method: 'DELETE', path: '/businessPostTag', query: z.object({ id: idSchema }), body: none, response: ok }),
  businessPostTagsByPage: endpoint({
    method: 'POST',
    path: '/businessPostTag/by-business-page',
    query: none,
    body: z.object({ businessPageIds: idListSchema, startDate: dateBoundSchema, endDate: dateBoundSchema }),
    response: z.array(businessPageTagsSchema)
  })
} as const
