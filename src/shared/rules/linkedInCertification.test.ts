import { describe, expect, it } from 'vitest'
import { linkedInAddCertificationUrl } from './linkedInCertification'

const certificate = {
  courseTitle: 'Writing posts people read',
  organizationName: 'Acme & Sons',
  issuedAt: '2026-03-31T23:30:00.000Z',
  certificateId: 'aB3_x-9Z',
  validationUrl: 'https://pagecrew.example.com/validate-certification?id=aB3_x-9Z'
}

describe('LinkedIn add-certification link', () => {
  it('prefills the name, organization, issue year and month, id and validation address', () => {
    const url = new URL(linkedInAddCertificationUrl(certificate))
    expect(`${url.origin}${url.pathname}`).toBe('https://www.linkedin.com/profile/add')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Writing posts people read',
      organizationName: 'Acme & Sons',
      issueYear: '2026',
      issueMonth: '3',
      certId: 'aB3_x-9Z',
      certUrl: 'https://pagecrew.example.com/validate-certification?id=aB3_x-9Z'
    })
  })

  it('URL-encodes every value, so an & or ? in one cannot start another field', () => {
    const url = linkedInAddCertificationUrl(certificate)
    expect(url).toContain('&organizationName=Acme%20%26%20Sons&')
    expect(url).toContain('&certUrl=https%3A%2F%2Fpagecrew.example.com%2Fvalidate-certification%3Fid%3DaB3_x-9Z')
    expect(url.split('&')).toHaveLength(7)
  })

  it('takes the month in UTC, without a leading zero', () => {
    expect(new URL(linkedInAddCertificationUrl({ ...certificate, issuedAt: '2027-01-01T00:10:00.000Z' })).searchParams.get('issueMonth')).toBe('1')
    expect(new URL(linkedInAddCertificationUrl({ ...certificate, issuedAt: '2026-12-31T23:59:00.000Z' })).searchParams.get('issueYear')).toBe('2026')
  })

  it('refuses a date that is not an instant', () => {
    expect(() => linkedInAddCertificationUrl({ ...certificate, issuedAt: 'soon' })).toThrow(RangeError)
  })
})
