import { describe, expect, it } from 'vitest'
import { hostRequestSchema, type HostEvent, type HostRequest } from '@shared/host'
import { createIpcHostBridge, type Invoke, type Subscribe } from './bridge'

describe('createIpcHostBridge', () => {
  function setup() {
    const invoked: [string, unknown][] = []
    const listeners = new Set<(event: HostEvent) => void>()
    const invoke = (async (channel: string, payload: unknown) => {
      invoked.push([channel, payload])
      if (channel === 'api:request') return { status: 200, body: { id: 'u1' } }
      if (channel === 'oauth:begin-redirect') return { redirectUri: 'http://127.0.0.1:49152/callback' }
      if (channel === 'api:download') return { status: 200, saved: true }
      return undefined
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
    await bridge.openApiPage('/v1/reference')
    await bridge.setTheme('dark')
    await bridge.ready()
    expect(await bridge.beginOAuthRedirect()).toEqual({ redirectUri: 'http://127.0.0.1:49152/callback' })
    await bridge.openOAuthPage('https://www.linkedin.com/oauth/v2/authorization?state=s1')
    const download = { path: '/analytics/posts', query: { format: 'csv', from: '2026-11-01T00:00:00.000Z' }, fileName: 'pagecrew-posts.csv' }
    expect(await bridge.download(download)).toEqual({ status: 200, saved: true })
    expect(invoked).toEqual([
      ['api:request', { method: 'GET', path: '/user' }],
      ['shell:open-external', 'https://example.com'],
      ['shell:open-api-page', '/v1/reference'],
      ['theme:set', 'dark'],
      ['renderer:ready', undefined],
      ['oauth:begin-redirect', undefined],
      ['oauth:open-page', 'https://www.linkedin.com/oauth/v2/authorization?state=s1'],
      ['api:download', download]
    ])
  })

  it('passes a multipart request through unchanged, and its bytes survive the structured clone of IPC', async () => {
    const { bridge, invoked } = setup()
    const data = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 13, 10, 255])
    const req: HostRequest = {
      method: 'POST',
      path: '/team/create',
      multipart: { fields: { name: 'Sales' }, files: [{ field: 'image', fileName: 'team.png', contentType: 'image/png', data }] }
    }
    await bridge.request(req)
    expect(invoked[0]![1]).toBe(req)

    // ipcRenderer.invoke and contextBridge copy arguments with the structured clone algorithm,
    // which keeps a Uint8Array a Uint8Array (Electron ≥ 8): main's schema still accepts it.
    const arrived = hostRequestSchema.parse(structuredClone(invoked[0]![1]))
    const file = arrived.multipart!.files[0]!
    expect(file.data).toBeInstanceOf(Uint8Array)
    expect(file.data).not.toBe(data)
    expect([...file.data]).toEqual([...data])
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
