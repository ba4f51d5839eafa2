/**
 * The embedded database on a thread of its own (issue 16: start-up). PGlite's start — unpacking a
 * new data folder, PostgreSQL booting in WebAssembly and reading its catalogs — then runs on the
 * second core while the server's modules load and its routes are built, and its statements no
 * longer hold the thread that answers requests.
 *
 * The worker (./pgliteWorker.ts) owns the PGlite instance and answers requests over a message port
 * (`servePglite`); the server holds a `PgliteThreadClient`, which speaks the part of PGlite's
 * interface Drizzle's PGlite driver uses: query, exec, transaction, listen,
 * waitReady, closed, close. A transaction keeps PGlite's own transaction open in the worker until
 * the server's callback ends, so statements from elsewhere wait for it exactly as they do with
 * PGlite in the same thread. A notice is posted before the answer of the statement that committed
 * it, on the same port, so it arrives first, as it does in the same thread.
 */
import { Worker } from 'node:worker_threads'
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite'

/** One end of a message channel: a worker's parentPort, the Worker itself, a MessagePort. */
interface Port {
  postMessage(message: unknown): void
  on(event: 'message', listener: (message: unknown) => void): unknown
}

type Request =
  | { op: 'query'; id: number; tx?: number; sql: string; params: unknown[]; rowMode?: 'array' | 'object'; rawTypes: number[] }
  | { op: 'exec'; id: number; tx?: number; sql: string }
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; channel: string }
  | { op: 'close'; id: number }

type Reply =
  | { op: 'ready' }
  | { op: 'failed'; error: SentError }
  | { op: 'notify'; channel: string; payload: string }
  | { op: 'done'; id: number; value: unknown }
  | { op: 'error'; id: number; error: SentError }

/** An error as it crosses the port: its name, message, stack and plain fields (PostgreSQL's code, constraint, detail…). */
interface SentError {
  name: string
  message: string
  stack?: string
  fields: Record<string, string | number | boolean | null>
}

function sendable(err: unknown): SentError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} }
  const fields: SentError['fields'] = {}
  for (const [key, value] of Object.entries(err)) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value
  }
  return { name: err.name, message: err.message, stack: err.stack, fields }
}

function received(sent: SentError): Error {
  const err = Object.assign(new Error(sent.message), sent.fields)
  err.name = sent.name
  if (sent.stack) err.stack = sent.stack
  return err
}

type Statements = Pick<PGlite, 'query' | 'exec'>
const identity = (value: unknown) => value
/** Thrown inside the worker's transaction callback so that PGlite rolls back. */
const ROLLBACK = Symbol('rollback')

/**
 * The worker's side: answers `port`'s requests with `db`, which may still be starting (PGlite
 * holds statements until it is ready). Posts 'ready' or 'failed' once its start is known.
 */
export function servePglite(port: Port, db: PGlite): void {
  const transactions = new Map<number, { tx: Statements; end: (commit: boolean) => void; finished: Promise<void> }>()
  const listening = new Map<string, () => Promise<void>>()
  let nextTx = 1
  const post = (reply: Reply) => port.postMessage(reply)
  const answer = (id: number, work: () => Promise<unknown>) => {
    // Results are plain data; a value that cannot cross (none PGlite makes) fails the request, not the worker.
    const send = (value: unknown) => {
      try {
        post({ op: 'done', id, value })
      } catch (err) {
        post({ op: 'error', id, error: sendable(err) })
      }
    }
    work().then(send, (err: unknown) => post({ op: 'error', id, error: sendable(err) }))
  }
  const statements = (tx: number | undefined): Statements => {
    if (tx === undefined) return db
    const open = transactions.get(tx)
    if (!open) throw new Error('Transaction is closed')
    return open.tx
  }

  db.waitReady.then(
    () => post({ op: 'ready' }),
    (err: unknown) => post({ op: 'failed', error: sendable(err) })
  )

  port.on('message', (message) => {
    const request = message as Request
    switch (request.op) {
      case 'query': {
        // Values of these types come back as PostgreSQL's text: the server's own parsers make them (functions cannot cross).
        const parsers = Object.fromEntries(request.rawTypes.map((type) => [type, identity]))
        answer(request.id, async () => statements(request.tx).query(request.sql, request.params, { rowMode: request.rowMode, parsers }))
        return
      }
      case 'exec':
        answer(request.id, async () => statements(request.tx).exec(request.sql))
        return
      case 'begin': {
        let began = false
        const finished: Promise<void> = db.transaction(async (tx) => {
          const id = nextTx++
          const decided = new Promise<boolean>((end) => transactions.set(id, { tx, end, finished }))
          began = true
          post({ op: 'done', id: request.id, value: id })
          if (!(await decided)) throw ROLLBACK
        })
        finished.catch((err: unknown) => {
          if (!began) post({ op: 'error', id: request.id, error: sendable(err) })
        })
        return
      }
      case 'end': {
        const open = transactions.get(request.tx)
        transactions.delete(request.tx)
        answer(request.id, async () => {
          if (!open) throw new Error('Transaction is closed')
          open.end(request.commit)
          await open.finished.catch((err: unknown) => {
            if (err !== ROLLBACK) throw err
          })
          return null
        })
        return
      }
      case 'listen':
        answer(request.id, async () => {
          if (!listening.has(request.channel)) {
            listening.set(request.channel, await db.listen(request.channel, (payload) => post({ op: 'notify', channel: request.channel, payload })))
          }
          return null
        })
        return
      case 'unlisten':
        answer(request.id, async () => {
          const stop = listening.get(request.channel)
          listening.delete(request.channel)
          if (stop) await stop()
          return null
        })
        return
      case 'close':
        answer(request.id, async () => {
          if (!db.closed) await db.close()
          return null
        })
        return
    }
  })
}

