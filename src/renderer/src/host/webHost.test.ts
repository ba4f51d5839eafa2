// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { createWebHostBridge } from './webHost'

function jsonResponse(status: number, body: unknown) {
  return new Response(body === null ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

describe('web HostBridge', () => {
  it('calls the same-origin API with the client header, cookies and a JSON body', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { ok: true }))
    const host = createWebHostBridge({ fetch, openWindow: vi.fn() })

    const response = await host.request({ method: 'PUT', path: '/notification/mark-as-read', body: { id: 'n-1' } })

    expect(response).toEqual({ status: 200, body: { ok: true } })
    expect(fetch).toHaveBeenCalledWith('/api/notification/mark-as-read', {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-Pagecrew-Client': 'web', 'Content-Type': 'application/json' },
      body: '{"id":"n-1"}'
    })
  })

  it('sends the client header on GETs too, with the query in the URL and no body', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, []))
    const host = createWebHostBridge({ fetch, openWindow: vi.fn() })

    await host.request({ method: 'GET', path: '/academy/certificates/validate', query: { certificateId: 'A 1' } })

    expect(fetch).toHaveBeenCalledWith('/api/academy/certificates/validate?certificateId=A+1', {
      method: 'GET',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-Pagecrew-Client': 'web' },
      body: undefined
    })
  })

  it('sends a multipart body as FormData and leaves the content type to the browser', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => jsonResponse(200, { id: 't-1' }))
    const host = createWebHostBridge({ fetch: fetch as unknown as typeof globalThis.fetch, openWindow: vi.fn() })
    const data = new TextEncoder().encode('png-bytes')

    await host.request({
      method: 'POST',
      path: '/team/create',
      multipart: {
        fields: { name: 'Writers', members: '["u-1"]' },
        files: [{ field: 'image', fileName: 'team photo.png', contentType: 'image/png', data }]
      }
    })

    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe('/api/team/create')
    expect(init?.method).toBe('POST')
    expect(init?.headers).toEqual({ Accept: 'application/json', 'X-Pagecrew-Client': 'web' })
    const form = init?.body as FormData
    expect(form).toBeInstanceOf(FormData)
    expect(form.get('name')).toBe('Writers')
    expect(form.get('members')).toBe('["u-1"]')
    const image = form.get('image') as File
    expect(image.name).toBe('team photo.png')
    expect(image.type).toBe('image/png')
    expect(new TextDecoder().decode(await image.arrayBuffer())).toBe('png-bytes')
  })

  it('sends a request\'s idempotency key as the Idempotency-Key header, and refuses one that cannot be a header', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => jsonResponse(200, { id: 't-1' }))
    const host = createWebHostBridge({ fetch: fetch as unknown as typeof globalThis.fetch, openWindow: vi.fn() })
    await host.request({ method: 'POST', path: '/ai-template', body: {}, idempotencyKey: 'key-1' })
    expect(fetch.mock.calls[0]?.[1]?.headers).toEqual({
      Accept: 'application/json',
      'X-Pagecrew-Client': 'web',
      'Idempotency-Key': 'key-1',
      'Content-Type': 'application/json'
    })
    await expect(host.request({ method: 'POST', path: '/ai-template', body: {}, idempotencyKey: 'a\r\nCookie: x' })).rejects.toThrow()
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('refuses a request with both a JSON and a multipart body', async () => {
    const fetch = vi.fn()
    const host = createWebHostBridge({ fetch, openWindow: vi.fn() })
    await expect(host.request({ method: 'POST', path: '/team/create', body: {}, multipart: { fields: {}, files: [] } })).rejects.toThrow()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('resolves with any HTTP status and a null body when there is none', async () => {
    const host = createWebHostBridge({ fetch: vi.fn(async () => jsonResponse(401, null)), openWindow: vi.fn() })
    await expect(host.request({ method: 'GET', path: '/auth' })).resolves.toEqual({ status: 401, body: null })
  })

  it('rejects only when the server cannot be reached', async () => {
    const host = createWebHostBridge({ fetch: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))), openWindow: vi.fn() })
    await expect(host.request({ method: 'GET', path: '/user' })).rejects.toThrow('Failed to fetch')
  })

  it('refuses paths that would leave the API', async () => {
    const fetch = vi.fn()
    const host = createWebHostBridge({ fetch, openWindow: vi.fn() })
    await expect(host.request({ method: 'GET', path: '/../admin' })).rejects.toThrow()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('opens http(s) links in a new tab and nothing else', async () => {
    const openWindow = vi.fn()
    const host = createWebHostBridge({ fetch: vi.fn(), openWindow })
    await host.openExternal('https://help.example.com/')
    expect(openWindow).toHaveBeenCalledWith('https://help.example.com/')
    await expect(host.openExternal('javascript:alert(1)')).rejects.toThrow()
    expect(openWindow).toHaveBeenCalledTimes(1)
  })

  it('opens an API page (the API reference) in a new tab at its relative address, and no other address', async () => {
    const openWindow = vi.fn()
    const host = createWebHostBridge({ fetch: vi.fn(), openWindow })
    await host.openApiPage('/v1/reference')
    expect(openWindow).toHaveBeenCalledWith('/api/v1/reference')
    await expect(host.openApiPage('//evil.example/x')).rejects.toThrow()
    await expect(host.openApiPage('https://evil.example/')).rejects.toThrow()
    expect(openWindow).toHaveBeenCalledTimes(1)
  })

  describe('download', () => {
    it('GETs the file with the session cookie and hands its bytes to the browser under the name asked for', async () => {
      const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response('author,impressions\r\nAda,10\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }))
      const saveFile = vi.fn<(blob: Blob, fileName: string) => void>()
      const host = createWebHostBridge({ fetch: fetch as unknown as typeof globalThis.fetch, openWindow: vi.fn(), saveFile })

      const result = await host.download({ path: '/analytics/posts', query: { format: 'csv', search: 'a b' }, fileName: 'pagecrew-posts.csv' })

      expect(result).toEqual({ status: 200, saved: true })
      expect(fetch).toHaveBeenCalledWith('/api/analytics/posts?format=csv&search=a+b', {
        method: 'GET',
        credentials: 'same-origin',
        headers: { Accept: '*/*', 'X-Pagecrew-Client': 'web' }
      })
      const [blob, name] = saveFile.mock.calls[0]!
      expect(name).toBe('pagecrew-posts.csv')
      expect(await blob.text()).toBe('author,impressions\r\nAda,10\r\n')
    })

    it('saves nothing when the server answers an error, and says which', async () => {
      const saveFile = vi.fn()
      const host = createWebHostBridge({ fetch: vi.fn(async () => jsonResponse(400, { error: { code: 'validation_error', message: 'Bad' } })), openWindow: vi.fn(), saveFile })
      await expect(host.download({ path: '/analytics/posts', fileName: 'posts.csv' })).resolves.toEqual({ status: 400, saved: false, message: 'Bad' })
      expect(saveFile).not.toHaveBeenCalled()
    })

    it('refuses a path off the API or a file name with folders before fetching', async () => {
      const fetch = vi.fn()
      const host = createWebHostBridge({ fetch, openWindow: vi.fn(), saveFile: vi.fn() })
      await expect(host.download({ path: '/../admin', fileName: 'a.csv' })).rejects.toThrow()
      await expect(host.download({ path: '/analytics/posts', fileName: '../a.csv' })).rejects.toThrow()
      expect(fetch).not.toHaveBeenCalled()
    })

    it('saves through a link with the download attribute by default', async () => {
      const host = createWebHostBridge({ fetch: vi.fn(async () => new Response('x', { status: 200 })), openWindow: vi.fn() })
      const clicked: { download: string; href: string }[] = []
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push({ download: this.download, href: this.href })
      })
      try {
        await host.download({ path: '/analytics/teams', fileName: 'pagecrew-teams.csv' })
      } finally {
        click.mockRestore()
      }
      expect(clicked).toHaveLength(1)
      expect(clicked[0]!.download).toBe('pagecrew-teams.csv')
      expect(clicked[0]!.href).toMatch(/^blob:/)
      expect(document.querySelector('a[download]')).toBeNull()
    })
  })

  it('has no events on the web and treats theme and ready as no-ops', async () => {
    const host = createWebHostBridge({ fetch: vi.fn(), openWindow: vi.fn() })
    const unsubscribe = host.onEvent(() => undefined)
    expect(typeof unsubscribe).toBe('function')
    await expect(host.setTheme('dark')).resolves.toBeUndefined()
    await expect(host.ready()).resolves.toBeUndefined()
    expect(host.kind).toBe('web')
  })

  describe('OAuth', () => {
    function page(href = 'https://app.pagecrew.test/settings') {
      const url = new URL(href)
      return { origin: url.origin, href: url.href, assign: vi.fn<(url: string) => void>() }
    }

    it('asks the provider to come back to this app’s /callback', async () => {
      const host = createWebHostBridge({ fetch: vi.fn(), openWindow: vi.fn(), location: page('https://app.pagecrew.test/schedule?view=week') })
      await expect(host.beginOAuthRedirect()).resolves.toEqual({ redirectUri: 'https://app.pagecrew.test/callback' })
    })

    it('opens the sign-in page in this tab, relative addresses on this origin', async () => {
      const location = page()
      const openWindow = vi.fn()
      const host = createWebHostBridge({ fetch: vi.fn(), openWindow, location })

      await host.openOAuthPage('https://www.linkedin.com/oauth/v2/authorization?client_id=c&state=s1')
      await host.openOAuthPage('/api/linkedin/sandbox/authorize?state=s2')

      expect(location.assign.mock.calls).toEqual([
        ['https://www.linkedin.com/oauth/v2/authorization?client_id=c&state=s1'],
        ['https://app.pagecrew.test/api/linkedin/sandbox/authorize?state=s2']
      ])
      expect(openWindow).not.toHaveBeenCalled()
    })

    it.each(['javascript:alert(1)', 'mailto:a@b.co', 'file:///etc/passwd', 'data:text/html,hi', 'https://user:pw@www.linkedin.com/'])('refuses to open %s', async (url) => {
      const location = page()
      const host = createWebHostBridge({ fetch: vi.fn(), openWindow: vi.fn(), location })
      await expect(host.openOAuthPage(url)).rejects.toThrow()
      expect(location.assign).not.toHaveBeenCalled()
    })
  })
})
