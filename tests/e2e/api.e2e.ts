import { randomBytes } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import type { Browser, Page } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebhookDeliveryPage, WebhookEndpoint } from '../../src/shared/domain/webhooks'
import { organizations, webhookAttempts } from '../../src/server/db/schema'
import { testDatabaseKinds, type RunningTestServer } from '../../src/server/testing/harness'
import { openSecondProcess, type SecondProcess } from '../../src/server/testing/secondProcess'
import { v1Client } from '../../src/server/testing/v1Client'
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../../src/server/testing/webhookReceiver'
import { launchChromium } from './support/browser'
import { signUpAndOnboard, traceOnFailure } from './support/flows'
import { seedMembers } from './support/seed'
import { startE2eServer } from './support/server'

/*
 * The open platform's journey (issue 28, "Done means"): an admin, in Chromium, creates an API key
 * with plan:write and a webhook to a receiver this test runs, and rotates the webhook's secret; a
 * script using only the generated client (openapi-fetch over v1Api.gen.ts) creates a weekly series
 * for two members; the receiver gets slot.assigned once per slot, each signed with the new secret
 * (checked with the standardwebhooks library), answering 500 twice and then 200, so each delivery
 * takes effect once and the log shows three tries; the admin revokes the key in the UI and the next
 * call through either of two server processes on one database is a 401.
 *
 * Two processes: two servers on one PostgreSQL database (each its own pool) when one answers on
 * 127.0.0.1:5432, else two servers on one in-memory PGlite, as the server tests do
 * (testing/secondProcess.ts). Both run the background jobs on PostgreSQL, so either may send a
 * delivery. Loopback receivers are allowed only by the development setting
 * (outboundAllowLoopback); retries wait 200 ms (webhookRetryDelaysMs) and the webhook jobs look
 * every 100 ms, so nothing here sleeps through real backoff.
 */

const WEEKS = 3
const RETRY_DELAYS_MS = [200, 200]
/** Two failures, then success: per webhook-id. */
const ANSWERS = [500, 500, 200]

const kind = (await testDatabaseKinds()).includes('postgres') ? 'postgres' : 'pglite'
// Both processes encrypt and decrypt webhook secrets with one key, as servers sharing a database must.
const sharedConfig = {
  outboundAllowLoopback: true,
  tokenKey: randomBytes(32).toString('base64'),
  webhookRetryDelaysMs: RETRY_DELAYS_MS,
  publisherIntervalMs: 1_000
}
const webhookPace = { intervalMs: 100 }

let server: RunningTestServer
let second: SecondProcess
let secondUrl: string
let browser: Browser
let receiver: WebhookReceiver

beforeAll(async () => {
  ;[server, browser, receiver] = await Promise.all([
    startE2eServer({ database: kind, config: sharedConfig, webhooks: webhookPace }),
    launchChromium(),
    startWebhookReceiver()
  ])
  // The second process runs the background jobs too where it has a pool of its own (PostgreSQL);
  // on PGlite it shares the first one's single connection and only answers requests.
  second = await openSecondProcess(server, {
    config: { ...sharedConfig, publisherIntervalMs: kind === 'postgres' ? sharedConfig.publisherIntervalMs : null },
    webhooks: webhookPace
  })
  secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' })
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await second?.close()
  await server?.close()
  await receiver?.close()
})

/** The next day at least two days ahead at 09:00 UTC: a quarter hour in every organization's future. */
function firstSlotTime(): string {
  const day = new Date(Date.now() + 2 * 24 * 3600_000)
  day.setUTCHours(9, 0, 0, 0)
  return day.toISOString()
}

