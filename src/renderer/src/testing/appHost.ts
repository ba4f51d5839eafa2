import { createFakeHost, ok, type FakeHost } from './fakeHost'
import { aSession, aUser, anOrganization } from './fixtures'

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
