import fastifyCookie from '@fastify/cookie'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { endpoints, type Endpoint } from '../../shared/api/contract'
import type { Services } from '../services'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'
import { route } from './route'
import { responseSerializer } from './serializers'

describe('compiled response serializers (issue 16)', () => {
  it('compiles a serializer for every endpoint of the contract', () => {
    for (const [name, endpoint] of Object.entries(endpoints)) expect(typeof responseSerializer(endpoint as Endpoint), name).toBe('function')
  })

  it('writes only the fields the contract names, as zod would keep them', () => {
    const write = responseSerializer(endpoints.login)
    const session = { userId: 'u1', email: 'a@example.com', organizationId: null, organizationWorkOSId: null, needsOnboarding: true, secret: 'x' }
    const written = JSON.parse(write(session)) as Record<string, unknown>
    expect(written).not.toHaveProperty('secret')
    expect(written).toEqual(endpoints.login.response.parse(session))
  })

  it('writes GET /auth’s session, and its null for a signed-out caller, as the contract does', () => {
    const write = responseSerializer(endpoints.getSession)
    const session = { userId: 'u1', email: 'a@example.com', organizationId: 'o1', organizationWorkOSId: 'org_1', needsOnboarding: false }
    expect(JSON.parse(write(session))).toEqual(endpoints.getSession.response.parse(session))
    expect(write(null)).toBe('null')
  })

  /** A one-route server whose contract makes of the answer something other than the answer itself. */
  async function transformingServer(responseChecks: boolean) {
    const app = Fastify()
    await app.register(fastifyCookie)
    app.decorate('responseChecks', responseChecks)
    const shout = {
      method: 'GET',
      path: '/shout',
      query: z.undefined(),
      body: z.undefined(),
      response: z.object({ word: z.string().transform((s) => s.toUpperCase()) }),
      auth: false
    } as const satisfies Endpoint
    const services = { sessions: { resolve: async () => null } } as unknown as Services
    route(app, services, shout, async () => ({ word: 'quiet' }))
    await app.ready()
    return app
  }

  it('refuses, where answers are checked, an answer the compiled serializer would write differently', async () => {
    const checked = await transformingServer(true)
    const refused = await checked.inject({ method: 'GET', url: '/shout' })
    expect(refused.statusCode).toBe(500)
    expect(refused.json<{ message: string }>().message).toBe('The compiled serializer of GET /shout differs from the contract')
    // Production writes what the compiled serializer writes, unchecked.
    const production = await transformingServer(false)
    const res = await production.inject({ method: 'GET', url: '/shout' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ word: 'quiet' })
  })
})

describeEachDatabase(
  'answers written by the compiled serializers (responseChecks off)',
  (t) => {
    it('still meet the contract and leave errors to the error handler', async () => {
      const client = new TestClient(t().app)
      const signedOut = await client.get('/auth')
      expect(signedOut.status).toBe(200)
      expect(signedOut.body).toBeNull()
      await client.signup({ fullName: 'Pia Production' })
      const session = await client.get('/auth')
      expect(endpoints.getSession.response.parse(session.body)).toEqual(session.body)
      expect(session.body).toMatchObject({ needsOnboarding: true })
      await client.createOrganization('Production Ltd')
      const user = await client.get('/user')
      expect(user.status).toBe(200)
      expect(endpoints.getUser.response.parse(user.body)).toEqual(user.body)
      expect(user.body).toMatchObject({ fullName: 'Pia Production', organizations: [expect.objectContaining({ name: 'Production Ltd' })] })

      const plans = await client.get('/billing/plans')
      expect(endpoints.getBillingPlans.response.parse(plans.body)).toEqual(plans.body)

      const created = await client.post<{ id: string }>('/posts/create', { text: 'Written by the compiled serializer', type: 'textOnly' })
      expect(created.status).toBe(200)
      const post = await client.get<{ text: string; reshare: unknown }>('/posts/get', { postId: created.body.id })
      expect(endpoints.getPost.response.parse(post.body)).toEqual(post.body)
      expect(post.body).toMatchObject({ text: 'Written by the compiled serializer', reshare: null })

      // Errors are not the serializer's: a bad request still answers the API's error body.
      const bad = await client.get<{ error: { code: string } }>('/posts/get', { postId: '' })
      expect(bad.status).toBe(400)
      expect(bad.body.error.code).toBe('validation')
    })

    it('leave errors the handler throws, and idempotent answers already written, as they are', async () => {
      const client = new TestClient(t().app)
      await client.signup({ fullName: 'Pia Production' })
      await client.createOrganization('Production Ltd')
      const me = await client.get<{ id: string }>('/user')

      // Thrown inside the handler, after the endpoint's serializer took over: still the API's error body.
      const created = await client.post<{ id: string; version: number }>('/posts/create', { text: 'Draft' })
      const stale = await client.put<{ error: { code: string } }>('/posts/update', { postId: created.body.id, version: created.body.version + 5, text: 'Later' })
      expect(stale.status).toBe(409)
      expect(stale.body.error.code).toBe('conflict')
      const missing = await client.get<{ error: { code: string } }>('/posts/get', { postId: '00000000-0000-4000-8000-000000000000' })
      expect(missing.status).toBe(404)
      expect(missing.body.error.code).toBe('not_found')

      // An idempotent endpoint with a key: the kept JSON is the answer, the first time and on replay.
      const tomorrow = new Date(t().clock.now().getTime() + 86_400_000)
      tomorrow.setUTCHours(9, 0, 0, 0)
      const body = { assignedUserId: [me.body.id], time: tomorrow.toISOString(), comment: 'Idea' }
      const headers = { 'idempotency-key': 'serializer-test-key' }
      const first = await client.post<{ slots: { id: string }[] }>('/schedule/assigned-slots/create', body, { headers })
      expect(first.status, JSON.stringify(first.body)).toBe(200)
      expect(endpoints.createAssignedSlots.response.parse(first.body)).toEqual(first.body)
      expect(first.body.slots).toHaveLength(1)
      const again = await client.post<{ slots: { id: string }[] }>('/schedule/assigned-slots/create', body, { headers })
      expect(again.status).toBe(200)
      expect(again.headers['idempotent-replayed']).toBe('true')
      expect(again.body).toEqual(first.body)
    })
  },
  { config: { responseChecks: false } }
)
