import { ACADEMY_MESSAGES } from '../../../shared/domain/academy'
import { notFound } from '../../errors'
import { isAdminSession } from '../access'
import type { OrganizationSession } from '../sessions'
import { certificatePdf } from './certificatePdf'
import { toCertificate, type Download } from './certificateView'
import { inOrganization } from './lookups'
import type { CertificateDeps } from './types'

/* The printable PDF, for the holder and the organization's admins (docs/architecture.md, "Academy: content, quizzes and certificates"). */

export async function downloadCertificate(
  deps: Pick<CertificateDeps, 'db' | 'entitlements'>,
  session: OrganizationSession,
  certificateId: string,
  publicBase: string
): Promise<Download> {
  const { db } = deps
  const row = await inOrganization(db, session, certificateId)
  // Someone else's certificate is "not found" unless the viewer is one of the organization's admins.
  if (!row || (row.userId !== session.userId && !isAdminSession(session))) throw notFound(ACADEMY_MESSAGES.certificateNotFound)
  const certificate = toCertificate(row, publicBase)
  return { fileName: `pagecrew-certificate-${row.courseSlug || 'course'}.pdf`, body: await certificatePdf(certificate) }
}
