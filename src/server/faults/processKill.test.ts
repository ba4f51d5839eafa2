import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_HEADER, SESSION_COOKIE } from '../../shared/api/contract'
import { MESSAGES, mediaOffsetFromMessage } from '../../shared/api/messages'
import type { Post, PostMedia } from '../../shared/domain'
import { encodePng } from '../testing/images'
import { multipartBody } from '../testing/harness'
import { privateClusterUnavailable, startPrivateCluster, type PrivateCluster } from '../testing/privateCluster'

/**
 * Issue 16, fault 2: a server process is killed (SIGKILL) mid-request and mid-upload. The server
 * runs as a child process — main.ts from source (testing/serveFromSource.ts), so no build is needed
 * and the code under test is the code in the tree — on a private PostgreSQL cluster; a second
 * process on the same database and data folder takes over.
 */
const ROOT = resolve(__dirname, '../../..')
const unavailable = privateClusterUnavailable() ?? (existsSync(join(ROOT, 'node_modules/tsx/package.json')) ? null : 'tsx is not installed')

type Json = Record<string, unknown>
type ErrorJson = { error: { code: string; message: string } }

interface ServerProcess {
  url: string
  child: ChildProcess
}

/** The server from source on a free port; resolves once it says where it listens. */
function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/testing/serveFromSource.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', PAGECREW_LOG_LEVEL: 'error', PAGECREW_PUBLISHER_INTERVAL_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`the server did not start within 40 s:\n${output}`))
    }, 40_000)
    const onData = (data: Buffer) => {
      output += data.toString()
      const match = /Pagecrew is running at (http:\/\/\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolvePromise({ url: match[1]!, child })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the server exited (${code}) while starting:\n${output}`))
    })
  })
}

function kill9(server: ServerProcess): Promise<void> {
  return new Promise((resolvePromise) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolvePromise()
    server.child.once('exit', () => resolvePromise())
    server.child.kill('SIGKILL')
  })
}

/** A signed-in person talking to whichever server process is running. */
class Person {
  cookie = ''
  constructor(public url: string) {}

  async send<T = Json>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.url}/api${path}`, {
      method,
      headers: { [CLIENT_HEADER]: 'fault-test', cookie: `${SESSION_COOKIE}=${this.cookie}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    const setCookie = res.headers.get('set-cookie')
    const match = setCookie ? new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(setCookie) : null
    if (match) this.cookie = match[1]!
    const text = await res.text()
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T }
  }

  chunk(uploadId: string, offset: number, data: Buffer) {
    const { payload, contentType } = multipartBody({ uploadId, offset: String(offset) }, [
      { field: 'chunk', fileName: 'blob', contentType: 'application/octet-stream', data }
    ])
    return fetch(`${this.url}/api/posts/media/chunk`, {
      method: 'POST',
      headers: { [CLIENT_HEADER]: 'fault-test', cookie: `${SESSION_COOKIE}=${this.cookie}`, 'content-type': contentType },
      body: payload
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { received: number } & ErrorJson }))
  }

  /**
   * A chunk request whose body stops after `sentBytes` of it (the rest never comes): resolves once
   * those bytes are handed to the socket. The request's eventual failure is ignored.
   */
  async partialChunk(uploadId: string, offset: number, data: Buffer, sentBytes: number): Promise<void> {
    const { payload, contentType } = multipartBody({ uploadId, offset: String(offset) }, [
      { field: 'chunk', fileName: 'blob', contentType: 'application/octet-stream', data }
    ])
    const url = new URL(`${this.url}/api/posts/media/chunk`)
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: { [CLIENT_HEADER]: 'fault-test', cookie: `${SESSION_COOKIE}=${this.cookie}`, 'content-type': contentType, 'content-length': payload.length }
    })
    req.on('error', () => undefined)
    req.on('response', (res) => res.resume())
    await new Promise<void>((done) => req.write(payload.subarray(0, sentBytes), () => done()))
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

// Said where the run shows it, not only in the skipped suite's name.
if (unavailable) console.warn(`Skipping the server process kill fault tests (issue 16): ${unavailable}`)

describe.skipIf(unavailable !== null)(`a server process killed mid-request and mid-upload${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let cluster: PrivateCluster | undefined
  let dataDir = ''
  let server: ServerProcess | undefined
  let env: Record<string, string> = {}

  beforeAll(async () => {
    cluster = await startPrivateCluster()
    dataDir = mkdtempSync(join(tmpdir(), 'pagecrew-process-kill-'))
    env = { DATABASE_URL: cluster.url, PAGECREW_DATA_DIR: dataDir }
    server = await startServer(env)
  })
  afterAll(async () => {
    if (server) await kill9(server)
    await cluster?.destroy()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  /** The running process is killed; a new one takes over (same database, same data folder). */
  async function killAndReplace(ann: Person): Promise<void> {
    await kill9(server!)
    server = await startServer(env)
    ann.url = server.url
  }

  it('an upload cut by the kill resumes on the next process from the bytes it reports, and completes with the exact bytes', async () => {
    const ann = new Person(server!.url)
    expect((await ann.send('POST', '/auth/signup', { email: `ann-${randomBytes(4).toString('hex')}@example.com`, password: 'correct horse battery staple', fullName: 'Ann' })).status).toBe(200)
    expect((await ann.send('POST', '/auth/create-organization', { organizationName: 'Acme' })).status).toBe(200)

    // A PNG of noise (it does not compress): 6 chunks of 64 KiB and a bit.
    const file = encodePng(256, 400, () => [...randomBytes(3), 255] as [number, number, number, number])
    const step = 64 * 1024
    const started = await ann.send<{ uploadId: string }>('POST', '/posts/media/start', { fileName: 'noise.png', contentType: 'image/png', size: file.length })
    expect(started.status).toBe(200)
    const { uploadId } = started.body
    for (let offset = 0; offset < 3 * step; offset += step) {
      expect((await ann.chunk(uploadId, offset, file.subarray(offset, offset + step))).body).toEqual({ received: offset + step })
    }
    // The fourth chunk is on its way, half of it sent, when the process is killed.
    await ann.partialChunk(uploadId, 3 * step, file.subarray(3 * step, 4 * step), step / 2)
    await sleep(200)
    await kill9(server!)
    // Part of it reached the file before the kill…
    expect(statSync(join(dataDir, 'uploads/media', uploadId)).size).toBeGreaterThan(3 * step)
    await killAndReplace(ann)

    // …but nothing half-written counts: the upload holds the three chunks that were answered.
    const early = await ann.send<ErrorJson>('POST', '/posts/media/complete', { uploadId })
    expect(early).toEqual({ status: 409, body: { error: expect.objectContaining({ message: MESSAGES.uploadIncomplete(3 * step, file.length) }) } })
    // The client thinks the fourth chunk arrived and sends the fifth: the server says where to go on.
    const ahead = await ann.chunk(uploadId, 4 * step, file.subarray(4 * step, 5 * step))
    expect(ahead.status).toBe(409)
    let offset = mediaOffsetFromMessage(ahead.body.error.message)!
    expect(offset).toBe(3 * step)
    while (offset < file.length) {
      const res = await ann.chunk(uploadId, offset, file.subarray(offset, offset + step))
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      offset = res.body.received
    }
    const done = await ann.send<PostMedia>('POST', '/posts/media/complete', { uploadId })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.size).toBe(file.length)
    const stored = await fetch(`${ann.url}/api/posts/media/${done.body.id}/file`, { headers: { cookie: `${SESSION_COOKIE}=${ann.cookie}` } })
    expect(Buffer.from(await stored.arrayBuffer()).equals(file)).toBe(true)
  }, 60_000)

  it('a post update killed in the middle of its transaction leaves the old version whole; the next one lands whole', async () => {
    const ann = new Person(server!.url)
    expect((await ann.send('POST', '/auth/signup', { email: `ann-${randomBytes(4).toString('hex')}@example.com`, password: 'correct horse battery staple', fullName: 'Ann' })).status).toBe(200)
    expect((await ann.send('POST', '/auth/create-organization', { organizationName: 'Acme' })).status).toBe(200)
    const image = async (seed: number) => {
      const data = encodePng(20 + seed, 20, () => [seed * 40, 0, 0, 255])
      const started = await ann.send<{ uploadId: string }>('POST', '/posts/media/start', { fileName: `${seed}.png`, contentType: 'image/png', size: data.length })
      expect((await ann.chunk(started.body.uploadId, 0, data)).status).toBe(200)
      return (await ann.send<PostMedia>('POST', '/posts/media/complete', { uploadId: started.body.uploadId })).body
    }
    const [one, two] = [await image(1), await image(2)]
    const created = await ann.send<Post>('POST', '/posts/create', { type: 'images', text: 'Old text', mediaIds: [one.id] })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const old = created.body

    // Hold the update mid-transaction: the post row is written, its media wait for a table lock
    // (reads of post_media still pass). Then kill the process.
    const db = new pg.Client({ connectionString: cluster!.url })
    const watcher = new pg.Client({ connectionString: cluster!.url })
    await db.connect()
    await watcher.connect()
    try {
      await db.query('begin')
      await db.query('lock table post_media in exclusive mode')
      const update = ann.send('PUT', '/posts/update', { postId: old.id, version: old.version, text: 'New text', mediaIds: [two.id] }).catch(() => 'cut off')
      // (pg_stat_activity is read once per transaction: the lock holder cannot watch it.)
      const waiting = async () =>
        (await watcher.query(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'delete from "post_media"%'`)).rows[0].n === 1
      const deadline = Date.now() + 10_000
      while (!(await waiting())) {
        if (Date.now() > deadline) throw new Error('the update never reached its media')
        await sleep(50)
      }
      await kill9(server!)
      expect(await update).toBe('cut off')
      await db.query('commit')
    } finally {
      await db.end()
      await watcher.end()
    }
    await killAndReplace(ann)
    const afterKill = await ann.send<Post>('GET', `/posts/get?postId=${old.id}`)
    expect(afterKill.status).toBe(200)
    expect(afterKill.body).toMatchObject({ text: 'Old text', version: old.version })
    expect(afterKill.body.media.map((m) => m.id)).toEqual([one.id])

    const updated = await ann.send<Post>('PUT', '/posts/update', { postId: old.id, version: old.version, text: 'New text', mediaIds: [two.id] })
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    const now = await ann.send<Post>('GET', `/posts/get?postId=${old.id}`)
    expect(now.body).toMatchObject({ text: 'New text', version: old.version + 1 })
    expect(now.body.media.map((m) => m.id)).toEqual([two.id])
  }, 60_000)
})
