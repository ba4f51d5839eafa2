import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, type BinaryResponse } from './api-client'
import { API_IMAGE_CSP, createApiImageProxy } from './api-image-proxy'
import { openCookieJarStore } from './cookie-jar-store'
import { createKeySecretBox } from './secret-box'
import { recordingLog } from '../testing/fakes'

const TEAM = '0b6f1c1e-8a44-4c4e-9a53-8f1c2b3d4e5f'
const IMAGE_URL = `app://pagecrew/api/team/image/${TEAM}`
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255])

function setup(answer: BinaryResponse | Error = { status: 200, contentType: 'image/png', body: PNG }) {
  const fetched: [string, Record<string, string> | undefined][] = []
  const log = recordingLog()
  const proxy = createApiImageProxy({
    api: {
      async fetchBinary(path, query) {
        fetched.push([path, query])
        if (answer instanceof Error) throw answer
        return answer
      }
    },
    rendererOrigins: ['app://pagecrew'],
    log
  })
  return { proxy, fetched, log }
}

describe('createApiImageProxy', () => {
  it('answers a team image from the API, with its type, a private cache and no sniffing', async () => {
    const { proxy, fetched } = setup()
    expect(await proxy.answer('GET', `${IMAGE_URL}?v=9f86d081884c7d65`)).toEqual({
      status: 200,
      headers: {
        'content-type': 'image/png',
        'cache-control': 'private, max-age=300',
        'x-content-type-options': 'nosniff',
        'content-security-policy': API_IMAGE_CSP
      },
      body: PNG
    })
    expect(await proxy.answer('GET', IMAGE_URL)).toMatchObject({ status: 200 })
    expect(fetched).toEqual([
      [`/team/image/${TEAM}`, { v: '9f86d081884c7d65' }],
      [`/team/image/${TEAM}`, undefined]
    ])
  })

  it('answers post media thumbnails and image files', async () => {
    const { proxy, fetched } = setup()
    expect(await proxy.answer('GET', `app://pagecrew/api/posts/media/${TEAM}/thumbnail?v=2`)).toMatchObject({ status: 200, body: PNG })
    expect(await proxy.answer('GET', `app://pagecrew/api/posts/media/${TEAM}/file`)).toMatchObject({ status: 200, body: PNG })
    expect(fetched).toEqual([
      [`/posts/media/${TEAM}/thumbnail`, { v: '2' }],
      [`/posts/media/${TEAM}/file`, undefined]
    ])
  })

  it('answers people’s photos (User.image of an uploaded photo)', async () => {
    const { proxy, fetched } = setup({ status: 200, contentType: 'image/jpeg', body: PNG })
    expect(await proxy.answer('GET', `app://pagecrew/api/user/photo/${TEAM}?v=0a1b2c3d`)).toMatchObject({ status: 200, body: PNG, headers: { 'content-type': 'image/jpeg' } })
    expect(fetched).toEqual([[`/user/photo/${TEAM}`, { v: '0a1b2c3d' }]])
  })

  it('refuses a post media file that is not an image (videos and documents are not shown in the app)', async () => {
    const { proxy } = setup({ status: 200, contentType: 'video/mp4', body: PNG })
    expect(await proxy.answer('GET', `app://pagecrew/api/posts/media/${TEAM}/file`)).toMatchObject({ status: 502, body: null })
  })

  it('serves the image type without parameters, lower-cased', async () => {
    const { proxy } = setup({ status: 200, contentType: 'Image/JPEG; charset=binary', body: PNG })
    expect((await proxy.answer('GET', IMAGE_URL))?.headers['content-type']).toBe('image/jpeg')
  })

  it('leaves renderer files and other origins alone', async () => {
    const { proxy, fetched } = setup()
    for (const url of ['app://pagecrew/', 'app://pagecrew/settings', 'app://pagecrew/assets/app.js', 'app://pagecrew/apis/x', `app://evil/api/team/image/${TEAM}`, 'not a url']) {
      expect(await proxy.answer('GET', url)).toBeNull()
    }
    expect(fetched).toEqual([])
  })

  it.each([
    ['another method', 'POST', IMAGE_URL],
    ['HEAD', 'HEAD', IMAGE_URL],
    ['the API root', 'GET', 'app://pagecrew/api'],
    ['another API path', 'GET', 'app://pagecrew/api/user'],
    ['a JSON endpoint beside the image', 'GET', 'app://pagecrew/api/team/list'],
    ['an id that is not a UUID', 'GET', 'app://pagecrew/api/team/image/abc'],
    ['upper-case hex', 'GET', `app://pagecrew/api/team/image/${TEAM.toUpperCase()}`],
    ['a longer path', 'GET', `${IMAGE_URL}/x`],
    ['a trailing slash', 'GET', `${IMAGE_URL}/`],
    ['another post media path', 'GET', `app://pagecrew/api/posts/media/${TEAM}/original`],
    ['a post media path without an id', 'GET', 'app://pagecrew/api/posts/media/start'],
    ['a post media path that goes on', 'GET', `app://pagecrew/api/posts/media/${TEAM}/file/x`],
    ['a post media upload', 'POST', `app://pagecrew/api/posts/media/${TEAM}/file`],
    ['the photo upload', 'POST', 'app://pagecrew/api/user/photo'],
    ['the photo path without an id', 'GET', 'app://pagecrew/api/user/photo'],
    ['a photo id that is not a UUID', 'GET', 'app://pagecrew/api/user/photo/me'],
    ['a photo path that goes on', 'GET', `app://pagecrew/api/user/photo/${TEAM}/x`],
    ['encoded traversal', 'GET', `app://pagecrew/api/team/image/%2e%2e%2f%2e%2e%2fuser${'0'.repeat(20)}`],
    ['dot segments that resolve elsewhere', 'GET', `app://pagecrew/api/team/image/../../user`],
    ['another query key', 'GET', `${IMAGE_URL}?orgid=org_a`],
    ['an extra query key', 'GET', `${IMAGE_URL}?v=1&x=2`],
    ['a repeated v', 'GET', `${IMAGE_URL}?v=1&v=2`],
    ['an empty v', 'GET', `${IMAGE_URL}?v=`],
    ['a v with odd characters', 'GET', `${IMAGE_URL}?v=%3Cscript%3E`]
  ])('refuses %s with a 404 and does not call the API', async (_name, method, url) => {
    const { proxy, fetched } = setup()
    const answer = await proxy.answer(method, url)
    expect(answer).toMatchObject({ status: 404, body: null })
    expect(answer?.headers['cache-control']).toBe('no-store')
    expect(fetched).toEqual([])
  })

  it.each([401, 403, 404])('passes the API’s %i on, without a body', async (status) => {
    const { proxy } = setup({ status, contentType: 'application/json', body: new TextEncoder().encode('{"error":{}}') })
    expect(await proxy.answer('GET', IMAGE_URL)).toMatchObject({ status, body: null })
  })

  it('answers 502 when the API fails or cannot be reached', async () => {
    expect(await setup({ status: 500, contentType: 'application/json', body: new Uint8Array() }).proxy.answer('GET', IMAGE_URL)).toMatchObject({ status: 502, body: null })
    expect(await setup({ status: 302, contentType: '', body: new Uint8Array() }).proxy.answer('GET', IMAGE_URL)).toMatchObject({ status: 502 })
    expect(await setup(new Error('Cannot reach the Pagecrew server')).proxy.answer('GET', IMAGE_URL)).toMatchObject({ status: 502, body: null })
  })

  it.each(['text/html; charset=utf-8', 'application/json', 'application/octet-stream', 'image/png-but-not', ''])(
    'answers 502 rather than serve %j on the app’s origin',
    async (contentType) => {
      const { proxy, log } = setup({ status: 200, contentType, body: new TextEncoder().encode('<script>alert(1)</script>') })
      expect(await proxy.answer('GET', IMAGE_URL)).toMatchObject({ status: 502, body: null })
      expect(log.lines.at(-1)).toContain('not an image')
    }
  )
})

