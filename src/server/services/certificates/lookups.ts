import { and, eq, isNull } from 'drizzle-orm'
import { type Certificate } from '../../../shared/domain/academy'
import type { Executor } from '../../db/client'
import { certificates } from '../../db/schema'
import type { OrganizationSession } from '../sessions'
import { toCertificate } from './certificateView'
import type { CertificateDeps } from './types'

/* The Academy's gate, and a certificate of the session's organization (docs/architecture.md, "Academy: content, quizzes and certificates"). */

/** A certificate of the session's organization by id; undefined when there is none. */
export async function inOrganization(executor: Executor, session: OrganizationSession, certificateId: string) {
  const [row] = await executor
    .select()
    .from(certificates)
    .where(and(eq(certificates.certificateId, certificateId), eq(certificates.organizationId, session.organization.id)))
    .limit(1)
  return row
}

/** The user's live certificate of a course in the session's organization, if any. */
export async function liveCertificate(
  deps: Pick<CertificateDeps, 'db'>,
  session: OrganizationSession,
  courseSlug: string,
  publicBase: string,
  executor: Executor = deps.db
): Promise<Certificate | null> {
  const [row] = await executor
    .select()
    .from(certificates)
    .where(
      and(
        eq(certificates.userId, session.userId),
        eq(certificates.organizationId, session.organization.id),
        eq(certificates.courseSlug, courseSlug),
        isNull(certificates.revokedAt)
      )
    )
    .limit(1)
  return row ? toCertificate(row, publicBase) : null
}
