/**
 * LinkedIn's "Add licence or certification" form, prefilled (issue 15). LinkedIn documents the
 * address https://www.linkedin.com/profile/add with startTask=CERTIFICATION_NAME and these fields;
 * the member confirms it on LinkedIn, so Pagecrew needs no LinkedIn permission for it.
 */
interface LinkedInCertification {
  /** The certification's name: the course title. */
  courseTitle: string
  /** The issuing organization as the certificate names it. */
  organizationName: string
  /** When it was issued (an ISO instant); LinkedIn takes its year and month. */
  issuedAt: string
  certificateId: string
  /** The public validation address. */
  validationUrl: string
}

const LINKEDIN_ADD_CERTIFICATION_URL = 'https://www.linkedin.com/profile/add'

/**
 * The add-certification address. The issue month is the issuing instant's month in UTC (the date
 * the certificate and its PDF print), 1–12 without a leading zero as LinkedIn expects.
 */
export function linkedInAddCertificationUrl(certificate: LinkedInCertification): string {
  const issued = new Date(certificate.issuedAt)
  if (Number.isNaN(issued.getTime())) throw new RangeError(`Not an instant: ${certificate.issuedAt}`)
  const fields: [string, string][] = [
    ['startTask', 'CERTIFICATION_NAME'],
    ['name', certificate.courseTitle],
    ['organizationName', certificate.organizationName],
    ['issueYear', String(issued.getUTCFullYear())],
    ['issueMonth', String(issued.getUTCMonth() + 1)],
    ['certId', certificate.certificateId],
    ['certUrl', certificate.validationUrl]
  ]
  return `${LINKEDIN_ADD_CERTIFICATION_URL}?${fields.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`
}
