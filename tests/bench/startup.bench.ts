/**
 * Start-up benchmark (issue 16): the built server (`node out/main/server.js`, as `npm run serve`
 * and the desktop app's utility process run it) from spawn to its first HTTP answer (GET /api/auth
 * answering 200 with null, no session, polled every 20 ms), each run on a fresh temporary data folder:
 * - first start of a new data folder, which starts from the build's migrated PGlite data folder
 *   (out/main/pglite-template.tar; goal ≤ 1.5 s);
 * - a later start of that same folder (goal ≤ 1 s);
 * - first start without the template, i.e. PGlite's initdb and every migration (the bundle copied
 *   to a folder without the tar: production code is not told anything);
 * - the baseline of the same run: a bare Fastify answering GET /api/auth the same way (`node -e`), i.e.
 *   what Node and the machine cost before any Pagecrew code runs.
 *
 * `npm run bench` builds first; alone: `npm run build && npx vitest run -c vitest.bench.config.ts tests/bench/startup.bench.ts`.
 * Knob: PAGECREW_BENCH_STARTUP_RUNS (5).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { POLL_MS, ROOT, SERVER, startServerProcess, stopServerProcess } from './support/serverProcess'

const TEMPLATE = join(ROOT, 'out/main/pglite-template.tar')
const RUNS = Number(process.env.PAGECREW_BENCH_STARTUP_RUNS ?? 5)

const built = existsSync(SERVER) && existsSync(TEMPLATE)
if (!built) console.warn('start-up benchmark skipped: no build (out/main/server.js and out/main/pglite-template.tar); `npm run bench` builds first')

const BARE_FASTIFY = `
const app = require('fastify')()
app.get('/api/auth', async (_request, reply) => reply.type('application/json; charset=utf-8').send('null'))
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
`

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Milliseconds from spawn to the first answer of GET /api/auth; the process is stopped (gracefully) afterwards. */
async function timeToFirstAnswer(args: string[], env: Record<string, string>): Promise<number> {
  const server = await startServerProcess(env, args)
  await stopServerProcess(server)
  return server.startMs
}

describe.skipIf(!built)('start-up benchmark', () => {
  const scratch: string[] = []
  const temporaryDir = (prefix: string, parent = tmpdir()) => {
    const dir = mkdtempSync(join(parent, prefix))
    scratch.push(dir)
    return dir
  }
  afterAll(() => {
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true })
  })

  it(`spawn → first answer, ${RUNS} runs each (medians)`, { timeout: 600_000 }, async () => {
    // The same bundle without the template beside it: new data folders then run initdb and every
    // migration, as before the template existed. Inside out/ so node_modules resolve as for the build.
    const bare = temporaryDir('.bench-no-template-', join(ROOT, 'out'))
    mkdirSync(join(bare, 'main'))
    for (const entry of readdirSync(join(ROOT, 'out/main'))) {
      if (entry !== 'pglite-template.tar') cpSync(join(ROOT, 'out/main', entry), join(bare, 'main', entry), { recursive: true })
    }
    const serverWithoutTemplate = join(bare, 'main/server.js')

    const times = { fastify: [] as number[], first: [] as number[], later: [] as number[], scratch: [] as number[] }
    // Interleaved, so a busy moment of the machine touches every kind alike.
    for (let run = 0; run < RUNS; run++) {
      times.fastify.push(await timeToFirstAnswer(['-e', BARE_FASTIFY], {}))
      const dataDir = temporaryDir('pagecrew-bench-startup-')
      times.first.push(await timeToFirstAnswer([SERVER], { PAGECREW_DATA_DIR: dataDir }))
      expect(existsSync(join(dataDir, 'pglite/PG_VERSION'))).toBe(true)
      times.later.push(await timeToFirstAnswer([SERVER], { PAGECREW_DATA_DIR: dataDir }))
      const scratchDir = temporaryDir('pagecrew-bench-startup-')
      times.scratch.push(await timeToFirstAnswer([serverWithoutTemplate], { PAGECREW_DATA_DIR: scratchDir }))
      expect(existsSync(join(scratchDir, 'pglite/PG_VERSION'))).toBe(true)
    }

    const base = median(times.fastify)
    const row = (label: string, values: number[], goal: string) => {
      const m = median(values)
      return `| ${label} | ${m.toFixed(0)} | ${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)} | ${(m / base).toFixed(1)}× | ${goal} |`
    }
    console.log(
      [
        `Start-up of the built server (node out/main/server.js, PGlite) — spawn → first answer of GET /api/auth (200, no session), polled every ${POLL_MS} ms; median of ${RUNS} runs`,
        '| start | median ms | range ms | vs bare Fastify | goal |',
        '|---|---|---|---|---|',
        row('bare Fastify (`node -e`, the baseline)', times.fastify, '—'),
        row('first start, new data folder (template)', times.first, '≤ 1500 ms'),
        row('later start, same data folder', times.later, '≤ 1000 ms'),
        row('first start without the template (initdb + migrations)', times.scratch, '—'),
        `Template against migrating from scratch: first start takes ${(median(times.first) / median(times.scratch)).toFixed(2)}× the time.`
      ].join('\n')
    )
  })
})
