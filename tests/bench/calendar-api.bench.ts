/**
 * GET /schedule/calendar (issues 5 and 16) with 5,000 slots in range for 10 members (a topic tag on
 * two thirds, a business page on some), on each test database (PGlite, and PostgreSQL when it
 * answers), in a real listening server with production settings (no response checks: answers
 * written by the compiled serializers). autocannon (a worker thread, ~10 connections, loopback)
 * measures, in the same run:
 * - a bare Fastify answering the calendar's own answer, captured once, as a constant string (the
 *   baseline), and GET /schedule/calendar itself;
 * - both again with `accept-encoding: br, gzip`, the bare Fastify compressing with the server's own
 *   @fastify/compress settings;
 * - the same server process with and without its answer cache (PAGECREW_CALENDAR_CACHE_MB=0: a
 *   second server on the same database), i.e. a repeated request and one after every change to
 *   the Plan. Each repeat still reads the session and the organization's Plan version.
 * It prints req/s, p99, bytes on the wire and JSON bytes per slot, and the ratio to the bare Fastify.
 * Goals (issue 16): ≥ 0.3 of the bare Fastify; ≤ 250 bytes of JSON a slot.
 *
 * Alone: `npx vitest run -c vitest.bench.config.ts tests/bench/calendar-api.bench.ts`.
 * Knobs: PAGECREW_BENCH_SECONDS (4 per run), PAGECREW_BENCH_CONNECTIONS (10).
 */
