import { request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { createOAuthLoopback, type OAuthLoopback } from './oauth-loopback'
import { manualTimers, recordingLog } from '../testing/fakes'

const TTL = 10 * 60 * 1000
let loopback: OAuthLoopback | null = null

afterEach(async () => {
  await loopback?.close()
  loopback = null
})

function setup() {
  const routes: string[] = []
  const timers = manualTimers()
  const log = recordingLog()
  loopback = createOAuthLoopback({ onCallback: (route) => routes.push(route), ttlMs: TTL, timers, log })
  return { loopback, routes, timers, log }
}

/** A GET with its own connection (no keep-alive), so a closed listener shows as a refused connection. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
    })
    req.on('error', reject)
    req.end()
  })
}

async function closed(url: string): Promise<boolean> {
  try {
    await get(url)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ECONNREFUSED'
  }
}

describe('OAuth loopback redirect', () => {
  it('answers a redirect URI on 127.0.0.1 at /callback with a random port', async () => {
    const { loopback } = setup()
    const { redirectUri } = await loopback.begin()
    const url = new URL(redirectUri)
    expect(url.protocol).toBe('http:')
    expect(url.hostname).toBe('127.0.0.1')
    expect(url.pathname).toBe('/callback')
    expect(Number(url.port)).toBeGreaterThan(0)
  })

  it('hands the code and state to the renderer as /callback, shows the closing page, then stops listening', async () => {
    const { loopback, routes } = setup()
    const { redirectUri } = await loopback.begin()

    const res = await get(`${redirectUri}?code=AQT-abc_123&state=st.1~x`)

    expect(res.status).toBe(200)
    expect(res.body).toContain('Pagecrew is connecting your LinkedIn account. You can close this tab.')
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(routes).toEqual(['/callback?code=AQT-abc_123&state=st.1%7Ex'])
    await expect.poll(() => closed(`${redirectUri}?code=second&state=s2`)).toBe(true)
    expect(routes).toHaveLength(1)
  })

  it('passes LinkedIn’s error on with its description', async () => {
    const { loopback, routes } = setup()
    const { redirectUri } = await loopback.begin()

    const res = await get(`${redirectUri}?error=user_cancelled_login&error_description=The+user+cancelled+LinkedIn+login&state=s1`)

    expect(res.status).toBe(200)
    expect(res.body).toContain('LinkedIn did not connect your account.')
    expect(routes).toEqual(['/callback?error=user_cancelled_login&error_description=The+user+cancelled+LinkedIn+login&state=s1'])
  })

  it('answers 404 on other paths and keeps waiting for the real answer', async () => {
    const { loopback, routes } = setup()
    const { redirectUri } = await loopback.begin()
    const origin = new URL(redirectUri).origin

    expect((await get(`${origin}/favicon.ico`)).status).toBe(404)
    expect((await get(`${origin}/callback/extra?code=c&state=s`)).status).toBe(404)
    expect(routes).toEqual([])

    expect((await get(`${redirectUri}?code=c1&state=s1`)).status).toBe(200)
    expect(routes).toEqual(['/callback?code=c1&state=s1'])
  })

  it.each([
    ['no state', '?code=c1'],
    ['no code nor error', '?state=s1'],
    ['both code and error', '?code=c1&error=access_denied&state=s1'],
    ['a repeated state', '?code=c1&state=s1&state=s2'],
    ['an extra parameter', '?code=c1&state=s1&next=https://evil.example'],
    ['a space in the code', '?code=c%201&state=s1'],
    ['a quote in the error', '?error=access%22denied&state=s1'],
    ['a state too long', `?code=c1&state=${'s'.repeat(201)}`],
    ['a code too long', `?code=${'c'.repeat(2001)}&state=s1`]
  ])('refuses an answer with %s and keeps waiting', async (_name, query) => {
    const { loopback, routes } = setup()
    const { redirectUri } = await loopback.begin()

    const res = await get(`${redirectUri}${query}`)

    expect(res.status).toBe(400)
    expect(routes).toEqual([])
    expect(await closed(redirectUri)).toBe(false)
  })

  it('refuses requests addressed to another host name (DNS rebinding)', async () => {
    const { loopback, routes } = setup()
    const { redirectUri } = await loopback.begin()
    const port = new URL(redirectUri).port

    const res = await get(`${redirectUri}?code=c1&state=s1`, { Host: `evil.example:${port}` })

    expect(res.status).toBe(421)
    expect(routes).toEqual([])
    expect((await get(`${redirectUri}?code=c1&state=s1`, { Host: `localhost:${port}` })).status).toBe(200)
    expect(routes).toEqual(['/callback?code=c1&state=s1'])
  })

  it('ignores a second answer arriving after the first', async () => {
    const { loopback, routes } = setup()
    const { redirectUri } = await loopback.begin()

    const [first, second] = await Promise.all([get(`${redirectUri}?code=c1&state=s1`), get(`${redirectUri}?code=c2&state=s2`).catch(() => null)])

    expect(first.status).toBe(200)
    expect(second === null || second.status === 409).toBe(true)
    expect(routes).toEqual(['/callback?code=c1&state=s1'])
  })

  it('reuses the waiting listener when connecting starts again, and stops listening after 10 minutes', async () => {
    const { loopback, timers, routes } = setup()
    const { redirectUri } = await loopback.begin()
    timers.advance(TTL - 1000)
    expect((await loopback.begin()).redirectUri).toBe(redirectUri)
    timers.advance(TTL - 1000)
    expect(await closed(redirectUri)).toBe(false)

    timers.advance(1000)

    await expect.poll(() => closed(redirectUri)).toBe(true)
    expect(routes).toEqual([])
    const next = await loopback.begin()
    expect((await get(`${next.redirectUri}?code=c1&state=s1`)).status).toBe(200)
    expect(routes).toEqual(['/callback?code=c1&state=s1'])
  })

  it('shares one listener between two clicks at once', async () => {
    const { loopback } = setup()
    const [a, b] = await Promise.all([loopback.begin(), loopback.begin()])
    expect(a.redirectUri).toBe(b.redirectUri)
  })

  it('stops listening when closed', async () => {
    const { loopback } = setup()
    const { redirectUri } = await loopback.begin()
    await loopback.close()
    expect(await closed(redirectUri)).toBe(true)
  })
})
