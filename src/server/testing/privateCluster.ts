/**
 * A PostgreSQL 15 cluster of a test's own (issue 16's fault tests): initdb into a temp folder, a
 * postmaster on its own free loopback port with its socket in that folder, so a test may kill and
 * restart it without disturbing the shared server on 5432 or another test. Nothing here imports
 * vitest.
 *
 * Decisions:
 * - The binaries are those of the installed PostgreSQL 15 (PAGECREW_PG_BIN overrides the folder);
 *   without them privateClusterUnavailable() says why, and the suites skip.
 * - initdb refuses to run as root: then every binary runs as the `postgres` OS user (spawn's
 *   uid/gid) in a folder it owns.
 * - Speed over durability against a machine crash, never against the fault it stands for: fsync off
 *   (a killed process leaves what it wrote in the OS's cache, which a restart reads), but commits
 *   wait for their WAL to be written (synchronous_commit stays on). With it off, a transaction the
 *   server was told had committed — the publisher's claim just before kill9() — could vanish with
 *   the WAL buffers, and the restarted database would hand the same posts out again (seen once in CI
 *   as five posts published twice). Trust authentication (loopback only).
 * - kill9() is the fault: SIGKILL to the postmaster alone, as `kill -9` does. Its children notice
 *   the postmaster's death and exit by themselves; start() waits for them (they still hold the
 *   shared memory a new postmaster refuses to share) and removes the stale postmaster.pid.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { accessSync, constants, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

const POSTGRES_BIN = process.env.PAGECREW_PG_BIN || '/usr/lib/postgresql/15/bin'
const BINARIES = ['initdb', 'postgres'] as const

interface OsUser {
  uid: number
  gid: number
}

/** Why no private cluster can run here, or null when one can. */
export function privateClusterUnavailable(): string | null {
  for (const name of BINARIES) {
    try {
      accessSync(join(POSTGRES_BIN, name), constants.X_OK)
    } catch {
      return `no PostgreSQL 15 binaries in ${POSTGRES_BIN} (${name} is missing)`
    }
  }
  if (process.getuid?.() === 0 && !postgresOsUser()) return 'running as root and there is no `postgres` OS user to run initdb as'
  return null
}

/** The `postgres` OS user when this process is root (initdb will not run as root); null otherwise. */
function postgresOsUser(): OsUser | null {
  if (process.getuid?.() !== 0) return null
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'))
  if (!line) return null
  const [, , uid, gid] = line.split(':')
  return { uid: Number(uid), gid: Number(gid) }
}

/** A free loopback port (the OS picks one; released before the postmaster takes it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * The process ids whose parent is `pid`, from /proc, synchronously: kill9() kills right after,
 * with no turn of the event loop in between (the test's other work must not run meanwhile).
 */
function childrenOf(pid: number): number[] {
  const children: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) children.push(Number(entry))
    } catch {
      // gone meanwhile
    }
  }
  return children
}

export interface PrivateCluster {
  readonly port: number
  readonly dataDir: string
  /** postgres://…/<database> on 127.0.0.1:<port>. */
  readonly url: string
  /** The running postmaster's process id (null while stopped). */
  readonly pid: number | null
  /** SIGKILL to the postmaster only; resolves once it is gone. */
  kill9(): Promise<void>
  /** Starts the postmaster again (after kill9 or stop) and waits until it answers. */
  restart(): Promise<void>
  /** Fast shutdown; the folder stays. */
  stop(): Promise<void>
  /** Stops whatever still runs and removes the folder. */
  destroy(): Promise<void>
}

/**
 * initdb, start, create `database`. Throws when privateClusterUnavailable() says why; the caller
 * must destroy() it (afterAll).
 */