import { constants as zlibConstants } from 'node:zlib'
import { randomUUID } from 'node:crypto'
import fastifyCompress from '@fastify/compress'
import { eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { API_BASE, CLIENT_HEADER, SESSION_COOKIE, type Session } from '../../src/shared/api/contract'
import type { BusinessPage, Member, PostTag } from '../../src/shared/domain'
import { COMPRESS_THRESHOLD_BYTES, createServer } from '../../src/server/app'
import { manualClock } from '../../src/server/testing/clock'
import { subscriptions } from '../../src/server/db/schema'
import { seedBusySchedule } from '../../src/server/testing/busySchedule'
import { startTestServer, TestClient, testDatabaseKinds, type RunningTestServer } from '../../src/server/testing/harness'
import { BENCH_SECONDS, measureThroughput, type Measured } from './support/throughput'

const NOW = '2026-03-10T10:00:00.000Z'
const SLOTS = 5000
const RANGE = { from: '2026-03-11T00:00:00.000Z', to: '2026-06-18T00:00:00.000Z' }
const COMPRESSED = { 'accept-encoding': 'br, gzip' }

const kinds = await testDatabaseKinds()
const servers: RunningTestServer[] = []
const reports: string[] = []

afterAll(async () => {
  for (const server of servers) await server.close()
  console.log(`\n## GET /schedule/calendar, ${SLOTS.toLocaleString('en')} slots (issue 16), ${BENCH_SECONDS} s per run\n\n${reports.join('\n\n')}`)
})

describe.each(kinds)('GET /schedule/calendar benchmark [%s]', (kind) => {
  it(`${SLOTS.toLocaleString('en')} slots against a bare Fastify sending the same bytes`, { timeout: 300_000 }, async () => {
    const clock = manualClock()
    clock.set(NOW)
    const server = await startTestServer({ database: kind, clock, config: { responseChecks: false, publisherIntervalMs: null } })
    servers.push(server)

    const admin = new TestClient(server.app)
    await admin.signup({ fullName: 'Ada Admin' })
    const org = await admin.createOrganization('Busy Co')
    await server.db.update(subscriptions).set({ availableSeats: 30 }).where(eq(subscriptions.organizationId, org.id))
    const people = [(await admin.get<{ id: string }>('/user')).body.id]
    for (let i = 0; i < 9; i++) {
      const invited = await admin.post<{ member: Member; joinUrl: string }>('/members/invite', { email: `member-${i}-${randomUUID().slice(0, 6)}@bench.example`, role: 'MEMBER' })
      const token = new URL(invited.body.joinUrl).searchParams.get('token')!
      expect((await new TestClient(server.app).post<Session>('/join/accept', { token, fullName: `Member ${i}`, password: 'correct horse battery staple' })).status).toBe(200)
      people.push(invited.body.member.id)
    }
    const tag = (await admin.post<PostTag>('/postTag/create', { tagTitle: 'Busy', tagColor: '#AABBCC', assignedUsers: people })).body
    const page = (await admin.post<BusinessPage>('/organization/business-pages/create', { linkedInCompanyName: 'Busy Labs' })).body
    for (const userId of people.slice(0, 3)) expect((await admin.put('/members/update', { userId, selectedBusinessPages: [page.id] })).status).toBe(200)
    await seedBusySchedule(server.db, { organizationId: org.id, people, tagId: tag.id, pageId: page.id, count: SLOTS, now: NOW })

    const path = `${API_BASE}/schedule/calendar?${new URLSearchParams(RANGE).toString()}`
    const headers = { cookie: `${SESSION_COOKIE}=${admin.cookie}`, [CLIENT_HEADER]: 'bench' }
    // The real answer, once: the bare Fastify sends exactly these bytes.
    const captured = await fetch(`${server.url}${path}`, { headers })
    expect(captured.status).toBe(200)
    const json = await captured.text()
    const answer = JSON.parse(json) as { slots: unknown[] }
    expect(answer.slots).toHaveLength(SLOTS)
    const jsonBytesPerSlot = Buffer.byteLength(json) / SLOTS

    const bare = Fastify({ logger: false })
    await bare.register(fastifyCompress, {
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }
    })
    bare.get(`${API_BASE}/schedule/calendar`, async (_request, reply) => reply.type('application/json; charset=utf-8').send(json))
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })
    const uncached = createServer({ db: server.db, clock, config: { responseChecks: false, publisherIntervalMs: null, logLevel: 'error', dataDir: server.dataDir, calendarCacheBytes: 0 } })
    const uncachedUrl = await uncached.listen({ port: 0, host: '127.0.0.1' })
    const again = await fetch(`${uncachedUrl}${path}`, { headers })
    expect(await again.text()).toBe(json)

    // Both compress: the same encoding and about the same bytes.
    for (const [url, h] of [[`${bareUrl}${path}`, COMPRESSED], [`${server.url}${path}`, { ...headers, ...COMPRESSED }]] as const) {
      const began = performance.now()
      const res = await fetch(url, { headers: h, decompress: false } as RequestInit)
      const body = Buffer.from(await res.arrayBuffer())
      console.log(`${url.startsWith(bareUrl) ? 'bare' : 'server'}: ${res.headers.get('content-encoding')} ${body.length} bytes in ${(performance.now() - began).toFixed(0)} ms`)
      expect(res.headers.get('content-encoding')).toBe('br')
    }

    const results: Measured[] = []
    try {
      results.push(await measureThroughput('bare Fastify', `${bareUrl}${path}`, {}))
      results.push(await measureThroughput('GET /schedule/calendar', `${server.url}${path}`, headers))
      results.push(await measureThroughput('bare Fastify, br/gzip', `${bareUrl}${path}`, COMPRESSED))
      results.push(await measureThroughput('GET /schedule/calendar, br/gzip', `${server.url}${path}`, { ...headers, ...COMPRESSED }))
      results.push(await measureThroughput('GET /schedule/calendar, no answer cache', `${uncachedUrl}${path}`, headers))
      results.push(await measureThroughput('GET /schedule/calendar, no answer cache, br/gzip', `${uncachedUrl}${path}`, { ...headers, ...COMPRESSED }))
    } finally {
      await bare.close()
      await uncached.close()
    }
    const [bareRaw, calendarRaw, bareCompressed, calendarCompressed, coldRaw, coldCompressed] = results as [Measured, Measured, Measured, Measured, Measured, Measured]
    const row = (r: Measured, base: Measured | null) =>
      `| ${r.name} | ${r.requests.toFixed(1)} | ${r.p99} | ${Math.round(r.bytes).toLocaleString('en')} | ${base ? (r.requests / base.requests).toFixed(3) : '1 (baseline)'} |`
    reports.push(
      [
        `### ${kind}: ${Buffer.byteLength(json).toLocaleString('en')} bytes of JSON, ${jsonBytesPerSlot.toFixed(0)} bytes a slot`,
        '',
        '| request | req/s | p99 ms | bytes on the wire | ratio to bare |',
        '|---|---:|---:|---:|---:|',
        row(bareRaw, null),
        row(calendarRaw, bareRaw),
        row(bareCompressed, null),
        row(calendarCompressed, bareCompressed),
        row(coldRaw, bareRaw),
        row(coldCompressed, bareCompressed)
      ].join('\n')
    )
  })
})
