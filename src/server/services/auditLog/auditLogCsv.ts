import { Readable } from 'node:stream'
import { pipeline } from 'node:stream'
import { AUDIT_ACTION_LABELS, type AuditAction } from '../../../shared/domain/audit'
import type { CsvDownload } from '../analytics'
import { csvWriter } from '../csv'
import type { OrganizationSession } from '../sessions'
import { CSV_BATCH, cursorOf, page } from './pages'
import type { AuditLogDeps, AuditLogQuery, Row } from './types'

/* GET /organization/audit-log?format=csv: every matching entry, streamed a batch at a time (docs/architecture.md, "The audit log"). */

export async function auditLogCsv({ db }: AuditLogDeps, session: OrganizationSession, query: AuditLogQuery): Promise<CsvDownload> {
  const organizationId = session.organization.id
  const cells = (r: Row) => [
    r.createdAt.toISOString(),
    r.actorName,
    r.actorUserId ?? '',
    r.action,
    AUDIT_ACTION_LABELS[r.action as AuditAction] ?? r.action,
    r.targetType,
    r.targetId ?? '',
    r.targetLabel,
    r.before ? JSON.stringify(r.before) : '',
    r.after ? JSON.stringify(r.after) : ''
  ]
  // The first batch is read now, so a failing statement is an error answer rather than a cut download.
  const first = await page(db, organizationId, query, query.cursor, CSV_BATCH)
  async function* records() {
    let batch = first
    while (batch.length > 0) {
      yield* batch.map(cells)
      if (batch.length < CSV_BATCH) return
      batch = await page(db, organizationId, query, cursorOf(batch[batch.length - 1]!), CSV_BATCH)
    }
  }
  const out = csvWriter()
  // A batch failing half-way destroys the download (the client sees it cut short, never a wrong file).
  pipeline(
    Readable.from(
      (async function* () {
        yield ['Time (UTC)', 'Actor', 'Actor id', 'Action', 'Action name', 'Target type', 'Target id', 'Target', 'Before', 'After']
        yield* records()
      })()
    ),
    out,
    () => undefined
  )
  return { fileName: 'pagecrew-audit-log.csv', body: out }
}
