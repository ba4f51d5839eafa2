import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Session } from '../../shared/api/contract'
import type { LinkedInConnection, Member, Post, User } from '../../shared/domain'
import { subscriptions } from '../db/schema'
import { TestClient, type TestApp, type TestResponse } from './harness'

/**
 * The setup the API suites about posts share (posts, posts under approval, the server's job
 * runner): people signed up through the API, an organization with seats to spare, LinkedIn
 * connected through the sandbox's sign-in page, a post written.
 */

export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }

/** Someone signed in through the API, in the organization the suite gave them. */
export interface TestPerson {
  client: TestClient
  userId: string
  organizationId: string
}

export const PASSWORD = 'correct horse battery staple'

/** The answer is the error with this status and message (and, given a field, that field's message). */
export function expectError(res: TestResponse, status: number, message: string, field?: string): void {
  const body = res.body as ErrorBody
  expect({ status: res.status, message: body.error?.message }, JSON.stringify(res.body)).toEqual({ status, message })
  if (field) expect(body.error.fields?.[field]).toBe(message)
}

const unescapeHtml = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!)

/** `now`: the time the clock is set to before each organization is made (the clock is left alone without it). */
export function postFixtures(t: () => TestApp, options: { now?: string } = {}) {
  /** An admin who signed up and made an organization with 10 seats. */
  async function newOrg(fullName = 'Ann Author'): Promise<TestPerson> {
    if (options.now) t().clock.set(options.now)
    const client = new TestClient(t().app)
    await client.signup({ fullName })
    const org = await client.createOrganization(`Org ${randomUUID().slice(0, 6)}`)
    await t().db.update(subscriptions).set({ availableSeats: 10 }).where(eq(subscriptions.organizationId, org.id))
    return { client, userId: (await client.get<User>('/user')).body.id, organizationId: org.id }
  }

  /** Invited by the admin and joined with a password. */
  async function addMember(admin: TestPerson, fullName = 'Max Member', role: 'MEMBER' | 'GHOST' = 'MEMBER'): Promise<TestPerson> {
    const invited = await admin.client.post<{ member: Member; joinUrl: string }>('/members/invite', { email: `m-${randomUUID().slice(0, 8)}@example.com`, role })
    expect(invited.status, JSON.stringify(invited.body)).toBe(200)
    const client = new TestClient(t().app)
    const token = new URL(invited.body.joinUrl).searchParams.get('token')!
    expect((await client.post<Session>('/join/accept', { token, fullName, password: PASSWORD })).status).toBe(200)
    return { client, userId: invited.body.member.id, organizationId: admin.organizationId }
  }

  /** Through the sandbox's sign-in page, as the desktop app does it. */
  async function connect(person: TestPerson): Promise<void> {
    const start = await person.client.post<{ authorizationUrl: string }>('/linkedin/connect', { redirectUri: 'pagecrew://callback' })
    expect(start.status).toBe(200)
    const url = new URL(start.body.authorizationUrl)
    const page = await t().app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
    const fields = Object.fromEntries([...page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, unescapeHtml(m[2]!)]))
    const answer = await t().app.inject({
      method: 'POST',
      url: '/api/linkedin/sandbox/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...fields, decision: 'allow' }).toString()
    })
    const back = new URL(String(answer.headers.location))
    const done = await person.client.post<LinkedInConnection>('/linkedin/callback', { state: back.searchParams.get('state'), code: back.searchParams.get('code') })
    expect(done.body.connected).toBe(true)
  }

  async function connectedOrg(fullName?: string): Promise<TestPerson> {
    const person = await newOrg(fullName)
    await connect(person)
    return person
  }

  /** A draft through POST /posts/create ('Hello LinkedIn' unless the body says otherwise). */
  async function create(person: TestPerson, body: Record<string, unknown> = {}): Promise<Post> {
    const res = await person.client.post<Post & ErrorBody>('/posts/create', { text: 'Hello LinkedIn', ...body })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body
  }

  return { newOrg, addMember, connect, connectedOrg, create }
}
