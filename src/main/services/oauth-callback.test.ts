import { describe, expect, it } from 'vitest'
import { oauthCallbackRoute, parseOAuthCallback } from './oauth-callback'

describe('OAuth callback parameters', () => {
  it('keeps an OpenID provider’s issuer (single sign-on checks it) and refuses one that is not an address', () => {
    const callback = parseOAuthCallback(new URLSearchParams({ code: 'abc', state: 'xyz', iss: 'https://idp.example.com' }))
    expect(callback).toEqual({ code: 'abc', state: 'xyz', iss: 'https://idp.example.com' })
    expect(oauthCallbackRoute(callback!)).toBe('/callback?code=abc&state=xyz&iss=https%3A%2F%2Fidp.example.com')
    expect(parseOAuthCallback(new URLSearchParams({ code: 'abc', state: 'xyz', iss: 'javascript:alert(1)' }))).toBeNull()
    expect(parseOAuthCallback(new URLSearchParams({ code: 'abc', state: 'xyz' }))).toEqual({ code: 'abc', state: 'xyz' })
  })
})
