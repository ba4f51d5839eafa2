import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { users } from '../../db/schema'
import { badRequest } from '../../errors'
import { checkedTimeZone, storedTimeZone, UNKNOWN_TIME_ZONE } from '../analytics'

/* The time zone a month is cut in (docs/architecture.md, "Team effort, nudges and the dashboard"). */

/** The time zone periods are cut in: the one asked for (400 as Analytics does when it is no IANA name Intl knows), else the user's, else UTC. */
export async function viewerTimeZone(executor: Executor, userId: string, requested: string | undefined): Promise<string> {
  if (requested !== undefined) {
    const checked = checkedTimeZone(requested)
    if (!checked) throw badRequest(UNKNOWN_TIME_ZONE, { timezone: UNKNOWN_TIME_ZONE })
    return checked
  }
  const [row] = await executor.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId))
  return storedTimeZone(row?.timezone)
}