describe('createApiImageProxy through the ApiClient', () => {
  let server: Server
  let origin: string
  let dir: string
  const cookies: (string | undefined)[] = []

  beforeAll(async () => {
    server = createServer((req, res) => {
      cookies.push(req.headers.cookie)
      if (req.url === '/api/auth/login') {
        res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'pagecrew_session=img1; Path=/; HttpOnly' })
        return res.end('{}')
      }
      if (req.url === `/api/team/image/${TEAM}?v=abc` && req.headers.cookie === 'pagecrew_session=img1') {
        res.writeHead(200, { 'content-type': 'image/png' })
        return res.end(Buffer.from(PNG))
      }
      res.writeHead(401, { 'content-type': 'application/json' })
      res.end('{"error":{"code":"unauthorized","message":"Sign in."}}')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    dir = await mkdtemp(join(tmpdir(), 'pagecrew-images-'))
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await rm(dir, { recursive: true, force: true })
  })

  it('loads the image with the session cookie from main’s jar', async () => {
    const jar = await openCookieJarStore({ file: join(dir, 'jar.bin'), secretBox: createKeySecretBox(randomBytes(32)), log: recordingLog() })
    const api = createApiClient({ origin, fetch, jar })
    const proxy = createApiImageProxy({ api, rendererOrigins: ['app://pagecrew'], log: recordingLog() })

    expect(await proxy.answer('GET', `${IMAGE_URL}?v=abc`)).toMatchObject({ status: 401, body: null })
    await api.request({ method: 'POST', path: '/auth/login', body: {} })
    const answer = await proxy.answer('GET', `${IMAGE_URL}?v=abc`)
    expect(answer?.status).toBe(200)
    expect([...answer!.body!]).toEqual([...PNG])
    expect(cookies.at(-1)).toBe('pagecrew_session=img1')
  })
})
