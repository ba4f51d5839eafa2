import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fastifyMultipart from '@fastify/multipart'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from './api-client'
import { openCookieJarStore } from './cookie-jar-store'
import { createKeySecretBox } from './secret-box'
import { recordingLog } from '../testing/fakes'

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

/** Every byte value, then a stretch that looks like a multipart boundary: the body must be binary-safe. */
const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from('\r\n--x\r\n\0')])

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
      if (req.url?.startsWith('/api/team/image/')) {
        if (!req.headers.cookie?.includes('pagecrew_session=tok123')) return json(401, { error: { code: 'unauthorized', message: 'Sign in.' } })
        res.writeHead(200, { 'content-type': 'image/png', 'set-cookie': 'pagecrew_session=tok456; Path=/; HttpOnly' })
        return res.end(PNG_BYTES)
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
    // The server refuses a logout without the client header (an image elsewhere cannot send it).
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/auth/logout', headers: { 'x-pagecrew-client': expect.any(String) } })
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

  it('sends the idempotency key of a request as the Idempotency-Key header, and none without one', async () => {
    const { api } = await client('jar-idempotency.bin')
    await api.request({ method: 'POST', path: '/ai-template', body: { templateName: 'T' }, idempotencyKey: 'key-1' })
    expect(seen.at(-1)!.headers['idempotency-key']).toBe('key-1')
    await api.request({ method: 'POST', path: '/ai-template', body: { templateName: 'T' } })
    expect(seen.at(-1)!.headers['idempotency-key']).toBeUndefined()
  })

  it('holds requests made before the embedded server knows its address, and sends them once it does', async () => {
    const jar = await openCookieJarStore({ file: join(dir, 'jar-pending.bin'), secretBox: createKeySecretBox(randomBytes(32)), log: recordingLog() })
    let announce!: (address: string) => void
    const address = new Promise<string>((resolve) => (announce = resolve))
    const api = createApiClient({ origin: () => address, fetch, jar })

    const before = seen.length
    const early = api.request({ method: 'GET', path: '/config' })
    const settled = await Promise.race([early.then(() => 'answered'), new Promise((resolve) => setImmediate(() => resolve('waiting')))])
    expect(settled).toBe('waiting')
    expect(seen.length).toBe(before)

    announce(origin)
    expect(await early).toEqual({ status: 200, body: { echo: true } })
    expect(seen.at(-1)!.url).toBe('/api/config')
    expect(await api.request({ method: 'GET', path: '/user' })).toMatchObject({ status: 401 })
  })

  it('answers null for an empty body and does not follow redirects', async () => {
    const { api, jar } = await client('jar3.bin')
    expect(await api.request({ method: 'GET', path: '/empty' })).toEqual({ status: 204, body: null })
    const moved = await api.request({ method: 'GET', path: '/moved' })
    expect(moved.status).toBe(302)
    expect(await jar.cookieHeader(`${origin}/api/user`)).toBe('moved=1')
  })

  it('GETs bytes with the session cookie and the client header, and keeps a renewed cookie', async () => {
    const { api, jar } = await client('jar7.bin')
    const id = '0b6f1c1e-8a44-4c4e-9a53-8f1c2b3d4e5f'

    expect(await api.fetchBinary(`/team/image/${id}`)).toMatchObject({ status: 401, contentType: 'application/json' })

    await api.request({ method: 'POST', path: '/auth/login', body: {} })
    const image = await api.fetchBinary(`/team/image/${id}`, { v: '3' })
    expect(image.status).toBe(200)
    expect(image.contentType).toBe('image/png')
    expect(image.body).toBeInstanceOf(Uint8Array)
    expect(Buffer.from(image.body).equals(PNG_BYTES)).toBe(true)

    const last = seen.at(-1)!
    expect(last.method).toBe('GET')
    expect(last.url).toBe(`/api/team/image/${id}?v=3`)
    expect(last.headers.cookie).toBe('pagecrew_hint=1; pagecrew_session=tok123')
    expect(last.headers['x-pagecrew-client']).toBe('desktop')
    expect(await jar.cookieHeader(`${origin}/api/user`)).toBe('pagecrew_hint=1; pagecrew_session=tok456')
  })

  it('throws, with the server named, when the server cannot be reached', async () => {
    const jar = await openCookieJarStore({ file: join(dir, 'jar4.bin'), secretBox: createKeySecretBox(randomBytes(32)), log: recordingLog() })
    const api = createApiClient({ origin: 'http://127.0.0.1:1', fetch, jar })
    await expect(api.request({ method: 'GET', path: '/user' })).rejects.toThrow('Cannot reach the Pagecrew server at http://127.0.0.1:1.')
    await expect(api.fetchBinary('/team/image/x')).rejects.toThrow('Cannot reach the Pagecrew server at http://127.0.0.1:1.')
    const multipart = { fields: {}, files: [{ field: 'image', fileName: 'a.png', contentType: 'image/png', data: new Uint8Array([1]) }] }
    await expect(api.request({ method: 'POST', path: '/team/create', multipart })).rejects.toThrow('Cannot reach the Pagecrew server at http://127.0.0.1:1.')
  })

  it('follows an origin that changes (the embedded server restarted on a new port)', async () => {
    let current = 'http://127.0.0.1:1'
    const jar = await openCookieJarStore({ file: join(dir, 'jar5.bin'), secretBox: createKeySecretBox(randomBytes(32)), log: recordingLog() })
    const api = createApiClient({ origin: () => current, fetch, jar })
    await expect(api.request({ method: 'GET', path: '/user' })).rejects.toThrow()
    current = `${origin}/`
    expect((await api.request({ method: 'GET', path: '/user' })).status).toBe(401)
  })

  it('answers the absolute address of an API page on the current origin (the API reference opened in the system browser)', async () => {
    let current = 'http://127.0.0.1:41234/'
    const jar = await openCookieJarStore({ file: join(dir, 'jar7.bin'), secretBox: createKeySecretBox(randomBytes(32)), log: recordingLog() })
    const api = createApiClient({ origin: () => current, fetch, jar })
    expect(await api.urlOf('/v1/reference')).toBe('http://127.0.0.1:41234/api/v1/reference')
    current = 'https://pagecrew.example.com'
    expect(await api.urlOf('/v1/reference')).toBe('https://pagecrew.example.com/api/v1/reference')
  })

  it('sends a Secure cookie only over https', async () => {
    const { jar } = await client('jar6.bin')
    await jar.storeSetCookies('https://team.example.com/api/auth/login', ['pagecrew_session=s; Path=/; Secure; HttpOnly'])
    expect(await jar.cookieHeader('https://team.example.com/api/user')).toBe('pagecrew_session=s')
    expect(await jar.cookieHeader('http://team.example.com/api/user')).toBe('')
  })
})

