import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import { and, asc, eq } from 'drizzle-orm'
import { linkTo } from '../../../shared/routes'
import type { Executor } from '../../db/client'
import { assignedSlots } from '../../db/schema'
import { recordEvents } from '../../events/outbox'
import type { NotificationService } from '../notifications'
import { eventActorOf, type OrganizationActor } from '../actor'
import type { Person, StoredSlot } from './shared'

/**
 * What a slot's assignee is told, kept true as their slots move, change hands or go, and the
 * `slot.assigned` events (docs/architecture.md, "Plan (assigned slots)", "One row per member and
 * occurrence" and "A move keeps its notification true").
 */
export const NEW_SLOT_TITLE = 'New posting slot 📅'
export const MOVED_SLOT_TITLE = 'Posting slot moved 📅'

/** How a slot notification names the slot's day and time, in the recipient's timezone: 'Tue 17 Mar 2026 at 09:00'. */
function slotWhen(time: Date, timeZone: string): string {
  return format(new TZDate(time.getTime(), timeZone), "EEE d MMM yyyy 'at' HH:mm")
}
/** slotWhen's text inside a stored notification, so a move can put the new one in its place. */
const SLOT_WHEN_IN_MESSAGE = /(?<=posting slot on )[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4} at \d{2}:\d{2}/
/** The date, the series' count and the full stop that end an assignment's notification. */
const SLOT_WHEN_TO_END = /(?<=posting slot on ).*$/
export const slotLink = (slotId: string) => linkTo('schedule', { slotId })

/** One `slot.assigned` event per slot given to someone (created, imported or reassigned), in the caller's transaction. */
export async function recordSlotsAssigned(
  executor: Executor,
  at: Date,
  actor: OrganizationActor,
  slots: readonly { id: string; assigneeId: string; time: Date; seriesId: string | null }[]
): Promise<void> {
  await recordEvents(
    executor,
    at,
    slots.map((slot) => ({
      organizationId: actor.organization.id,
      name: 'slot.assigned' as const,
      payload: { slotId: slot.id, assigneeId: slot.assigneeId, startAt: slot.time.toISOString(), seriesId: slot.seriesId },
      actor: eventActorOf(actor)
    }))
  )
}

/** The assignee's ONE notification for the slots just assigned to them (none for the assigner themselves). */
export async function notifyAssignee(
  notifications: NotificationService,
  executor: Executor,
  organizationId: string,
  assigner: Person,
  assignee: Person,
  slots: readonly { id: string; time: Date }[]
): Promise<void> {
  if (assignee.id === assigner.id || slots.length === 0) return
  const first = [...slots].sort((a, b) => a.time.getTime() - b.time.getTime())[0]!
  const when = slotWhen(first.time, assignee.timezone)
  const times = slots.length > 1 ? ` (×${slots.length})` : ''
  await notifications.notify(
    {
      organizationId,
      userId: assignee.id,
      title: NEW_SLOT_TITLE,
      message: `${assigner.fullName || 'A teammate'} assigned you a posting slot on ${when}${times}.`,
      link: slotLink(first.id)
    },
    executor
  )
}

/**
 * A move re-dates the notifications that name a moved slot (each links to the slot whose date it
 * states), in the move's transaction, so nobody reads an old date. When someone other than the
 * assignee moved it, the assignee's notification also comes back unread as 'Posting slot moved',
 * so they learn of it from the bell; the previous assignee of a reassigned slot only gets the date
 * corrected.
 */
export async function redateNotifications(
  notifications: NotificationService,
  executor: Executor,
  organizationId: string,
  editor: Person,
  recipient: Person,
  stillAssigned: boolean,
  times: ReadonlyMap<string, Date>
): Promise<void> {
  const timeOf = new Map([...times].map(([id, time]) => [slotLink(id), time]))
  const resurface = stillAssigned && recipient.id !== editor.id
  await notifications.revise(
    { organizationId, userId: recipient.id, links: [...timeOf.keys()] },
    (notification) => {
      const time = notification.link ? timeOf.get(notification.link) : undefined
      if (!time || !SLOT_WHEN_IN_MESSAGE.test(notification.message)) return null
      return {
        title: resurface ? MOVED_SLOT_TITLE : notification.title,
        message: notification.message.replace(SLOT_WHEN_IN_MESSAGE, slotWhen(time, recipient.timezone)),
        resurface
      }
    },
    executor
  )
}

/**
 * Slots taken from `recipient` (deleted, or given to someone else): the notification that told
 * them of the assignment counts only the slots of it still theirs and names and links to the first
 * of them, so it never says "(×4)" of three; with none left it says so and leads to the schedule.
 * Not brought back unread: nothing new is asked of them.
 */
export async function recountNotifications(
  notifications: NotificationService,
  executor: Executor,
  organizationId: string,
  recipient: Person,
  gone: readonly StoredSlot[]
): Promise<void> {
  const groups = new Map<string, StoredSlot[]>()
  for (const slot of gone) groups.set(slot.seriesId ?? slot.id, [...(groups.get(slot.seriesId ?? slot.id) ?? []), slot])
  for (const [, slots] of groups) {
    const seriesId = slots[0]!.seriesId
    const goneIds = new Set(slots.map((s) => s.id))
    const left = seriesId
      ? (
          await executor
            .select({ id: assignedSlots.id, time: assignedSlots.time })
            .from(assignedSlots)
            .where(and(eq(assignedSlots.organizationId, organizationId), eq(assignedSlots.seriesId, seriesId), eq(assignedSlots.assigneeId, recipient.id)))
            .orderBy(asc(assignedSlots.time), asc(assignedSlots.id))
        ).filter((s) => !goneIds.has(s.id))
      : []
    const first = left[0]
    await notifications.revise(
      { organizationId, userId: recipient.id, links: [...slots, ...left].map((s) => slotLink(s.id)) },
      (notification) => {
        if (!SLOT_WHEN_IN_MESSAGE.test(notification.message)) return null
        const ending = first
          ? `${slotWhen(first.time, recipient.timezone)}${left.length > 1 ? ` (×${left.length})` : ''}.`
          : notification.message.match(SLOT_WHEN_TO_END)![0].replace(/\.$/, /\(×\d+\)/.test(notification.message) ? '; they were removed since.' : '; it was removed since.')
        const message = notification.message.replace(SLOT_WHEN_TO_END, ending)
        const link = first ? slotLink(first.id) : linkTo('schedule')
        return message === notification.message && link === notification.link ? null : { title: notification.title, message, link, resurface: false }
      },
      executor
    )
  }
}
