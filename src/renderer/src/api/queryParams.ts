import type { z } from 'zod'
import type { scheduleFilterSchema } from '@shared/api/contract'

/*
 * The parameters query keys are made of (queryKeys.ts) and the hooks take: types only, beneath both,
 * so the key factories need no api module and none of them a circle back.
 */

/** POST /postTag's filter: a team's members' tags, or some users'. */
export interface PostTagFilter {
  /** Tags of this team's members. */
  teamId?: string | null
  /** Tags assigned to any of these users. */
  memberIds?: string[] | null
}

export type ScheduleFilters = z.infer<typeof scheduleFilterSchema>

/** An instant range [from, to) as ISO strings. */
export interface InstantRange {
  from: string
  to: string
}

/** The days a tag query covers, as 'yyyy-MM-dd' (the slot date window). */
export interface TagRange {
  startDate: string
  endDate: string
}
