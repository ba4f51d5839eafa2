import { z } from 'zod'
import { instantSchema, personRefSchema, tagRefSchema } from './common'
import { postStatusSchema, postTypeSchema } from './enums'

// ---------------------------------------------------------------------------------------------
// Plan: assigned slots and the shared calendar (issue 5)
// ---------------------------------------------------------------------------------------------

export const recurrenceTypeSchema = z.enum(['weekly', 'monthly'])

/**
 * OPEN: waiting for its post; DONE: a post was published into it (issue 6); MISSED: its time
 * passed without one.
 */
export const slotStatusSchema = z.enum(['OPEN', 'DONE', 'MISSED'])
export type SlotStatus = z.infer<typeof slotStatusSchema>

export const assignedSlotSchema = z.object({
  id: z.string(),
  seriesId: z.string(),
  /** 0-based position of this occurrence in the member's series; seriesSize occurrences in all. */
  occurrence: z.number().int().nonnegative(),
  seriesSize: z.number().int().positive(),
  time: instantSchema,
  /** The assigner's IANA timezone (recurrences keep its wall-clock time). */
  timezone: z.string(),
  comment: z.string(),
  autoAssign: z.boolean(),
  assignee: personRefSchema,
  tag: tagRefSchema.nullable(),
  isBusinessPageSlot: z.boolean(),
  businessPages: z.array(z.object({ id: z.string(), linkedInCompanyName: z.string(), image: z.string().nullable() })),
  businessPostTag: tagRefSchema.nullable(),
  targetAudience: z.string(),
  postType: postTypeSchema,
  recurrence: z.object({ type: recurrenceTypeSchema, interval: z.number().int(), count: z.number().int() }).nullable(),
  createdBy: personRefSchema.nullable(),
  status: slotStatusSchema,
  /** The post written into this slot (issue 6); null until then. */
  postId: z.string().nullable(),
  /** Whether the session's user may edit, move or delete it (admins; leaders of the assignee's team; the creator). */
  canEdit: z.boolean()
})
export type AssignedSlot = z.infer<typeof assignedSlotSchema>

/** A post as the Plan calendar shows it (issue 6 fills these; until then the list is empty). */
export const calendarPostSchema = z.object({
  id: z.string(),
  time: instantSchema,
  status: postStatusSchema,
  postType: postTypeSchema,
  /** Who it is published as: a member or a business page. */
  account: z.object({ id: z.string(), name: z.string(), kind: z.enum(['user', 'page']), image: z.string().nullable() }),
  excerpt: z.string(),
  slotId: z.string().nullable()
})
export type CalendarPost = z.infer<typeof calendarPostSchema>

export const calendarSchema = z.object({ slots: z.array(assignedSlotSchema), posts: z.array(calendarPostSchema) })
export type Calendar = z.infer<typeof calendarSchema>

export const scheduleItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('slot'), time: instantSchema, slot: assignedSlotSchema }),
  z.object({ kind: z.literal('post'), time: instantSchema, post: calendarPostSchema })
])
export type ScheduleItem = z.infer<typeof scheduleItemSchema>
