import { sql } from 'drizzle-orm'
import { strToU8, zipSync, type Zippable } from 'fflate'
import { stringify } from 'csv-stringify/sync'
import type { Executor } from '../../db/client'
import { rowsOf } from '../../db/migrate'
import { csvSafeText } from '../csv'
import { EXPORTED_TABLES, type PersonalTable } from './personalData'

/*
 * Reading the rows of the declaration (./personalData.ts) about one person and writing them as a
 * ZIP: <table>.json (an array of rows, the database's column names) and <table>.csv (the same rows,
 * JSON cells for JSON values, guarded against spreadsheet formulas) per table, and README.txt.
 */

export type ExportRow = Record<string, unknown>

/** Whose rows: everything about the person ('account'), or one organization's rows about them. */
export interface ExportSubject {
  userId: string
  organizationId: string | null
}

/** A row of the database as the export holds it (also what the export test compares with). */
export function exportRow(table: PersonalTable, row: ExportRow, userId: string): ExportRow {
  const omit = 'none' in table.export ? [] : (table.export.omit ?? [])
  const out: ExportRow = {}
  for (const [key, value] of Object.entries(row)) {
    if (!omit.includes(key)) out[key] = value
  }
  return 'none' in table.export || !table.export.reduce ? out : table.export.reduce(out, userId)
}

/** The tables a subject's export reads: an organization's export leaves out what is nobody's organization's but the profile. */
export function tablesFor(subject: ExportSubject): typeof EXPORTED_TABLES {
  return subject.organizationId === null ? EXPORTED_TABLES : EXPORTED_TABLES.filter((t) => t.organizationColumn !== null || t.table === 'users')
}

/** One table's rows about the subject, as exported. */
export async function readTable(executor: Executor, table: (typeof EXPORTED_TABLES)[number], subject: ExportSubject): Promise<ExportRow[]> {
  const about = table.export.rows(sql`${subject.userId}`)
  const inOrganization =
    subject.organizationId !== null && table.organizationColumn !== null ? sql` and ${sql.identifier(table.organizationColumn)} = ${subject.organizationId}` : sql``
  // to_jsonb: the same JSON from PGlite and node-postgres (instants as ISO-8601 text, big integers as numbers).
  const rows = rowsOf<{ row: ExportRow | string }>(
    await executor.execute(sql`select to_jsonb(r) as row from ${sql.identifier(table.table)} r where (${about})${inOrganization} order by 1`)
  )
  return rows.map(({ row }) => exportRow(table, typeof row === 'string' ? (JSON.parse(row) as ExportRow) : row, subject.userId))
}

function csvOf(rows: readonly ExportRow[]): string {
  if (rows.length === 0) return ''
  const columns = Object.keys(rows[0]!)
  const cell = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value))
  return stringify(
    rows.map((row) => columns.map((c) => cell(row[c]))),
    { header: true, columns, cast: { string: (value) => csvSafeText(value) } }
  )
}

const README = (subject: ExportSubject, at: Date) =>
  [
    'Everything Pagecrew holds about you',
    '',
    `Prepared ${at.toISOString()} (${subject.organizationId === null ? 'your whole account' : "one organization's data, asked by its admin"}).`,
    'One JSON file and one CSV file per table: the rows about you, with the column names of the database.',
    'Other people appear only as ids; what they wrote (e.g. feedback on your posts) is theirs and is left out.',
    'Secrets (passwords, session and LinkedIn tokens) are never exported. Uploaded media files are listed, not included.',
    ''
  ].join('\n')

/**
 * Reads every table of the subject's export, calling `progress` (0-100) after each, and answers
 * the ZIP. A person's data is small (their posts, feedback, notifications): the file is made in
 * memory, then stored.
 */
export async function buildExportZip(
  executor: Executor,
  subject: ExportSubject,
  at: Date,
  progress: (percent: number) => Promise<void>
): Promise<Uint8Array> {
  const tables = tablesFor(subject)
  const files: Zippable = { 'README.txt': strToU8(README(subject, at)) }
  for (const [i, table] of tables.entries()) {
    const rows = await readTable(executor, table, subject)
    files[`${table.table}.json`] = strToU8(JSON.stringify(rows, null, 2))
    files[`${table.table}.csv`] = strToU8(csvOf(rows))
    await progress(Math.min(99, Math.floor(((i + 1) * 100) / tables.length)))
  }
  return zipSync(files, { level: 6, mtime: at })
}
