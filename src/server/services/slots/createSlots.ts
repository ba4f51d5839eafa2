import { randomUUID } from 'node:crypto'
import { MESSAGES } from '../../../shared/api/messages'
import type { AssignedSlot } from '../../../shared/domain'
import { expandRecurrence } from '../../../shared/rules'
import { assignedSlotPages, assignedSlots } from '../../db/schema'
import { badRequest } from '../../errors'
import { lockOrganization } from '../access'
import { personOf, type OrganizationActor } from '../actor'
import { viewerOf } from '../slotView'
import { assignablePool, autoPick } from './autoPick'
import { actingPerson, checkPagesAndTags, linkedToAll, people, requireActiveMembers, requireMayAssign, requirePages, withTag } from './checks'
import { notifyAssignee, recordSlotsAssigned } from './notices'
import { chunked, fieldError, INSERT_CHUNK, type CreateSlotInput, type SlotDeps } from './shared'
import { viewsOf } from './storedSlots'
import { isOptionInstant, recurrenceOf, requireWindow } from './time'

/**
 * Assigning slots (POST /schedule/assign-slots): one series of one slot per assignee and
 * occurrence, manual or auto mode, checked against who may assign, the time options and window,
 * pages and tags, and written with each assignee's one notification in one transaction (the
 * organization locked). Decisions: docs/architecture.md, "Plan (assigned slots)".
 */
export async function createSlots(deps: SlotDeps, actor: OrganizationActor, input: CreateSlotInput): Promise<AssignedSlot[]> {
  const { db, clock, notifications } = deps
  const organizationId = actor.organization.id
  const now = clock.now()
  const recurrence = recurrenceOf(input)
  const requested = [...new Set(input.assignedUserId)]
  if (!input.autoAssign && requested.length === 0) throw fieldError(MESSAGES.slotNeedsUser, 'assignedUserId')
  const pageInput = [...new Set(input.businessPageId ?? [])]
  const tagId = input.tagId ?? null
  const businessPostTagId = input.businessPostTagId ?? null

  const created = await db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId)
    const viewer = await viewerOf(tx, actor)
    const assigner = await actingPerson(tx, actor)

    let time = new Date(input.time)
    let timeZone = assigner.timezone
    if (!input.autoAssign && !isOptionInstant(time, assigner.timezone)) throw fieldError(MESSAGES.slotTimeNotOption, 'time')

    await requireActiveMembers(tx, organizationId, requested)
    requireMayAssign(viewer, requested)
    const pageIds = await requirePages(tx, organizationId, pageInput)

    let assigneeIds = requested
    if (input.autoAssign) {
      // A given member list is checked strictly like a manual one; the implicit pool (everyone
      // the assigner may assign to) is narrowed to those who can take this slot: linked to
      // every chosen page, holding the chosen topic tag.
      let pool = requested
      if (pool.length === 0) {
        pool = await assignablePool(tx, viewer)
        if (pageIds.length > 0) {
          const linked = await linkedToAll(tx, organizationId, pool, pageIds)
          pool = pool.filter((id) => linked.has(id))
        } else if (tagId) {
          const tagged = await withTag(tx, organizationId, pool, tagId)
          pool = pool.filter((id) => tagged.has(id))
        }
      } else {
        await checkPagesAndTags(tx, organizationId, pool, pageIds, tagId, businessPostTagId)
      }
      if (pool.length === 0) throw badRequest(MESSAGES.noEligibleMember, { assignedUserId: MESSAGES.noEligibleMember })
      const pick = await autoPick(tx, organizationId, pool, input.currentHour, now)
      assigneeIds = [pick.assigneeId]
      time = pick.time
      timeZone = pick.timeZone
    }

    const assignees = await people(tx, assigneeIds)
    requireWindow(time, now, [...assignees.values()].map((a) => a.timezone))
    await checkPagesAndTags(tx, organizationId, assigneeIds, pageIds, tagId, businessPostTagId)

    const seriesId = randomUUID()
    const occurrences = expandRecurrence(time, timeZone, recurrence)
    const rows = assigneeIds.flatMap((assigneeId) =>
      occurrences.map((at, occurrence) => ({
        id: randomUUID(),
        organizationId,
        seriesId,
        occurrence,
        assigneeId,
        time: at,
        timezone: timeZone,
        comment: input.comment,
        autoAssign: input.autoAssign,
        tagId: pageIds.length > 0 ? null : tagId,
        isBusinessPageSlot: pageIds.length > 0,
        businessPostTagId,
        targetAudience: input.targetAudience,
        postType: input.postType,
        recurrenceType: recurrence?.type ?? null,
        recurrenceInterval: recurrence?.interval ?? null,
        recurrenceCount: recurrence?.count ?? null,
        createdById: personOf(actor),
        createdAt: now,
        updatedAt: now
      }))
    )
    for (const part of chunked(rows, INSERT_CHUNK)) await tx.insert(assignedSlots).values(part)
    await recordSlotsAssigned(tx, now, actor, rows)
    const links = rows.flatMap((r) => pageIds.map((businessPageId) => ({ slotId: r.id, businessPageId, organizationId })))
    for (const part of chunked(links, INSERT_CHUNK * 3)) await tx.insert(assignedSlotPages).values(part)
    for (const assigneeId of assigneeIds) {
      await notifyAssignee(notifications, tx, organizationId, assigner, assignees.get(assigneeId)!, rows.filter((r) => r.assigneeId === assigneeId))
    }
    return { viewer, ids: rows.map((r) => r.id) }
  })
  return viewsOf(db, created.viewer, created.ids, now)
}
