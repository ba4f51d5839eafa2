import { and, asc, count, eq, ne } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import {
  PRIVACY_MESSAGES,
  type ErasedMemberContent,
  type ErasurePreview,
  type OrganizationPrivacy,
  type PersonalDataExport
} from '../../../shared/domain/privacy'
import type { MediaStorage } from '../../adapters/storage/storage'
import type { Clock } from '../../clock'
import type { Database, Executor } from '../../db/client'
import { memberships, organizations, users } from '../../db/schema'
import { badRequest, conflict, forbidden, notFound } from '../../errors'
import type { JobKind, JobQueue } from '../../jobs/runner'
import { lockOrganization } from '../access'
import { WRONG_CURRENT_PASSWORD } from '../account'
import { record, sessionActor } from '../audit'
import type { PasswordCheckGuard } from '../authThrottle'
import { activeAdminCount, findMembership } from '../members/lookups'
import type { NotificationService } from '../notifications'
import type { AuthSession, OrganizationSession } from '../sessions'
import { removeUserPhotoFiles } from '../userPhotos'
import { eraseAccount, type ErasedFiles } from './eraseAccount'
import { deleteExportFiles, listExports, openExport, personalDataExportJob, requestExport, type ExportFile } from './exports'

/*
 * Each person's data, out and erased (issue 28): the use cases behind endpoints/privacy.ts. The
 * tables are ./personalData.ts'; docs/architecture.md, "Personal data: export and erasure".
 */

export interface PrivacyService {
  requestOwnExport(session: AuthSession): Promise<PersonalDataExport>
  listOwnExports(session: AuthSession): Promise<PersonalDataExport[]>
  openExport(session: AuthSession, exportId: string): Promise<ExportFile>
  ownErasurePreview(session: AuthSession): Promise<ErasurePreview>
  eraseOwnAccount(session: AuthSession, input: { confirmation: string; currentPassword?: string }, guard: PasswordCheckGuard): Promise<void>
  requestMemberExport(session: OrganizationSession, userId: string): Promise<PersonalDataExport>
  listMemberExports(session: OrganizationSession, userId: string): Promise<PersonalDataExport[]>
  memberErasurePreview(session: OrganizationSession, userId: string): Promise<ErasurePreview>
  eraseMember(session: OrganizationSession, input: { userId: string; confirmation: string }): Promise<void>
  organizationPrivacy(session: OrganizationSession): Promise<OrganizationPrivacy>
  updateOrganizationPrivacy(session: OrganizationSession, input: OrganizationPrivacy): Promise<OrganizationPrivacy>
  /** The job runner's kind that prepares exports and deletes expired files. */
  exportJob: JobKind
}

export interface PrivacyDeps {
  db: Database
  clock: Clock
  notifications: NotificationService
  queue: JobQueue
  kick: (kind: string) => void
  /** The exports' ZIPs. */
  exportStorage: MediaStorage
  /** Post media (the files of media an erasure removes). */
  mediaStorage: MediaStorage
  uploadsDir: string
  identity: { verifyPassword(userId: string, password: string): Promise<boolean> }
  jobIntervalMs: number
  log?: (message: string) => void
}

/** The same email, as typed: trimmed, any case. */
const sameEmail = (typed: string, email: string) => typed.trim().toLowerCase() === email.toLowerCase()

async function personOf(tx: Executor, userId: string) {
  const [person] = await tx.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId))
  if (!person) throw notFound(MESSAGES.memberNotFound)
  return person
}

async function organizationsOf(tx: Executor, userId: string) {
  return tx
    .select({
      id: organizations.id,
      name: organizations.name,
      erasedMemberContent: organizations.erasedMemberContent,
      role: memberships.role,
      status: memberships.status
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(organizations.name), asc(organizations.id))
}

/** Why the person cannot delete their own account now: the only admin of an organization. */
async function ownBlocker(tx: Executor, userId: string, orgs: Awaited<ReturnType<typeof organizationsOf>>): Promise<string | null> {
  for (const org of orgs) {
    if (org.role !== 'ADMIN' || org.status !== 'ACTIVE' || (await activeAdminCount(tx, org.id)) > 1) continue
    const [others] = await tx
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.organizationId, org.id), ne(memberships.userId, userId)))
    return Number(others?.n ?? 0) > 0 ? PRIVACY_MESSAGES.onlyAdmin(org.name) : PRIVACY_MESSAGES.lastMemberOrganization(org.name)
  }
  return null
}

