import { describe, expect, it, vi } from 'vitest'
import { hostRequestSchema, type HostBridge, type HostEvent, type HostRequest } from '@shared/host'
import { IPC_EVENT_CHANNEL, isIpcInvokeChannel } from '@shared/ipc'

/**
 * The preload against a fake 'electron', the way the desktop e2e harness runs the built bundle:
 * exposeInMainWorld assigns to the page, invoke reaches main's handlers, events come back on
 * IPC_EVENT_CHANNEL. Main here is a stand-in that echoes; the handlers have their own tests.
 */
const page: Record<string, unknown> = {}
const invoked: [string, unknown][] = []
const listeners = new Map<string, Set<(event: unknown, payload: HostEvent) => void>>()

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: unknown) => {
      page[key] = api
    }
  },
  ipcRenderer: {
    invoke: async (channel: string, payload: unknown) => {
      if (!isIpcInvokeChannel(channel)) throw new Error(`no handler for ${channel}`)
      // What Electron sends to main is a structured clone of the argument.
      const cloned = structuredClone(payload)
      invoked.push([channel, cloned])
      return channel === 'api:request' ? { status: 200, body: { path: (cloned as HostRequest).path } } : undefined
    },
    on: (channel: string, listener: (event: unknown, payload: HostEvent) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set())
      listeners.get(channel)!.add(listener)
    },
    removeListener: (channel: string, listener: (event: unknown, payload: HostEvent) => void) => {
      listeners.get(channel)?.delete(listener)
    }
  }
}))

function send(event: HostEvent) {
  for (const listener of listeners.get(IPC_EVENT_CHANNEL) ?? []) listener({}, event)
}

describe('preload', () => {
  it('exposes only the HostBridge, as window.pagecrew, over the shared channels', async () => {
    await import('./index')
    expect(Object.keys(page)).toEqual(['pagecrew'])
    const bridge = page.pagecrew as HostBridge
    expect(bridge.kind).toBe('desktop')

    expect(await bridge.request({ method: 'GET', path: '/user' })).toEqual({ status: 200, body: { path: '/user' } })
    await bridge.ready()
    expect(invoked).toEqual([
      ['api:request', { method: 'GET', path: '/user' }],
      ['renderer:ready', undefined]
    ])

    const data = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255])
    const multipart = { fields: { name: 'Sales' }, files: [{ field: 'image', fileName: 'team.png', contentType: 'image/png', data }] }
    expect((await bridge.request({ method: 'POST', path: '/team/create', multipart })).status).toBe(200)
    const sent = hostRequestSchema.parse(invoked.at(-1)![1])
    expect(sent.multipart!.files[0]!.data).toBeInstanceOf(Uint8Array)
    expect([...sent.multipart!.files[0]!.data]).toEqual([...data])

    const seen: HostEvent[] = []
    const off = bridge.onEvent((event) => seen.push(event))
    send({ type: 'navigate', path: '/settings?orgid=org_a' })
    off()
    send({ type: 'unread', total: 1 })
    expect(seen).toEqual([{ type: 'navigate', path: '/settings?orgid=org_a' }])
    expect(listeners.get(IPC_EVENT_CHANNEL)?.size).toBe(0)
  })
})
