/** Messages between the server and the embedded database's worker thread (./pgliteWorker.ts, ./pgliteProxy.ts). */
import type { Results } from '@electric-sql/pglite'

export interface WorkerData {
  dataDir: string
  /** A migrated data folder (tar) a new dataDir starts from. */
  template: string | null
}

export interface QueryRequest {
  op: 'query'
  id: number
  sql: string
  params: unknown[]
  rowMode: 'array' | 'object' | undefined
  /** Type OIDs whose values stay text (the caller's parsers were identities: drizzle's dates and intervals). */
  textTypes: number[]
  /** The transaction the statement belongs to; none: on its own. */
  tx?: number
}

export type ToWorker =
  | QueryRequest
  | { op: 'begin'; id: number; tx: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'listen' | 'unlisten'; id: number; channel: string }
  | { op: 'close'; id: number }

export interface WorkerError {
  message: string
  name: string
  /** The error's own fields (PostgreSQL's code, detail, constraint…). */
  fields: Record<string, unknown>
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'failed'; error: WorkerError }
  | { type: 'answer'; id: number; ok: true; result: Results | null }
  | { type: 'answer'; id: number; ok: false; error: WorkerError }
  | { type: 'notification'; channel: string; payload: string }