interface ReceivedPart {
  field: string
  value?: string
  fileName?: string
  contentType?: string
  bytes?: Buffer
}

interface ReceivedUpload {
  method: string
  url: string
  contentType: string
  cookie: string | undefined
  client: string | string[] | undefined
  parts: ReceivedPart[]
}

/** The real multipart parser the API server uses, behind a session cookie like the real one's. */
async function startMultipartServer(received: ReceivedUpload[]): Promise<FastifyInstance> {
  const app = Fastify()
  await app.register(fastifyMultipart, { limits: { fileSize: 200 * 1024 * 1024, files: 20 } })
  app.post('/api/auth/login', async (_req, reply) => {
    reply.header('set-cookie', 'pagecrew_session=up1; Path=/; HttpOnly; SameSite=Lax')
    return { userId: 'u1' }
  })
  const upload = async (req: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    if (!req.isMultipart()) return reply.code(415).send({ error: { code: 'unsupported_media_type', message: 'Send multipart/form-data.' } })
    const parts: ReceivedPart[] = []
    for await (const part of req.parts()) {
      if (part.type === 'file') parts.push({ field: part.fieldname, fileName: part.filename, contentType: part.mimetype, bytes: await part.toBuffer() })
      else parts.push({ field: part.fieldname, value: String(part.value) })
    }
    received.push({
      method: req.method,
      url: req.url,
      contentType: req.headers['content-type'] ?? '',
      cookie: req.headers.cookie,
      client: req.headers['x-pagecrew-client'],
      parts
    })
    if (req.headers.cookie !== 'pagecrew_session=up1') return reply.code(401).send({ error: { code: 'unauthorized', message: 'Sign in.' } })
    if (parts.some((p) => p.field === 'name' && p.value === '')) {
      return reply.code(400).send({ error: { code: 'validation_failed', message: 'Check the form.', fields: { name: 'Required.' } } })
    }
    return { teamId: 'team-1' }
  }
  app.post('/api/team/create', upload)
  app.put('/api/team/update', upload)
  await app.listen({ host: '127.0.0.1', port: 0 })
  return app
}

