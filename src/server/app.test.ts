import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { PublicConfig, Session } from '../shared/api/contract'
import { createPasswordIdentity } from './adapters/identity/password'
import { createServer } from './app'
import { certificates } from './db/schema'
import { contentSecurityPolicy } from './http/security'
import { FAST_ARGON2, TestClient } from './testing/harness'
import { describeEachDatabase } from './testing/suite'
import { APP_VERSION } from './version'

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>'
const BOOM_EMAIL = 'boom@example.com'

const rendererDir = mkdtempSync(join(tmpdir(), 'pagecrew-renderer-'))
mkdirSync(join(rendererDir, 'assets'))
writeFileSync(join(rendererDir, 'index.html'), INDEX)
writeFileSync(join(rendererDir, 'assets', 'app-abc123.js'), 'console.log("app")')
afterAll(() => rmSync(rendererDir, { recursive: true, force: true }))

describeEachDatabase(
  'server',
  (t) => {
    describe('renderer', () => {
      it('serves index.html with a Content-Security-Policy and security headers', async () => {
        const res = await t().app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
        expect(res.statusCode).toBe(200)
        expect(res.headers['content-type']).toMatch(/^text\/html/)
        expect(res.body).toBe(INDEX)
        const csp = String(res.headers['content-security-policy'])
        expect(csp).toContain("default-src 'self'")
        expect(csp).toContain("script-src 'self' https://app.intercom.io https://widget.intercom.io https://js.intercomcdn.com")
        expect(csp).toContain("style-src 'self' 'unsafe-inline'")
        expect(csp).toContain("img-src 'self' data: blob: https:")
        expect(csp).toMatch(/connect-src 'self' [^;]*https:\/\/api-iam\.intercom\.io/)
        expect(csp).toContain("frame-ancestors 'none'")
        expect(res.headers['x-content-type-options']).toBe('nosniff')
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
        expect(res.headers['cache-control']).toBe('no-cache')
      })

      it('falls back to index.html for client-side routes that accept HTML', async () => {
        for (const url of ['/dashboard', '/signup/onboarding/company', '/validate-certification?certificateId=X']) {
          const res = await t().app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } })
          expect(res.statusCode, url).toBe(200)
          expect(res.body).toBe(INDEX)
          expect(res.headers['content-security-policy']).toBeTruthy()
        }
      })

      it('serves hashed assets with long caching, and 404s missing ones without HTML', async () => {
        const asset = await t().app.inject({ method: 'GET', url: '/assets/app-abc123.js' })
        expect(asset.statusCode).toBe(200)
        expect(asset.headers['cache-control']).toContain('immutable')
        expect(asset.headers['x-content-type-options']).toBe('nosniff')
        expect(asset.headers['content-security-policy']).toBeUndefined()
        const missing = await t().app.inject({ method: 'GET', url: '/assets/nope.js', headers: { accept: '*/*' } })
        expect(missing.statusCode).toBe(404)
        const traversal = await t().app.inject({ method: 'GET', url: '/../../etc/passwd', headers: { accept: '*/*' } })
        expect(traversal.statusCode).toBe(404)
      })

      it('serves only the API when the renderer is not built', async () => {
        const bare: FastifyInstance = createServer({ db: t().db, clock: t().clock, config: { rendererDir: join(rendererDir, 'missing'), logLevel: 'silent' } })
        try {
          const res = await bare.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } })
          expect(res.statusCode).toBe(404)
          expect(res.json().error.code).toBe('not_found')
          expect((await bare.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200)
        } finally {
          await bare.close()
        }
      })

      it('is ready only once the database is: nothing that runs when ready starts on a database still migrating (issue 16)', async () => {
        let awaited = false
        let release!: () => void
        const migrated = new Promise<void>((resolve) => (release = resolve))
        // A thenable, so the test sees the moment the server starts waiting on it.
        const databaseReady = { then: (ok: () => void, fail: () => void) => ((awaited = true), migrated.then(ok, fail)) } as unknown as Promise<void>
        const server = createServer({ db: t().db, clock: t().clock, config: { logLevel: 'silent' }, databaseReady })
        const afterwards: string[] = []
        server.addHook('onReady', async () => void afterwards.push('ready hook'))
        try {
          const ready = server.ready()
          await vi.waitFor(() => expect(awaited).toBe(true))
          expect(afterwards).toEqual([])
          release()
          await ready
          expect(afterwards).toEqual(['ready hook'])
        } finally {
          await server.close()
        }
      })
    })

    describe('errors', () => {
      it('answers unknown API paths with JSON 404, even for browsers', async () => {
        const res = await t().app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } })
        expect(res.statusCode).toBe(404)
        expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No such API endpoint.' } })
        const post = await t().app.inject({ method: 'POST', url: '/api/nope', headers: { 'x-pagecrew-client': '1' } })
        expect(post.statusCode).toBe(404)
        expect(post.json().error.code).toBe('not_found')
      })

      it('hides unexpected errors behind a generic 500', async () => {
        const res = await new TestClient(t().app).post('/auth/signup', { email: BOOM_EMAIL, password: 'a long password', fullName: 'Boom' })
        expect(res.status).toBe(500)
        expect(res.body).toEqual({ error: { code: 'internal', message: 'Something went wrong. Please try again later.' } })
        expect(JSON.stringify(res.body)).not.toContain('secret detail')
      })
    })

    describe('public endpoints', () => {
      it('serves the public configuration without a session', async () => {
        const res = await new TestClient(t().app).get<PublicConfig>('/config')
        expect(res.status).toBe(200)
        expect(res.body).toEqual({
          helpCenterUrl: 'https://help.example/pagecrew',
          supportChat: { appId: 'app1', region: 'us' },
          version: APP_VERSION
        })
        expect(res.headers['cache-control']).toBe('no-store')
      })

      it('validates certificates: 404 with a message when unknown, details when found', async () => {
        const anonymous = new TestClient(t().app)
        const missing = await anonymous.get<ErrorBody>('/academy/certificates/validate', { certificateId: 'PC-NOPE' })
        expect(missing.status).toBe(404)
        expect(missing.body.error).toEqual({ code: 'not_found', message: 'No certificate found with this ID.' })

        const holder = new TestClient(t().app)
        await holder.signup({ fullName: 'Cert Holder' })
        const userId = (await holder.get<Session>('/auth')).body.userId
        const certificateId = `PC-${randomUUID().slice(0, 8).toUpperCase()}`
        await t().db.insert(certificates).values({ certificateId, userId, courseTitle: 'LinkedIn Foundations', issuedAt: new Date('2025-01-02T03:04:05.000Z') })

        const found = await anonymous.get('/academy/certificates/validate', { certificateId: ` ${certificateId} ` })
        expect(found.status).toBe(200)
        // A certificate stored without the holder's name at issue shows the holder's name now.
        expect(found.body).toEqual({
          status: 'valid',
          certificateId,
          holderName: 'Cert Holder',
          courseTitle: 'LinkedIn Foundations',
          organizationName: '',
          issuedAt: '2025-01-02T03:04:05.000Z',
          revokedAt: null
        })

        const blank = await anonymous.get<ErrorBody>('/academy/certificates/validate', { certificateId: '' })
        expect(blank.status).toBe(400)
        expect(blank.body.error.fields).toEqual({ certificateId: 'Enter a certificate ID.' })
        expect((await anonymous.get('/academy/certificates/validate')).status).toBe(400)
      })
    })
  },
  {
    config: { rendererDir, logLevel: 'silent', helpCenterUrl: 'https://help.example/pagecrew', supportChat: { appId: 'app1', region: 'us' } },
    // The built-in provider, except that one email makes it fail like a broken database would.
    identity: ({ db, clock }) => {
      const real = createPasswordIdentity({ db, clock, argon2: FAST_ARGON2 })
      return {
        ...real,
        signUp: async (input) => {
          if (input.email === BOOM_EMAIL) throw new Error('connection to 10.0.0.5 refused (secret detail)')
          return real.signUp(input)
        }
      }
    }
  }
)

describe('contentSecurityPolicy', () => {
  it('allows no third-party origins without the support chat', () => {
    const csp = contentSecurityPolicy({ supportChat: null })
    expect(csp).not.toContain('intercom')
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain("connect-src 'self';")
    expect(csp).toContain("frame-src 'none'")
  })
})

