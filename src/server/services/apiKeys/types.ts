import type { Clock } from '../../clock'
import type { Database } from '../../db/client'

/* What the API key use cases take (docs/architecture.md, "API keys"). */

export interface ApiKeyDeps {
  db: Database
  clock: Clock
}

/** Last used time and address, and refused uses in the audit log, are written at most this often per key. */
export const API_KEY_WRITE_INTERVAL_MS = 60_000
