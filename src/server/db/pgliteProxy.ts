import { Worker } from 'node:worker_threads'
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite'
import type { FromWorker, ToWorker, WorkerData, WorkerError } from './pgliteProtocol'

type Request = ToWorker extends infer T ? (T extends { id: number } ? Omit<T, 'id'> : never) : never

interface QueryClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
}

/**
 * The embedded database running in a worker thread (./pgliteWorker.ts), with the part of PGlite's
 * interface the server uses: statements, transactions (each statement of one goes to the worker's
 * open transaction; other statements wait for it there, as in PGlite), change notices, close. Its
 * errors carry PostgreSQL's fields (code, constraint…) like PGlite's own.
 */
export class PgliteInWorker implements QueryClient {
  readonly waitReady: Promise<void>
  private readonly worker: Worker
  private readonly pending = new Map<number, { resolve(result: Results | null): void; reject(err: Error): void }>()
  private readonly listeners = new Map<string, Set<(payload: string) => void>>()
  private nextId = 0
  private nextTx = 0
  private stopped: Error | null = null
  private isClosed = false
  private closing = false

  constructor(workerFile: string, data: WorkerData) {
    this.worker = new Worker(workerFile, { workerData: data })
    this.waitReady = new Promise<void>((resolve, reject) => {
      const fail = (err: Error) => {
        this.stopped ??= new Error(`The embedded database stopped: ${err.message}`)
        reject(this.stopped)
        for (const waiting of this.pending.values()) waiting.reject(this.stopped)
        this.pending.clear()
      }
      this.worker.on('message', (message: FromWorker) => {
        if (message.type === 'ready') resolve()
        else if (message.type === 'failed') fail(errorFrom(message.error))
        else if (message.type === 'notification') for (const listener of this.listeners.get(message.channel) ?? []) listener(message.payload)
        else {
          const waiting = this.pending.get(message.id)
          this.pending.delete(message.id)
          if (message.ok) waiting?.resolve(message.result)
          else waiting?.reject(errorFrom(message.error))
        }
      })
      this.worker.on('error', fail)
      this.worker.on('exit', (code) => {
        if (!this.closing) fail(new Error(`its thread ended (${code})`))
      })
    })
    // Nothing waits on it before the first statement; its failure is reported there.
    this.waitReady.catch(() => undefined)
  }

  get closed(): boolean {
    return this.isClosed
  }

  private ask(request: Request): Promise<Results | null> {
    if (this.stopped) return Promise.reject(this.stopped)
    if (this.isClosed) return Promise.reject(new Error('The embedded database is closed.'))
    const id = ++this.nextId
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      this.worker.postMessage({ ...request, id } as ToWorker)
    })
  }

  private statement<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number): Promise<Results<T>> {
    const textTypes = Object.keys(options.parsers ?? {}).map(Number)
    return this.ask({ op: 'query', sql, params, rowMode: options.rowMode, textTypes, tx }) as Promise<Results<T>>
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.statement<T>(sql, params, options)
  }

  async transaction<T>(work: (tx: QueryClient) => Promise<T>): Promise<T> {
    const tx = ++this.nextTx
    await this.ask({ op: 'begin', tx })
    let result: T
    try {
      result = await work({ query: (sql, params, options) => this.statement(sql, params, options, tx) })
    } catch (err) {
      await this.ask({ op: 'end', tx, commit: false }).catch(() => undefined)
      throw err
    }
    await this.ask({ op: 'end', tx, commit: true })
    return result
  }

  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel)
    if (!set) {
      set = new Set()
      this.listeners.set(channel, set)
      await this.ask({ op: 'listen', channel })
    }
    set.add(listener)
    return async () => {
      set.delete(listener)
      if (set.size === 0 && this.listeners.get(channel) === set) {
        this.listeners.delete(channel)
        if (!this.isClosed && !this.stopped) await this.ask({ op: 'unlisten', channel })
      }
    }
  }

  async close(): Promise<void> {
    if (this.isClosed) return
    this.closing = true
    try {
      if (!this.stopped) await this.ask({ op: 'close' })
    } finally {
      this.isClosed = true
      await this.worker.terminate()
    }
  }

  /** For drizzle's PGlite driver, which takes a PGlite: the part of it drizzle and the server use is here. */
  asPglite(): PGlite {
    return this as unknown as PGlite
  }
}

function errorFrom(error: WorkerError): Error {
  const err = new Error(error.message)
  err.name = error.name
  return Object.assign(err, error.fields)
}
