import { and, eq, isNull } from 'drizzle-orm'
import { ACADEMY_MESSAGES, type Certificate } from '../../../shared/domain/academy'
import { certificates } from '../../db/schema'
import { conflict, notFound } from '../../errors'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { CERTIFICATE_REVOKED_TITLE, CERTIFICATES_LINK, toCertificate } from './certificateView'
import { inOrganization } from './lookups'
import type { CertificateDeps } from './types'

/* Admins revoke a certificate: audited, the holder told, 409 when it already is (docs/architecture.md, "Academy: content, quizzes and certificates"). */

export async function revokeCertificate(
  deps: CertificateDeps,
  session: OrganizationSession,
  input: { certificateId: string; reason?: string },
  publicBase: string
): Promise<Certificate> {
  const { db, clock, notifications } = deps
  return db.transaction(async (tx) => {
    const found = await inOrganization(tx, session, input.certificateId)
    if (!found) throw notFound(ACADEMY_MESSAGES.certificateNotFound)
    if (found.revokedAt) throw conflict(ACADEMY_MESSAGES.certificateAlreadyRevoked)
    const now = clock.now()
    const reason = input.reason?.trim() || null
    const [row] = await tx
      .update(certificates)
      .set({ revokedAt: now, revokedBy: session.userId, revocationReason: reason })
      .where(and(eq(certificates.certificateId, found.certificateId), isNull(certificates.revokedAt)))
      .returning()
    // Revoked meanwhile by another admin.
    if (!row) throw conflict(ACADEMY_MESSAGES.certificateAlreadyRevoked)
    await record(tx, {
      organizationId: session.organization.id,
      at: now,
      actor: sessionActor(session),
      action: 'certificate.revoked',
      target: { type: 'certificate', id: row.certificateId, label: `${row.courseTitle} — ${row.holderName}` },
      before: { revokedAt: null },
      after: { revokedAt: now.toISOString(), ...(reason ? { reason } : {}) }
    })
    await notifications.notify(
      {
        organizationId: session.organization.id,
        userId: row.userId,
        title: CERTIFICATE_REVOKED_TITLE,
        message: `Your certificate for "${row.courseTitle}" was revoked.${reason ? ` Reason: ${reason}` : ''}`,
        link: CERTIFICATES_LINK
      },
      tx
    )
    return toCertificate(row, publicBase)
  })
}