export async function startPrivateCluster(options: { database?: string; startTimeoutMs?: number } = {}): Promise<PrivateCluster> {
  const unavailable = privateClusterUnavailable()
  if (unavailable) throw new Error(`No private PostgreSQL cluster: ${unavailable}`)
  const database = options.database ?? 'pagecrew'
  const startTimeoutMs = options.startTimeoutMs ?? 30_000
  const osUser = postgresOsUser()
  const root = await mkdtemp(join(tmpdir(), 'pagecrew-pg-'))
  if (osUser) await chown(root, osUser.uid, osUser.gid)
  const dataDir = join(root, 'data')
  const asOwner = osUser ? { uid: osUser.uid, gid: osUser.gid } : {}
  const env = { ...process.env, LC_ALL: 'C', TZ: 'UTC' }

  let port = 0
  let postmaster: ChildProcess | null = null
  let pid: number | null = null
  let log = ''

  const cleanupFolder = () => rmSync(root, { recursive: true, force: true })
  // A test process that ends without afterAll (a hook timed out) leaves no postmaster and no folder behind.
  const onExit = () => {
    if (pid !== null && alive(pid)) process.kill(pid, 'SIGKILL')
    cleanupFolder()
  }
  process.once('exit', onExit)

  await run(join(POSTGRES_BIN, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions'], {
    ...asOwner,
    env
  }).catch((error: { stderr?: string; message: string }) => {
    cleanupFolder()
    throw new Error(`initdb failed: ${error.stderr || error.message}`, { cause: error })
  })

  /** Until `select 1` answers (or the postmaster exits / the time is up). */
  async function waitUntilAnswering(db = 'postgres'): Promise<void> {
    const deadline = Date.now() + startTimeoutMs
    for (;;) {
      if (postmaster && (postmaster.exitCode !== null || postmaster.signalCode !== null)) throw new Error(`postgres exited while starting:\n${log}`)
      const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: db, connectionTimeoutMillis: 1000 })
      client.on('error', () => undefined)
      try {
        await client.connect()
        await client.query('select 1')
        return
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`postgres did not answer within ${startTimeoutMs} ms: ${(error as Error).message}\n${log}`, { cause: error })
      } finally {
        await client.end().catch(() => undefined)
      }
      await sleep(50)
    }
  }

  async function start(): Promise<void> {
    if (!port) port = await freePort()
    log = ''
    const child = spawn(
      join(POSTGRES_BIN, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${root}`, '-c', 'fsync=off', '-c', 'full_page_writes=off'],
      { ...asOwner, env, stdio: ['ignore', 'pipe', 'pipe'] }
    )
    const keep = (data: Buffer) => {
      log = (log + data.toString()).slice(-8000)
    }
    child.stdout!.on('data', keep)
    child.stderr!.on('data', keep)
    postmaster = child
    pid = child.pid ?? null
    await waitUntilAnswering()
  }

  async function waitGone(pids: number[], timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (pids.some(alive)) {
      if (Date.now() > deadline) {
        // Orphans that did not notice their postmaster's death: they would hold the shared memory.
        for (const p of pids.filter(alive)) process.kill(p, 'SIGKILL')
        await sleep(100)
        return
      }
      await sleep(25)
    }
  }

  async function stopGracefully(): Promise<void> {
    if (pid === null || !alive(pid)) return
    const children = childrenOf(pid)
    process.kill(pid, 'SIGINT') // fast shutdown
    await waitGone([pid, ...children], 15_000)
    pid = null
  }

  try {
    await start()
    const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' })
    await admin.connect()
    await admin.query(`create database "${database}"`)
    await admin.end()
  } catch (error) {
    await stopGracefully().catch(() => undefined)
    cleanupFolder()
    process.removeListener('exit', onExit)
    throw error
  }

  return {
    get port() {
      return port
    },
    dataDir,
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    get pid() {
      return pid
    },

    async kill9() {
      if (pid === null) throw new Error('the cluster is not running')
      if (!existsSync('/proc/self/stat')) throw new Error('kill9 needs /proc to find the postmaster’s children')
      const killed = pid
      const children = childrenOf(killed)
      process.kill(killed, 'SIGKILL')
      await waitGone([killed], 5_000)
      pid = null
      // The backends and auxiliary processes exit when they notice (within moments).
      await waitGone(children, 10_000)
    },

    async restart() {
      if (pid !== null && alive(pid)) throw new Error('the cluster is running')
      // kill9 left postmaster.pid naming a dead process; postgres would check it anyway, but a
      // reused pid could make it refuse to start.
      const pidFile = join(dataDir, 'postmaster.pid')
      if (existsSync(pidFile)) await rm(pidFile, { force: true })
      await start()
      await waitUntilAnswering(database)
    },

    stop: stopGracefully,

    async destroy() {
      try {
        if (pid !== null && alive(pid)) {
          await stopGracefully().catch(async () => {
            if (pid !== null && alive(pid)) process.kill(pid, 'SIGKILL')
          })
        }
      } finally {
        process.removeListener('exit', onExit)
        await rm(root, { recursive: true, force: true })
      }
    }
  }
}
