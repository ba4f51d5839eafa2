import { z } from 'zod'
import { consoleLog, type Log } from './log'
import { realTimers, type Timers } from './ports'

/**
 * Runs the bundled API server (out/main/server.js) beside the app when no team server is
 * configured (DESIGN.md §1, "Embedded default"): on a random loopback port, PGlite under the
 * user-data folder. The server tells us its port with `{type: 'listening', port}` once it
 * listens (process.parentPort in a utilityProcess, process.send under child_process.fork).
 * A crash restarts it with backoff; too many crashes in a short time is reported as a failure.
 * On quit it is asked to shut down ({type: 'shutdown'}), so PGlite closes cleanly, and killed
 * only if it does not exit in time.
 */
export interface ServerChild {
  on(event: 'message', listener: (message: unknown) => void): unknown
  on(event: 'exit', listener: (code: number) => void): unknown
  /** Asks for a graceful stop ({type: 'shutdown'}: close HTTP, then the database). */
  postMessage(message: unknown): unknown
  kill(): unknown
}

/** Starts `modulePath` as a child process with exactly `env` (utilityProcess.fork in the app). */
export type ForkServer = (modulePath: string, env: Record<string, string>) => ServerChild

export interface EmbeddedServer {
  /** Resolves with the origin ('http://127.0.0.1:<port>') once the server listens. */
  start(): Promise<string>
  /** Stops the server (app quit): asks it to shut down, kills it if it has not exited in time. */
  stop(): Promise<void>
  /** The origin the server last listened on; null before the first start. It changes after a restart. */
  readonly origin: string | null
}

interface EmbeddedServerOptions {
  fork: ForkServer
  modulePath: string
  /** PGlite and uploads live here (PAGECREW_DATA_DIR). */
  dataDir: string
  baseEnv?: Record<string, string | undefined>
  timers?: Timers
  startTimeoutMs?: number
  /** Crashes tolerated within `crashWindowMs`; one more is a failure. */
  maxRestarts?: number
  crashWindowMs?: number
  /** Delay before restart number `n` (1-based). */
  backoffMs?: (n: number) => number
  stopTimeoutMs?: number
  /** The server listens again after a crash, on a new port. */
  onRestarted?: (origin: string) => void
  /** The server crashed too often after it had started; it is not restarted again. */
  onFailure?: (error: Error) => void
  log?: Log
}

const listeningSchema = z.object({ type: z.literal('listening'), port: z.number().int().min(1).max(65_535) })

/** Variables the embedded server must not inherit from the user's shell. */
const UNSET_FOR_EMBEDDED = ['PAGECREW_RENDERER_DIR', 'DATABASE_URL'] as const

export function embeddedServerEnv(dataDir: string, baseEnv: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(baseEnv)) if (value !== undefined) env[key] = value
  for (const key of UNSET_FOR_EMBEDDED) delete env[key]
  return { ...env, PORT: '0', HOST: '127.0.0.1', PAGECREW_DATA_DIR: dataDir }
}

export function createEmbeddedServer({
  fork,
  modulePath,
  dataDir,
  baseEnv = process.env,
  timers = realTimers,
  startTimeoutMs = 30_000,
  maxRestarts = 3,
  crashWindowMs = 5 * 60_000,
  backoffMs = (n) => Math.min(1000 * 2 ** (n - 1), 30_000),
  stopTimeoutMs = 5000,
  onRestarted = () => {},
  onFailure = () => {},
  log = consoleLog('server')
}: EmbeddedServerOptions): EmbeddedServer {
  const env = embeddedServerEnv(dataDir, baseEnv)
  let origin: string | null = null
  let child: ServerChild | null = null
  let childExited: Promise<void> = Promise.resolve()
  let pendingTimer: unknown = null
  let crashes: number[] = []
  let stopping = false
  let firstStart: { promise: Promise<string>; resolve: (origin: string) => void; reject: (error: Error) => void } | null = null
  let started = false

  function clearPendingTimer(): void {
    if (pendingTimer !== null) timers.clearTimeout(pendingTimer)
    pendingTimer = null
  }

  function launch(): void {
    const current = fork(modulePath, env)
    child = current
    let listening = false
    let done = false
    let exited!: () => void
    childExited = new Promise<void>((resolve) => (exited = resolve))

    pendingTimer = timers.setTimeout(() => {
      pendingTimer = null
      if (done) return
      done = true
      current.kill()
      crashed(new Error(`The embedded server did not start within ${Math.round(startTimeoutMs / 1000)} s.`))
    }, startTimeoutMs)

    current.on('message', (message) => {
      const parsed = listeningSchema.safeParse(message)
      if (done || listening || !parsed.success) return
      listening = true
      clearPendingTimer()
      origin = `http://127.0.0.1:${parsed.data.port}`
      log.info(`Embedded server listening on ${origin}`)
      if (!started) {
        started = true
        firstStart?.resolve(origin)
      } else {
        onRestarted(origin)
      }
    })

    current.on('exit', (code) => {
      exited()
      if (child === current) child = null
      if (done || stopping) return
      done = true
      clearPendingTimer()
      crashed(new Error(`The embedded server exited with code ${code}${listening ? '' : ' before it started'}.`))
    })
  }

  function crashed(error: Error): void {
    const now = timers.now()
    crashes = [...crashes.filter((at) => now - at < crashWindowMs), now]
    if (crashes.length > maxRestarts) {
      const failure = new Error(`${error.message} It failed ${crashes.length} times in a row; giving up.`, { cause: error })
      log.error(failure.message)
      if (!started) firstStart?.reject(failure)
      else onFailure(failure)
      return
    }
    const delay = backoffMs(crashes.length)
    log.warn(`${error.message} Restarting in ${delay} ms.`)
    pendingTimer = timers.setTimeout(() => {
      pendingTimer = null
      if (!stopping) launch()
    }, delay)
  }

  return {
    get origin() {
      return origin
    },
    start() {
      if (firstStart) return firstStart.promise
      let resolve!: (origin: string) => void
      let reject!: (error: Error) => void
      const promise = new Promise<string>((res, rej) => {
        resolve = res
        reject = rej
      })
      firstStart = { promise, resolve, reject }
      launch()
      return promise
    },
    async stop() {
      stopping = true
      clearPendingTimer()
      if (!started) firstStart?.reject(new Error('The embedded server was stopped before it started.'))
      const running = child
      if (running === null) return
      const exited = childExited.then(() => true)
      const waitExit = async (ms: number): Promise<boolean> => {
        let timeout: unknown = null
        const timedOut = new Promise<boolean>((resolve) => (timeout = timers.setTimeout(() => resolve(false), ms)))
        const result = await Promise.race([exited, timedOut])
        timers.clearTimeout(timeout)
        return result
      }
      running.postMessage({ type: 'shutdown' })
      if (await waitExit(stopTimeoutMs)) return
      log.warn(`The embedded server did not stop within ${stopTimeoutMs} ms; killing it.`)
      running.kill()
      await waitExit(1000)
    }
  }
}
