import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { Certificate } from '../../../shared/domain/academy'
import { linkTo } from '../../../shared/routes'
import type { certificates } from '../../db/schema'

/* A certificate's id, its view, its date and where it is validated (docs/architecture.md, "Academy: content, quizzes and certificates"). */

export const CERTIFICATE_EARNED_TITLE = 'Certificate earned'
export const CERTIFICATE_REVOKED_TITLE = 'Certificate revoked'
/** Where a certificate notification leads: the Academy home lists the user's certificates. */
export const CERTIFICATES_LINK = linkTo('academy')

type CertificateRow = typeof certificates.$inferSelect

export interface Download {
  fileName: string
  body: Readable
}

/** 128 random bits, base64url without padding: 22 characters. */
export function newCertificateId(): string {
  return randomBytes(16).toString('base64url')
}

/** The public page that validates a certificate. */
function validationUrl(publicBase: string, certificateId: string): string {
  return `${publicBase.replace(/\/+$/, '')}${linkTo('validateCertification', { id: certificateId })}`
}

export function toCertificate(row: CertificateRow & { fallbackHolderName?: string | null }, publicBase: string): Certificate {
  return {
    certificateId: row.certificateId,
    holderName: row.holderName || row.fallbackHolderName || '',
    courseSlug: row.courseSlug,
    courseTitle: row.courseTitle,
    organizationName: row.organizationName,
    issuedAt: row.issuedAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    validationUrl: validationUrl(publicBase, row.certificateId)
  }
}

/** '23 November 2026' (UTC: the date a certificate shows wherever it is opened). */
export function certificateDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(instant)
}
