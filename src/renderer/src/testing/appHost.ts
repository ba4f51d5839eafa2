import { createFakeHost, ok, type FakeHost } from './fakeHost'
import type { EntitlementKey } from '@shared/domain'
import type { HostBridge } from '@shared/host'
import { aSession, aUser, anOrganization, entitlements } from './fixtures'

/** A host for the whole app with a signed-in user in one organization; `overrides` replace or add replies. */
export function signedInAppHost(overrides: Parameters<typeof createFakeHost>[0] = {}): FakeHost {
  return createFakeHost({
    'GET /auth': ok(aSession()),
    'GET /user': ok(aUser()),
    'GET /organization': ok(anOrganization()),
    'GET /config': ok({ helpCenterUrl: 'https://help.example.com/', supportChat: null, version: '0.1.0' }),
    'GET /notification/list': ok({ items: [], nextCursor: null }),
    ...overrides
  })
}

/**
 * A host for the settings sections of the API plan feature (Settings → Organization → API keys,
 * Webhooks): the organization's plan includes API unless `features` says otherwise (the plan
 * message's tests); `replies` add the section's own answers.
 */
export function apiPlanHost(
  replies: Parameters<typeof createFakeHost>[0] = {},
  { features = ['API'], kind }: { features?: readonly EntitlementKey[]; kind?: HostBridge['kind'] } = {}
): FakeHost {
  return createFakeHost({ 'GET /billing/verify/entitled': ok(entitlements(features)), ...replies }, { kind })
}
