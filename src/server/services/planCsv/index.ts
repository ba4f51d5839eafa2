import type { PlanImportPreview } from '../../../shared/api/contract'
import type { CsvDownload } from '../analytics/csvDownload'
import type { OrganizationSession } from '../sessions'
import { commitImport } from './commitImport'
import { exportPlanCsv } from './exportPlanCsv'
import { previewImport } from './previewImport'
import type { ExportQuery, PlanCsvDeps } from './types'

/*
 * The Plan as CSV (issue 17): export the calendar, import slots with the slot rules. One use case
 * per file; this facade only delegates. The rules are in docs/architecture.md, "The plan as CSV".
 */

export { IMPORT_DATE_FORMAT, IMPORT_PAGE_UNKNOWN, IMPORT_POST_TYPE, IMPORT_TAG_UNKNOWN } from './checkRows'
export { IMPORT_ROWS_INVALID } from './commitImport'
export { EXPORT_HEADER } from './exportPlanCsv'
export { IMPORT_TOO_MANY_ROWS, IMPORT_UNREADABLE, parseImportCsv } from './parseImport'
export type { PlanCsvDeps } from './types'

export interface PlanCsvService {
  exportCsv(session: OrganizationSession, query: ExportQuery): Promise<CsvDownload>
  preview(session: OrganizationSession, csv: string): Promise<PlanImportPreview>
  commit(session: OrganizationSession, csv: string): Promise<{ created: number }>
}

export function createPlanCsvService(deps: PlanCsvDeps): PlanCsvService {
  return {
    exportCsv: (session, query) => exportPlanCsv(deps, session, query),
    preview: (session, csv) => previewImport(deps, session, csv),
    commit: (session, csv) => commitImport(deps, session, csv)
  }
}
