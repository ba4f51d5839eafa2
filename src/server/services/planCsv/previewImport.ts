import type { PlanImportPreview } from '../../../shared/api/contract'
import type { OrganizationSession } from '../sessions'
import { checkRows, importSummary } from './checkRows'
import { parseImportCsv } from './parseImport'
import type { PlanCsvDeps } from './types'

/* POST /schedule/import/preview: every row with its values, its problems by column and the counts; writes nothing (docs/architecture.md, "The plan as CSV"). */

export async function previewImport(deps: Pick<PlanCsvDeps, 'db' | 'clock'>, session: OrganizationSession, csv: string): Promise<PlanImportPreview> {
  const checked = await checkRows(deps.db, deps.clock, session, parseImportCsv(csv))
  return { rows: checked.map(({ line, values, errors }) => ({ line, values, errors })), ...importSummary(checked) }
}
