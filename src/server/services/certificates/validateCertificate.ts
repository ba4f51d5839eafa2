import { eq } from 'drizzle-orm'
import { ACADEMY_MESSAGES, type CertificateValidation } from '../../../shared/domain/academy'
import { certificates, users } from '../../db/schema'
import { notFound } from '../../errors'
import { clientAddressKey } from '../authThrottle'
import type { Limit, RateLimiter } from '../rateLimit'
import type { CertificateDeps } from './types'

/* The public look-up for /validate-certification and its rate limit (docs/architecture.md, "Academy: content, quizzes and certificates"). */

/** Public certificate look-ups per client address, counted across every server: plenty for people, too few to sweep ids. */
export const VALIDATE_LIMIT: Limit = { max: 30, windowMs: 60_000 }

export async function countValidation(limiter: RateLimiter, clientAddress: string): Promise<void> {
  await limiter.hit(`certificate-validate|${clientAddressKey(clientAddress)}`, VALIDATE_LIMIT)
}

export async function validateCertificate(deps: Pick<CertificateDeps, 'db'>, certificateId: string): Promise<CertificateValidation> {
  const { db } = deps
  const [row] = await db
    .select({ certificate: certificates, fallbackHolderName: users.fullName })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(eq(certificates.certificateId, certificateId))
    .limit(1)
  if (!row) throw notFound(ACADEMY_MESSAGES.certificateNotFound)
  const c = row.certificate
  return {
    status: c.revokedAt ? 'revoked' : 'valid',
    certificateId: c.certificateId,
    holderName: c.holderName || row.fallbackHolderName,
    courseTitle: c.courseTitle,
    organizationName: c.organizationName,
    issuedAt: c.issuedAt.toISOString(),
    revokedAt: c.revokedAt?.toISOString() ?? null
  }
}
