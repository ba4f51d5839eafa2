import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { toTeamFormFields } from '../../shared/api/contract'
import { fileTooBigMessage, MESSAGES } from '../../shared/api/messages'
import { MEDIA_CHUNK_BYTES } from '../../shared/constants'
import type { Member, PostMedia, Team, User } from '../../shared/domain'
import { MULTI_LINE_TEXT_MESSAGE, SINGLE_LINE_TEXT_MESSAGE } from '../../shared/domain/text'
import { posts, subscriptions } from '../db/schema'
import { encodePng } from '../testing/images'
import { multipartBody, TestClient, type TestResponse } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'
import { HSTS, PERMISSIONS_POLICY } from './security'

/**
 * Issue 12, a security probe's findings: each fixed, each held here. The fuzzer (fuzz.test.ts)
 * makes sure no endpoint answers 5xx to bad input in general; these are the findings themselves.
 */
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }
const PASSWORD = 'correct horse battery staple'

function expectFieldError(res: TestResponse, field: string, message: string) {
  expect({ status: res.status, code: (res.body as ErrorBody).error?.code, field: (res.body as ErrorBody).error?.fields?.[field] }).toEqual({
    status: 400,
    code: 'validation',
    field: message
  })
}

describeEachDatabase('issue 12: strings, forms, redirects and addresses at the border', (t) => {
  async function adminOrg() {
    const client = new TestClient(t().app)
    await client.signup({ fullName: 'Ada Admin' })
    const org = await client.createOrganization(`Probe ${randomUUID().slice(0, 6)}`)
    await t().db.update(subscriptions).set({ availableSeats: 10 }).where(eq(subscriptions.organizationId, org.id))
    const user = (await client.get<User>('/user')).body
    return { client, userId: user.id, organizationId: org.id }
  }

  describe('control characters (U+0000 first) are a 400 with a field message', () => {
    it('on the anonymous endpoints: sign-up, sign-in, certificate look-up, invitation look-up', async () => {
      const anonymous = new TestClient(t().app)
      expectFieldError(await anonymous.post('/auth/signup', { email: 'nul@example.com', password: PASSWORD, fullName: 'a\u0000b' }), 'fullName', SINGLE_LINE_TEXT_MESSAGE)
      expectFieldError(await anonymous.post('/auth/login', { email: 'nul\u0000@example.com', password: PASSWORD }), 'email', SINGLE_LINE_TEXT_MESSAGE)
      expectFieldError(await anonymous.get('/academy/certificates/validate', { certificateId: '\u0000' }), 'certificateId', SINGLE_LINE_TEXT_MESSAGE)
      expectFieldError(await anonymous.get('/join/info', { token: 'abc\u0000' }), 'token', SINGLE_LINE_TEXT_MESSAGE)
      // The same, raw in the address as a browser would send it.
      const raw = await t().app.inject({ method: 'GET', url: '/api/academy/certificates/validate?certificateId=%00' })
      expect(raw.statusCode).toBe(400)
    })

    it('in member search, tags, teams (multipart), pages, templates, slots, posts and media', async () => {
      const admin = await adminOrg()
      const c = admin.client
      expectFieldError(await c.get('/members/list', { search: '\u0000' }), 'search', SINGLE_LINE_TEXT_MESSAGE)
      expectFieldError(await c.post('/postTag/create', { tagTitle: 'Hi\u0000ring', tagColor: '#aabbcc' }), 'tagTitle', SINGLE_LINE_TEXT_MESSAGE)
      expectFieldError(await c.post('/postTag/create', { tagTitle: 'Hiring', tagColor: '#aabbcc', tagDescription: 'x\u0000' }), 'tagDescription', MULTI_LINE_TEXT_MESSAGE)
      expect((await c.post('/postTag/create', { tagTitle: 'Hiring', tagColor: '#aabbcc', tagDescription: 'line one\nline two' })).status).toBe(200)
      const team = toTeamFormFields({ name: 'Sa\u0000les', members: [admin.userId], teamLeaders: [admin.userId], requireTag: false, aISettingTemplateId: null })
      expectFieldError(await c.multipart('POST', '/team/create', team), 'name', SINGLE_LINE_TEXT_MESSAGE)
      expectFieldError(await c.multipart('POST', '/team/create', { ...team, name: 'Sales', members: JSON.stringify([`${admin.userId}\u0000`]) }), 'members.0', SINGLE_LINE_TEXT_MESSAGE)
      expectFieldError(await c.post('/organization/business-pages/create', { linkedInCompanyName: 'Acme\u0000' }), 'linkedInCompanyName', SINGLE_LINE_TEXT_MESSAGE)
      expectFieldError(await c.post('/ai-template/create', { templateName: 'T', instructions: 'be \u0000 brief' }), 'instructions', MULTI_LINE_TEXT_MESSAGE)
      expectFieldError(
        await c.post('/schedule/assigned-slots/create', { assignedUserId: [admin.userId], time: '2030-01-01T10:00:00Z', comment: 'idea\u0000' }),
        'comment',
        MULTI_LINE_TEXT_MESSAGE
      )
      expectFieldError(await c.post('/posts/create', { text: 'Hello\u0000LinkedIn' }), 'text', MULTI_LINE_TEXT_MESSAGE)
      expectFieldError(await c.post('/posts/create', { type: 'poll', poll: { question: 'Which?\n', options: ['A', 'B'] } }), 'poll.question', SINGLE_LINE_TEXT_MESSAGE)
      expect((await c.post('/posts/create', { text: 'Line one\n\tLine two\r\n' })).status).toBe(200)
      expectFieldError(await c.post('/posts/media/start', { fileName: 'a\u0000.png', contentType: 'image/png', size: 10 }), 'fileName', SINGLE_LINE_TEXT_MESSAGE)
      expectFieldError(await c.post('/posts/media/complete', { uploadId: randomUUID(), altText: '\u0000' }), 'altText', MULTI_LINE_TEXT_MESSAGE)
      expectFieldError(await c.put('/user/update-user-details', { fullName: 'Ada\u0085' }), 'fullName', SINGLE_LINE_TEXT_MESSAGE)
    })

    it('unpaired UTF-16 surrogates are refused like control characters (PostgreSQL json refused them: a 500)', async () => {
      const anonymous = new TestClient(t().app)
      await anonymous.signup({ fullName: 'Sur Rogate' })
      expectFieldError(await anonymous.post('/auth/create-organization', { organizationName: '\ud800x' }), 'organizationName', SINGLE_LINE_TEXT_MESSAGE)
      const admin = await adminOrg()
      const c = admin.client
      expectFieldError(await c.put('/organization/settings/organization/update', { name: '\ud800x' }), 'name', SINGLE_LINE_TEXT_MESSAGE)
      expectFieldError(await c.put('/organization/settings/organization/update', { name: 'x\udc00' }), 'name', SINGLE_LINE_TEXT_MESSAGE)
      expectFieldError(await c.post('/postTag/create', { tagTitle: '\ud800x', tagColor: '#aabbcc' }), 'tagTitle', SINGLE_LINE_TEXT_MESSAGE)
      expectFieldError(await c.post('/postTag/create', { tagTitle: 'Hiring', tagColor: '#aabbcc', tagDescription: 'a\ud800' }), 'tagDescription', MULTI_LINE_TEXT_MESSAGE)
      const tag = await c.post<{ id: string }>('/postTag/create', { tagTitle: 'Hiring 😀', tagColor: '#aabbcc' })
      expect(tag.status).toBe(200)
      expectFieldError(await c.put('/postTag/update', { tagId: tag.body.id, tagTitle: '\ud800x', tagColor: '#aabbcc' }), 'tagTitle', SINGLE_LINE_TEXT_MESSAGE)
      expectFieldError(await c.post('/members/invite', { email: 'a\ud800@example.com', role: 'MEMBER' }), 'email', SINGLE_LINE_TEXT_MESSAGE)
      expectFieldError(
        await c.post('/recommended/create', { linkedInPostUrl: 'https://www.linkedin.com/feed/update/urn:li:activity:1', note: '\ud800x', suggestedComments: ['Nice'], audience: 'everyone' }),
        'note',
        MULTI_LINE_TEXT_MESSAGE
      )
      expectFieldError(
        await c.post('/recommended/create', { linkedInPostUrl: 'https://www.linkedin.com/feed/update/urn:li:activity:1', suggestedComments: ['\udc00'], audience: 'everyone' }),
        'suggestedComments.0',
        MULTI_LINE_TEXT_MESSAGE
      )
    })

    it('strips control and bidi characters from file names (team image, post media)', async () => {
      const admin = await adminOrg()
      const png = encodePng(4, 4, () => [1, 2, 3, 255])
      const fields = toTeamFormFields({ name: 'Design', members: [admin.userId], teamLeaders: [admin.userId], requireTag: false, aISettingTemplateId: null })
      const team = await admin.client.multipart<Team>('POST', '/team/create', fields, [
        { field: 'image', fileName: 'logo\u202Egnp.exe\u2066.png', contentType: 'image/png', data: png }
      ])
      expect(team.status).toBe(200)
      expect(team.body.imageName).toBe('logognp.exe.png')

      const started = await admin.client.post<{ uploadId: string }>('/posts/media/start', { fileName: 'chart\u202Egnp.exe\u200F.png', contentType: 'image/png', size: png.length })
      expect(started.status).toBe(200)
      await admin.client.multipart('POST', '/posts/media/chunk', { uploadId: started.body.uploadId, offset: '0' }, [
        { field: 'chunk', fileName: 'blob', contentType: 'application/octet-stream', data: png }
      ])
      const done = await admin.client.post<PostMedia>('/posts/media/complete', { uploadId: started.body.uploadId })
      expect(done.body.fileName).toBe('chartgnp.exe.png')
    })
  })

  describe('malformed multipart is a 400, not a 500', () => {
    const cases = ['POST /team/create', 'PUT /team/update', 'POST /posts/media/chunk'] as const
    const send = (client: TestClient, which: (typeof cases)[number], payload: Buffer | string, contentType: string) => {
      const [method, path] = which.split(' ') as ['POST' | 'PUT', string]
      return client.request<ErrorBody>(method, path, { raw: { payload, contentType } })
    }

    it.each(cases)('%s: no boundary, a body cut short, an oversized boundary', async (which) => {
      const admin = await adminOrg()
      const fields = { name: 'Sales', members: JSON.stringify([admin.userId]), teamLeaders: JSON.stringify([admin.userId]), uploadId: randomUUID(), offset: '0', id: randomUUID() }
      const whole = multipartBody(fields, [{ field: which.includes('chunk') ? 'chunk' : 'image', fileName: 'a.png', contentType: 'image/png', data: Buffer.alloc(2000, 1) }])

      const noBoundary = await send(admin.client, which, whole.payload, 'multipart/form-data')
      expect({ status: noBoundary.status, code: noBoundary.body.error.code }).toEqual({ status: 400, code: 'validation' })

      const cut = await send(admin.client, which, whole.payload.subarray(0, whole.payload.length - 600), whole.contentType)
      expect({ status: cut.status, code: cut.body.error.code }).toEqual({ status: 400, code: 'validation' })

      const cutInFields = await send(admin.client, which, whole.payload.subarray(0, 60), whole.contentType)
      expect(cutInFields.status).toBe(400)

      const longBoundary = await send(admin.client, which, whole.payload, `multipart/form-data; boundary=${'x'.repeat(300)}`)
      expect(longBoundary.status).toBe(400)
    })
  })

  describe('the LinkedIn sandbox sign-in page redirects only where a live sign-in said', () => {
    const form = (fields: Record<string, string>) =>
      t().app.inject({
        method: 'POST',
        url: '/api/linkedin/sandbox/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString()
      })
    const request = (state: string, redirectUri: string) => ({
      response_type: 'code',
      client_id: 'pagecrew-sandbox',
      redirect_uri: redirectUri,
      state,
      scope: 'openid profile w_member_social',
      code_challenge: 'A'.repeat(43),
      code_challenge_method: 'S256'
    })

    it('an anonymous form post with any redirect_uri is a 400 page, never a 303 (allow or cancel)', async () => {
      for (const decision of ['allow', 'cancel']) {
        const res = await form({ ...request(randomUUID(), 'https://evil.example/steal'), decision })
        expect(res.statusCode).toBe(400)
        expect(res.headers.location).toBeUndefined()
        expect(res.body).not.toContain('evil.example')
      }
      const page = await t().app.inject({ method: 'GET', url: `/api/linkedin/sandbox/authorize?${new URLSearchParams(request('nobody-started-this', 'https://evil.example/'))}` })
      expect(page.statusCode).toBe(400)
    })

    it('a live sign-in goes back only to its own address, once', async () => {
      const admin = await adminOrg()
      const started = await admin.client.post<{ authorizationUrl: string }>('/linkedin/connect', { redirectUri: 'pagecrew://callback' })
      const params = Object.fromEntries(new URL(started.body.authorizationUrl).searchParams)
      expect((await form({ ...params, redirect_uri: 'https://evil.example/callback', decision: 'allow' })).statusCode).toBe(400)
      const ok = await form({ ...params, decision: 'allow' })
      expect(ok.statusCode).toBe(303)
      expect(String(ok.headers.location)).toMatch(/^pagecrew:\/\/callback\?code=/)
      expect((await form({ ...params, decision: 'allow' })).statusCode).toBe(400)
    })
  })

  describe('links are never built from the Host header', () => {
    it('join links, the billing portal and the LinkedIn sign-in address ignore Host: evil.example', async () => {
      const admin = await adminOrg()
      const evil = { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } }
      const invited = await admin.client.request<{ member: Member; joinUrl: string }>('POST', '/members/invite', {
        ...evil,
        body: { email: `m-${randomUUID().slice(0, 6)}@example.com`, role: 'MEMBER' }
      })
      expect(invited.status).toBe(200)
      expect(invited.body.joinUrl).toMatch(/^http:\/\/localhost\/join\?token=/)
      const portal = await admin.client.request<{ url: string }>('GET', '/billing/customer-portal-url', evil)
      expect(portal.body.url).toMatch(/^http:\/\/localhost\/api\/billing\/portal\?token=/)
      const connect = await admin.client.request<{ authorizationUrl: string }>('POST', '/linkedin/connect', { ...evil, body: { redirectUri: 'pagecrew://callback' } })
      expect(connect.body.authorizationUrl).toMatch(/^http:\/\/localhost\/api\/linkedin\/sandbox\/authorize\?/)
      // The web app's own /callback is the server's address, not the one a Host header names.
      const evilCallback = await admin.client.request<ErrorBody>('POST', '/linkedin/connect', { ...evil, body: { redirectUri: 'https://evil.example/callback' } })
      expect(evilCallback.status).toBe(400)
      expect((await admin.client.get('/members/outbox')).body).not.toContain('evil.example')
    })

    it('over a real socket: the address the server listens at', async () => {
      const admin = await adminOrg()
      const address = await t().app.listen({ port: 0, host: '127.0.0.1' })
      const body = JSON.stringify({ email: `m-${randomUUID().slice(0, 6)}@example.com`, role: 'MEMBER' })
      const answer = await new Promise<string>((resolve, reject) => {
        const req = httpRequest(
          `${address}/api/members/invite`,
          {
            method: 'POST',
            headers: { host: 'evil.example', 'content-type': 'application/json', 'x-pagecrew-client': 'test', cookie: `pagecrew_session=${admin.client.cookie}` }
          },
          (res) => {
            let text = ''
            res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
            res.on('end', () => resolve(text))
          }
        )
        req.on('error', reject)
        req.end(body)
      })
      expect((JSON.parse(answer) as { joinUrl: string }).joinUrl.startsWith(`${address}/join?token=`)).toBe(true)
    })
  })

  describe('smaller findings', () => {
    it('a media chunk answered 413 leaves nothing on disk', async () => {
      const admin = await adminOrg()
      const mediaFile = (uploadId: string) => join(t().dataDir, 'uploads', 'media', uploadId)
      // Past the announced size.
      const small = await admin.client.post<{ uploadId: string }>('/posts/media/start', { fileName: 'small.png', contentType: 'image/png', size: 100 })
      const over = await admin.client.multipart<ErrorBody>('POST', '/posts/media/chunk', { uploadId: small.body.uploadId, offset: '0' }, [
        { field: 'chunk', fileName: 'blob', contentType: 'application/octet-stream', data: Buffer.alloc(150_000, 7) }
      ])
      expect({ status: over.status, message: over.body.error.message }).toEqual({ status: 413, message: fileTooBigMessage('small.png') })
      expect(existsSync(mediaFile(small.body.uploadId))).toBe(false)
      // Past the chunk size (4 MB and the multipart slack).
      const big = await admin.client.post<{ uploadId: string }>('/posts/media/start', { fileName: 'big.mp4', contentType: 'video/mp4', size: 3 * MEDIA_CHUNK_BYTES })
      const tooBig = await admin.client.multipart<ErrorBody>('POST', '/posts/media/chunk', { uploadId: big.body.uploadId, offset: '0' }, [
        { field: 'chunk', fileName: 'blob', contentType: 'application/octet-stream', data: Buffer.alloc(MEDIA_CHUNK_BYTES + 200_000, 7) }
      ])
      expect({ status: tooBig.status, message: tooBig.body.error.message }).toEqual({ status: 413, message: MESSAGES.uploadChunkTooBig })
      expect(existsSync(mediaFile(big.body.uploadId))).toBe(false)
      // The cut chunk did not count as received: the upload still continues at 0.
      const retry = await admin.client.multipart<{ received: number }>('POST', '/posts/media/chunk', { uploadId: big.body.uploadId, offset: '0' }, [
        { field: 'chunk', fileName: 'blob', contentType: 'application/octet-stream', data: Buffer.alloc(1000, 7) }
      ])
      expect(retry.body).toEqual({ received: 1000 })
    })

    it('months outside [1970, 9000) are a 400 on team effort and nudges (year 0 was a 500 in PostgreSQL)', async () => {
      const admin = await adminOrg()
      for (const month of ['0000-01', '0001-01', '1969-12', '9000-01', '9999-12']) {
        expectFieldError(await admin.client.get('/team/effort', { month }), 'month', 'Use a month between 1970 and 8999.')
        expectFieldError(await admin.client.post('/team/nudge', { userId: admin.userId, month }), 'month', 'Use a month between 1970 and 8999.')
      }
      expectFieldError(await admin.client.get('/team/effort', { month: '2026-13' }), 'month', 'Use a month as YYYY-MM.')
      expect((await admin.client.get('/team/effort', { month: '1970-01', timezone: 'Pacific/Kiritimati' })).status).toBe(200)
      expect((await admin.client.get('/team/effort', { month: '8999-12', timezone: 'Pacific/Pago_Pago' })).status).toBe(200)
    })

    it('audit-log cursors of the right pattern but no real time or id are a 400 (were a 500)', async () => {
      const admin = await adminOrg()
      const cursors = [
        '2026-13-45T25:61:61.000Z_1',
        '2026-02-30T00:00:00.000Z_1',
        '0000-01-01T00:00:00.000Z_1',
        '9999-12-31T23:59:59.999Z_1',
        '2026-01-02T03:04:05.678Z_9999999999999999999',
        '2026-01-02T03:04:05.678Z_9223372036854775808',
        '2026-01-02T03:04:05.678Z_9007199254740993'
      ]
      for (const cursor of cursors) {
        for (const format of ['json', 'csv']) {
          const res = await admin.client.get<ErrorBody>('/organization/audit-log', { cursor, format })
          expect({ cursor, format, status: res.status, field: res.body.error?.fields?.cursor }).toEqual({ cursor, format, status: 400, field: 'Start again from the first page.' })
        }
      }
      expect((await admin.client.get('/organization/audit-log', { cursor: '2026-01-02T03:04:05.678Z_9007199254740991' })).status).toBe(200)
    })

    it('Plan list cursors whose time is outside [1970, 9000) are a 400 (year 0 and +275760 were a 500)', async () => {
      const admin = await adminOrg()
      const cursorOf = (t: string) => Buffer.from(JSON.stringify({ t, id: '00000000-0000-4000-8000-000000000000' })).toString('base64url')
      for (const t of ['0000-01-01T00:00:00.000Z', '+275760-09-13T00:00:00.000Z', '9000-01-01T00:00:00.000Z', 'not a time']) {
        const res = await admin.client.get<ErrorBody>('/schedule', { cursor: cursorOf(t) })
        expect({ t, status: res.status, field: res.body.error?.fields?.cursor }).toEqual({ t, status: 400, field: expect.any(String) })
      }
      expect((await admin.client.get('/schedule', { cursor: cursorOf('2026-01-02T03:04:05.678Z') })).status).toBe(200)
    })

    it('POST /posts/create refuses a multipart body (415) instead of making an empty draft', async () => {
      const admin = await adminOrg()
      const form = multipartBody({ text: 'Hello' })
      const res = await admin.client.request<ErrorBody>('POST', '/posts/create', { raw: form })
      expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 415, code: 'unsupported_media_type' })
      const urlencoded = await admin.client.request<ErrorBody>('PUT', '/team/update', { raw: { payload: 'name=x', contentType: 'application/x-www-form-urlencoded' } })
      expect(urlencoded.status).toBe(415)
      expect(await t().db.select().from(posts).where(eq(posts.authorUserId, admin.userId))).toEqual([])
    })

    it('business page and profile images: https on a public host only', async () => {
      const admin = await adminOrg()
      const create = (image: string) => admin.client.post<ErrorBody>('/organization/business-pages/create', { linkedInCompanyName: `Page ${randomUUID().slice(0, 4)}`, image })
      for (const image of ['http://169.254.169.254/latest/meta-data/', 'https://169.254.169.254/x.png', 'https://localhost/x.png', 'https://[::1]/x.png', 'https://10.0.0.8/x.png', 'http://cdn.example/x.png']) {
        const res = await create(image)
        expect({ image, status: res.status, field: res.body.error?.fields?.image }).toEqual({ image, status: 400, field: 'Use an image address starting with https://' })
      }
      expect((await create('https://cdn.example/logo.png')).status).toBe(200)
      expect((await admin.client.put('/user/update-user-details', { image: 'http://169.254.169.254/' })).status).toBe(400)
    })

    it('images: no documentation ranges, no localhost.localdomain, and on our origin only the image paths (never an API action)', async () => {
      const admin = await adminOrg()
      const page = await admin.client.post<{ id: string }>('/organization/business-pages/create', { linkedInCompanyName: 'Page' })
      expect(page.status).toBe(200)
      const bad = [
        'https://192.0.2.2/x.png',
        'https://198.51.100.2/x.png',
        'https://[2001:db8::2]/x.png',
        'https://localhost.localdomain/x.png',
        'https://cdn.localhost/x.png',
        '/api/auth/logout',
        '/api/user/logout-everywhere',
        '/api/team/image/../auth/logout'
      ]
      for (const image of bad) {
        const requests = {
          user: admin.client.put<ErrorBody>('/user/update-user-details', { image }),
          create: admin.client.post<ErrorBody>('/organization/business-pages/create', { linkedInCompanyName: `Page ${randomUUID().slice(0, 4)}`, image }),
          update: admin.client.put<ErrorBody>('/organization/business-pages/update', { businessPageId: page.body.id, image })
        }
        for (const [what, request] of Object.entries(requests)) {
          const res = await request
          expect({ image, what, status: res.status, field: res.body.error?.fields?.image }).toEqual({ image, what, status: 400, field: 'Use an image address starting with https://' })
        }
      }
      const mediaPath = `/api/posts/media/${randomUUID()}/thumbnail`
      expect((await admin.client.put('/user/update-user-details', { image: mediaPath })).status).toBe(200)
      expect((await admin.client.put('/organization/business-pages/update', { businessPageId: page.body.id, image: `/api/team/image/${randomUUID()}?v=2` })).status).toBe(200)
      expect((await admin.client.get<User>('/user')).body.image).toBe(mediaPath)
    })

    it('sends Permissions-Policy and Cross-Origin-Opener-Policy, and no HSTS over plain http', async () => {
      const res = await t().app.inject({ method: 'GET', url: '/api/config' })
      expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY)
      expect(res.headers['permissions-policy']).toContain('camera=()')
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
      expect(res.headers['strict-transport-security']).toBeUndefined()
      // Not trusted without PAGECREW_TRUST_PROXY: a client cannot claim https.
      const claimed = await t().app.inject({ method: 'GET', url: '/api/config', headers: { 'x-forwarded-proto': 'https' } })
      expect(claimed.headers['strict-transport-security']).toBeUndefined()
    })
  })
})

