import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { createEmbeddedServer, embeddedServerEnv, type ForkServer, type ServerChild } from './embedded-server'
import { manualTimers, recordingLog } from '../testing/fakes'

class FakeChild extends EventEmitter implements ServerChild {
  killed = false
  received: unknown[] = []
  /** Whether it honours {type: 'shutdown'} (the real server does). */
  graceful = true
  constructor(readonly env: Record<string, string>) {
    super()
  }
  postMessage(message: unknown) {
    this.received.push(message)
    if (this.graceful) queueMicrotask(() => this.emit('exit', 0))
  }
  kill() {
    this.killed = true
    queueMicrotask(() => this.emit('exit', 0))
  }
  listen(port: number) {
    this.emit('message', { type: 'listening', port })
  }
  crash(code = 1) {
    this.emit('exit', code)
  }
}

function setup(options: { maxRestarts?: number } = {}) {
  const timers = manualTimers()
  const children: FakeChild[] = []
  const forked: string[] = []
  const fork: ForkServer = (modulePath, env) => {
    forked.push(modulePath)
    const child = new FakeChild(env)
    children.push(child)
    return child
  }
  const restarted: string[] = []
  const failures: Error[] = []
  const server = createEmbeddedServer({
    fork,
    modulePath: '/app/out/main/server.js',
    dataDir: '/data',
    baseEnv: { PATH: '/bin', PAGECREW_RENDERER_DIR: '/r', DATABASE_URL: 'postgres://x', PORT: '4680' },
    timers,
    startTimeoutMs: 10_000,
    maxRestarts: options.maxRestarts ?? 2,
    crashWindowMs: 60_000,
    backoffMs: (n) => 1000 * n,
    onRestarted: (origin) => restarted.push(origin),
    onFailure: (error) => failures.push(error),
    log: recordingLog()
  })
  return { timers, children, forked, server, restarted, failures, last: () => children.at(-1)! }
}

describe('embeddedServerEnv', () => {
  it('runs on a random loopback port with its data under userData, and inherits no database or renderer dir', () => {
    expect(embeddedServerEnv('/data', { PATH: '/bin', PAGECREW_RENDERER_DIR: '/r', DATABASE_URL: 'pg://', PORT: '4680', X: undefined })).toEqual({
      PATH: '/bin',
      PORT: '0',
      HOST: '127.0.0.1',
      PAGECREW_DATA_DIR: '/data'
    })
  })
})

describe('createEmbeddedServer', () => {
  it('resolves with the loopback origin once the child reports it listens', async () => {
    const t = setup()
    const started = t.server.start()
    expect(t.server.start()).toBe(started)
    expect(t.forked).toEqual(['/app/out/main/server.js'])
    expect(t.last().env).toMatchObject({ PORT: '0', HOST: '127.0.0.1', PAGECREW_DATA_DIR: '/data' })
    t.last().emit('message', { type: 'ready' })
    t.last().emit('message', { type: 'listening', port: 'x' })
    t.last().listen(41234)
    await expect(started).resolves.toBe('http://127.0.0.1:41234')
    expect(t.server.origin).toBe('http://127.0.0.1:41234')
    expect(t.timers.pending).toBe(0)
  })

  it('kills a child that does not start in time and tries again', async () => {
    const t = setup()
    const started = t.server.start()
    t.timers.advance(10_000)
    expect(t.children[0]!.killed).toBe(true)
    t.timers.advance(1000)
    expect(t.children).toHaveLength(2)
    t.last().listen(5000)
    await expect(started).resolves.toBe('http://127.0.0.1:5000')
  })

  it('rejects start when every attempt fails', async () => {
    const t = setup({ maxRestarts: 1 })
    const started = t.server.start()
    t.last().crash()
    t.timers.advance(1000)
    t.last().crash()
    await expect(started).rejects.toThrow(/exited with code 1 before it started.*2 times/)
    t.timers.advance(60_000)
    expect(t.children).toHaveLength(2)
  })

  it('restarts with backoff after a crash and reports the new origin', async () => {
    const t = setup()
    const started = t.server.start()
    t.last().listen(4001)
    await started
    t.last().crash(137)
    t.timers.advance(999)
    expect(t.children).toHaveLength(1)
    t.timers.advance(1)
    expect(t.children).toHaveLength(2)
    t.last().listen(4002)
    expect(t.restarted).toEqual(['http://127.0.0.1:4002'])
    expect(t.server.origin).toBe('http://127.0.0.1:4002')

    t.last().crash()
    t.timers.advance(2000)
    expect(t.children).toHaveLength(3)
  })

  it('gives up and reports failure after too many crashes in the window', async () => {
    const t = setup({ maxRestarts: 2 })
    const started = t.server.start()
    t.last().listen(4001)
    await started
    t.last().crash()
    t.timers.advance(1000)
    t.last().crash()
    t.timers.advance(2000)
    expect(t.failures).toHaveLength(0)
    t.last().crash()
    expect(t.failures).toHaveLength(1)
    expect(t.failures[0]!.message).toMatch(/3 times/)
    t.timers.advance(60_000)
    expect(t.children).toHaveLength(3)
  })

  it('forgets crashes older than the window', async () => {
    const t = setup({ maxRestarts: 1 })
    const started = t.server.start()
    t.last().listen(4001)
    await started
    t.last().crash()
    t.timers.advance(1000)
    t.last().listen(4002)
    t.timers.advance(120_000)
    t.last().crash()
    t.timers.advance(1000)
    expect(t.failures).toHaveLength(0)
    expect(t.children).toHaveLength(3)
  })

  it('asks the child to shut down on quit and does not restart it', async () => {
    const t = setup()
    const started = t.server.start()
    t.last().listen(4001)
    await started
    await t.server.stop()
    expect(t.last().received).toEqual([{ type: 'shutdown' }])
    expect(t.last().killed).toBe(false)
    t.timers.advance(60_000)
    expect(t.children).toHaveLength(1)
    expect(t.failures).toHaveLength(0)
  })

  it('kills a child that ignores the shutdown request', async () => {
    const t = setup()
    const started = t.server.start()
    t.last().listen(4001)
    await started
    t.last().graceful = false
    const stopped = t.server.stop()
    await Promise.resolve()
    expect(t.last().killed).toBe(false)
    t.timers.advance(5000)
    await stopped
    expect(t.last().killed).toBe(true)
  })

  it('rejects a pending start when stopped first', async () => {
    const t = setup()
    const started = t.server.start()
    await t.server.stop()
    await expect(started).rejects.toThrow(/stopped before it started/)
  })
})
