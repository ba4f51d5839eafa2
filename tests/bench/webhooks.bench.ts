/**
 * Webhook fan-out (issue 28): 1,000 slot.assigned events written to the event stream of an
 * organization with 10 endpoints hearing them (10 receivers on loopback, with the development
 * setting), delivered by a listening server's own background jobs (the 'webhooks' consumer writing
 * 10,000 deliveries, the sender claiming, signing, POSTing 8 at a time and recording each try).
 * Latency per delivery: the event's commit → its receiver got the request (one process, one clock).
 *
 * Baseline in the same run: the same 10,000 requests POSTed straight to the same receivers through
 * the same outbound-fetch policy, 8 at a time, all ready at once — what the HTTP alone costs; the
 * ratio is what the pipeline (stream, deliveries table, claims, signing, the log) adds.
 *
 * The webhook jobs look every 100 ms here (production: every 5 s, so an idle server adds up to 5 s
 * before the first delivery of a burst). Events are written 100 to a transaction, as fast as the
 * database takes them. On each test database.
 *
 * Alone: `npx vitest run -c vitest.bench.config.ts tests/bench/webhooks.bench.ts`.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import type { WebhookEndpoint } from '../../src/shared/domain/webhooks'
import { createOutboundFetch } from '../../src/server/adapters/outboundFetch'
import { recordEvents } from '../../src/server/events/outbox'
import { startTestServer, TestClient, testDatabaseKinds, type RunningTestServer } from '../../src/server/testing/harness'
import { startWebhookReceiver, type WebhookReceiver } from '../../src/server/testing/webhookReceiver'

const EVENTS = 1000
const ENDPOINTS = 10
const EVENTS_PER_TRANSACTION = 100
/** The sender's default concurrency (services/webhooks/index.ts). */
const CONCURRENCY = 8
const GIVE_UP_MS = 300_000

const kinds = await testDatabaseKinds()
const reports: string[] = []

afterAll(() => {
  console.log(`\n## Webhooks: ${EVENTS.toLocaleString('en')} events × ${ENDPOINTS} endpoints on loopback\n\n${reports.join('\n\n')}`)
})

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

interface Run {
  name: string
  latencies: number[]
  /** First write (or first send) → last arrival. */
  totalMs: number
}

const row = (run: Run) => {
  const sorted = [...run.latencies].sort((a, b) => a - b)
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    perSecond: (run.latencies.length / run.totalMs) * 1000,
    line: `| ${run.name} | ${run.latencies.length.toLocaleString('en')} | ${percentile(sorted, 50).toFixed(0)} | ${percentile(sorted, 99).toFixed(0)} | ${run.totalMs.toFixed(0)} | ${((run.latencies.length / run.totalMs) * 1000).toFixed(0)} |`
  }
}

/** Resolves once `count` requests arrived in all, or fails after GIVE_UP_MS with how many did. */
function arrivals(counter: () => number, count: number): Promise<void> {
  const deadline = Date.now() + GIVE_UP_MS
  return new Promise((resolve, reject) => {
    const check = () => {
      if (counter() >= count) return resolve()
      if (Date.now() > deadline) return reject(new Error(`${counter()} of ${count} requests arrived in ${GIVE_UP_MS} ms`))
      setTimeout(check, 5)
    }
    check()
  })
}

