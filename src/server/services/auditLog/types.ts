import type { z } from 'zod'
import type { auditLogPageSchema, auditLogQuerySchema } from '../../../shared/api/contract'
import type { Database } from '../../db/client'
import type { auditLog } from '../../db/schema'

/* What the audit log's use cases take and answer (docs/architecture.md, "The audit log"). */

export type AuditLogQuery = z.output<typeof auditLogQuerySchema>
export type AuditLogPage = z.output<typeof auditLogPageSchema>
export type Row = typeof auditLog.$inferSelect

export interface AuditLogDeps {
  db: Database
}
