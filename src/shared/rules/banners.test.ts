import { describe, expect, it } from 'vitest'
import { bannersAllowedOn, bannersFor, computeBanners } from './banners'

const now = new Date('2026-03-10T12:00:00Z')
const connected = { isLinkedInConnected: true, linkedInExpireAt: '2026-05-01T00:00:00Z' }

describe('trial banner', () => {
  it('shows at 7 days or fewer with the exact text', () => {
    const banners = computeBanners({ plan: { status: 'trialing', trialEndsAt: '2026-03-17T12:00:00Z' }, ...connected }, now)
    expect(banners).toEqual([
      expect.objectContaining({
        kind: 'trial',
        message: 'Your trial will expire in 7 days. Upgrade your plan to continue using all features.',
        linkLabel: 'Upgrade plan',
        linkTo: '/settings/billing'
      })
    ])
  })
  it('uses the singular for one day', () => {
    const [banner] = computeBanners({ plan: { status: 'trialing', trialEndsAt: '2026-03-11T00:00:00Z' }, ...connected }, now)
    expect(banner?.message).toBe('Your trial will expire in 1 day. Upgrade your plan to continue using all features.')
  })
  it('does not show at 8 days or for active plans', () => {
    expect(computeBanners({ plan: { status: 'trialing', trialEndsAt: '2026-03-18T12:00:00Z' }, ...connected }, now)).toEqual([])
    expect(computeBanners({ plan: { status: 'active', trialEndsAt: '2026-03-12T12:00:00Z' }, ...connected }, now)).toEqual([])
  })
})

describe('LinkedIn banners', () => {
  it('asks to connect when not connected', () => {
    const [banner] = computeBanners({ plan: null, isLinkedInConnected: false, linkedInExpireAt: null }, now)
    expect(banner).toMatchObject({ kind: 'linkedin-missing', message: 'You need to connect to LinkedIn.', linkLabel: 'Profile Settings' })
  })
  it('warns within 7 days of expiry', () => {
    const [banner] = computeBanners({ plan: null, isLinkedInConnected: true, linkedInExpireAt: '2026-03-13T12:00:00Z' }, now)
    expect(banner?.message).toBe('Your LinkedIn connection will expire in 3 days. Please reconnect to avoid interruption.')
    expect(banner?.linkLabel).toBe('Reconnect')
  })
  it('asks to reconnect once expired', () => {
    const [banner] = computeBanners({ plan: null, isLinkedInConnected: true, linkedInExpireAt: '2026-03-09T12:00:00Z' }, now)
    expect(banner).toMatchObject({ kind: 'linkedin-expired', message: 'You need to reconnect to LinkedIn.' })
  })
})

describe('bannersAllowedOn', () => {
  it('hides banners on auth and billing routes only', () => {
    for (const path of ['/login', '/signup', '/signup/onboarding/company', '/join', '/callback', '/billing', '/subscription-expired']) {
      expect(bannersAllowedOn(path)).toBe(false)
    }
    expect(bannersAllowedOn('/dashboard')).toBe(true)
    expect(bannersAllowedOn('/settings/billing')).toBe(true)
  })
})

describe('bannersFor', () => {
  const now = new Date('2026-03-10T12:00:00Z')
  const trialEndsAt = '2026-03-12T12:00:00Z'
  const missing = computeBanners({ plan: { status: 'trialing', trialEndsAt }, isLinkedInConnected: false, linkedInExpireAt: null }, now)
  const expired = computeBanners({ plan: null, isLinkedInConnected: true, linkedInExpireAt: '2026-03-09T12:00:00Z' }, now)

  it('says a missing or expired LinkedIn connection once on the post editor, where its own bar says it', () => {
    expect(missing.map((b) => b.kind)).toEqual(['trial', 'linkedin-missing'])
    expect(bannersFor('/content/write-post', missing).map((b) => b.kind)).toEqual(['trial'])
    expect(bannersFor('/content/write-post', expired)).toEqual([])
    expect(bannersFor('/dashboard', missing).map((b) => b.kind)).toEqual(['trial', 'linkedin-missing'])
    expect(bannersFor('/login', missing)).toEqual([])
  })
})

describe('posting guideline banner', () => {
  it('asks while the guideline is unread, never on the guideline page itself', () => {
    const banners = computeBanners({ plan: null, ...connected, guidelineRead: false }, now)
    expect(banners).toEqual([{ kind: 'guideline', message: 'Please read your organization’s posting guideline.', linkLabel: 'Read the guideline', linkTo: '/posting-guideline' }])
    expect(bannersFor('/dashboard', banners).map((b) => b.kind)).toEqual(['guideline'])
    expect(bannersFor('/posting-guideline', banners)).toEqual([])
    expect(computeBanners({ plan: null, ...connected, guidelineRead: true }, now)).toEqual([])
  })
})