describe.each(kinds)('webhook fan-out [%s]', (kind) => {
  let server: RunningTestServer | null = null
  const receivers: WebhookReceiver[] = []
  afterAll(async () => {
    await server?.close()
    for (const receiver of receivers) await receiver.close()
  })

  it(`${EVENTS} events to ${ENDPOINTS} endpoints, event written → received, against direct POSTs`, { timeout: 600_000 }, async () => {
    // Which slotId's event was committed when (performance.now()), and each arrival's latency.
    const writtenAt = new Map<string, number>()
    type Phase = 'baseline' | 'pipeline'
    let phase = 'baseline' as Phase
    let baselineStart = 0
    const latencies: Record<Phase, number[]> = { baseline: [], pipeline: [] }
    const seen = new Set<string>()
    let duplicates = 0
    for (let i = 0; i < ENDPOINTS; i++) {
      receivers.push(
        await startWebhookReceiver((request) => {
          const slotId = (JSON.parse(request.body) as { data: { slotId: string } }).data.slotId
          const key = `${phase} ${request.path} ${slotId}`
          if (seen.has(key)) duplicates++
          seen.add(key)
          latencies[phase].push(request.at - (phase === 'baseline' ? baselineStart : writtenAt.get(slotId)!))
        })
      )
    }

    server = await startTestServer({
      database: kind,
      // Production settings but the webhook jobs' pace; the publisher's interval only switches the job runner on.
      config: { responseChecks: false, outboundAllowLoopback: true, publisherIntervalMs: 60_000 },
      webhooks: { intervalMs: 100 }
    })
    const admin = new TestClient(server.app)
    await admin.signup({ fullName: 'Ada Admin' })
    const org = await admin.createOrganization('Fan-out Co')
    for (const [i, receiver] of receivers.entries()) {
      const res = await admin.post<{ endpoint: WebhookEndpoint }>('/organization/webhooks', { url: `${receiver.url}/hook-${i}`, events: ['slot.assigned'] })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
    const events = Array.from({ length: EVENTS }, () => ({
      organizationId: org.id,
      name: 'slot.assigned' as const,
      payload: { slotId: randomUUID(), assigneeId: randomUUID(), startAt: '2026-12-07T09:00:00.000Z', seriesId: null },
      actor: { type: 'system' as const }
    }))

    // Baseline: the same requests straight to the receivers, 8 at a time, all ready at once.
    const fetch = createOutboundFetch({ allowLoopback: true, timeoutMs: 5_000, maxBytes: 64 * 1024 })
    const direct = events.flatMap((event) =>
      receivers.map((receiver, i) => ({ url: `${receiver.url}/hook-${i}`, body: JSON.stringify({ type: event.name, timestamp: new Date().toISOString(), data: event.payload }) }))
    )
    baselineStart = performance.now()
    let next = 0
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < direct.length) {
          const request = direct[next++]!
          const answer = await fetch(request.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: request.body })
          expect(answer.status).toBe(200)
        }
      })
    )
    const baseline: Run = { name: 'direct POST (baseline)', latencies: latencies.baseline, totalMs: performance.now() - baselineStart }
    expect(baseline.latencies).toHaveLength(EVENTS * ENDPOINTS)

    // The pipeline: events committed to the stream; the server's jobs do the rest.
    phase = 'pipeline'
    const firstWrite = performance.now()
    for (let i = 0; i < events.length; i += EVENTS_PER_TRANSACTION) {
      const batch = events.slice(i, i + EVENTS_PER_TRANSACTION)
      await server.db.transaction((tx) => recordEvents(tx, server!.clock.now(), batch))
      const committed = performance.now()
      for (const event of batch) writtenAt.set(event.payload.slotId, committed)
    }
    await arrivals(() => latencies.pipeline.length, EVENTS * ENDPOINTS)
    const pipeline: Run = { name: 'events → deliveries (Pagecrew)', latencies: latencies.pipeline, totalMs: performance.now() - firstWrite }
    expect(duplicates).toBe(0)

    const b = row(baseline)
    const p = row(pipeline)
    reports.push(
      [
        `### ${kind}`,
        '| run | requests | p50 ms | p99 ms | total ms | per s |',
        '| --- | ---: | ---: | ---: | ---: | ---: |',
        b.line,
        p.line,
        `ratio pipeline/direct: p50 ×${(p.p50 / b.p50).toFixed(2)}, p99 ×${(p.p99 / b.p99).toFixed(2)}, throughput ${(p.perSecond / b.perSecond).toFixed(2)}`
      ].join('\n')
    )
  })
})
