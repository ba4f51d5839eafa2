import { z } from 'zod'
import { compactCalendarSchema } from '../../domain/compactCalendar'
import { assignedSlotSchema, postStatusSchema, postTypeSchema, recurrenceTypeSchema, scheduleItemSchema, slotStatusSchema } from '../../domain'
import { multiLineText, singleLineText } from '../../domain/text'
import { endpoint, none } from './base'
import { idSchema, instantBodySchema, instantQuerySchema } from './common'

// Plan (issue 5)
export const SLOT_TEXT_MAX = 2000
export const SLOT_AUDIENCE_MAX = 300
export const slotScopeSchema = z.enum(['one', 'series'])
export type SlotScope = z.infer<typeof slotScopeSchema>
const optionalId = idSchema.nullable().optional()

/** Spec §3: the slot create payload exactly, plus currentDate (weekday) and currentHour in auto mode. */
export const createSlotBodySchema = z.object({
  assignedUserId: z.array(idSchema).max(1000).default([]),
  time: instantBodySchema,
  comment: multiLineText().trim().max(SLOT_TEXT_MAX, `Keep the content idea under ${SLOT_TEXT_MAX} characters.`).default(''),
  autoAssign: z.boolean().default(false),
  tagId: optionalId,
  isBusinessPageSlot: z.boolean().default(false),
  businessPageId: z.array(idSchema).max(100).optional(),
  recurrenceType: recurrenceTypeSchema.nullable().optional(),
  recurrenceInterval: z.number().int().nullable().optional(),
  recurrenceCount: z.number().int().nullable().optional(),
  businessPostTagId: optionalId,
  targetAudience: singleLineText().trim().max(SLOT_AUDIENCE_MAX, `Keep the target audience under ${SLOT_AUDIENCE_MAX} characters.`).default(''),
  postType: postTypeSchema.default('textOnly'),
  /** Auto mode: the assigner's weekday (e.g. 'Monday') and hour 0-23. */
  currentDate: singleLineText().trim().max(20).optional(),
  currentHour: z.number().int().min(0).max(23).optional()
})
export type CreateSlotBody = z.input<typeof createSlotBodySchema>

/** Filters of GET /schedule and /schedule/calendar (spec §7): status (slot or post), post type, account (member or business page id), team. */
export const scheduleFilterSchema = z.object({
  status: z.union([slotStatusSchema, postStatusSchema]).optional(),
  type: postTypeSchema.optional(),
  accountId: idSchema.optional(),
  teamId: idSchema.optional()
})

/**
 * The Plan as CSV (issue 17). An import file's columns, as its header row names them (any order,
 * case-insensitive; other columns are ignored, so an export's file can be edited and imported).
 */
export const PLAN_IMPORT_COLUMNS = {
  memberEmail: 'Member email',
  date: 'Date',
  time: 'Time',
  timeZone: 'Time zone',
  topicTag: 'Topic tag',
  page: 'Page',
  postType: 'Post type',
  audience: 'Audience',
  contentIdea: 'Content idea'
} as const
export type PlanImportField = keyof typeof PLAN_IMPORT_COLUMNS
/** At most this many slots per file, and this many characters of CSV. */
export const PLAN_IMPORT_MAX_ROWS = 10_000
export const PLAN_IMPORT_MAX_CHARS = 2_000_000
export const planImportBodySchema = z.object({
  csv: multiLineText({ message: 'Choose a CSV file.' })
    .min(1, 'Choose a CSV file.')
    .max(PLAN_IMPORT_MAX_CHARS, `Import at most ${PLAN_IMPORT_MAX_CHARS / 1_000_000} MB of CSV at a time.`)
})
const planImportRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int().positive(),
  values: z.record(z.string(), z.string()),
  /** Column key → what is wrong with it; empty when the row can be imported. */
  errors: z.record(z.string(), z.string())
})
export const planImportPreviewSchema = z.object({
  rows: z.array(planImportRowSchema),
  total: z.number().int().nonnegative(),
  valid: z.number().int().nonnegative(),
  invalid: z.number().int().nonnegative()
})
export type PlanImportPreview = z.infer<typeof planImportPreviewSchema>

