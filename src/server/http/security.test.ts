import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from './security'

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))

describe('contentSecurityPolicy with the Stripe pricing table', () => {
  it('allows js.stripe.com for scripts and frames only when a pricing table is configured', () => {
    const csp = contentSecurityPolicy({ supportChat: null, stripe: { pricingTableId: 'prctbl_123' } })
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://js.stripe.com")
    expect(directive(csp, 'frame-src')).toBe('frame-src https://js.stripe.com')
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'")
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'")
  })

  it('is unchanged without a pricing table (Stripe configured or not)', () => {
    const plain = contentSecurityPolicy({ supportChat: null })
    expect(contentSecurityPolicy({ supportChat: null, stripe: null })).toBe(plain)
    expect(contentSecurityPolicy({ supportChat: null, stripe: { pricingTableId: null } })).toBe(plain)
    expect(plain).not.toContain('stripe')
    expect(directive(plain, 'frame-src')).toBe("frame-src 'none'")
  })

  it('adds Stripe after the support chat origins when both are configured', () => {
    const csp = contentSecurityPolicy({ supportChat: { appId: 'abc', region: 'eu' }, stripe: { pricingTableId: 'prctbl_123' } })
    expect(directive(csp, 'script-src')).toMatch(/^script-src 'self' https:\/\/app\.intercom\.io .* https:\/\/js\.stripe\.com$/)
    expect(directive(csp, 'frame-src')).toMatch(/^frame-src https:\/\/intercom-sheets\.com .* https:\/\/js\.stripe\.com$/)
  })
})
