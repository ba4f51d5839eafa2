import { eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm'
import { recommendationAudience, recommendations, teamMembers } from '../../db/schema'

/* Which recommendations reach a user, and which are still open (docs/architecture.md, "Recommended posts": lists). */

/** The recommendation `userId` is in the audience of: everyone, their team, or them by name. */
export function addressedTo(userId: string): SQL {
  return or(
    eq(recommendations.audience, 'everyone'),
    sql`exists (select 1 from ${recommendationAudience} where ${recommendationAudience.recommendationId} = ${recommendations.id}
      and (${recommendationAudience.userId} = ${userId}
        or ${recommendationAudience.teamId} in (select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId})))`
  )!
}

/** Not ended at `now`. */
export const isOpen = (now: Date): SQL => or(isNull(recommendations.endsAt), gt(recommendations.endsAt, now))!
