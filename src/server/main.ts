/**
 * `node out/main/server.js`: the Pagecrew API server (and the browser version when the renderer
 * is built). Configuration comes from the environment (see ./config.ts). The desktop app runs this
 * same file in an Electron utilityProcess and learns the port from a 'listening' message.
 */
import { join } from 'node:path'
import { systemClock } from './clock'
import { loadConfig, type Config } from './config'
import { ConfigError } from './configError'
import { openDatabase, type DatabaseHandle } from './db/client'
import { migrate } from './db/migrate'
import { bundledPgliteTemplate, bundledPgliteWorker, migratedPgliteDump, writeDumpFile } from './db/pgliteTemplate'

/** Electron's utilityProcess gives the child `process.parentPort`; plain Node has none. */
interface ParentPort {
  postMessage(message: unknown): void
  on(event: 'message', listener: (event: { data: unknown }) => void): void
}

/** The process that started this server, if it talks to it: a utilityProcess parent or a child_process.fork IPC channel. */
interface Parent {
  send(message: unknown): void
  onMessage(listener: (data: unknown) => void): void
}

function parentChannel(): Parent | null {
  const port = (process as unknown as { parentPort?: ParentPort }).parentPort
  if (port) return { send: (m) => port.postMessage(m), onMessage: (l) => port.on('message', (event) => l(event.data)) }
  if (typeof process.send === 'function') {
    return { send: (m) => process.send?.(m), onMessage: (l) => process.on('message', l) }
  }
  return null
}
const parent = parentChannel()

/** `--write-pglite-template [file]` (the build): writes the migrated PGlite data folder new data folders start from. */
async function writeTemplate(file: string): Promise<void> {
  await writeDumpFile(file, await migratedPgliteDump())
  console.log(`Wrote the migrated embedded database to ${file}`)
}

async function main(): Promise<void> {
  const templateFlag = process.argv.indexOf('--write-pglite-template')
  if (templateFlag !== -1) return writeTemplate(process.argv[templateFlag + 1] ?? bundledPgliteTemplate(import.meta.url))

  let config: Config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }

  // Issue 16 (start-up): the embedded database starts on a thread of its own (db/pgliteThread.ts)
  // and is migrated there while this thread loads the server and builds its routes; the server
  // is ready, and listens, once both are done.
  const database = await openOrExit(config)
  const migrated = migrate(database.db).catch((err: unknown) => cannotOpen(config, err))
  const { createServer } = await import('./app')
  const app = createServer({ db: database.db, clock: systemClock, config, databaseReady: migrated })

  let closing = false
  const shutdown = async (reason: string) => {
    if (closing) {
      process.exit(1) // a second signal: stop waiting
    }
    closing = true
    app.log.info(`shutting down (${reason})`)
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    try {
      await app.close()
      await database.close()
      process.exit(0)
    } catch (err) {
      console.error(`Shutdown failed: ${err instanceof Error ? err.message : String(err)}`)
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  // The desktop app asks for a graceful stop with {type: 'shutdown'} before it would kill us.
  parent?.onMessage((data) => {
    if ((data as { type?: unknown } | null)?.type === 'shutdown') void shutdown('parent')
  })

  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    const why = code === 'EADDRINUSE' ? `port ${config.port} is already in use` : err instanceof Error ? err.message : String(err)
    console.error(`Could not start Pagecrew on ${config.host}:${config.port}: ${why}`)
    await database.close().catch(() => undefined)
    process.exit(1)
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  console.log(`Pagecrew is running at http://${host}:${port}`)
  // Links in emails and to outside services are never built from a request's Host header (routes
  // could be told any name): without a public address they carry the address this server listens at.
  if (!config.publicUrl && !isLoopback(config.host)) {
    console.warn(
      `PAGECREW_PUBLIC_URL is not set: invitation links and other links that leave the app use this server's own address${config.trustProxy ? ' (or the X-Forwarded-Host of the trusted proxy)' : ''}. Set it to the address people open Pagecrew at.`
    )
  }
  serving = true
  parent?.send({ type: 'listening', port })
}

/** The database of `config` (the embedded one may still be starting); a failure is reported and ends the process. */
async function openOrExit(config: Config): Promise<DatabaseHandle> {
  try {
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl ? null : join(config.dataDir, 'pglite'),
      pgliteTemplate: bundledPgliteTemplate(import.meta.url),
      pgliteWorker: bundledPgliteWorker(import.meta.url),
      // It answers nothing again: the process ends (the desktop app starts it again) rather than fail every request.
      onPgliteStopped: (err) => {
        if (!serving) cannotOpen(config, err)
        console.error(err.message)
        process.exit(1)
      }
    })
  } catch (err) {
    return cannotOpen(config, err)
  }
}

function cannotOpen(config: Config, err: unknown): never {
  const where = config.databaseUrl ? 'the PostgreSQL database (DATABASE_URL)' : `the database in ${join(config.dataDir, 'pglite')}`
  console.error(`Could not open ${where}: ${err instanceof Error ? err.message : String(err)}`)
  process.exit(1)
}

/** Whether the server has started listening (a database failing before is one that could not be opened). */
let serving = false

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.')

void main()
