/**
 * The little of autocannon (a devDependency without type declarations) the benchmarks use: one run
 * against one address, its request rate and latency.
 */
declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    /** Seconds. */
    duration?: number
    /** Runs the load in this many worker threads instead of the caller's event loop. */
    workers?: number
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
    headers?: Record<string, string>
    body?: string
    /** Requests a second across all connections (a fixed rate instead of as fast as answered). */
    overallRate?: number
  }

  /** Per-second samples: average, mean, min, max and percentiles (p50, p99, ...). */
  interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p99: number
    [percentile: `p${number}`]: number
  }

  interface Result {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    '4xx': number
    '5xx': number
    duration: number
  }

  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
