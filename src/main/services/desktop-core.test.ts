import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { HostEvent } from '@shared/host'
import { COOKIE_JAR_FILE, createDesktopCore, type DesktopCore } from './desktop-core'
import type { OsNotification } from './ports'
import { createKeySecretBox } from './secret-box'
import { recordingLog } from '../testing/fakes'

const TEAM = '5d0c4a3e-1111-4222-8333-944455556666'

/** Just enough of the API server: one user, a session cookie, notifications in one organization. */
function fakeApi() {
  const notifications: { id: string; title: string; message: string; read: boolean; link: string | null; createdAt: string }[] = []
  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c: Buffer) => (raw += c.toString()))
    req.on('end', () => {
      const signedIn = req.headers.cookie === 'pagecrew_session=t0k'
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers })
        res.end(JSON.stringify(body))
      }
      if (req.headers['x-pagecrew-client'] !== 'desktop') return json(403, { error: { code: 'csrf', message: 'no client header' } })
      if (req.url === '/api/auth/login') return json(200, { userId: 'u1' }, { 'set-cookie': 'pagecrew_session=t0k; Path=/; HttpOnly; SameSite=Lax' })
      if (!signedIn) return json(401, { error: { code: 'unauthorized', message: 'Sign in.' } })
      if (req.url === `/api/team/image/${TEAM}?v=7`) {
        res.writeHead(200, { 'content-type': 'image/webp' })
        return res.end(Buffer.from('RIFF0000WEBP'))
      }
      const unread = notifications.filter((n) => !n.read).length
      if (req.url === '/api/user') return json(200, { organizations: [{ id: 'o1', name: 'Acme', organizationWorkOSId: 'org_acme', unreadNotificationCount: unread }] })
      if (req.url === '/api/notification/list?limit=100') return json(200, { items: notifications, nextCursor: null })
      if (req.url === '/api/notification/mark-as-read') {
        const id = (JSON.parse(raw || '{}') as { id?: string }).id
        for (const n of notifications) if (id === undefined || n.id === id) n.read = true
        return json(200, { updated: 1 })
      }
      json(404, { error: { code: 'not_found', message: 'Not found.' } })
    })
  })
  return { server, notifications }
}

describe('createDesktopCore', () => {
  const api = fakeApi()
  let origin: string
  let dataDir: string
  let core: DesktopCore
  const tray: number[] = []
  const badge: number[] = []
  const events: HostEvent[] = []
  const shown: { notification: OsNotification; click: () => void }[] = []
  let focused = 0
  const secretBox = createKeySecretBox(randomBytes(32))
  const PAGE = 'http://127.0.0.1:9999/login'

  beforeAll(async () => {
    await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`
    dataDir = await mkdtemp(join(tmpdir(), 'pagecrew-core-'))
    core = await createDesktopCore({
      apiOrigin: origin,
      dataDir,
      secretBox,
      fetch,
      ports: {
        tray: { setUnreadCount: (n) => tray.push(n) },
        badge: { setCount: (n) => badge.push(n) },
        notifier: { show: (notification, click) => shown.push({ notification, click }) },
        window: { focus: () => focused++ },
        shell: { openExternal: async () => {} },
        theme: { setTheme: () => {} },
        files: { save: async () => true },
        emit: (event) => events.push(event)
      },
      trustedRendererOrigins: ['http://127.0.0.1:9999'],
      log: () => recordingLog()
    })
  })
  afterAll(async () => {
    core.dispose()
    await new Promise((resolve) => api.server.close(resolve))
    await rm(dataDir, { recursive: true, force: true })
  })

  it('signs in through main’s jar, follows unread notifications, and routes deep links', async () => {
    // Launch: signed out, the tray shows nothing.
    await vi.waitFor(() => expect(tray).toEqual([0]))

    const login = await core.ipc['api:request'](PAGE, { method: 'POST', path: '/auth/login', body: { email: 'a@b.co', password: 'pw' } })
    expect(login.status).toBe(200)
    expect((await readFile(join(dataDir, COOKIE_JAR_FILE))).includes('t0k')).toBe(false)
    expect((await core.ipc['api:request'](PAGE, { method: 'GET', path: '/user' })).status).toBe(200)

    api.notifications.push({ id: 'n1', title: 'Welcome', message: 'Your workspace is ready.', read: false, link: '/dashboard', createdAt: new Date(Date.now() + 1000).toISOString() })
    await core.watcher.refreshNow()
    expect(tray.at(-1)).toBe(1)
    expect(badge.at(-1)).toBe(1)
    expect(events).toContainEqual({ type: 'unread', total: 1 })
    expect(shown.map((s) => s.notification)).toEqual([{ id: 'n1', title: 'Welcome', body: 'Your workspace is ready.' }])
    shown[0]!.click()
    expect(focused).toBe(1)
    expect(events.at(-1)).toEqual({ type: 'navigate', path: '/dashboard' })

    await core.ipc['api:request'](PAGE, { method: 'PUT', path: '/notification/mark-as-read', body: { id: 'n1' } })
    await vi.waitFor(() => expect(tray.at(-1)).toBe(0))
    expect(shown).toHaveLength(1)

    expect(core.deepLinks.handleUrl('pagecrew://open?orgid=org_acme&path=/settings')).toBe(true)
    expect(core.deepLinks.handleUrl('pagecrew://open?path=/admin')).toBe(false)
    await core.ipc['renderer:ready'](PAGE, undefined)
    expect(events.at(-1)).toEqual({ type: 'navigate', path: '/settings?orgid=org_acme' })

    await expect(core.ipc['api:request']('http://127.0.0.1:9998/', { method: 'GET', path: '/user' })).rejects.toThrow()
  })

  it('answers the renderer’s team images from the API with main’s session, on the renderer’s origin only', async () => {
    await core.ipc['api:request'](PAGE, { method: 'POST', path: '/auth/login', body: { email: 'a@b.co', password: 'pw' } })
    const image = await core.apiImages.answer('GET', `http://127.0.0.1:9999/api/team/image/${TEAM}?v=7`)
    expect(image?.status).toBe(200)
    expect(image?.headers['content-type']).toBe('image/webp')
    expect(Buffer.from(image!.body!).toString()).toBe('RIFF0000WEBP')
    expect((await core.apiImages.answer('GET', 'http://127.0.0.1:9999/api/user'))?.status).toBe(404)
    expect(await core.apiImages.answer('GET', `http://127.0.0.1:9998/api/team/image/${TEAM}?v=7`)).toBeNull()
    expect(await core.apiImages.answer('GET', 'http://127.0.0.1:9999/dashboard')).toBeNull()
  })

  it('brings the system browser’s LinkedIn answer back to the renderer as /callback and focuses the window', async () => {
    const { redirectUri } = await core.ipc['oauth:begin-redirect'](PAGE, undefined)
    const focusedBefore = focused

    const res = await fetch(`${redirectUri}?code=AQT-1&state=s1`)

    expect(res.status).toBe(200)
    expect(await res.text()).toContain('Pagecrew is connecting your LinkedIn account. You can close this tab.')
    expect(events.at(-1)).toEqual({ type: 'navigate', path: '/callback?code=AQT-1&state=s1' })
    expect(focused).toBe(focusedBefore + 1)
  })
})
