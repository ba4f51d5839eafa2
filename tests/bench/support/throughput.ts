/**
 * Throughput of one address with autocannon (a worker thread, so the load does not share the event
 * loop of the server under test): a one-second warm-up, then PAGECREW_BENCH_SECONDS (4) seconds on
 * PAGECREW_BENCH_CONNECTIONS (10) keep-alive connections. Every answer must be a 2xx.
 */
import autocannon from 'autocannon'
import { expect } from 'vitest'

export const BENCH_SECONDS = Number(process.env.PAGECREW_BENCH_SECONDS ?? 4)
const CONNECTIONS = Number(process.env.PAGECREW_BENCH_CONNECTIONS ?? 10)

export interface Measured {
  name: string
  /** Answers completed per second over the whole run. */
  requests: number
  p99: number
  /** Bytes on the wire per answer (headers included). */
  bytes: number
}

export async function measureThroughput(name: string, url: string, headers: Record<string, string>): Promise<Measured> {
  const options = { url, connections: CONNECTIONS, headers, workers: 1 }
  await autocannon({ ...options, duration: 1 }) // warm-up: JIT, caches, pool connections
  const result = await autocannon({ ...options, duration: BENCH_SECONDS })
  expect(result.non2xx, `${name}: every answer a 2xx`).toBe(0)
  expect(result.errors, `${name}: no connection errors`).toBe(0)
  // Answers completed over the run (requests.average leaves out seconds in which none completed).
  return {
    name,
    requests: result.requests.total / BENCH_SECONDS,
    p99: result.latency.p99,
    bytes: result.throughput.total / Math.max(1, result.requests.total)
  }
}