export const scheduleEndpoints = {
  // Plan: assigned slots (issue 5). Times are UTC instants; days/times are picked in the user's timezone.
  /** One member's slots in a range (default: the session's user, from now on); e.g. the write-post slot picker. */
  listAssignedSlots: endpoint({
    method: 'GET',
    path: '/schedule/assigned-slots',
    query: z.object({ userId: idSchema.optional(), from: instantQuerySchema.optional(), to: instantQuerySchema.optional() }),
    body: none,
    response: z.array(assignedSlotSchema)
  }),
  /** Spec §3 slot create payload; recurrences expand into concrete slots (one per member and occurrence) in one transaction. */
  createAssignedSlots: endpoint({
    method: 'POST',
    path: '/schedule/assigned-slots/create',
    query: none,
    body: createSlotBodySchema,
    response: z.object({ slots: z.array(assignedSlotSchema) }),
    idempotent: true
  }),
  /**
   * Edit or move a slot. scope 'one': this occurrence; 'series': this occurrence and the later
   * ones of its series (each moves by the same number of days, to the new wall-clock time).
   */
  updateAssignedSlot: endpoint({
    method: 'PUT',
    path: '/schedule/assigned-slots/update',
    query: none,
    body: z.object({
      slotId: idSchema,
      scope: slotScopeSchema.default('one'),
      time: instantBodySchema.optional(),
      assigneeId: idSchema.optional(),
      comment: multiLineText().trim().max(SLOT_TEXT_MAX, `Keep the content idea under ${SLOT_TEXT_MAX} characters.`).optional(),
      targetAudience: singleLineText().trim().max(SLOT_AUDIENCE_MAX, `Keep the target audience under ${SLOT_AUDIENCE_MAX} characters.`).optional(),
      postType: postTypeSchema.optional(),
      businessPageId: z.array(idSchema).max(100).optional()
    }),
    response: z.object({ slots: z.array(assignedSlotSchema) })
  }),
  deleteAssignedSlot: endpoint({
    method: 'DELETE',
    path: '/schedule/assigned-slots/delete',
    query: z.object({ slotId: idSchema, scope: slotScopeSchema.default('one') }),
    body: none,
    response: z.object({ deleted: z.number().int().nonnegative() })
  }),
  /** Set or clear a slot's topic tag (and business post tag). */
  updateSlotTags: endpoint({
    method: 'PUT',
    path: '/schedule/assign-slots/updateTags',
    query: none,
    body: z.object({
      slotId: idSchema,
      scope: slotScopeSchema.default('one'),
      tagId: idSchema.nullable().optional(),
      businessPostTagId: idSchema.nullable().optional()
    }),
    response: z.object({ slots: z.array(assignedSlotSchema) })
  }),
  /** The shared plan as a time-ordered list (list view), paged by cursor. */
  getSchedule: endpoint({
    method: 'GET',
    path: '/schedule',
    query: scheduleFilterSchema.extend({
      from: instantQuerySchema.optional(),
      to: instantQuerySchema.optional(),
      cursor: singleLineText().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100)
    }),
    body: none,
    response: z.object({ items: z.array(scheduleItemSchema), nextCursor: z.string().nullable() })
  }),
  /**
   * Slots and posts in [from, to) for the month and week views (range at most 100 days). The slots
   * in a compact wire shape (people, tags and pages listed once, defaults left out; issue 16):
   * expandCalendar (shared/domain/compactCalendar.ts) makes the `Calendar` of it.
   */
  getCalendar: endpoint({
    method: 'GET',
    path: '/schedule/calendar',
    query: scheduleFilterSchema.extend({ from: instantQuerySchema, to: instantQuerySchema }),
    body: none,
    response: compactCalendarSchema
  }),
  /**
   * The Plan as CSV (issue 17): the calendar's slots (with their post) and posts for the same
   * filters and [from, to), times in `timezone` (default the viewer's). Always text/csv, streamed.
   */
  exportSchedule: endpoint({
    method: 'GET',
    path: '/schedule/export',
    query: scheduleFilterSchema.extend({
      from: instantQuerySchema,
      to: instantQuerySchema,
      timezone: singleLineText().trim().min(1).max(100).optional(),
      format: z.enum(['csv']).default('csv')
    }),
    body: none,
    response: z.never()
  }),
  /** Checks every row of an import file with the assign-slot rules; writes nothing. */
  previewScheduleImport: endpoint({
    method: 'POST',
    path: '/schedule/import/preview',
    query: none,
    body: planImportBodySchema,
    response: planImportPreviewSchema
  }),
  /** Checks again and creates every row's slot in one transaction, or none (400 with the rows' errors). */
  commitScheduleImport: endpoint({
    method: 'POST',
    path: '/schedule/import/commit',
    query: none,
    body: planImportBodySchema,
    response: z.object({ created: z.number().int().nonnegative() }),
    idempotent: true
  })
} as const
