import { describe, expect, it } from 'vitest'
import type { HostRequest } from '@shared/host'
import { ipcInvokeChannels } from '@shared/ipc'
import { createIpcHandlers, createSenderCheck } from './ipc-handlers'
import { recordingLog } from '../testing/fakes'

const APP = 'app://pagecrew/settings'

function setup(status = 200, { saveAnswer = true }: { saveAnswer?: boolean } = {}) {
  const calls: string[] = []
  const requests: HostRequest[] = []
  const saved: { fileName: string; text: string }[] = []
  const handlers = createIpcHandlers({
    api: {
      async request(req: HostRequest) {
        calls.push(`api ${req.method} ${req.path}`)
        requests.push(req)
        return { status, body: { ok: true } }
      },
      async fetchBinary(path: string, query?: Record<string, string>) {
        calls.push(`binary ${path}?${new URLSearchParams(query).toString()}`)
        if (status === 404) return { status, contentType: 'application/json', body: new TextEncoder().encode(JSON.stringify({ error: { code: 'not_found', message: 'This export does not exist or has expired.' } })) }
        return { status, contentType: 'text/csv', body: new TextEncoder().encode('author,impressions\r\n') }
      },
      async urlOf(path: string) {
        return `https://pagecrew.example.com/api${path}`
      }
    },
    watcher: {
      async refreshNow() {
        calls.push('refresh')
      }
    },
    deepLinks: { ready: () => void calls.push('ready') },
    oauth: {
      async begin() {
        calls.push('oauth begin')
        return { redirectUri: 'http://127.0.0.1:49152/callback' }
      }
    },
    shell: {
      async openExternal(url) {
        calls.push(`open ${url}`)
      }
    },
    theme: { setTheme: (theme) => void calls.push(`theme ${theme}`) },
    files: {
      async save(fileName, bytes) {
        calls.push(`save ${fileName}`)
        saved.push({ fileName, text: new TextDecoder().decode(bytes) })
        return saveAnswer
      }
    },
    isTrustedSender: createSenderCheck(['app://pagecrew', 'http://localhost:5173']),
    log: recordingLog()
  })
  return { handlers, calls, requests, saved }
}

const image = () => ({ field: 'image', fileName: 'team.png', contentType: 'image/png', data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]) })

describe('createSenderCheck', () => {
  const trusted = createSenderCheck(['app://pagecrew', 'http://localhost:5173'])
  it.each([APP, 'app://pagecrew/', 'http://localhost:5173/dashboard?x=1'])('trusts %s', (url) => {
    expect(trusted(url)).toBe(true)
  })
  it.each([
    undefined,
    '',
    'about:blank',
    'app://evil/',
    'app://pagecrew.evil/',
    'http://localhost:5174/',
    'https://localhost:5173/',
    'http://user@localhost:5173/',
    'file:///app/out/renderer/index.html',
    'https://example.com/app://pagecrew'
  ])('does not trust %s', (url) => {
    expect(trusted(url)).toBe(false)
  })
})

