import { vi } from 'vitest'
import type { HostBridge, HostDownload, HostDownloadResult, HostEvent, HostRequest, HostResponse } from '@shared/host'

type Reply = HostResponse | ((req: HostRequest) => HostResponse | Promise<HostResponse>)

export const ok = (body: unknown): HostResponse => ({ status: 200, body })
export const fail = (status: number, message = 'Failed', code = 'error', fields?: Record<string, string>): HostResponse => ({
  status,
  body: { error: { code, message, ...(fields ? { fields } : {}) } }
})

/**
 * A HostBridge that answers from a table keyed by 'METHOD /path' and records every request, so
 * tests drive the renderer exactly as the web and desktop hosts do.
 */
export function createFakeHost(replies: Record<string, Reply> = {}, options: { kind?: HostBridge['kind'] } = {}) {
  const table = new Map(Object.entries(replies))
  const requests: HostRequest[] = []
  const listeners = new Set<(event: HostEvent) => void>()
  const host = {
    kind: options.kind ?? 'web',
    request: vi.fn(async (req: HostRequest): Promise<HostResponse> => {
      requests.push(req)
      const reply = table.get(`${req.method} ${req.path}`)
      if (!reply) return fail(404, `No fake reply for ${req.method} ${req.path}`, 'not_found')
      return typeof reply === 'function' ? reply(req) : reply
    }),
    onEvent: vi.fn((listener: (event: HostEvent) => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }),
    openExternal: vi.fn(async (_url: string) => undefined),
    openApiPage: vi.fn(async (_path: string) => undefined),
    setTheme: vi.fn(async () => undefined),
    ready: vi.fn(async () => undefined),
    beginOAuthRedirect: vi.fn(async () => ({ redirectUri: 'http://localhost/callback' })),
    openOAuthPage: vi.fn(async (_url: string) => undefined),
    download: vi.fn(async (_req: HostDownload): Promise<HostDownloadResult> => ({ status: 200, saved: true }))
  } satisfies HostBridge

  return {
    host,
    requests,
    reply: (key: string, value: Reply) => table.set(key, value),
    emit: (event: HostEvent) => listeners.forEach((listener) => listener(event)),
    requestsTo: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path)
  }
}

export type FakeHost = ReturnType<typeof createFakeHost>
