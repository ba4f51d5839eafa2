import { eq } from 'drizzle-orm'
import { planVersions } from '../../db/schema'
import type { OrganizationSession } from '../sessions'
import type { CacheTicket, CalendarQuery, ScheduleDeps } from './types'

/* What the calendar's answer may be kept under (docs/architecture.md, "Plan (assigned slots)"). */

export async function calendarTicket({ db, clock }: ScheduleDeps, session: OrganizationSession, query: CalendarQuery): Promise<CacheTicket | null> {
  if (query.status === 'OPEN' || query.status === 'MISSED') return null
  const now = clock.now().getTime()
  const [row] = await db.select({ version: planVersions.version }).from(planVersions).where(eq(planVersions.organizationId, session.organization.id))
  const key = JSON.stringify([
    session.organization.id,
    session.userId,
    session.organization.role,
    new Date(query.from).toISOString(),
    new Date(query.to).toISOString(),
    query.accountId ?? null,
    query.teamId ?? null,
    query.status ?? null,
    query.type ?? null
  ])
  return { key, version: String(row?.version ?? 0), now }
}
