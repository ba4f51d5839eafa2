import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { and, asc, desc, eq, inArray, lte, ne } from 'drizzle-orm'
import { PERSONAL_DATA_EXPORT_DAYS, PRIVACY_MESSAGES, type PersonalDataExport } from '../../../shared/domain/privacy'
import { isAdminRole } from '../../../shared/rules'
import { linkTo } from '../../../shared/routes'
import type { MediaStorage } from '../../adapters/storage/storage'
import type { Clock } from '../../clock'
import type { Database, Executor } from '../../db/client'
import { personalDataExports } from '../../db/schema'
import { conflict, notFound } from '../../errors'
import type { JobKind, JobQueue } from '../../jobs/runner'
import { isUuid } from '../ids'
import type { NotificationService } from '../notifications'
import type { AuthSession } from '../sessions'
import { buildExportZip } from './exportArchive'

/*
 * Export requests (issue 28): a row per request, prepared by the job runner's kind below, the file
 * in the exports storage until it expires (PERSONAL_DATA_EXPORT_DAYS after it was ready).
 */

/** An export's file as the download route sends it. */
export interface ExportFile {
  contentType: string
  fileName: string
  body: Readable
}

export const PERSONAL_DATA_EXPORT_JOB = 'personal-data-export'
const DAY_MS = 24 * 60 * 60_000
/** Failed runs before an export is told failed (the person asks again). */
const MAX_ATTEMPTS = 3
/** Expired files removed per run. */
const EXPIRE_BATCH = 50

type ExportRowRecord = typeof personalDataExports.$inferSelect

export const toPersonalDataExport = (row: ExportRowRecord): PersonalDataExport => ({
  id: row.id,
  scope: row.scope,
  status: row.status,
  progress: row.progress,
  fileSize: row.fileSize,
  createdAt: row.createdAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt.toISOString()
})

export interface ExportDeps {
  db: Database
  clock: Clock
  /** Where the ZIPs are kept (<uploads>/exports by default). */
  storage: MediaStorage
  queue: JobQueue
  notifications: NotificationService
  /** Runs the job now on this process (the runner's kick). */
  kick: () => void
  log?: (message: string) => void
}

export interface ExportRequest {
  subjectUserId: string
  requestedByUserId: string
  /** Where it was asked (the ready notification goes there); with scope 'organization', whose rows. */
  organizationId: string | null
  scope: 'account' | 'organization'
}

/** Queues an export, or answers the one of the same subject and scope still being prepared (a second click asks nothing twice). */
export async function requestExport(deps: ExportDeps, tx: Executor, request: ExportRequest): Promise<PersonalDataExport> {
  const now = deps.clock.now()
  const [running] = await tx
    .select()
    .from(personalDataExports)
    .where(
      and(
        eq(personalDataExports.subjectUserId, request.subjectUserId),
        eq(personalDataExports.scope, request.scope),
        eq(personalDataExports.requestedByUserId, request.requestedByUserId),
        inArray(personalDataExports.status, ['queued', 'running'])
      )
    )
    .limit(1)
  if (running) return toPersonalDataExport(running)
  const [row] = await tx
    .insert(personalDataExports)
    .values({
      id: randomUUID(),
      subjectUserId: request.subjectUserId,
      requestedByUserId: request.requestedByUserId,
      organizationId: request.organizationId,
      scope: request.scope,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PERSONAL_DATA_EXPORT_DAYS * DAY_MS)
    })
    .returning()
  await deps.queue.enqueue(PERSONAL_DATA_EXPORT_JOB, row!.id, now, {}, request.organizationId, tx)
  return toPersonalDataExport(row!)
}

export async function listExports(db: Executor, where: { subjectUserId: string; organizationId?: string }): Promise<PersonalDataExport[]> {
  const rows = await db
    .select()
    .from(personalDataExports)
    .where(
      and(
        eq(personalDataExports.subjectUserId, where.subjectUserId),
        where.organizationId === undefined ? undefined : and(eq(personalDataExports.organizationId, where.organizationId), eq(personalDataExports.scope, 'organization'))
      )
    )
    .orderBy(desc(personalDataExports.createdAt), desc(personalDataExports.id))
    .limit(50)
  return rows.map(toPersonalDataExport)
}

/**
 * The file of a ready export: for the person it is about, and for the admin who asked for it while
 * they are still an admin of that organization and working in it. Anyone else: 404, as for an
 * export that does not exist.
 */
