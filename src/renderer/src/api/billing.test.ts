// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BILLING_PORTAL_DELAY_MS } from '@shared/constants'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { openBillingPortal } from './billing'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const PORTAL = 'https://billing.example.com/portal/session_1'

describe('openBillingPortal', () => {
  it('opens the portal address through the host at once', async () => {
    const fake = createFakeHost({ 'GET /billing/customer-portal-url': ok({ url: PORTAL }) })
    await openBillingPortal(fake.host)
    expect(fake.host.openExternal).toHaveBeenCalledWith(PORTAL)
  })

  it('opens it 4000 ms after the address arrives when asked to wait (spec §7, §9)', async () => {
    vi.useFakeTimers()
    const fake = createFakeHost({ 'GET /billing/customer-portal-url': ok({ url: PORTAL }) })
    await openBillingPortal(fake.host, BILLING_PORTAL_DELAY_MS)
    expect(fake.requestsTo('GET', '/billing/customer-portal-url')).toHaveLength(1)
    vi.advanceTimersByTime(BILLING_PORTAL_DELAY_MS - 1)
    expect(fake.host.openExternal).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(fake.host.openExternal).toHaveBeenCalledWith(PORTAL)
  })

  it('rejects when the address cannot be had, opening nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const fake = createFakeHost({ 'GET /billing/customer-portal-url': fail(502, 'The billing provider did not answer.') })
    await expect(openBillingPortal(fake.host)).rejects.toThrow('The billing provider did not answer.')
    expect(fake.host.openExternal).not.toHaveBeenCalled()
  })
})
