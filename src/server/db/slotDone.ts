import { sql, type SQL } from 'drizzle-orm'
import { assignedSlots, posts } from './schema'

/*
 * A slot is DONE exactly when a post linked to it is PUBLISHED (the spec's rule, shared/rules/slots.ts
 * `slotStatus`). These are that rule as a condition on an `assigned_slots` row, for the statements that
 * filter or count by it: the missed-slot job, the dashboard, team effort and the weekly chat nudge.
 * services/slotView.ts reads the same rule through its `slot_post` join.
 */

export const slotIsDone = (): SQL => sql`exists (select 1 from ${posts} where ${posts.slotId} = ${assignedSlots.id} and ${posts.status} = 'PUBLISHED')`

export const slotIsNotDone = (): SQL => sql`not ${slotIsDone()}`
