import { and, asc, inArray, isNull, lt } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Database } from '../db/client'
import { assignedSlots } from '../db/schema'
import { recordEvents } from '../events/outbox'
import type { JobKind } from './runner'
import { slotIsNotDone } from '../db/slotDone'

/** The job's name among the runner's kinds. */
const MISSED_SLOTS_JOB = 'missed-slots'

/**
 * How long after its time a slot without a published post is told of as missed: the publisher
 * publishes a post due at the slot's time within seconds, so a slot is never called missed while its
 * post is on its way.
 */
export const MISSED_GRACE_MS = 15 * 60_000

/** Slots told of per run (one transaction); a full batch runs again at once. */
const BATCH = 200

/**
 * Writes `slot.missed` (the event catalogue, src/shared/api/events.ts) once for each slot whose time
 * passed MISSED_GRACE_MS ago without a published post. A slot's status stays derived when read
 * (shared/rules/slots.ts slotStatus); this only tells the event stream, and marks the slot
 * (`missed_at`) in the same transaction, so it is told once whichever process runs the job. Slots are
 * taken FOR UPDATE SKIP LOCKED: two processes tell disjoint slots, and a slot being edited is left for
 * the next run.
 */
export function missedSlotsJob(deps: { db: Database; clock: Clock; intervalMs: number }): JobKind {
  const { db, clock } = deps
  return {
    name: MISSED_SLOTS_JOB,
    intervalMs: deps.intervalMs,
    async run() {
      return db.transaction(async (tx) => {
        const now = clock.now()
        const due = await tx
          .select({ id: assignedSlots.id, organizationId: assignedSlots.organizationId, assigneeId: assignedSlots.assigneeId, time: assignedSlots.time })
          .from(assignedSlots)
          .where(
            and(
              isNull(assignedSlots.missedAt),
              lt(assignedSlots.time, new Date(now.getTime() - MISSED_GRACE_MS)),
              slotIsNotDone()
            )
          )
          .orderBy(asc(assignedSlots.time), asc(assignedSlots.id))
          .limit(BATCH)
          .for('update', { skipLocked: true })
        if (due.length === 0) return false
        await tx
          .update(assignedSlots)
          .set({ missedAt: now })
          .where(
            inArray(
              assignedSlots.id,
              due.map((slot) => slot.id)
            )
          )
        await recordEvents(
          tx,
          now,
          due.map((slot) => ({
            organizationId: slot.organizationId,
            name: 'slot.missed' as const,
            payload: { slotId: slot.id, assigneeId: slot.assigneeId, startAt: slot.time.toISOString() },
            actor: { type: 'system' as const }
          }))
        )
        return due.length === BATCH
      })
    }
  }
}