describeEachDatabase(
  'issue 12: behind a trusted proxy (PAGECREW_TRUST_PROXY)',
  (t) => {
    it('links use the proxy’s X-Forwarded-Host and -Proto, and https answers carry HSTS', async () => {
      const admin = new TestClient(t().app)
      await admin.signup()
      await admin.createOrganization('Proxied')
      const viaProxy = { host: 'internal:4680', 'x-forwarded-host': 'app.example.com', 'x-forwarded-proto': 'https' }
      const invited = await admin.request<{ joinUrl: string }>('POST', '/members/invite', {
        headers: viaProxy,
        body: { email: `m-${randomUUID().slice(0, 6)}@example.com`, role: 'MEMBER' }
      })
      expect(invited.body.joinUrl).toMatch(/^https:\/\/app\.example\.com\/join\?token=/)
      // A proxy that sets no X-Forwarded-Host leaves the Host header untrusted all the same.
      const bare = await admin.request<{ joinUrl: string }>('POST', '/members/invite', {
        headers: { host: 'evil.example' },
        body: { email: `m-${randomUUID().slice(0, 6)}@example.com`, role: 'MEMBER' }
      })
      expect(bare.body.joinUrl).toMatch(/^http:\/\/localhost\/join\?token=/)
      const malformed = await admin.request<{ joinUrl: string }>('POST', '/members/invite', {
        headers: { 'x-forwarded-host': 'evil.example/path@x', 'x-forwarded-proto': 'https' },
        body: { email: `m-${randomUUID().slice(0, 6)}@example.com`, role: 'MEMBER' }
      })
      expect(malformed.body.joinUrl).toMatch(/^http:\/\/localhost\/join\?token=/)
      const https = await t().app.inject({ method: 'GET', url: '/api/config', headers: { 'x-forwarded-proto': 'https' } })
      expect(https.headers['strict-transport-security']).toBe(HSTS)
    })

  },
  { config: { trustProxy: true } }
)

describeEachDatabase(
  'issue 12: PAGECREW_PUBLIC_URL',
  (t) => {
    it('is the base of every link, whatever Host or X-Forwarded-* say', async () => {
      const admin = new TestClient(t().app)
      await admin.signup()
      await admin.createOrganization('Configured')
      const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }
      const invited = await admin.request<{ joinUrl: string }>('POST', '/members/invite', { headers, body: { email: `m-${randomUUID().slice(0, 6)}@example.com`, role: 'MEMBER' } })
      expect(invited.body.joinUrl).toMatch(/^https:\/\/pagecrew\.example\.com\/join\?token=/)
      const portal = await admin.request<{ url: string }>('GET', '/billing/customer-portal-url', { headers })
      expect(portal.body.url).toMatch(/^https:\/\/pagecrew\.example\.com\/api\/billing\/portal\?token=/)
    })
  },
  { config: { trustProxy: true, publicUrl: 'https://pagecrew.example.com' } }
)
