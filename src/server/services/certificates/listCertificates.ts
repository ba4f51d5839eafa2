import { and, desc, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { Certificate } from '../../../shared/domain/academy'
import { certificates, users } from '../../db/schema'
import { forbidden } from '../../errors'
import { isAdminSession } from '../access'
import type { OrganizationSession } from '../sessions'
import { toCertificate } from './certificateView'
import type { CertificateDeps } from './types'

/* The user's certificates, or (admins) the organization's; newest first (docs/architecture.md, "Academy: content, quizzes and certificates"). */

export async function listCertificates(
  deps: Pick<CertificateDeps, 'db' | 'entitlements'>,
  session: OrganizationSession,
  scope: 'mine' | 'organization',
  publicBase: string
): Promise<Certificate[]> {
  const { db } = deps
  // The scope is the request's: the organization's list is for admins (the entry's role cannot say so).
  if (scope === 'organization' && !isAdminSession(session)) throw forbidden(MESSAGES.onlyAdmins)
  const rows = await db
    .select({ certificate: certificates, fallbackHolderName: users.fullName })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(and(eq(certificates.organizationId, session.organization.id), scope === 'mine' ? eq(certificates.userId, session.userId) : undefined))
    .orderBy(desc(certificates.issuedAt), certificates.certificateId)
  return rows.map((r) => toCertificate({ ...r.certificate, fallbackHolderName: r.fallbackHolderName }, publicBase))
}
