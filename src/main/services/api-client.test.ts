import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from './api-client'
import { openCookieJarStore } from './cookie-jar-store'
import { createKeySecretBox } from './secret-box'
import { recordingLog } from './test-fakes'

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

/** A tiny stand-in for the API server: the session cookie as the real one sets it on http. */
function startServer(seen: Seen[]): Promise<Server> {
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      const json = (status: number, value: unknown, headers: Record<string, string | string[]> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers })
        res.end(JSON.stringify(value))
      }
      if (req.url === '/api/auth/login') {
        return json(200, { userId: 'u1' }, {
          'set-cookie': ['pagecrew_session=tok123; Path=/; HttpOnly; SameSite=Lax', 'pagecrew_hint=1; Path=/api']
        })
      }
      if (req.url === '/api/auth/logout') {
        return json(200, { ok: true }, { 'set-cookie': 'pagecrew_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT' })
      }
      if (req.url === '/api/user') {
        return req.headers.cookie?.includes('pagecrew_session=tok123')
          ? json(200, { id: 'u1' })
          : json(401, { error: { code: 'unauthorized', message: 'Sign in.' } })
      }
      if (req.url === '/api/empty') {
        res.writeHead(204)
        return res.end()
      }
      if (req.url === '/api/moved') {
        res.writeHead(302, { location: '/api/user', 'set-cookie': 'moved=1; Path=/' })
        return res.end()
      }
      json(200, { echo: true })
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

describe('createApiClient', () => {
  const seen: Seen[] = []
  let server: Server
  let origin: string
  let dir: string

  beforeAll(async () => {
    server = await startServer(seen)
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    dir = await mkdtemp(join(tmpdir(), 'pagecrew-api-'))
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await rm(dir, { recursive: true, force: true })
  })

  async function client(file = 'jar.bin') {
    const jar = await openCookieJarStore({ file: join(dir, file), secretBox: createKeySecretBox(randomBytes(32)), log: recordingLog() })
    return { jar, api: createApiClient({ origin, fetch, jar }) }
  }

  it('keeps the Secure-less session cookie from http://127.0.0.1 and sends it back', async () => {
    const { api } = await client()
    expect((await api.request({ method: 'GET', path: '/user' })).status).toBe(401)

    const login = await api.request({ method: 'POST', path: '/auth/login', body: { email: 'a@b.co', password: 'pw' } })
    expect(login).toEqual({ status: 200, body: { userId: 'u1' } })

    const user = await api.request({ method: 'GET', path: '/user' })
    expect(user).toEqual({ status: 200, body: { id: 'u1' } })
    // RFC 6265 order: the cookie with the longer path first.
    expect(seen.at(-1)?.headers.cookie).toBe('pagecrew_hint=1; pagecrew_session=tok123')

    await api.request({ method: 'GET', path: '/auth/logout' })
    expect((await api.request({ method: 'GET', path: '/user' })).status).toBe(401)
  })

  it('always sends the desktop client header, and JSON with a content type', async () => {
    const { api } = await client('jar2.bin')
    await api.request({ method: 'PUT', path: '/notification/mark-as-read', query: { a: '1 2', b: 'x&y' }, body: { id: 'n1' } })
    const last = seen.at(-1)!
    expect(last.method).toBe('PUT')
    expect(last.url).toBe('/api/notification/mark-as-read?a=1+2&b=x%26y')
    expect(last.headers['x-pagecrew-client']).toBe('desktop')
    expect(last.headers['content-type']).toBe('application/json')
    expect(JSON.parse(last.body)).toEqual({ id: 'n1' })

    await api.request({ method: 'GET', path: '/config', body: { ignored: true } })
    expect(seen.at(-1)!.headers['x-pagecrew-client']).toBe('desktop')
    expect(seen.at(-1)!.body).toBe('')
  })

  it('answers null for an empty body and does not follow redirects', async () => {
    const { api, jar } = await client('jar3.bin')
    expect(await api.request({ method: 'GET', path: '/empty' })).toEqual({ status: 204, body: null })
    const moved = await api.request({ method: 'GET', path: '/moved' })
    expect(moved.status).toBe(302)
    expect(await jar.cookieHeader(`${origin}/api/user`)).toBe('moved=1')
  })

  it('throws, with the server named, when the server cannot be reached', async () => {
    const jar = await openCookieJarStore({ file: join(dir, 'jar4.bin'), secretBox: createKeySecretBox(randomBytes(32)), log: recordingLog() })
    const api = createApiClient({ origin: 'http://127.0.0.1:1', fetch, jar })
    await expect(api.request({ method: 'GET', path: '/user' })).rejects.toThrow('Cannot reach the Pagecrew server at http://127.0.0.1:1.')
  })

  it('follows an origin that changes (the embedded server restarted on a new port)', async () => {
    let current = 'http://127.0.0.1:1'
    const jar = await openCookieJarStore({ file: join(dir, 'jar5.bin'), secretBox: createKeySecretBox(randomBytes(32)), log: recordingLog() })
    const api = createApiClient({ origin: () => current, fetch, jar })
    await expect(api.request({ method: 'GET', path: '/user' })).rejects.toThrow()
    current = `${origin}/`
    expect((await api.request({ method: 'GET', path: '/user' })).status).toBe(401)
  })

  it('sends a Secure cookie only over https', async () => {
    const { jar } = await client('jar6.bin')
    await jar.storeSetCookies('https://team.example.com/api/auth/login', ['pagecrew_session=s; Path=/; Secure; HttpOnly'])
    expect(await jar.cookieHeader('https://team.example.com/api/user')).toBe('pagecrew_session=s')
    expect(await jar.cookieHeader('http://team.example.com/api/user')).toBe('')
  })
})
