import type { Certificate, CertificateValidation } from '../../../shared/domain/academy'
import type { Executor } from '../../db/client'
import { createRateLimiter } from '../rateLimit'
import type { OrganizationSession } from '../sessions'
import type { Download } from './certificateView'
import { downloadCertificate } from './downloadCertificate'
import { issueCertificate } from './issueCertificate'
import { listCertificates } from './listCertificates'
import { liveCertificate } from './lookups'
import { revokeCertificate } from './revokeCertificate'
import type { CertificateDeps } from './types'
import { countValidation, validateCertificate } from './validateCertificate'

/*
 * Academy certificates (issue 15): issued when a final quiz is passed, validated by anyone at
 * /validate-certification, printable as a PDF, revoked by the organization's admins. One use case
 * per file; this facade only delegates. The decisions are in docs/architecture.md, "Academy:
 * content, quizzes and certificates".
 */

export {
  CERTIFICATE_EARNED_TITLE,
  CERTIFICATE_REVOKED_TITLE,
  CERTIFICATES_LINK,
  certificateDate,
  newCertificateId,
  toCertificate,
  type Download
} from './certificateView'
export type { CertificateDeps } from './types'
export { VALIDATE_LIMIT } from './validateCertificate'

export interface CertificateService {
  /** Public look-up for /validate-certification; 404 with one body for every unknown id. */
  validate(certificateId: string): Promise<CertificateValidation>
  /** Counts one look-up from `clientAddress` (its /64 for IPv6); RateLimited (429) past VALIDATE_LIMIT. */
  countValidation(clientAddress: string): Promise<void>
  /** The user's live certificate of a course in the session's organization, if any. */
  live(session: OrganizationSession, courseSlug: string, publicBase: string, executor?: Executor): Promise<Certificate | null>
  /**
   * The holder's live certificate of the course, issued now when there is none (in `executor`'s
   * transaction: the quiz attempt that earned it). `issued` says whether it is new.
   */
  issue(
    executor: Executor,
    session: OrganizationSession,
    course: { slug: string; title: string },
    publicBase: string
  ): Promise<{ certificate: Certificate; issued: boolean }>
  /** The user's certificates in the organization, or (admins, scope organization) everyone's; newest first. */
  list(session: OrganizationSession, scope: 'mine' | 'organization', publicBase: string): Promise<Certificate[]>
  /** The printable one-page certificate (the holder or the organization's admins). */
  pdf(session: OrganizationSession, certificateId: string, publicBase: string): Promise<Download>
  /** Admins: revoked now, audited, the holder told. 409 when it already is. */
  revoke(session: OrganizationSession, input: { certificateId: string; reason?: string }, publicBase: string): Promise<Certificate>
}

export function createCertificateService(deps: CertificateDeps): CertificateService {
  const limiter = createRateLimiter(deps.db, deps.clock)
  return {
    countValidation: (clientAddress) => countValidation(limiter, clientAddress),
    validate: (certificateId) => validateCertificate(deps, certificateId),
    live: (session, courseSlug, publicBase, executor) => liveCertificate(deps, session, courseSlug, publicBase, executor),
    issue: (executor, session, course, publicBase) => issueCertificate(deps, executor, session, course, publicBase),
    list: (session, scope, publicBase) => listCertificates(deps, session, scope, publicBase),
    pdf: (session, certificateId, publicBase) => downloadCertificate(deps, session, certificateId, publicBase),
    revoke: (session, input, publicBase) => revokeCertificate(deps, session, input, publicBase)
  }
}
