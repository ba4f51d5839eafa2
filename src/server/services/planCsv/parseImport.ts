import { parse } from 'csv-parse/sync'
import { PLAN_IMPORT_COLUMNS, PLAN_IMPORT_MAX_ROWS, type PlanImportField } from '../../../shared/api/contract'
import { badRequest } from '../../errors'
import { csvUnguarded } from '../csv'

/*
 * An import file's rows under its header: columns found by their header in any order, others
 * ignored, export's formula guard taken off (docs/architecture.md, "The plan as CSV").
 */

const IMPORT_NO_ROWS = 'The file has no rows to import.'
export const IMPORT_TOO_MANY_ROWS = `Import at most ${PLAN_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows at a time.`
export const IMPORT_UNREADABLE = 'This file is not a readable CSV.'
const importMissingColumns = (names: string[]) => `The header row needs the column${names.length > 1 ? 's' : ''} ${names.join(', ')}.`

const REQUIRED: PlanImportField[] = ['memberEmail', 'date', 'time']

type RowValues = Record<PlanImportField, string>
export interface ParsedRow {
  line: number
  values: RowValues
}

/** The file's rows under its header (400 when it is unreadable, lacks a column or has no or too many rows). */
export function parseImportCsv(csv: string): ParsedRow[] {
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true, trim: true }) as unknown as typeof records
  } catch (err) {
    const line = (err as { lines?: unknown }).lines
    throw badRequest(typeof line === 'number' ? `${IMPORT_UNREADABLE} Check line ${line}.` : IMPORT_UNREADABLE, { csv: IMPORT_UNREADABLE })
  }
  const [header, ...body] = records
  if (!header) throw badRequest(IMPORT_NO_ROWS, { csv: IMPORT_NO_ROWS })
  const names = header.record.map((name) => name.trim().toLowerCase())
  const index = {} as Record<PlanImportField, number>
  const missing: string[] = []
  for (const [field, title] of Object.entries(PLAN_IMPORT_COLUMNS) as [PlanImportField, string][]) {
    index[field] = names.indexOf(title.toLowerCase())
    if (index[field] < 0 && REQUIRED.includes(field)) missing.push(title)
  }
  if (missing.length > 0) throw badRequest(importMissingColumns(missing), { csv: importMissingColumns(missing) })
  const rows = body.filter((r) => r.record.some((cell) => cell !== ''))
  if (rows.length === 0) throw badRequest(IMPORT_NO_ROWS, { csv: IMPORT_NO_ROWS })
  if (rows.length > PLAN_IMPORT_MAX_ROWS) throw badRequest(IMPORT_TOO_MANY_ROWS, { csv: IMPORT_TOO_MANY_ROWS })
  return rows.map(({ record, info }) => {
    const values = {} as RowValues
    for (const field of Object.keys(PLAN_IMPORT_COLUMNS) as PlanImportField[]) {
      values[field] = index[field] < 0 ? '' : csvUnguarded(record[index[field]] ?? '')
    }
    return { line: info.lines, values }
  })
}
