import type { CsvDownload } from '../analytics'
import type { OrganizationSession } from '../sessions'
import { auditLogCsv } from './auditLogCsv'
import { listAuditLog } from './listAuditLog'
import type { AuditLogDeps, AuditLogPage, AuditLogQuery } from './types'

/*
 * The audit log's read side (issue 17): admins read their organization's entries, newest first, by
 * keyset. One use case per file, pages.ts and names.ts beneath them; this facade only delegates.
 * Writing is services/audit.ts' record(). The rules are in docs/architecture.md, "The audit log".
 */

export { cursorOf } from './pages'

export interface AuditLogService {
  list(session: OrganizationSession, query: AuditLogQuery): Promise<AuditLogPage>
  csv(session: OrganizationSession, query: AuditLogQuery): Promise<CsvDownload>
}

export function createAuditLogService(deps: AuditLogDeps): AuditLogService {
  return {
    list: (session, query) => listAuditLog(deps, session, query),
    csv: (session, query) => auditLogCsv(deps, session, query)
  }
}