/** Why an admin cannot erase this member: themselves, someone of another organization too, or the last admin. */
async function memberBlocker(tx: Executor, session: OrganizationSession, userId: string): Promise<string | null> {
  if (userId === session.userId) return PRIVACY_MESSAGES.eraseYourself
  const orgs = await organizationsOf(tx, userId)
  if (orgs.some((o) => o.id !== session.organization.id)) return PRIVACY_MESSAGES.memberInOtherOrganization
  const here = orgs.find((o) => o.id === session.organization.id)
  if (here?.role === 'ADMIN' && here.status === 'ACTIVE' && (await activeAdminCount(tx, here.id)) <= 1) return PRIVACY_MESSAGES.eraseLastAdmin
  return null
}

async function requireMember(tx: Executor, session: OrganizationSession, userId: string) {
  const found = await findMembership(tx, session.organization.id, userId)
  if (!found) throw notFound(MESSAGES.memberNotFound)
  return found
}

export function createPrivacyService(deps: PrivacyDeps): PrivacyService {
  const { db, clock } = deps
  const exportDeps = {
    db,
    clock,
    storage: deps.exportStorage,
    queue: deps.queue,
    notifications: deps.notifications,
    kick: () => deps.kick(exportJob.name),
    log: deps.log
  }
  const exportJob = personalDataExportJob(exportDeps, deps.jobIntervalMs)

  async function removeFiles(files: ErasedFiles): Promise<void> {
    await removeUserPhotoFiles(deps.uploadsDir, files.photoFiles)
    await deleteExportFiles(deps.exportStorage, files.exportKeys)
    for (const key of files.mediaKeys) await deps.mediaStorage.delete(key).catch((error: unknown) => deps.log?.(`erased media ${key} not removed: ${String(error)}`))
  }

  return {
    exportJob,
    organizationPrivacy: (session) => organizationPrivacy(db, session),
    updateOrganizationPrivacy: (session, input) => updateOrganizationPrivacy(db, clock, session, input),

    async requestOwnExport(session) {
      const answer = await db.transaction((tx) =>
        requestExport(exportDeps, tx, { subjectUserId: session.userId, requestedByUserId: session.userId, organizationId: session.organization?.id ?? null, scope: 'account' })
      )
      exportDeps.kick()
      return answer
    },

    listOwnExports: (session) => listExports(db, { subjectUserId: session.userId }),

    openExport: (session, exportId) => openExport(exportDeps, session, exportId),

    async ownErasurePreview(session) {
      const person = await personOf(db, session.userId)
      const orgs = await organizationsOf(db, session.userId)
      return {
        email: person.email,
        passwordRequired: person.passwordHash !== null,
        organizations: orgs.map((o) => ({ id: o.id, name: o.name, erasedMemberContent: o.erasedMemberContent })),
        blockedBy: await ownBlocker(db, session.userId, orgs)
      }
    },

    async eraseOwnAccount(session, input, guard) {
      const person = await personOf(db, session.userId)
      if (!sameEmail(input.confirmation, person.email)) throw badRequest(PRIVACY_MESSAGES.confirmationMismatch, { confirmation: PRIVACY_MESSAGES.confirmationMismatch })
      if (person.passwordHash !== null) {
        if (!input.currentPassword) throw badRequest(PRIVACY_MESSAGES.currentPasswordNeeded, { currentPassword: PRIVACY_MESSAGES.currentPasswordNeeded })
        const attempt = await guard(person.email)
        if (!(await deps.identity.verifyPassword(session.userId, input.currentPassword))) {
          throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD })
        }
        await attempt.succeeded()
      }
      const files = await db.transaction(async (tx) => {
        const orgs = await organizationsOf(tx, session.userId)
        for (const org of orgs) await lockOrganization(tx, org.id)
        const blocked = await ownBlocker(tx, session.userId, orgs)
        if (blocked) throw conflict(blocked)
        return eraseAccount(tx, { userId: session.userId, by: { type: 'self' }, at: clock.now() })
      })
      await removeFiles(files)
    },

    async requestMemberExport(session, userId) {
      const answer = await db.transaction(async (tx) => {
        const found = await requireMember(tx, session, userId)
        const requested = await requestExport(exportDeps, tx, {
          subjectUserId: userId,
          requestedByUserId: session.userId,
          organizationId: session.organization.id,
          scope: 'organization'
        })
        await record(tx, {
          organizationId: session.organization.id,
          at: clock.now(),
          actor: sessionActor(session),
          action: 'privacy.export_requested',
          target: { type: 'member', id: userId, label: found.email }
        })
        return requested
      })
      exportDeps.kick()
      return answer
    },

    async listMemberExports(session, userId) {
      await requireMember(db, session, userId)
      return listExports(db, { subjectUserId: userId, organizationId: session.organization.id })
    },

    async memberErasurePreview(session, userId) {
      const found = await requireMember(db, session, userId)
      const [org] = await db.select({ id: organizations.id, name: organizations.name, erasedMemberContent: organizations.erasedMemberContent }).from(organizations).where(eq(organizations.id, session.organization.id))
      return { email: found.email, passwordRequired: false, organizations: org ? [org] : [], blockedBy: await memberBlocker(db, session, userId) }
    },

    async eraseMember(session, input) {
      const files = await db.transaction(async (tx) => {
        await lockOrganization(tx, session.organization.id)
        const found = await requireMember(tx, session, input.userId)
        if (!sameEmail(input.confirmation, found.email)) throw badRequest(PRIVACY_MESSAGES.confirmationMismatch, { confirmation: PRIVACY_MESSAGES.confirmationMismatch })
        const blocked = await memberBlocker(tx, session, input.userId)
        if (blocked) throw blocked === PRIVACY_MESSAGES.eraseYourself ? forbidden(blocked) : conflict(blocked)
        return eraseAccount(tx, { userId: input.userId, by: { type: 'admin', userId: session.userId, organizationId: session.organization.id }, at: clock.now() })
      })
      await removeFiles(files)
    }
  }
}

