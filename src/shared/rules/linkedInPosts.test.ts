import { describe, expect, it } from 'vitest'
import { parseLinkedInPostUrl } from './linkedInPosts'

describe('parseLinkedInPostUrl', () => {
  it('reads /feed/update/ addresses of shares, ugcPosts and activities into the URN', () => {
    expect(parseLinkedInPostUrl('https://www.linkedin.com/feed/update/urn:li:share:7123456789012345678/')).toEqual({
      urn: 'urn:li:share:7123456789012345678',
      url: 'https://www.linkedin.com/feed/update/urn:li:share:7123456789012345678/'
    })
    expect(parseLinkedInPostUrl('https://www.linkedin.com/feed/update/urn:li:ugcPost:7001?utm_source=share&utm_medium=member_desktop')?.urn).toBe(
      'urn:li:ugcPost:7001'
    )
    expect(parseLinkedInPostUrl('  https://linkedin.com/feed/update/urn:li:activity:6999888777666555444  ')?.urn).toBe('urn:li:activity:6999888777666555444')
  })

  it('reads a percent-encoded URN and drops tracking parameters from the address it keeps', () => {
    const parsed = parseLinkedInPostUrl('https://www.linkedin.com/feed/update/urn%3Ali%3Ashare%3A42/?trk=public_post#comments')
    expect(parsed).toEqual({ urn: 'urn:li:share:42', url: 'https://www.linkedin.com/feed/update/urn:li:share:42/' })
  })

  it('reads /posts/<slug>-<kind>-<id>-<suffix> addresses ("Copy link to post")', () => {
    expect(parseLinkedInPostUrl('https://www.linkedin.com/posts/ann-example_hiring-growth-activity-7123456789012345678-AbCd?utm_source=share')?.urn).toBe(
      'urn:li:activity:7123456789012345678'
    )
    expect(parseLinkedInPostUrl('https://www.linkedin.com/posts/acme-corp_launch-share-7011-xY_z/')?.urn).toBe('urn:li:share:7011')
    expect(parseLinkedInPostUrl('https://www.linkedin.com/posts/acme-ugcPost-7012-Qq')?.urn).toBe('urn:li:ugcPost:7012')
  })

  it('refuses what is not a LinkedIn post address', () => {
    for (const text of [
      '',
      'not a url',
      'urn:li:share:123',
      'http://www.linkedin.com/feed/update/urn:li:share:123/',
      'https://www.linkedin.com.evil.example/feed/update/urn:li:share:123/',
      'https://evil.example/feed/update/urn:li:share:123/',
      'https://user@www.linkedin.com/feed/update/urn:li:share:123/',
      'https://www.linkedin.com:8443/feed/update/urn:li:share:123/',
      'https://www.linkedin.com/in/ann-example/',
      'https://www.linkedin.com/company/acme/',
      'https://www.linkedin.com/pulse/how-we-work-ann-example/',
      'https://www.linkedin.com/feed/update/urn:li:person:123/',
      'https://www.linkedin.com/feed/update/urn:li:share:12ab/',
      'https://www.linkedin.com/posts/ann-example_hiring-activity-AbCd',
      'https://www.linkedin.com/feed/update/urn%E0%A4%A/',
      `https://www.linkedin.com/feed/update/urn:li:share:1/${'x'.repeat(2000)}`
    ]) {
      expect(parseLinkedInPostUrl(text), text).toBeNull()
    }
  })
})
