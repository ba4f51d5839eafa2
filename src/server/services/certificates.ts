import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { certificates, users } from '../db/schema'
import { notFound } from '../errors'

const CERTIFICATE_NOT_FOUND_MESSAGE = 'No certificate found with this ID.'

interface CertificateView {
  certificateId: string
  holderName: string
  courseTitle: string
  issuedAt: string
}

export interface CertificateService {
  /** Public look-up for /validate-certification; 404 when the id is unknown. */
  validate(certificateId: string): Promise<CertificateView>
}

export function createCertificateService(db: Database): CertificateService {
  return {
    async validate(certificateId) {
      const [row] = await db
        .select({
          certificateId: certificates.certificateId,
          holderName: users.fullName,
          courseTitle: certificates.courseTitle,
          issuedAt: certificates.issuedAt
        })
        .from(certificates)
        .innerJoin(users, eq(users.id, certificates.userId))
        .where(eq(certificates.certificateId, certificateId))
        .limit(1)
      if (!row) throw notFound(CERTIFICATE_NOT_FOUND_MESSAGE)
      return { ...row, issuedAt: row.issuedAt.toISOString() }
    }
  }
}