export async function openExport(deps: Pick<ExportDeps, 'db' | 'storage' | 'clock'>, session: AuthSession, exportId: string): Promise<ExportFile> {
  if (!isUuid(exportId)) throw notFound(PRIVACY_MESSAGES.exportNotFound)
  const [row] = await deps.db.select().from(personalDataExports).where(eq(personalDataExports.id, exportId))
  const asker =
    row?.scope === 'organization' &&
    row.requestedByUserId === session.userId &&
    session.organization?.id === row.organizationId &&
    isAdminRole(session.organization.role)
  if (!row || (row.subjectUserId !== session.userId && !asker)) throw notFound(PRIVACY_MESSAGES.exportNotFound)
  if (row.status === 'expired' || row.expiresAt <= deps.clock.now()) throw notFound(PRIVACY_MESSAGES.exportNotFound)
  if (row.status !== 'ready' || !row.fileKey) throw conflict(PRIVACY_MESSAGES.exportNotReady)
  const day = row.createdAt.toISOString().slice(0, 10)
  return { contentType: 'application/zip', fileName: `pagecrew-data-${day}.zip`, body: await deps.storage.openRead(row.fileKey) }
}

/** Deletes the files of `rows` (after the transaction that forgot them). */
export async function deleteExportFiles(storage: MediaStorage, fileKeys: readonly (string | null)[]): Promise<void> {
  for (const key of fileKeys) if (key) await storage.delete(key)
}

/**
 * The job runner's kind: removes expired files, then prepares one queued export per run (true when
 * it did, so the lane runs again at once). Progress is written after each table, outside any
 * transaction, so the person's screen sees it move.
 */
export function personalDataExportJob(deps: ExportDeps, intervalMs: number): JobKind {
  const { db, clock, storage, queue } = deps

  async function expire(): Promise<void> {
    const now = clock.now()
    const due = await db
      .select({ id: personalDataExports.id, fileKey: personalDataExports.fileKey })
      .from(personalDataExports)
      .where(and(ne(personalDataExports.status, 'expired'), lte(personalDataExports.expiresAt, now)))
      .orderBy(asc(personalDataExports.expiresAt))
      .limit(EXPIRE_BATCH)
    if (due.length === 0) return
    await db
      .update(personalDataExports)
      .set({ status: 'expired', fileKey: null, progress: 0 })
      .where(inArray(personalDataExports.id, due.map((d) => d.id)))
    await deleteExportFiles(storage, due.map((d) => d.fileKey))
  }

  async function prepare(row: ExportRowRecord): Promise<void> {
    const started = clock.now()
    await db.update(personalDataExports).set({ status: 'running', progress: 0 }).where(eq(personalDataExports.id, row.id))
    const subject = { userId: row.subjectUserId, organizationId: row.scope === 'organization' ? row.organizationId : null }
    const zip = await buildExportZip(db, subject, started, async (progress) => {
      await db.update(personalDataExports).set({ progress }).where(eq(personalDataExports.id, row.id))
    })
    const fileKey = `${row.id}.zip`
    await storage.append(fileKey, 0, Readable.from([Buffer.from(zip)]))
    const done = clock.now()
    await db.transaction(async (tx) => {
      const [ready] = await tx
        .update(personalDataExports)
        .set({ status: 'ready', progress: 100, fileKey, fileSize: zip.byteLength, completedAt: done, expiresAt: new Date(done.getTime() + PERSONAL_DATA_EXPORT_DAYS * DAY_MS) })
        .where(eq(personalDataExports.id, row.id))
        .returning()
      if (!ready?.organizationId || !ready.requestedByUserId) return
      const own = ready.subjectUserId === ready.requestedByUserId
      await deps.notifications.notify(
        {
          organizationId: ready.organizationId,
          userId: ready.requestedByUserId,
          title: own ? PRIVACY_MESSAGES.exportReadyTitle : PRIVACY_MESSAGES.memberExportReadyTitle,
          message: own ? PRIVACY_MESSAGES.exportReadyMessage : PRIVACY_MESSAGES.memberExportReadyMessage,
          link: own ? linkTo('privacySettings') : linkTo('organizationSettings', { section: 'members' })
        },
        tx
      )
    })
  }

  return {
    name: PERSONAL_DATA_EXPORT_JOB,
    intervalMs,
    async run() {
      await expire()
      const [job] = await queue.claim(PERSONAL_DATA_EXPORT_JOB, 1)
      if (!job) return false
      const [row] = await db.select().from(personalDataExports).where(eq(personalDataExports.id, job.key))
      if (!row || (row.status !== 'queued' && row.status !== 'running')) {
        await queue.complete(job, null)
        return true
      }
      try {
        await prepare(row)
        await queue.complete(job, null)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        deps.log?.(`personal data export ${row.id} failed: ${message}`)
        if (job.attempts + 1 >= MAX_ATTEMPTS) {
          await db.update(personalDataExports).set({ status: 'failed', error: message.slice(0, 500) }).where(eq(personalDataExports.id, row.id))
          await queue.complete(job, null)
        } else {
          await queue.fail(job, message, new Date(clock.now().getTime() + 60_000))
        }
      }
      return true
    }
  }
}
