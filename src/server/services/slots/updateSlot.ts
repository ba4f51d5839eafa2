import { eq, inArray } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { AssignedSlot } from '../../../shared/domain'
import { localDate, localTime, zonedInstant } from '../../../shared/rules'
import { assignedSlotPages, assignedSlots } from '../../db/schema'
import { badRequest } from '../../errors'
import { recordEvents } from '../../events/outbox'
import { lockOrganization } from '../access'
import { eventActorOf, type OrganizationActor } from '../actor'
import { viewerOf } from '../slotView'
import { actingPerson, checkPagesAndTags, person, requireActiveMembers, requireMayAssign, requirePages } from './checks'
import { notifyAssignee, recordSlotsAssigned, recountNotifications, redateNotifications } from './notices'
import { chunked, fieldError, INSERT_CHUNK, type SlotDeps, type UpdateSlotInput } from './shared'
import { editableSlot, pagesOf, scopeRows, viewsOf } from './storedSlots'
import { addDaysTo, daysBetween, isOptionInstant, requireWindow, safeTimeZone } from './time'

/**
 * Editing a slot, or it and the same assignee's later occurrences of its series: comment,
 * audience and post type, a move (each occurrence by the same number of calendar days, to the new
 * wall-clock time), a new assignee and new pages, with the notifications kept true in the same
 * transaction. Past slots cannot be edited. Decisions: docs/architecture.md, "Plan (assigned slots)".
 */
export async function updateSlot(deps: SlotDeps, actor: OrganizationActor, input: UpdateSlotInput): Promise<AssignedSlot[]> {
  const { db, clock, notifications } = deps
  const now = clock.now()
  const organizationId = actor.organization.id
  return db.transaction(async (tx) => {
    const reassigning = input.assigneeId !== undefined
    if (reassigning) await lockOrganization(tx, organizationId)
    const viewer = await viewerOf(tx, actor)
    const slot = await editableSlot(tx, viewer, input.slotId)
    if (slot.time.getTime() < now.getTime()) throw badRequest(MESSAGES.slotInPast)
    const rows = await scopeRows(tx, slot, input.scope)
    const ids = rows.map((r) => r.id)
    const editor = await actingPerson(tx, actor)

    const newAssigneeId = reassigning && input.assigneeId !== slot.assigneeId ? input.assigneeId! : null
    if (newAssigneeId) {
      await requireActiveMembers(tx, organizationId, [newAssigneeId])
      requireMayAssign(viewer, [newAssigneeId])
    }
    const assigneeId = newAssigneeId ?? slot.assigneeId
    const assignee = await person(tx, assigneeId)

    // The move: this slot to the new instant; the others by the same number of calendar days
    // (in the slot's timezone) to the same new wall-clock time.
    const newTime = input.time !== undefined ? new Date(input.time) : null
    const moving = newTime !== null && newTime.getTime() !== slot.time.getTime()
    const times = new Map<string, Date>()
    if (moving) {
      if (!isOptionInstant(newTime, editor.timezone)) throw fieldError(MESSAGES.slotTimeNotOption, 'time')
      requireWindow(newTime, now, [assignee.timezone])
      const tz = safeTimeZone(slot.timezone)
      const shift = daysBetween(localDate(slot.time, tz), localDate(newTime, tz))
      const wallClock = localTime(newTime, tz)
      for (const r of rows) times.set(r.id, r.id === slot.id ? newTime : zonedInstant(addDaysTo(localDate(r.time, tz), shift), wallClock, tz))
    }

    // Pages and tags: the create rules, per affected row, with the new assignee and pages.
    const pageChange = input.businessPageId !== undefined ? await requirePages(tx, organizationId, input.businessPageId) : null
    if (newAssigneeId || pageChange) {
      const currentPages = await pagesOf(tx, ids)
      for (const r of rows) {
        const pages = pageChange ?? currentPages.get(r.id)!
        await checkPagesAndTags(tx, organizationId, [assigneeId], pages, r.tagId, r.businessPostTagId)
      }
    }

    const changes: Partial<typeof assignedSlots.$inferInsert> = { updatedAt: now }
    if (input.comment !== undefined) changes.comment = input.comment
    if (input.targetAudience !== undefined) changes.targetAudience = input.targetAudience
    if (input.postType !== undefined) changes.postType = input.postType
    if (newAssigneeId) changes.assigneeId = newAssigneeId
    if (pageChange) changes.isBusinessPageSlot = pageChange.length > 0
    await tx.update(assignedSlots).set(changes).where(inArray(assignedSlots.id, ids))
    // A new time is a new chance: a slot told of as missed may be missed again.
    for (const [id, time] of times) await tx.update(assignedSlots).set({ time, missedAt: null }).where(eq(assignedSlots.id, id))
    if (pageChange) {
      await tx.delete(assignedSlotPages).where(inArray(assignedSlotPages.slotId, ids))
      const links = ids.flatMap((slotId) => pageChange.map((businessPageId) => ({ slotId, businessPageId, organizationId })))
      for (const part of chunked(links, INSERT_CHUNK * 3)) await tx.insert(assignedSlotPages).values(part)
    }
    if (moving) {
      const previous = newAssigneeId ? await person(tx, slot.assigneeId) : assignee
      await redateNotifications(notifications, tx, organizationId, editor, previous, !newAssigneeId, times)
    }
    if (newAssigneeId) {
      await recountNotifications(notifications, tx, organizationId, await person(tx, slot.assigneeId), rows)
      await notifyAssignee(notifications, tx, organizationId, editor, assignee, rows.map((r) => ({ id: r.id, time: times.get(r.id) ?? r.time })))
      await recordSlotsAssigned(tx, now, actor, rows.map((r) => ({ ...r, assigneeId, time: times.get(r.id) ?? r.time })))
    } else if (moving) {
      await recordEvents(
        tx,
        now,
        rows.map((r) => ({
          organizationId,
          name: 'slot.moved' as const,
          payload: { slotId: r.id, assigneeId, startAt: (times.get(r.id) ?? r.time).toISOString() },
          actor: eventActorOf(actor)
        }))
      )
    }
    // Read in the transaction: a delete right after the commit cannot empty the answer.
    return viewsOf(tx, viewer, ids, now)
  })
}