/** Waits for `done` (checked every 50 ms) or fails with what `describe` says after `ms`. */
async function until(done: () => boolean | Promise<boolean>, describeState: () => string, ms = 30_000) {
  const deadline = Date.now() + ms
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${describeState()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function sessionApi<T>(page: Page, path: string): Promise<T> {
  const res = await page.context().request.get(`${server.url}/api${path}`, { headers: { 'x-pagecrew-client': 'e2e' } })
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as T
}

describe(`the open platform, end to end in Chromium [${kind}]`, () => {
  it('a key and a webhook made in the app; a series through the generated client reaches the receiver signed, once in effect after two 500s; the revoked key is refused by both processes', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC' })
    const page = await context.newPage()
    traceOnFailure(page, 'admin')
    const organizationName = `Platform Co ${Date.now()}`
    await signUpAndOnboard(page, server.url, `ada-${Date.now()}@platform-e2e.example`, organizationName, 'Ada Admin')
    const [organization] = await server.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, organizationName))
    const memberIds = await seedMembers(server, organization!.id, 2, `platform${Date.now()}`)

    // Settings → Organization → API: a key that may write the Plan (and read it: listing is plan:read).
    await page.goto(`${server.url}/settings/organization?section=api`)
    await page.getByTestId('api-key-create-empty').click()
    await page.getByTestId('api-key-name').fill('Intranet sync')
    await page.getByTestId('api-key-scope-plan:write').check()
    await page.getByTestId('api-key-scope-plan:read').check()
    await page.getByTestId('api-key-dialog-submit').click()
    const key = await page.getByTestId('api-key-secret').inputValue()
    expect(key).toMatch(/^pck_[0-9A-Z]{8}_/)
    await page.getByTestId('api-key-secret-done').click()

    // Settings → Organization → Webhooks: an endpoint on the local receiver hearing slot.assigned.
    await page.goto(`${server.url}/settings/organization?section=webhooks`)
    await page.getByTestId('webhook-add').click()
    await page.getByTestId('webhook-url').fill(`${receiver.url}/pagecrew`)
    await page.getByTestId('webhook-description').fill('Intranet')
    await page.getByTestId('webhook-event-slot.assigned').check()
    await page.getByTestId('webhook-save').click()
    const secretText = page.getByTestId('webhook-secret')
    await secretText.waitFor()
    const firstSecret = (await secretText.textContent())!
    expect(firstSecret).toMatch(/^whsec_/)

    // Rotate secret: asked first; Cancel changes nothing, Rotate shows the new one.
    await page.getByTestId('webhook-secret-rotate').click()
    await page.getByTestId('webhook-rotate-dialog').waitFor()
    await page.getByTestId('webhook-rotate-dialog-cancel').click()
    await page.getByTestId('webhook-rotate-dialog').waitFor({ state: 'detached' })
    expect(await secretText.textContent()).toBe(firstSecret)
    await page.getByTestId('webhook-secret-rotate').click()
    await page.getByTestId('webhook-rotate-dialog-confirm').click()
    await page.getByTestId('webhook-rotate-dialog').waitFor({ state: 'detached' })
    await until(async () => (await secretText.textContent()) !== firstSecret, () => 'the rotated secret is not shown')
    const secret = (await secretText.textContent())!
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    const [endpoint] = await sessionApi<WebhookEndpoint[]>(page, '/organization/webhooks')
    expect(endpoint).toMatchObject({ url: `${receiver.url}/pagecrew`, events: ['slot.assigned'], enabled: true })

    // The receiver: 500, 500, then 200 for each webhook-id; what took effect is counted per id.
    const triesById = new Map<string, number>()
    const effects = new Map<string, number>()
    receiver.answer = (request) => {
      const id = String(request.headers['webhook-id'])
      const tries = (triesById.get(id) ?? 0) + 1
      triesById.set(id, tries)
      const status = ANSWERS[tries - 1] ?? 200
      if (status === 200) effects.set(id, (effects.get(id) ?? 0) + 1)
      return { status }
    }

    // The script: the generated client only, over HTTP to the first process.
    const api = v1Client(server.url, key)
    const body = { assigneeIds: memberIds, time: firstSlotTime(), comment: 'Launch series', recurrence: { type: 'weekly' as const, count: WEEKS } }
    const created = await api.POST('/slots', { body, headers: { 'Idempotency-Key': 'journey-series-1' } })
    expect(created.response.status, JSON.stringify(created.error)).toBe(201)
    const slots = created.data!.slots
    expect(slots).toHaveLength(2 * WEEKS)
    expect(new Set(slots.map((s) => s.assignee.id))).toEqual(new Set(memberIds))
    // A repeat of the same request (a retrying script) is the first answer, and makes no events.
    const again = await api.POST('/slots', { body, headers: { 'Idempotency-Key': 'journey-series-1' } })
    expect(again.response.headers.get('idempotent-replayed')).toBe('true')
    expect(again.data!.slots.map((s) => s.id)).toEqual(slots.map((s) => s.id))
    // The second process sees the series.
    const listedThere = await v1Client(secondUrl, key).GET('/slots', { params: { query: { limit: 100 } } })
    expect(listedThere.response.status).toBe(200)
    expect(listedThere.data!.items.map((s) => s.id).sort()).toEqual(slots.map((s) => s.id).sort())

    // slot.assigned × N: every delivery tried three times, effective once.
    const N = slots.length
    await until(
      () => effects.size === N,
      () => `effects ${effects.size}/${N}, requests ${receiver.received.length}`
    )
    const received: ReceivedWebhook[] = [...receiver.received]
    expect([...effects.values()]).toEqual(Array(N).fill(1))
    expect([...triesById.values()]).toEqual(Array(N).fill(3))
    expect(received).toHaveLength(3 * N)
    const verifier = new Webhook(secret)
    const oldVerifier = new Webhook(firstSecret)
    const slotIds = new Set<string>()
    for (const request of received) {
      expect(request.path).toBe('/pagecrew')
      const headers = request.headers as Record<string, string>
      const message = verifier.verify(request.body, headers) as { type: string; data: { slotId: string; organizationId: string; actor: unknown } }
      expect(message.type).toBe('slot.assigned')
      expect(message.data.organizationId).toBe(organization!.id)
      expect(message.data.actor).toMatchObject({ type: 'apiKey', name: 'Intranet sync' })
      slotIds.add(message.data.slotId)
      // Signed with the rotated secret only: the old one no longer verifies.
      expect(() => oldVerifier.verify(request.body, headers)).toThrow()
    }
    expect(slotIds).toEqual(new Set(slots.map((s) => s.id)))

    // The delivery log, through the session API (as the page asks for it) and in the database.
    // The sender records a try after its answer arrived: wait for the last records, then check them.
    const readLog = () => sessionApi<WebhookDeliveryPage>(page, `/organization/webhooks/deliveries?id=${endpoint!.id}&limit=100`)
    let log = await readLog()
    await until(
      async () => (log = await readLog()).deliveries.filter((d) => d.status !== 'pending').length === N,
      () => JSON.stringify(log.deliveries.map((d) => [d.status, d.attempts]))
    )
    expect(log.deliveries).toHaveLength(N)
    for (const delivery of log.deliveries) expect(delivery).toMatchObject({ eventName: 'slot.assigned', status: 'delivered', attempts: 3, lastResponseCode: 200 })
    const attempts = await server.db
      .select({ deliveryId: webhookAttempts.deliveryId, responseCode: webhookAttempts.responseCode, id: webhookAttempts.id })
      .from(webhookAttempts)
      .where(inArray(webhookAttempts.deliveryId, log.deliveries.map((d) => d.id)))
    for (const delivery of log.deliveries) {
      expect(attempts.filter((a) => a.deliveryId === delivery.id).sort((a, b) => Number(a.id) - Number(b.id)).map((a) => a.responseCode)).toEqual(ANSWERS)
    }
    // …and in the app: Deliveries lists them as Delivered after 3 tries.
    await page.reload()
    await page.getByTestId('webhook-log-toggle').click()
    await page.getByTestId('webhook-deliveries').waitFor()
    for (const delivery of log.deliveries) {
      const row = page.getByTestId(`webhook-delivery-${delivery.id}`)
      expect(await row.getByTestId('webhook-delivery-status').textContent()).toBe('Delivered')
      const cells = await row.getByRole('cell').allTextContents()
      expect(cells[0]).toBe('slot.assigned')
      expect(cells[2]).toBe('200')
      expect(cells[4]).toBe('3')
    }

    // Revoke in the app: the next call through either process is a 401.
    await page.goto(`${server.url}/settings/organization?section=api`)
    const row = page.getByTestId(`api-key-${key.slice(0, 12)}`)
    await row.getByTestId('api-key-revoke').click()
    await page.getByTestId('api-key-revoke-dialog-confirm').click()
    await row.getByTestId('api-key-revoked').waitFor()
    for (const url of [server.url, secondUrl]) {
      const refused = await v1Client(url, key).GET('/slots', {})
      expect(refused.response.status, url).toBe(401)
      const write = await v1Client(url, key).POST('/slots', { body: { ...body, comment: 'After revoke' }, headers: { 'Idempotency-Key': `after-revoke-${url}` } })
      expect(write.response.status, url).toBe(401)
    }
    expect(receiver.received).toHaveLength(3 * N)
    await context.close()
  }, 180_000)
})
