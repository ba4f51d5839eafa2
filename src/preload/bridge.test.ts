import { describe, expect, it } from 'vitest'
import type { HostEvent } from '@shared/host'
import { createIpcHostBridge, type Invoke, type Subscribe } from './bridge'

describe('createIpcHostBridge', () => {
  function setup() {
    const invoked: [string, unknown][] = []
    const listeners = new Set<(event: HostEvent) => void>()
    const invoke = (async (channel: string, payload: unknown) => {
      invoked.push([channel, payload])
      return channel === 'api:request' ? { status: 200, body: { id: 'u1' } } : undefined
    }) as Invoke
    const subscribe: Subscribe = (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
    return { bridge: createIpcHostBridge(invoke, subscribe), invoked, listeners }
  }

  it('is the desktop host', () => {
    expect(setup().bridge.kind).toBe('desktop')
  })

  it('sends each call on its channel and returns what main answers', async () => {
    const { bridge, invoked } = setup()
    expect(await bridge.request({ method: 'GET', path: '/user' })).toEqual({ status: 200, body: { id: 'u1' } })
    await bridge.openExternal('https://example.com')
    await bridge.setTheme('dark')
    await bridge.ready()
    expect(invoked).toEqual([
      ['api:request', { method: 'GET', path: '/user' }],
      ['shell:open-external', 'https://example.com'],
      ['theme:set', 'dark'],
      ['renderer:ready', undefined]
    ])
  })

  it('delivers events until unsubscribed', () => {
    const { bridge, listeners } = setup()
    const seen: HostEvent[] = []
    const off = bridge.onEvent((event) => seen.push(event))
    for (const listener of listeners) listener({ type: 'unread', total: 2 })
    off()
    for (const listener of listeners) listener({ type: 'navigate', path: '/dashboard' })
    expect(seen).toEqual([{ type: 'unread', total: 2 }])
  })

  it('passes main’s rejection on (server unreachable, refused payload)', async () => {
    const invoke = (async () => {
      throw new Error('Cannot reach the Pagecrew server')
    }) as Invoke
    const bridge = createIpcHostBridge(invoke, () => () => {})
    await expect(bridge.request({ method: 'GET', path: '/user' })).rejects.toThrow('Cannot reach')
  })
})
