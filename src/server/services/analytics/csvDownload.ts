import { pipeline, Readable } from 'node:stream'
import type { MetricTotals } from '../../../shared/domain'
import { csvWriter } from '../csv'
import { localDay } from './timeZones'

/*
 * A CSV answer as a stream: the header row, then records as the reader takes them, formulas
 * guarded by services/csv.ts (docs/architecture.md, "Analytics": CSV).
 */

/** Rows read per statement while a posts CSV streams. */
export const CSV_BATCH = 1000

export interface CsvDownload {
  fileName: string
  body: Readable
}

/** pagecrew-analytics-posts-2026-11-01-2026-11-30.csv: the period's first and last day in the zone. */
export function csvFileName(kind: string, from: Date, to: Date, timeZone: string): string {
  return `pagecrew-analytics-${kind}-${localDay(from, timeZone)}-${localDay(new Date(Math.max(from.getTime(), to.getTime() - 1)), timeZone)}.csv`
}

export const metricCells = (m: MetricTotals) => [m.impressions, m.membersReached ?? '', m.reactions, m.comments, m.reshares, m.clicks ?? '', m.engagementRate ?? '']
export const METRIC_HEADERS = ['Impressions', 'Members reached', 'Reactions', 'Comments', 'Reshares', 'Clicks', 'Engagement rate']

/** A CSV stream of the header row, then the records `source` yields, written as the reader takes them. */
export function csvStream(header: string[], source: Iterable<unknown[]> | AsyncIterable<unknown[]>): Readable {
  const out = csvWriter()
  // A batch failing half-way destroys the download (the client sees it cut short, never a wrong file).
  pipeline(
    Readable.from(
      (async function* () {
        yield header
        yield* source
      })()
    ),
    out,
    () => undefined
  )
  return out
}