type Parsers = NonNullable<QueryOptions['parsers']>
type Transaction = Pick<PGlite, 'query' | 'exec'> & { readonly closed: boolean }

/**
 * The server's side: PGlite's interface, answered by the worker at the other end of `port`.
 * `stop` ends the worker once it has closed the database. A worker that stops on its own fails
 * every statement waiting and every one after (`fail`).
 */
export class PgliteThreadClient {
  readonly waitReady: Promise<void>
  #port: Port
  #stop: () => Promise<void>
  #pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>()
  #listeners = new Map<string, { callbacks: Set<(payload: string) => void>; listening: Promise<unknown> }>()
  #next = 0
  #closed = false
  #failure: Error | null = null
  #started!: { resolve: () => void; reject: (err: Error) => void }

  constructor(port: Port, stop: () => Promise<void>) {
    this.#port = port
    this.#stop = stop
    this.waitReady = new Promise<void>((resolve, reject) => (this.#started = { resolve, reject }))
    // Whoever waits hears a failed start; nobody waiting is not an unhandled rejection.
    this.waitReady.catch(() => undefined)
    port.on('message', (message) => this.#receive(message as Reply))
  }

  get closed(): boolean {
    return this.#closed
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options)
  }

  exec(sql: string): Promise<Results[]> {
    return this.#request({ op: 'exec', sql }) as Promise<Results[]>
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = (await this.#request({ op: 'begin' })) as number
    let closed = false
    const open = () => {
      if (closed) throw new Error('Transaction is closed')
    }
    const tx: Transaction = {
      query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        open()
        return this.#query<R>(id, sql, params ?? [], options)
      },
      exec: async (sql: string) => {
        open()
        return (await this.#request({ op: 'exec', tx: id, sql })) as Results[]
      },
      get closed() {
        return closed
      }
    }
    let result: T
    try {
      result = await callback(tx)
    } catch (err) {
      closed = true
      await this.#request({ op: 'end', tx: id, commit: false })
      throw err
    }
    closed = true
    await this.#request({ op: 'end', tx: id, commit: true })
    return result
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let entry = this.#listeners.get(channel)
    if (!entry) {
      entry = { callbacks: new Set(), listening: this.#request({ op: 'listen', channel }) }
      this.#listeners.set(channel, entry)
    }
    entry.callbacks.add(callback)
    try {
      await entry.listening
    } catch (err) {
      // A failed LISTEN is not kept: the next listen on the channel asks the database again.
      entry.callbacks.delete(callback)
      if (this.#listeners.get(channel) === entry) this.#listeners.delete(channel)
      throw err
    }
    const { callbacks } = entry
    return async () => {
      callbacks.delete(callback)
      if (callbacks.size === 0 && this.#listeners.get(channel)?.callbacks === callbacks) {
        this.#listeners.delete(channel)
        await this.#request({ op: 'unlisten', channel })
      }
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    try {
      if (!this.#failure) await this.#request({ op: 'close' })
    } finally {
      await this.#stop()
    }
  }

  /** The worker stopped: every statement waiting fails with `err`, and so does every later one. */
  fail(err: Error): void {
    if (this.#failure) return
    this.#failure = err
    this.#started.reject(err)
    for (const { reject } of this.#pending.values()) reject(err)
    this.#pending.clear()
  }

  async #query<T>(tx: number | undefined, sql: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const unsupported = Object.keys(options ?? {}).filter((key) => key !== 'rowMode' && key !== 'parsers')
    if (unsupported.length > 0) throw new Error(`The embedded database's thread does not take the query option ${unsupported.join(', ')}`)
    const parsers: Parsers = options?.parsers ?? {}
    const rawTypes = Object.keys(parsers).map(Number)
    const result = (await this.#request({ op: 'query', tx, sql, params, rowMode: options?.rowMode, rawTypes })) as Results<T>
    if (rawTypes.length > 0) parse(result, parsers)
    return result
  }

  #request(request: DistributiveOmit<Request, 'id'>): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure)
    if (this.#closed && request.op !== 'close') return Promise.reject(new Error('PGlite is closed'))
    const id = ++this.#next
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      try {
        this.#port.postMessage({ ...request, id })
      } catch (err) {
        // A parameter that cannot be sent (a function, say): this statement fails, nothing else.
        this.#pending.delete(id)
        reject(err instanceof Error ? err : new Error(String(err)))
      }
    })
  }

  #receive(reply: Reply): void {
    switch (reply.op) {
      case 'ready':
        this.#started.resolve()
        return
      case 'failed':
        this.#started.reject(received(reply.error))
        return
      case 'notify':
        for (const callback of this.#listeners.get(reply.channel)?.callbacks ?? []) callback(reply.payload)
        return
      case 'done':
      case 'error': {
        const pending = this.#pending.get(reply.id)
        this.#pending.delete(reply.id)
        if (reply.op === 'done') pending?.resolve(reply.value)
        else pending?.reject(received(reply.error))
        return
      }
    }
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** Applies the caller's parsers to the values the worker left as text (nulls stay null, as PGlite leaves them). */
function parse(result: Results<unknown>, parsers: Parsers): void {
  const columns: { index: number; name: string; parser: (value: string, type: number) => unknown; type: number }[] = []
  const lastOfName = new Map<string, number>()
  result.fields.forEach((field, index) => lastOfName.set(field.name, index))
  result.fields.forEach((field, index) => {
    const parser = parsers[field.dataTypeID]
    if (parser) columns.push({ index, name: field.name, parser, type: field.dataTypeID })
  })
  if (columns.length === 0) return
  for (const row of result.rows as unknown[]) {
    for (const column of columns) {
      if (Array.isArray(row)) {
        const value: unknown = row[column.index]
        if (value !== null && value !== undefined) row[column.index] = column.parser(value as string, column.type)
      } else if (lastOfName.get(column.name) === column.index) {
        const record = row as Record<string, unknown>
        const value = record[column.name]
        if (value !== null && value !== undefined) record[column.name] = column.parser(value as string, column.type)
      }
    }
  }
}

/** What the worker is told: its data folder and the template a new one starts from (./unpackTemplate.ts). */
export interface PgliteThreadData {
  dataDir: string
  template: string | null
}

/**
 * Starts the worker script `workerFile` (the built ./pgliteWorker.ts) on `data` and returns its
 * client at once: statements wait until PGlite has started, and fail if it cannot. `onStopped` is
 * told, once, when the thread stops on its own (it answers nothing again).
 */
export function openPgliteThread(workerFile: string | URL, data: PgliteThreadData, onStopped?: (err: Error) => void): PgliteThreadClient {
  const worker = new Worker(workerFile, { workerData: data })
  let stopping = false
  const client = new PgliteThreadClient(worker, async () => {
    stopping = true
    await worker.terminate()
  })
  let stopped = false
  const stop = (err: Error) => {
    if (stopping || stopped) return
    stopped = true
    client.fail(err)
    onStopped?.(err)
  }
  worker.on('error', (err) => stop(new Error(`The embedded database stopped: ${err.message}`)))
  worker.on('exit', (code) => stop(new Error(`The embedded database stopped (its thread exited with code ${code})`)))
  return client
}
