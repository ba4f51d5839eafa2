import { stringify, type Stringifier } from 'csv-stringify'

/**
 * CSV injection (OWASP): text a spreadsheet would run as a formula (=, +, -, @, tab or CR first).
 * A formula can start wherever a spreadsheet starts a cell: at the cell's start, and after any
 * separator inside it that a spreadsheet may split on (; , tab, CR, LF: one set to ';' splits
 * "ok;=1+1", a page list joined with "; " too), with spaces or quotes between. A quote goes in at
 * each such place ("ok;=1+1" → "ok;'=1+1"), a quote already there included, so import can take
 * exactly one away again (csvUnguarded) and get the text back.
 */
const GUARD_AT = /(?<=^|[;,\t\r\n])(?=[ \u00a0"']*[=+\-@\t\r])/g
const GUARDED = /(?<=^|[;,\t\r\n])'(?=[ \u00a0"']*[=+\-@\t\r])/g

/** Text as a CSV cell a spreadsheet shows as text: a quote wherever a formula could start. */
export function csvSafeText(value: string | null | undefined): string {
  return value ? value.replace(GUARD_AT, "'") : ''
}

/** csvSafeText undone: a cell of an exported file back to its text. */
export function csvUnguarded(cell: string): string {
  return cell.replace(GUARDED, '')
}

/**
 * The one CSV writer of the server: every string cell it writes, whoever built the row, goes
 * through csvSafeText (so rows hold plain text; guarding them again would add quotes).
 */
export function csvWriter(): Stringifier {
  return stringify({ cast: { string: (value) => csvSafeText(value) } })
}