async function organizationPrivacy(db: Database, session: OrganizationSession): Promise<OrganizationPrivacy> {
  const [org] = await db.select({ erasedMemberContent: organizations.erasedMemberContent }).from(organizations).where(eq(organizations.id, session.organization.id))
  return { erasedMemberContent: org?.erasedMemberContent ?? 'keep' }
}

/** Settings → Organization: the erasure setting, audited when it changes. */
async function updateOrganizationPrivacy(db: Database, clock: Clock, session: OrganizationSession, input: OrganizationPrivacy): Promise<OrganizationPrivacy> {
  return db.transaction(async (tx) => {
    await lockOrganization(tx, session.organization.id)
    const [org] = await tx.select({ erasedMemberContent: organizations.erasedMemberContent, name: organizations.name }).from(organizations).where(eq(organizations.id, session.organization.id))
    const before: ErasedMemberContent = org?.erasedMemberContent ?? 'keep'
    if (before !== input.erasedMemberContent) {
      await tx.update(organizations).set({ erasedMemberContent: input.erasedMemberContent, updatedAt: clock.now() }).where(eq(organizations.id, session.organization.id))
      await record(tx, {
        organizationId: session.organization.id,
        at: clock.now(),
        actor: sessionActor(session),
        action: 'privacy.setting_changed',
        target: { type: 'organization', id: session.organization.id, label: org?.name ?? '' },
        before: { erasedMemberContent: before },
        after: { erasedMemberContent: input.erasedMemberContent }
      })
    }
    return { erasedMemberContent: input.erasedMemberContent }
  })
}
