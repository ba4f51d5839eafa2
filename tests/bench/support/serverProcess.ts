/**
 * The built server (`node out/main/server.js`, as `npm run serve` and the desktop app's utility
 * process run it) as a child process on a free loopback port, ready once it answers HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import { expect } from 'vitest'

export const ROOT = resolve(__dirname, '../../..')
export const SERVER = join(ROOT, 'out/main/server.js')
/** How often a starting process is asked for its first answer. */
export const POLL_MS = 20
const GIVE_UP_MS = 60_000
/** A process that has not exited this long after SIGTERM is killed. */
const FORCE_STOP_MS = 15_000

export interface ServerProcess {
  url: string
  child: ChildProcess
  /** Everything it printed. */
  output: () => string
  /** Milliseconds from spawn to its first HTTP answer. */
  startMs: number
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** The status of one GET /api/auth on a fresh connection, or null when nothing answers yet. */
function probe(port: number): Promise<number | null> {
  return new Promise((done) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/auth', method: 'GET', agent: false, timeout: 2000 }, (res) => {
      res.resume()
      done(res.statusCode ?? null)
    })
    req.once('error', () => done(null))
    req.once('timeout', () => {
      req.destroy()
      done(null)
    })
    req.end()
  })
}

/**
 * Spawns `node <args>` (the built server unless told otherwise) with `env` over production
 * defaults and the port, and waits for its first answer: GET /api/auth answering 200 (null: no session), polled every
 * POLL_MS. A process that exits first or does not answer within 60 s is stopped and reported with
 * what it printed.
 */
export async function startServerProcess(env: Record<string, string>, args: string[] = [SERVER]): Promise<ServerProcess> {
  const port = await freePort()
  let output = ''
  const started = performance.now()
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), PAGECREW_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  child.stdout!.on('data', (data: Buffer) => (output += data.toString()))
  child.stderr!.on('data', (data: Buffer) => (output += data.toString()))
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the process exited (${child.exitCode}) before answering:\n${output}`)
      const status = await probe(port)
      if (status !== null) {
        const startMs = performance.now() - started
        expect(status, output).toBe(200)
        return { url: `http://127.0.0.1:${port}`, child, output: () => output, startMs }
      }
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`no answer within ${GIVE_UP_MS / 1000} s:\n${output}`)
      await new Promise((done) => setTimeout(done, POLL_MS))
    }
  } catch (error) {
    await stopProcess(child)
    throw error
  }
}

/** Stops the process gracefully (SIGTERM), killing it if it has not exited after FORCE_STOP_MS. */
export function stopServerProcess(server: ServerProcess): Promise<void> {
  return stopProcess(server.child)
}

function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done()
    const force = setTimeout(() => child.kill('SIGKILL'), FORCE_STOP_MS)
    child.once('exit', () => {
      clearTimeout(force)
      done()
    })
    child.kill('SIGTERM')
  })
}
