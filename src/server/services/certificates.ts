import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import { and, desc, eq, isNull } from 'drizzle-orm'
import { MESSAGES } from '../../shared/api/messages'
import { ACADEMY_MESSAGES, type Certificate, type CertificateValidation } from '../../shared/domain/academy'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { recordEvent } from '../events/outbox'
import { certificates, organizations, users } from '../db/schema'
import { conflict, notFound } from '../errors'
import type { OrganizationSession } from './sessions'
import { isAdminSession, requireAdmin, requireEntitlement } from './access'
import { record, sessionActor } from './audit'
import { clientAddressKey } from './authThrottle'
import type { EntitlementService } from './entitlements'
import type { NotificationService } from './notifications'
import { createRateLimiter, type Limit } from './rateLimit'
import { linkTo } from '../../shared/routes'

/**
 * Academy certificates (issue 15): issued when a final quiz is passed, validated by anyone at
 * /validate-certification, printable as a PDF, revoked by the organization's admins.
 *
 * - The id is 128 random bits in base64url (22 characters): not sequential, not derived from
 *   anything, so ids cannot be enumerated or guessed; the public look-up answers the same 404 body
 *   for every id it does not know, whatever its shape, and is rate-limited per client address.
 * - A certificate keeps the holder's name, the course title and the organization's name as they
 *   were when it was issued: it is a document.
 * - One live certificate per holder, organization and course (certificates_live_unique): passing
 *   again returns it; after a revocation, passing again issues a new one.
 * - Outside the holder and the organization's admins a certificate is "not found" (404), in
 *   another organization too.
 */

export const CERTIFICATE_EARNED_TITLE = 'Certificate earned'
export const CERTIFICATE_REVOKED_TITLE = 'Certificate revoked'
/** Where a certificate notification leads: the Academy home lists the user's certificates. */
export const CERTIFICATES_LINK = linkTo('academy')

type CertificateRow = typeof certificates.$inferSelect

export interface Download {
  fileName: string
  body: Readable
}

/** Public certificate look-ups per client address, counted across every server: plenty for people, too few to sweep ids. */
export const VALIDATE_LIMIT: Limit = { max: 30, windowMs: 60_000 }

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

/** 128 random bits, base64url without padding: 22 characters. */
export function newCertificateId(): string {
  return randomBytes(16).toString('base64url')
}

/** The public page that validates a certificate. */
export function validationUrl(publicBase: string, certificateId: string): string {
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

/**
 * A landscape A4 page: the holder, the course, the organization, the date, the id and where to
 * validate it. pdfkit is loaded on the first certificate, not at start: it is the heaviest module
 * of the server's start-up (issue 16, tests/bench/startup.bench.ts).
 */
async function certificatePdf(certificate: Certificate): Promise<Readable> {
  const { default: PDFDocument } = await import('pdfkit')
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: `Certificate: ${certificate.courseTitle}`, Author: 'Pagecrew Academy', Subject: certificate.holderName }
  })
  const { width, height } = doc.page
  const ink = '#1f2937'
  const accent = '#0f6cbd'
  doc.lineWidth(3).strokeColor(accent).rect(24, 24, width - 48, height - 48).stroke()
  doc.lineWidth(1).strokeColor('#9ca3af').rect(34, 34, width - 68, height - 68).stroke()
  const line = (text: string, y: number, font: string, size: number, color = ink) =>
    doc.font(font).fontSize(size).fillColor(color).text(text, 70, y, { width: width - 140, align: 'center', lineBreak: true })
  line('PAGECREW ACADEMY', 80, 'Helvetica-Bold', 14, accent)
  line('Certificate of completion', 115, 'Helvetica-Bold', 34)
  line('This certifies that', 185, 'Helvetica', 14, '#4b5563')
  line(certificate.holderName, 210, 'Helvetica-Bold', 30)
  line('has completed the course', 265, 'Helvetica', 14, '#4b5563')
  line(certificate.courseTitle, 290, 'Helvetica-Bold', 22)
  line(`with ${certificate.organizationName}`, 345, 'Helvetica', 16)
  line(`Issued on ${certificateDate(new Date(certificate.issuedAt))}`, 380, 'Helvetica', 13)
  if (certificate.revokedAt) line(`Revoked on ${certificateDate(new Date(certificate.revokedAt))}`, 402, 'Helvetica-Bold', 13, '#b91c1c')
  line(`Certificate ID: ${certificate.certificateId}`, height - 120, 'Helvetica', 11, '#4b5563')
  line(`Check it at ${certificate.validationUrl}`, height - 102, 'Helvetica', 11, accent)
  doc.end()
  return doc
}

export function createCertificateService(deps: { db: Database; clock: Clock; notifications: NotificationService; entitlements: EntitlementService }): CertificateService {
  const { db, clock, notifications, entitlements } = deps
  const limiter = createRateLimiter(db, clock)
  const requireAcademy = (session: OrganizationSession) => requireEntitlement(entitlements, session.organization.id, 'ACADEMY', ACADEMY_MESSAGES.notInPlan)

  /** A certificate of the session's organization by id; undefined when there is none. */
  async function inOrganization(executor: Executor, session: OrganizationSession, certificateId: string) {
    const [row] = await executor
      .select()
      .from(certificates)
      .where(and(eq(certificates.certificateId, certificateId), eq(certificates.organizationId, session.organization.id)))
      .limit(1)
    return row
  }

  async function live(session: OrganizationSession, courseSlug: string, publicBase: string, executor: Executor = db): Promise<Certificate | null> {
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

  return {
    async countValidation(clientAddress) {
      await limiter.hit(`certificate-validate|${clientAddressKey(clientAddress)}`, VALIDATE_LIMIT)
    },

    async validate(certificateId) {
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
    },

    live,

    async issue(executor, session, course, publicBase) {
      const existing = await live(session, course.slug, publicBase, executor)
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
      const raced = await live(session, course.slug, publicBase, executor)
      if (!raced) throw new Error('The certificate was neither issued nor found')
      return { certificate: raced, issued: false }
    },

    async list(session, scope, publicBase) {
      await requireAcademy(session)
      if (scope === 'organization') requireAdmin(session, MESSAGES.onlyAdmins)
      const rows = await db
        .select({ certificate: certificates, fallbackHolderName: users.fullName })
        .from(certificates)
        .innerJoin(users, eq(users.id, certificates.userId))
        .where(
          and(eq(certificates.organizationId, session.organization.id), scope === 'mine' ? eq(certificates.userId, session.userId) : undefined)
        )
        .orderBy(desc(certificates.issuedAt), certificates.certificateId)
      return rows.map((r) => toCertificate({ ...r.certificate, fallbackHolderName: r.fallbackHolderName }, publicBase))
    },

    async pdf(session, certificateId, publicBase) {
      await requireAcademy(session)
      const row = await inOrganization(db, session, certificateId)
      // Someone else's certificate is "not found" unless the viewer is one of the organization's admins.
      if (!row || (row.userId !== session.userId && !isAdminSession(session))) throw notFound(ACADEMY_MESSAGES.certificateNotFound)
      const certificate = toCertificate(row, publicBase)
      return { fileName: `pagecrew-certificate-${row.courseSlug || 'course'}.pdf`, body: await certificatePdf(certificate) }
    },

    async revoke(session, input, publicBase) {
      await requireAcademy(session)
      requireAdmin(session, ACADEMY_MESSAGES.onlyAdminsRevoke)
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
  }
}
