import { z } from 'zod'
import { assignedSlotSchema, postTypeSchema, recurrenceTypeSchema } from '../../domain'
import { multiLineText, singleLineText } from '../../domain/text'
import { idSchema, instantBodySchema, instantQuerySchema } from '../endpoints/common'
import { SLOT_AUDIENCE_MAX, SLOT_TEXT_MAX, slotScopeSchema } from '../endpoints/schedule'
import { nextSchema, noInput, pageQuery, pathId, v1 } from './base'

/* Slots of the Plan (issue 5) through the public API: the app's slot rules, an API key as the assigner. */

const slot = assignedSlotSchema.meta({ id: 'Slot' })
const slotPath = z.object({ slotId: pathId })
const comment = multiLineText().trim().max(SLOT_TEXT_MAX, `Keep the content idea under ${SLOT_TEXT_MAX} characters.`)
const audience = singleLineText().trim().max(SLOT_AUDIENCE_MAX, `Keep the target audience under ${SLOT_AUDIENCE_MAX} characters.`)

export const v1CreateSlotsBodySchema = z.object({
  assigneeIds: z.array(idSchema).min(1, 'Name at least one member.').max(1000).describe('Members (user ids) who each get the slot (or the series).'),
  time: instantBodySchema.describe('The first occurrence, an instant on a quarter hour (UTC).'),
  comment: comment.default('').describe('The content idea.'),
  targetAudience: audience.default(''),
  postType: postTypeSchema.default('textOnly'),
  tagId: idSchema.nullable().optional().describe("A topic tag every assignee holds (not with business pages)."),
  businessPageIds: z.array(idSchema).max(100).optional().describe('Business pages the post is for; every assignee must be linked to each.'),
  businessPostTagId: idSchema.nullable().optional(),
  recurrence: z
    .object({
      type: recurrenceTypeSchema,
      interval: z.number().int().min(1).default(1).describe('Every `interval` weeks (weekly); monthly is every month.'),
      count: z.number().int().min(1).describe('Occurrences in all.')
    })
    .optional()
    .describe('A series: a slot per occurrence and assignee, as the app creates them.')
})

export const v1SlotEndpoints = {
  listSlots: v1({
    operationId: 'listSlots',
    method: 'GET',
    path: '/slots',
    scope: 'plan:read',
    tag: 'Slots',
    summary: 'List slots of the Plan',
    description: 'Slots in [from, to) (default: from now on), in time order, keyset-paged.',
    params: noInput,
    query: z.object({
      from: instantQuerySchema.optional(),
      to: instantQuerySchema.optional(),
      assigneeId: idSchema.optional().describe("Only this member's slots."),
      ...pageQuery
    }),
    body: noInput,
    response: z.object({ items: z.array(slot), next: nextSchema })
  }),
  createSlots: v1({
    operationId: 'createSlots',
    method: 'POST',
    path: '/slots',
    scope: 'plan:write',
    tag: 'Slots',
    summary: 'Assign slots (one, or a weekly or monthly series)',
    description: 'One slot per assignee and occurrence, with the rules of the app (time options, window, pages and tags); each assignee is notified once.',
    params: noInput,
    query: noInput,
    body: v1CreateSlotsBodySchema,
    response: z.object({ slots: z.array(slot) })
  }),
  updateSlot: v1({
    operationId: 'updateSlot',
    method: 'PATCH',
    path: '/slots/{slotId}',
    scope: 'plan:write',
    tag: 'Slots',
    summary: 'Edit, move or reassign a slot (or the rest of its series)',
    params: slotPath,
    query: noInput,
    body: z.object({
      scope: slotScopeSchema.default('one').describe("'series': this occurrence and the later ones of its series."),
      time: instantBodySchema.optional(),
      assigneeId: idSchema.optional(),
      comment: comment.optional(),
      targetAudience: audience.optional(),
      postType: postTypeSchema.optional(),
      businessPageIds: z.array(idSchema).max(100).optional()
    }),
    response: z.object({ slots: z.array(slot) })
  }),
  deleteSlot: v1({
    operationId: 'deleteSlot',
    method: 'DELETE',
    path: '/slots/{slotId}',
    scope: 'plan:write',
    tag: 'Slots',
    summary: 'Delete a slot (or the rest of its series)',
    params: slotPath,
    query: z.object({ scope: slotScopeSchema.default('one') }),
    body: noInput,
    response: z.object({ deleted: z.number().int().nonnegative() })
  })
} as const