describe('createIpcHandlers', () => {
  it('has a handler for every channel of the shared map', () => {
    expect(Object.keys(setup().handlers).sort()).toEqual(Object.keys(ipcInvokeChannels).sort())
  })

  it('calls the API and refreshes the unread counts after requests that change them', async () => {
    const { handlers, calls } = setup()
    expect(await handlers['api:request'](APP, { method: 'GET', path: '/user' })).toEqual({ status: 200, body: { ok: true } })
    await handlers['api:request'](APP, { method: 'PUT', path: '/notification/mark-as-read', body: {} })
    await handlers['api:request'](APP, { method: 'POST', path: '/auth/switch-organization', body: { organizationWorkOSId: 'org_a' } })
    await handlers['api:request'](APP, { method: 'POST', path: '/auth/login', body: {} })
    await handlers['api:request'](APP, { method: 'GET', path: '/auth/logout' })
    expect(calls).toEqual([
      'api GET /user',
      'api PUT /notification/mark-as-read',
      'refresh',
      'api POST /auth/switch-organization',
      'refresh',
      'api POST /auth/login',
      'refresh',
      'api GET /auth/logout',
      'refresh'
    ])
  })

  it('does not refresh after a failed request', async () => {
    const { handlers, calls } = setup(400)
    await handlers['api:request'](APP, { method: 'POST', path: '/auth/login', body: {} })
    expect(calls).toEqual(['api POST /auth/login'])
  })

  it('passes a multipart request on with its bytes, also after the structured clone IPC makes', async () => {
    const { handlers, requests } = setup()
    const req: HostRequest = { method: 'POST', path: '/team/create', multipart: { fields: { name: 'Sales' }, files: [image()] } }
    await handlers['api:request'](APP, structuredClone(req))
    const sent = requests[0]!.multipart!
    expect(sent.fields).toEqual({ name: 'Sales' })
    expect(sent.files[0]!.data).toBeInstanceOf(Uint8Array)
    expect([...sent.files[0]!.data]).toEqual([0x89, 0x50, 0x4e, 0x47, 0, 255])
    expect(sent.files[0]).toMatchObject({ field: 'image', fileName: 'team.png', contentType: 'image/png' })
  })

  it('downloads an API file with main’s session and saves it under the name asked for', async () => {
    const { handlers, calls, saved } = setup()
    const result = await handlers['api:download'](APP, { path: '/analytics/posts', query: { format: 'csv', search: 'q' }, fileName: 'pagecrew-posts.csv' })
    expect(result).toEqual({ status: 200, saved: true })
    expect(calls).toEqual(['binary /analytics/posts?format=csv&search=q', 'save pagecrew-posts.csv'])
    expect(saved).toEqual([{ fileName: 'pagecrew-posts.csv', text: 'author,impressions\r\n' }])
  })

  it('says a download was not saved when the user cancels the dialog, and does not ask when the API refuses', async () => {
    expect(await setup(200, { saveAnswer: false }).handlers['api:download'](APP, { path: '/analytics/teams', fileName: 'teams.csv' })).toEqual({ status: 200, saved: false })
    const refused = setup(403)
    expect(await refused.handlers['api:download'](APP, { path: '/analytics/teams', fileName: 'teams.csv' })).toEqual({ status: 403, saved: false })
    // An error answer's own message comes back, so the renderer says it (an expired export).
    expect(await setup(404).handlers['api:download'](APP, { path: '/privacy/exports/download', fileName: 'data.zip' })).toEqual({
      status: 404,
      saved: false,
      message: 'This export does not exist or has expired.'
    })
    expect(refused.calls).toEqual(['binary /analytics/teams?'])
  })

  it('opens only http, https and mailto outside, sets the theme, and passes on ready', async () => {
    const { handlers, calls } = setup()
    await handlers['shell:open-external'](APP, 'https://help.example.com/a')
    await handlers['shell:open-external'](APP, 'mailto:help@example.com')
    await handlers['theme:set'](APP, 'dark')
    await handlers['renderer:ready'](APP, undefined)
    expect(calls).toEqual(['open https://help.example.com/a', 'open mailto:help@example.com', 'theme dark', 'ready'])
  })

  it('opens a page of the API server (the API reference) at the server’s absolute address in the system browser', async () => {
    const { handlers, calls } = setup()
    await handlers['shell:open-api-page'](APP, '/v1/reference')
    expect(calls).toEqual(['open https://pagecrew.example.com/api/v1/reference'])
  })

  it('starts the loopback redirect and opens the sign-in page in the system browser', async () => {
    const { handlers, calls } = setup()
    expect(await handlers['oauth:begin-redirect'](APP, undefined)).toEqual({ redirectUri: 'http://127.0.0.1:49152/callback' })
    await handlers['oauth:open-page'](APP, 'http://127.0.0.1:4680/api/linkedin/sandbox/authorize?state=s1')
    await handlers['oauth:open-page'](APP, 'https://www.linkedin.com/oauth/v2/authorization?client_id=c&state=s1')
    expect(calls).toEqual([
      'oauth begin',
      'open http://127.0.0.1:4680/api/linkedin/sandbox/authorize?state=s1',
      'open https://www.linkedin.com/oauth/v2/authorization?client_id=c&state=s1'
    ])
  })

  it.each([
    ['api:request', { method: 'GET', path: '//evil.example/x' }],
    ['api:request', { method: 'GET', path: '/../admin' }],
    ['api:request', { method: 'TRACE', path: '/user' }],
    ['api:request', { method: 'GET', path: '/user', query: { a: 1 } }],
    ['api:request', 'GET /user'],
    ['api:request', { method: 'POST', path: '/team/create', body: {}, multipart: { fields: {}, files: [] } }],
    ['api:request', { method: 'POST', path: '/team/create', multipart: { fields: {} } }],
    ['api:request', { method: 'POST', path: '/team/create', multipart: { files: [] } }],
    ['api:request', { method: 'POST', path: '/team/create', multipart: 'name=Sales' }],
    ['api:request', { method: 'POST', path: '/team/create', multipart: { fields: { name: 1 }, files: [] } }],
    ['api:request', { method: 'POST', path: '/team/create', multipart: { fields: {}, files: [{ ...image(), data: [0x89, 0x50] }] } }],
    ['api:request', { method: 'POST', path: '/team/create', multipart: { fields: {}, files: [{ ...image(), data: { 0: 0x89, length: 1 } }] } }],
    ['api:request', { method: 'POST', path: '/team/create', multipart: { fields: {}, files: [{ ...image(), data: 'iVBORw0KGgo=' }] } }],
    ['api:request', { method: 'POST', path: '/team/create', multipart: { fields: {}, files: [{ ...image(), data: new ArrayBuffer(4) }] } }],
    ['api:request', { method: 'POST', path: '/team/create', multipart: { fields: {}, files: [{ ...image(), data: new Uint16Array(2) }] } }],
    ['api:request', { method: 'POST', path: '/team/create', multipart: { fields: {}, files: [{ ...image(), field: '' }] } }],
    ['api:request', { method: 'POST', path: '/team/create', multipart: { fields: {}, files: [{ ...image(), fileName: '' }] } }],
    ['api:request', { method: 'POST', path: '/team/create', multipart: { fields: {}, files: [{ ...image(), contentType: undefined }] } }],
    ['api:request', { method: 'POST', path: '/team/create', multipart: { fields: {}, files: Array.from({ length: 21 }, image) } }],
    ['api:request', undefined],
    ['api:download', { path: '/../admin', fileName: 'a.csv' }],
    ['api:download', { path: '/analytics/posts', fileName: '../a.csv' }],
    ['api:download', { path: '/analytics/posts', fileName: 'C:\\a.csv' }],
    ['api:download', { path: '/analytics/posts', fileName: '' }],
    ['api:download', { path: '/analytics/posts' }],
    ['api:download', { path: '/analytics/posts', fileName: 'a.csv', query: { a: 1 } }],
    ['shell:open-external', 'file:///etc/passwd'],
    ['shell:open-external', 'javascript:alert(1)'],
    ['shell:open-external', 'smb://host/share'],
    ['shell:open-external', 42],
    ['shell:open-api-page', 'https://evil.example/'],
    ['shell:open-api-page', '//evil.example/x'],
    ['shell:open-api-page', '/../admin'],
    ['shell:open-api-page', undefined],
    ['theme:set', 'neon'],
    ['renderer:ready', { x: 1 }],
    ['oauth:begin-redirect', { redirectUri: 'https://evil.example/callback' }],
    ['oauth:open-page', 'mailto:help@example.com'],
    ['oauth:open-page', 'file:///etc/passwd'],
    ['oauth:open-page', 'javascript:alert(1)'],
    ['oauth:open-page', '/api/linkedin/sandbox/authorize'],
    ['oauth:open-page', 'https://user:pw@www.linkedin.com/oauth/v2/authorization'],
    ['oauth:open-page', `https://www.linkedin.com/${'a'.repeat(4100)}`],
    ['oauth:open-page', undefined]
  ] as const)('rejects an invalid %s payload %j without calling through', async (channel, payload) => {
    const { handlers, calls } = setup()
    await expect(handlers[channel](APP, payload)).rejects.toThrow(`Invalid '${channel}' payload`)
    expect(calls).toEqual([])
  })

  it('rejects a multipart text field over 1 MB without calling through', async () => {
    const { handlers, calls } = setup()
    const payload = { method: 'POST', path: '/team/create', multipart: { fields: { name: 'x'.repeat(1_000_001) }, files: [] } }
    await expect(handlers['api:request'](APP, payload)).rejects.toThrow("Invalid 'api:request' payload")
    expect(calls).toEqual([])
  })

  it.each(Object.keys(ipcInvokeChannels) as (keyof typeof ipcInvokeChannels)[])('rejects %s from an untrusted sender without calling through', async (channel) => {
    const { handlers, calls } = setup()
    const valid = {
      'api:request': { method: 'GET', path: '/user' },
      'api:download': { path: '/analytics/posts', fileName: 'posts.csv' },
      'shell:open-external': 'https://example.com',
      'shell:open-api-page': '/v1/reference',
      'theme:set': 'dark',
      'renderer:ready': undefined,
      'oauth:begin-redirect': undefined,
      'oauth:open-page': 'https://www.linkedin.com/oauth/v2/authorization'
    }[channel]
    await expect(handlers[channel]('https://evil.example/', valid)).rejects.toThrow('only available to the Pagecrew window')
    await expect(handlers[channel](undefined, valid)).rejects.toThrow('only available to the Pagecrew window')
    expect(calls).toEqual([])
  })
})