describe('createApiClient, multipart bodies', () => {
  const received: ReceivedUpload[] = []
  let app: FastifyInstance
  let origin: string
  let dir: string

  beforeAll(async () => {
    app = await startMultipartServer(received)
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    dir = await mkdtemp(join(tmpdir(), 'pagecrew-api-multipart-'))
  })
  afterAll(async () => {
    await app.close()
    await rm(dir, { recursive: true, force: true })
  })

  async function signedIn(file: string) {
    const jar = await openCookieJarStore({ file: join(dir, file), secretBox: createKeySecretBox(randomBytes(32)), log: recordingLog() })
    const api = createApiClient({ origin, fetch, jar })
    expect((await api.request({ method: 'POST', path: '/auth/login', body: {} })).status).toBe(200)
    return api
  }

  it('sends fields and files as multipart/form-data with the session cookie and the client header', async () => {
    const api = await signedIn('jar.bin')
    const big = randomBytes(3 * 1024 * 1024)
    // A view into a larger buffer: only the view's bytes may be sent.
    const backing = Buffer.concat([Buffer.from('junk'), PNG_BYTES, Buffer.from('more junk')])
    const view = new Uint8Array(backing.buffer, backing.byteOffset + 4, PNG_BYTES.length)

    const res = await api.request({
      method: 'POST',
      path: '/team/create',
      query: { orgid: 'org_a' },
      multipart: {
        fields: { name: 'Sales — Nordics', description: 'Line one\r\nline two', leaderIds: '["u1","u2"]' },
        files: [
          { field: 'image', fileName: 'team photo.png', contentType: 'image/png', data: view },
          { field: 'attachment', fileName: 'big.bin', contentType: 'application/octet-stream', data: new Uint8Array(big) }
        ]
      }
    })
    expect(res).toEqual({ status: 200, body: { teamId: 'team-1' } })

    const got = received.at(-1)!
    expect(got.method).toBe('POST')
    expect(got.url).toBe('/api/team/create?orgid=org_a')
    expect(got.contentType).toMatch(/^multipart\/form-data; boundary=\S+$/)
    expect(got.cookie).toBe('pagecrew_session=up1')
    expect(got.client).toBe('desktop')
    expect(got.parts.filter((p) => p.value !== undefined)).toEqual([
      { field: 'name', value: 'Sales — Nordics' },
      { field: 'description', value: 'Line one\r\nline two' },
      { field: 'leaderIds', value: '["u1","u2"]' }
    ])
    const [image, attachment] = got.parts.filter((p) => p.bytes !== undefined)
    expect(image).toMatchObject({ field: 'image', fileName: 'team photo.png', contentType: 'image/png' })
    expect(image!.bytes!.equals(PNG_BYTES)).toBe(true)
    expect(attachment).toMatchObject({ field: 'attachment', fileName: 'big.bin', contentType: 'application/octet-stream' })
    expect(attachment!.bytes!.equals(big)).toBe(true)
  })

  it('sends PUT too, and passes the server’s error answers on as for JSON', async () => {
    const api = await signedIn('jar2.bin')
    const update = await api.request({
      method: 'PUT',
      path: '/team/update',
      multipart: { fields: { teamId: 'team-1', name: '' }, files: [] }
    })
    expect(update).toEqual({ status: 400, body: { error: { code: 'validation_failed', message: 'Check the form.', fields: { name: 'Required.' } } } })
    expect(received.at(-1)).toMatchObject({ method: 'PUT', url: '/api/team/update', cookie: 'pagecrew_session=up1', client: 'desktop' })

    const jar = await openCookieJarStore({ file: join(dir, 'jar3.bin'), secretBox: createKeySecretBox(randomBytes(32)), log: recordingLog() })
    const signedOut = createApiClient({ origin, fetch, jar })
    const refused = await signedOut.request({ method: 'PUT', path: '/team/update', multipart: { fields: { teamId: 'team-1' }, files: [] } })
    expect(refused.status).toBe(401)
    expect(received.at(-1)!.cookie).toBeUndefined()
  })
})
