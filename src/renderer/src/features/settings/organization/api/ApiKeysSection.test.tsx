// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MESSAGES } from '@shared/api/messages'
import type { ApiKey } from '@shared/domain/apiKeys'
import { OPEN_PLAN_MODAL_EVENT } from '@renderer/api/client'
import { ok } from '@renderer/testing/fakeHost'
import { apiPlanHost } from '@renderer/testing/appHost'
import { renderInApp } from '@renderer/testing/render'
import { ApiKeysSection } from './ApiKeysSection'

const SECRET = 'pck_7K2M9QXA_' + 'a'.repeat(43)

const aKey = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: 'key-1',
  name: 'CRM sync',
  prefix: 'pck_7K2M9QXA',
  scopes: ['plan:read', 'plan:write'],
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: 'Ada Admin',
  expiresAt: null,
  lastUsedAt: '2026-11-27T08:30:00.000Z',
  lastUsedAddress: '203.0.113.7',
  revokedAt: null,
  ...over
})

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('Settings → Organization → API', () => {
  it('says what a key is for when there is none, and leads to Create API key', async () => {
    const fake = apiPlanHost({ 'GET /organization/api-keys': ok([]) })
    renderInApp(<ApiKeysSection />, fake)
    const empty = await screen.findByTestId('api-keys-empty')
    expect(empty.textContent).toContain('No API keys yet.')
    expect(empty.textContent).toContain('lets another tool')
    await userEvent.setup().click(screen.getByTestId('api-key-create-empty'))
    expect(await screen.findByTestId('api-key-dialog')).toBeTruthy()
  })

  it('lists keys with prefix, scopes, expiry, last use and address, and the revoked ones without Revoke', async () => {
    const fake = apiPlanHost({
      'GET /organization/api-keys': ok([aKey(), aKey({ id: 'key-2', name: 'Old', prefix: 'pck_ZZZZ0000', revokedAt: '2026-11-25T10:00:00.000Z', lastUsedAt: null, lastUsedAddress: null })])
    })
    renderInApp(<ApiKeysSection />, fake)
    const live = await screen.findByTestId('api-key-pck_7K2M9QXA')
    expect(live.textContent).toContain('CRM sync')
    expect(live.textContent).toContain('pck_7K2M9QXA…')
    expect(live.textContent).toContain('plan:read')
    expect(live.textContent).toContain('plan:write')
    expect(live.textContent).toContain('Never')
    expect(within(live).getByTestId('api-key-last-used').textContent).toContain('from 203.0.113.7')
    expect(within(live).getByTestId('api-key-revoke')).toBeTruthy()
    const revoked = screen.getByTestId('api-key-pck_ZZZZ0000')
    expect(within(revoked).getByTestId('api-key-revoked').textContent).toContain('Revoked')
    expect(within(revoked).queryByTestId('api-key-revoke')).toBeNull()
  })

  it('creates a key through the dialog with one Idempotency-Key and shows its secret once, with Copy', async () => {
    let lists = 0
    const fake = apiPlanHost({
      'GET /organization/api-keys': () => ok(lists++ === 0 ? [] : [aKey({ lastUsedAt: null, lastUsedAddress: null })]),
      'POST /organization/api-keys/create': ok({ apiKey: aKey({ lastUsedAt: null, lastUsedAddress: null }), secret: SECRET })
    })
    renderInApp(<ApiKeysSection />, fake)
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('api-key-create-empty'))
    const submit = screen.getByTestId('api-key-dialog-submit') as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    await events.type(screen.getByTestId('api-key-name'), 'CRM sync')
    expect(submit.disabled).toBe(true)
    await events.click(screen.getByTestId('api-key-scope-plan:write'))
    await events.click(screen.getByTestId('api-key-scope-plan:read'))
    await events.click(submit)
    const secretDialog = await screen.findByTestId('api-key-secret-dialog')
    expect(secretDialog.textContent).toContain('you will not see it again')
    expect((screen.getByTestId('api-key-secret') as HTMLInputElement).value).toBe(SECRET)
    const [request] = fake.requestsTo('POST', '/organization/api-keys/create')
    expect(request!.body).toEqual({ name: 'CRM sync', scopes: ['plan:read', 'plan:write'], expiresAt: null })
    expect(request!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    await events.click(screen.getByTestId('api-key-copy'))
    // userEvent's clipboard stands in for the system's.
    expect(await navigator.clipboard.readText()).toBe(SECRET)
    expect((await screen.findByTestId('toast')).textContent).toContain('API key copied ✅')
    await events.click(screen.getByTestId('api-key-secret-done'))
    await waitFor(() => expect(screen.queryByTestId('api-key-secret-dialog')).toBeNull())
    // Gone for good: the list never holds it.
    expect(await screen.findByTestId('api-key-pck_7K2M9QXA')).toBeTruthy()
    expect(document.body.textContent).not.toContain(SECRET)
  })

  it('revokes a key only after the confirmation', async () => {
    const fake = apiPlanHost({
      'GET /organization/api-keys': ok([aKey()]),
      'POST /organization/api-keys/revoke': ok(aKey({ revokedAt: '2026-11-28T10:00:00.000Z' }))
    })
    renderInApp(<ApiKeysSection />, fake)
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('api-key-revoke'))
    const confirm = await screen.findByTestId('api-key-revoke-dialog')
    expect(confirm.textContent).toContain('CRM sync (pck_7K2M9QXA…) will be refused')
    await events.click(screen.getByTestId('api-key-revoke-dialog-cancel'))
    expect(fake.requestsTo('POST', '/organization/api-keys/revoke')).toEqual([])
    await events.click(screen.getByTestId('api-key-revoke'))
    await events.click(await screen.findByTestId('api-key-revoke-dialog-confirm'))
    await waitFor(() => expect(fake.requestsTo('POST', '/organization/api-keys/revoke').map((r) => r.body)).toEqual([{ id: 'key-1' }]))
    expect((await screen.findByTestId('toast')).textContent).toContain('API key revoked ✅')
  })

  it('links to the API reference: a real link to the server’s page in a browser, opened through the host', async () => {
    const fake = apiPlanHost({ 'GET /organization/api-keys': ok([aKey()]) })
    renderInApp(<ApiKeysSection />, fake)
    const link = await screen.findByTestId('api-reference-link')
    expect(link.textContent).toContain('API reference')
    expect(link.getAttribute('href')).toBe('/api/v1/reference')
    expect(link.getAttribute('target')).toBe('_blank')
    await userEvent.setup().click(link)
    expect(fake.host.openApiPage).toHaveBeenCalledWith('/v1/reference')
    // The click did not take the app's own tab to the page.
    expect(screen.getByTestId('location').textContent).toBe('/dashboard')
  })

  it('in the desktop app asks the host to open the reference, which knows the server’s address (the window is not served by it)', async () => {
    const fake = apiPlanHost({ 'GET /organization/api-keys': ok([]) }, { kind: 'desktop' })
    renderInApp(<ApiKeysSection />, fake)
    const link = await screen.findByTestId('api-reference-link')
    expect(link.getAttribute('href')).toBeNull()
    await userEvent.setup().click(link)
    expect(fake.host.openApiPage).toHaveBeenCalledWith('/v1/reference')
    expect(fake.host.openExternal).not.toHaveBeenCalled()
  })

  it('on a plan without the API feature shows the plan message and opens the plan dialog, without asking for keys', async () => {
    const fake = apiPlanHost({}, { features: ['TEAMS'] })
    const opened = vi.fn()
    window.addEventListener(OPEN_PLAN_MODAL_EVENT, opened)
    renderInApp(<ApiKeysSection />, fake)
    const offer = await screen.findByTestId('api-offer')
    expect(offer.textContent).toContain(MESSAGES.apiNotInPlan)
    // The reference is public: it can be read before choosing a plan.
    expect(within(offer).getByTestId('api-reference-link')).toBeTruthy()
    await userEvent.setup().click(screen.getByTestId('api-see-plans'))
    expect(opened).toHaveBeenCalledTimes(1)
    window.removeEventListener(OPEN_PLAN_MODAL_EVENT, opened)
    expect(fake.requestsTo('GET', '/organization/api-keys')).toEqual([])
  })
})
