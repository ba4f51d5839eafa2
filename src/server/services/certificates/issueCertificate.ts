import { eq } from 'drizzle-orm'
import type { Certificate } from '../../../shared/domain/academy'
import type { Executor } from '../../db/client'
import { certificates, organizations, users } from '../../db/schema'
import { recordEvent } from '../../events/outbox'
import type { OrganizationSession } from '../sessions'
import { newCertificateId, toCertificate } from './certificateView'
import { liveCertificate } from './lookups'
import type { CertificateDeps } from './types'

/* Issuing on a passed final quiz: one live certificate per holder, organization and course (docs/architecture.md, "Academy: content, quizzes and certificates"). */

export async function issueCertificate(
  deps: Pick<CertificateDeps, 'db' | 'clock'>,
  executor: Executor,
  session: OrganizationSession,
  course: { slug: string; title: string },
  publicBase: string
): Promise<{ certificate: Certificate; issued: boolean }> {
  const { clock } = deps
  const existing = await liveCertificate(deps, session, course.slug, publicBase, executor)
  if (existing) return { certificate: existing, issued: false }
  const [names] = await executor
    .select({ fullName: users.fullName, email: users.email, organizationName: organizations.name })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, session.organization.id))
    .where(eq(users.id, session.userId))
  const [row] = await executor
    .insert(certificates)
    .values({
      certificateId: newCertificateId(),
      userId: session.userId,
      organizationId: session.organization.id,
      courseSlug: course.slug,
      courseTitle: course.title,
      holderName: names?.fullName.trim() || names?.email || '',
      organizationName: names?.organizationName ?? '',
      issuedAt: clock.now()
    })
    // A pass submitted twice at once: the other one issued it (the live certificate's unique index).
    .onConflictDoNothing()
    .returning()
  if (row) {
    await recordEvent(executor, clock.now(), {
      organizationId: session.organization.id,
      name: 'certificate.issued',
      payload: { certificateId: row.certificateId, userId: row.userId, course: row.courseSlug },
      actor: { type: 'user', userId: session.userId }
    })
    return { certificate: toCertificate(row, publicBase), issued: true }
  }
  const raced = await liveCertificate(deps, session, course.slug, publicBase, executor)
  if (!raced) throw new Error('The certificate was neither issued nor found')
  return { certificate: raced, issued: false }
}
