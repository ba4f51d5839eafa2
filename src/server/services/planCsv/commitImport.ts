import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { assignedSlotPages, assignedSlots, users } from '../../db/schema'
import { badRequest } from '../../errors'
import { lockOrganization } from '../access'
import type { OrganizationSession } from '../sessions'
import { chunked, notifyAssignee, recordSlotsAssigned, safeTimeZone, type Person } from '../slots'
import { checkRows, importSummary, type CheckedRow } from './checkRows'
import { parseImportCsv } from './parseImport'
import type { PlanCsvDeps } from './types'

/*
 * POST /schedule/import/commit: checks again with the organization locked and creates every slot or
 * none; each assignee but the importer gets one notification for all of theirs (docs/architecture.md,
 * "The plan as CSV": preview, then all or nothing).
 */

export const IMPORT_ROWS_INVALID = (n: number) => `${n === 1 ? '1 row needs' : `${n} rows need`} fixing. Nothing was imported.`

/** One notification per assignee other than the importer, for all of their new slots. */
async function notifyAssignees(
  tx: Executor,
  deps: Pick<PlanCsvDeps, 'notifications'>,
  session: OrganizationSession,
  importer: Person,
  checked: readonly CheckedRow[],
  slotRows: readonly { id: string; time: Date }[]
): Promise<void> {
  const byAssignee = new Map<string, { assignee: Person; slots: { id: string; time: Date }[] }>()
  checked.forEach(({ plan }, i) => {
    const entry = byAssignee.get(plan!.assignee.id) ?? { assignee: plan!.assignee, slots: [] }
    entry.slots.push({ id: slotRows[i]!.id, time: slotRows[i]!.time })
    byAssignee.set(plan!.assignee.id, entry)
  })
  for (const { assignee, slots } of byAssignee.values()) await notifyAssignee(deps.notifications, tx, session.organization.id, importer, assignee, slots)
}

export async function commitImport(deps: Pick<PlanCsvDeps, 'db' | 'clock' | 'notifications'>, session: OrganizationSession, csv: string): Promise<{ created: number }> {
  const { db, clock } = deps
  const rows = parseImportCsv(csv)
  const organizationId = session.organization.id
  const now = clock.now()
  return db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId)
    const checked = await checkRows(tx, clock, session, rows)
    const { invalid } = importSummary(checked)
    if (invalid > 0) {
      const fields: Record<string, string> = {}
      for (const row of checked) for (const [field, message] of Object.entries(row.errors)) fields[`${row.line}.${field}`] = message
      throw badRequest(IMPORT_ROWS_INVALID(invalid), fields)
    }
    const [assigner] = await tx.select({ id: users.id, fullName: users.fullName, timezone: users.timezone }).from(users).where(eq(users.id, session.userId))
    const slotRows = checked.map(({ plan }) => ({
      id: randomUUID(),
      organizationId,
      seriesId: randomUUID(),
      occurrence: 0,
      assigneeId: plan!.assignee.id,
      time: plan!.time,
      timezone: plan!.timeZone,
      comment: plan!.comment,
      autoAssign: false,
      tagId: plan!.tagId,
      isBusinessPageSlot: plan!.pageId !== null,
      businessPostTagId: null,
      targetAudience: plan!.targetAudience,
      postType: plan!.postType,
      recurrenceType: null,
      recurrenceInterval: null,
      recurrenceCount: null,
      createdById: session.userId,
      createdAt: now,
      updatedAt: now
    }))
    for (const part of chunked(slotRows, 1000)) await tx.insert(assignedSlots).values(part)
    await recordSlotsAssigned(tx, now, session, slotRows)
    const links = slotRows.flatMap((r, i) => {
      const pageId = checked[i]!.plan!.pageId
      return pageId ? [{ slotId: r.id, businessPageId: pageId, organizationId }] : []
    })
    for (const part of chunked(links, 3000)) await tx.insert(assignedSlotPages).values(part)
    const importer: Person = { id: session.userId, fullName: assigner?.fullName ?? '', timezone: safeTimeZone(assigner?.timezone) }
    await notifyAssignees(tx, deps, session, importer, checked, slotRows)
    return { created: slotRows.length }
  })
}
