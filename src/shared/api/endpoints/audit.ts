import { z } from 'zod'
import { AUDIT_ACTION_GROUPS, AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../../domain/audit'
import { singleLineText } from '../../domain/text'
import { endpoint, none } from './base'
import { idSchema, instantQuerySchema, isInstantInRange } from './common'

// Audit log (issue 17)
export const AUDIT_PAGE_MAX = 200
/** Paging position: the last entry's time and id ("2026-01-02T03:04:05.678Z_1234"); newer first. */
export const AUDIT_CURSOR_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_\d{1,19}$/
/**
 * A cursor the server could have written: its time a real instant in [1970, 9000), written back
 * the same (no 2026-13-45T25:61:61.000Z, which PostgreSQL refuses), and its id a safe integer (the
 * server reads it as a JavaScript number; past 2^53 it would be some other id, past bigint a 500).
 */
export const isAuditCursor = (value: string): boolean => {
  const [at = '', id = ''] = value.split('_')
  const time = Date.parse(at)
  return Number.isFinite(time) && new Date(time).toISOString() === at && isInstantInRange(at) && Number.isSafeInteger(Number(id))
}
const auditActionFilterSchema = singleLineText()
  .trim()
  .refine(
    (v) => (AUDIT_ACTIONS as readonly string[]).includes(v) || AUDIT_ACTION_GROUPS.some((g) => g.prefix === v),
    'Choose an action from the list.'
  )
export const auditLogQuerySchema = z.object({
  actorId: idSchema.optional(),
  /** One action ('member.role_changed') or a group's prefix ('member.'). */
  action: auditActionFilterSchema.optional(),
  /** The period [from, to) as instants. */
  from: instantQuerySchema.optional(),
  to: instantQuerySchema.optional(),
  cursor: singleLineText()
    .trim()
    .regex(AUDIT_CURSOR_PATTERN, 'Start again from the first page.')
    .refine(isAuditCursor, { message: 'Start again from the first page.', when: (payload) => AUDIT_CURSOR_PATTERN.test(String(payload.value)) })
    .optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  format: z.enum(['json', 'csv']).default('json')
})
const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** null: the system; `userId` null: an organization's API key ("API key <name>"), never a person. */
  actor: z.object({ userId: z.string().nullable(), name: z.string() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string().nullable(), label: z.string() }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable()
})
export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** The organization's members, for the actor filter (a removed member's entries stay, under their stored name). */
  actors: z.array(z.object({ userId: z.string(), name: z.string() }))
})

export const auditEndpoints = {
  /**
   * The organization's audit log (issue 17), admins only, newest first with keyset paging;
   * format=csv answers every matching entry as text/csv (streamed). Entries are never edited or
   * deleted: there is no endpoint for it.
   */
  getAuditLog: endpoint({ role: 'admin', method: 'GET', path: '/organization/audit-log', query: auditLogQuerySchema, body: none, response: auditLogPageSchema })
} as const
