/**
 * The embedded database in a worker thread of its own (issue 16: start-up time). PGlite compiles
 * its WebAssembly and boots PostgreSQL here, on the second core, while the server's modules load
 * on the first. The server talks to it through ./pgliteProxy.ts; one message a statement, one a
 * transaction's begin and end, and the change notices back. Built as out/main/pglite-worker.js.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite'
import { templateFor } from './pgliteTemplate'
import type { FromWorker, ToWorker, WorkerData, WorkerError, QueryRequest } from './pgliteProtocol'

const port = parentPort!
const { dataDir, template } = workerData as WorkerData
const send = (message: FromWorker) => port.postMessage(message)

function errorOf(err: unknown): WorkerError {
  if (err instanceof Error) {
    const fields: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(err)) if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value
    return { message: err.message, name: err.name, fields }
  }
  return { message: String(err), name: 'Error', fields: {} }
}

const identity = (value: string) => value

async function run(client: PGlite | Transaction, request: QueryRequest): Promise<Results> {
  // The caller's parsers are functions (not sent): drizzle's leave these types as the text they are.
  const parsers = Object.fromEntries(request.textTypes.map((type) => [type, identity]))
  return client.query(request.sql, request.params, { rowMode: request.rowMode, parsers })
}

/** An open transaction's statements, in order, until its end. */
interface OpenTransaction {
  deliver(message: ToWorker): void
}
const transactions = new Map<number, OpenTransaction>()
const ROLLBACK = Symbol('rollback')

function begin(client: PGlite, id: number, tx: number): void {
  const inbox: ToWorker[] = []
  let wake: (() => void) | null = null
  const next = () =>
    new Promise<ToWorker>((resolve) => {
      const take = () => resolve(inbox.shift()!)
      if (inbox.length > 0) take()
      else wake = take
    })
  transactions.set(tx, {
    deliver(message) {
      inbox.push(message)
      const waiting = wake
      wake = null
      waiting?.()
    }
  })
  let begun = false
  let endId: number | null = null
  client
    .transaction(async (t) => {
      begun = true
      send({ type: 'answer', id, ok: true, result: null })
      for (;;) {
        const message = await next()
        if (message.op === 'query') {
          try {
            send({ type: 'answer', id: message.id, ok: true, result: await run(t, message) })
          } catch (err) {
            send({ type: 'answer', id: message.id, ok: false, error: errorOf(err) })
          }
        } else if (message.op === 'end') {
          endId = message.id
          if (!message.commit) throw ROLLBACK
          return
        }
      }
    })
    .then(
      () => send({ type: 'answer', id: endId!, ok: true, result: null }),
      (err) => {
        if (err === ROLLBACK) send({ type: 'answer', id: endId!, ok: true, result: null })
        else send({ type: 'answer', id: begun ? (endId ?? id) : id, ok: false, error: errorOf(err) })
      }
    )
    .finally(() => transactions.delete(tx))
}

async function start(): Promise<void> {
  let client: PGlite
  try {
    const loadDataDir = await templateFor(dataDir, template)
    client = new PGlite(dataDir, { loadDataDir })
    await client.waitReady
  } catch (err) {
    send({ type: 'failed', error: errorOf(err) })
    port.close()
    return
  }
  const unlisten = new Map<string, () => Promise<void>>()
  port.on('message', (message: ToWorker) => {
    if ((message.op === 'query' || message.op === 'end') && message.tx !== undefined) {
      const open = transactions.get(message.tx)
      if (open) open.deliver(message)
      else send({ type: 'answer', id: message.id, ok: false, error: { message: 'The transaction is over.', name: 'Error', fields: {} } })
      return
    }
    const answer = (work: Promise<unknown>) =>
      work.then(
        (result) => send({ type: 'answer', id: message.id, ok: true, result: (result ?? null) as Results | null }),
        (err) => send({ type: 'answer', id: message.id, ok: false, error: errorOf(err) })
      )
    switch (message.op) {
      case 'query':
        void answer(run(client, message))
        break
      case 'begin':
        begin(client, message.id, message.tx)
        break
      case 'listen':
        void answer(
          (async () => {
            if (unlisten.has(message.channel)) return null
            unlisten.set(message.channel, await client.listen(message.channel, (payload) => send({ type: 'notification', channel: message.channel, payload })))
            return null
          })()
        )
        break
      case 'unlisten':
        void answer(
          (async () => {
            const stop = unlisten.get(message.channel)
            unlisten.delete(message.channel)
            if (stop) await stop()
            return null
          })()
        )
        break
      case 'close':
        void answer(client.close()).then(() => port.close())
        break
    }
  })
  send({ type: 'ready' })
}

void start()
