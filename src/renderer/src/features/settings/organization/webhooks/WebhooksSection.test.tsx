// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MESSAGES } from '@shared/api/messages'
import type { WebhookDelivery, WebhookEndpoint } from '@shared/domain/webhooks'
import { OPEN_PLAN_MODAL_EVENT } from '@renderer/api/client'
import { fail, ok } from '@renderer/testing/fakeHost'
import { apiPlanHost } from '@renderer/testing/appHost'
import { renderInApp } from '@renderer/testing/render'
import { WebhooksSection } from './WebhooksSection'

const SECRET = 'whsec_' + 'A'.repeat(43) + '='

const anEndpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 'hook-1',
  kind: 'standard',
  url: 'https://crm.example.com/pagecrew',
  description: 'CRM',
  events: ['post.published'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  createdByName: 'Ada Admin',
  ...over
})

const aDelivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 'del-1',
  webhookId: 'hook-1',
  eventName: 'post.published',
  status: 'failed',
  attempts: 3,
  lastResponseCode: 500,
  lastError: 'HTTP 500',
  lastAttemptAt: '2026-11-27T08:30:00.000Z',
  nextAttemptAt: null,
  createdAt: '2026-11-27T08:00:00.000Z',
  ...over
})

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('Settings → Organization → Webhooks', () => {
  it('says what a webhook is for when there is none, and leads to Add webhook', async () => {
    const fake = apiPlanHost({ 'GET /organization/webhooks': ok([]) })
    renderInApp(<WebhooksSection />, fake)
    const empty = await screen.findByTestId('webhooks-empty')
    expect(empty.textContent).toContain('No webhooks yet')
    await userEvent.setup().click(screen.getByTestId('webhook-add'))
    expect(await screen.findByTestId('webhook-dialog')).toBeTruthy()
  })

  it('adds an endpoint through the dialog with one Idempotency-Key and shows it in the list', async () => {
    let lists = 0
    const fake = apiPlanHost({
      'GET /organization/webhooks': () => ok(lists++ === 0 ? [] : [anEndpoint()]),
      'POST /organization/webhooks': ok({ endpoint: anEndpoint(), secret: SECRET })
    })
    renderInApp(<WebhooksSection />, fake)
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('webhook-add'))
    const submit = screen.getByTestId('webhook-save') as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    await events.type(screen.getByTestId('webhook-url'), 'https://crm.example.com/pagecrew')
    await events.type(screen.getByTestId('webhook-description'), 'CRM')
    expect(submit.disabled).toBe(true)
    await events.click(screen.getByTestId('webhook-event-post.published'))
    await events.click(submit)
    const card = await screen.findByTestId('webhook-hook-1')
    expect(card.textContent).toContain('https://crm.example.com/pagecrew')
    expect(within(card).getByTestId('webhook-secret').textContent).toBe(SECRET)
    const requests = fake.requestsTo('POST', '/organization/webhooks')
    expect(requests).toHaveLength(1)
    expect(requests[0]!.body).toEqual({ url: 'https://crm.example.com/pagecrew', description: 'CRM', events: ['post.published'] })
    expect(requests[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('shows a refused address under the URL field and keeps what was typed', async () => {
    const fake = apiPlanHost({
      'GET /organization/webhooks': ok([]),
      'POST /organization/webhooks': fail(400, 'Check the fields.', 'validation_error', { url: 'This address points inside a private network.' })
    })
    renderInApp(<WebhooksSection />, fake)
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('webhook-add'))
    await events.type(screen.getByTestId('webhook-url'), 'https://10.0.0.1/hook')
    await events.click(screen.getByTestId('webhook-event-post.published'))
    await events.click(screen.getByTestId('webhook-save'))
    const dialog = await screen.findByTestId('webhook-dialog')
    await waitFor(() => expect(dialog.textContent).toContain('This address points inside a private network.'))
    expect((screen.getByTestId('webhook-url') as HTMLInputElement).value).toBe('https://10.0.0.1/hook')
    expect(fake.requestsTo('POST', '/organization/webhooks')).toHaveLength(1)
  })

  it('keeps the keyboard on the switch and on Send test event while their requests are on their way, and sends each once', async () => {
    let enabled = true
    let answer: (() => void) | null = null
    const held = <T,>(value: () => T) => new Promise<T>((resolve) => (answer = () => resolve(value())))
    const fake = apiPlanHost({
      'GET /organization/webhooks': () => ok([anEndpoint({ enabled, disabledReason: enabled ? null : 'manual' })]),
      'PUT /organization/webhooks': (req) =>
        held(() => {
          enabled = (req.body as { enabled: boolean }).enabled
          return ok(anEndpoint({ enabled }))
        }),
      'POST /organization/webhooks/test': () => held(() => ok(aDelivery({ status: 'delivered', lastResponseCode: 200, lastError: null, attempts: 1 }))),
      'GET /organization/webhooks/deliveries': ok({ deliveries: [], next: null })
    })
    renderInApp(<WebhooksSection />, fake)
    const events = userEvent.setup()
    const card = await screen.findByTestId('webhook-hook-1')
    const toggle = within(card).getByTestId('webhook-enabled') as HTMLInputElement
    toggle.focus()
    await events.keyboard(' ')
    await waitFor(() => expect(fake.requestsTo('PUT', '/organization/webhooks')).toHaveLength(1))
    // On its way: still focused, marked busy, and a second press changes nothing.
    expect(document.activeElement).toBe(toggle)
    expect(toggle.disabled).toBe(false)
    expect(toggle.getAttribute('aria-disabled')).toBe('true')
    await events.keyboard(' ')
    answer!()
    await waitFor(() => expect(within(card).getByTestId('webhook-off').textContent).toBe('Off'))
    expect(toggle.getAttribute('aria-disabled')).toBeNull()
    expect(document.activeElement).toBe(toggle)
    await events.keyboard(' ')
    await waitFor(() => expect(fake.requestsTo('PUT', '/organization/webhooks')).toHaveLength(2))
    answer!()
    await waitFor(() => expect(within(card).queryByTestId('webhook-off')).toBeNull())
    expect(fake.requestsTo('PUT', '/organization/webhooks').map((r) => r.body)).toEqual([
      { id: 'hook-1', enabled: false },
      { id: 'hook-1', enabled: true }
    ])

    const test = within(card).getByTestId('webhook-test') as HTMLButtonElement
    test.focus()
    await events.keyboard('{Enter}')
    await waitFor(() => expect(fake.requestsTo('POST', '/organization/webhooks/test')).toHaveLength(1))
    expect(document.activeElement).toBe(test)
    expect(test.getAttribute('aria-disabled')).toBe('true')
    await events.keyboard('{Enter}')
    answer!()
    expect((await screen.findByTestId('toast')).textContent).toContain('Test event sent ✅')
    expect(fake.requestsTo('POST', '/organization/webhooks/test')).toHaveLength(1)
  })

  it('deletes an endpoint only after the confirmation', async () => {
    const fake = apiPlanHost({
      'GET /organization/webhooks': ok([anEndpoint()]),
      'DELETE /organization/webhooks': ok({ ok: true })
    })
    renderInApp(<WebhooksSection />, fake)
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('webhook-delete'))
    const confirm = await screen.findByTestId('delete-webhook-dialog')
    expect(confirm.textContent).toContain('https://crm.example.com/pagecrew')
    await events.click(screen.getByTestId('delete-webhook-dialog-cancel'))
    expect(fake.requestsTo('DELETE', '/organization/webhooks')).toEqual([])
    await events.click(screen.getByTestId('webhook-delete'))
    await events.click(await screen.findByTestId('delete-webhook-dialog-confirm'))
    await waitFor(() => expect(fake.requestsTo('DELETE', '/organization/webhooks').map((r) => r.query)).toEqual([{ id: 'hook-1' }]))
    expect((await screen.findByTestId('toast')).textContent).toContain('Webhook deleted ✅')
  })

  it('rotates the signing secret only after the question, once, and shows the new secret', async () => {
    const NEW_SECRET = 'whsec_' + 'B'.repeat(43) + '='
    const fake = apiPlanHost({
      'GET /organization/webhooks': ok([anEndpoint()]),
      'POST /organization/webhooks/rotate-secret': ok({ secret: NEW_SECRET })
    })
    renderInApp(<WebhooksSection />, fake)
    const events = userEvent.setup()
    const card = await screen.findByTestId('webhook-hook-1')
    await events.click(within(card).getByTestId('webhook-secret-rotate'))
    const question = await screen.findByTestId('webhook-rotate-dialog')
    expect(question.textContent).toContain('https://crm.example.com/pagecrew')
    expect(question.textContent).toContain('The current secret stops working at once.')
    await events.click(screen.getByTestId('webhook-rotate-dialog-cancel'))
    expect(fake.requestsTo('POST', '/organization/webhooks/rotate-secret')).toEqual([])
    expect(within(card).queryByTestId('webhook-secret')).toBeNull()

    await events.click(within(card).getByTestId('webhook-secret-rotate'))
    const confirm = await screen.findByTestId('webhook-rotate-dialog-confirm')
    await events.dblClick(confirm)
    await waitFor(() => expect(within(card).getByTestId('webhook-secret').textContent).toBe(NEW_SECRET))
    const requests = fake.requestsTo('POST', '/organization/webhooks/rotate-secret')
    expect(requests).toHaveLength(1)
    expect(requests[0]!.body).toEqual({ id: 'hook-1' })
    expect(requests[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect((await screen.findByTestId('toast')).textContent).toContain('Signing secret rotated ✅')
    await waitFor(() => expect(screen.queryByTestId('webhook-rotate-dialog')).toBeNull())
  })

  it('keeps the question open and says so when the rotation fails', async () => {
    const fake = apiPlanHost({
      'GET /organization/webhooks': ok([anEndpoint()]),
      'POST /organization/webhooks/rotate-secret': fail(404, 'That webhook no longer exists.', 'not_found')
    })
    renderInApp(<WebhooksSection />, fake)
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('webhook-secret-rotate'))
    await events.click(await screen.findByTestId('webhook-rotate-dialog-confirm'))
    expect((await screen.findByTestId('toast')).textContent).toContain('Secret not rotated ⚠️')
    expect(screen.getByTestId('webhook-rotate-dialog')).toBeTruthy()
    expect(screen.queryByTestId('webhook-secret')).toBeNull()
  })

  it('shows the delivery log with status, response code and tries, and Redeliver asks for the delivery again', async () => {
    const fake = apiPlanHost({
      'GET /organization/webhooks': ok([anEndpoint()]),
      'GET /organization/webhooks/deliveries': ok({ deliveries: [aDelivery()], nextCursor: null }),
      'POST /organization/webhooks/redeliver': ok(aDelivery({ status: 'pending' }))
    })
    renderInApp(<WebhooksSection />, fake)
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('webhook-log-toggle'))
    const row = await screen.findByTestId('webhook-delivery-del-1')
    expect(within(row).getByTestId('webhook-delivery-status').textContent).toBe('Failed')
    expect(row.textContent).toContain('500')
    expect(row.textContent).toContain('3')
    await events.click(within(row).getByTestId('webhook-redeliver'))
    await waitFor(() => expect(fake.requestsTo('POST', '/organization/webhooks/redeliver')).toHaveLength(1))
    const [request] = fake.requestsTo('POST', '/organization/webhooks/redeliver')
    expect(request!.body).toEqual({ id: 'hook-1', deliveryId: 'del-1' })
    expect(request!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect((await screen.findByTestId('toast')).textContent).toContain('Redelivery queued ✅')
  })

  it('on a plan without the API feature shows the plan message and opens the plan dialog, without asking for webhooks', async () => {
    const fake = apiPlanHost({}, { features: ['TEAMS'] })
    const opened = vi.fn()
    window.addEventListener(OPEN_PLAN_MODAL_EVENT, opened)
    renderInApp(<WebhooksSection />, fake)
    const offer = await screen.findByTestId('webhooks-offer')
    expect(offer.textContent).toContain(MESSAGES.apiNotInPlan)
    await userEvent.setup().click(screen.getByTestId('webhooks-see-plans'))
    expect(opened).toHaveBeenCalledTimes(1)
    window.removeEventListener(OPEN_PLAN_MODAL_EVENT, opened)
    expect(fake.requestsTo('GET', '/organization/webhooks')).toEqual([])
  })
})
