import { and, eq } from 'drizzle-orm'
import type { User } from '../../../shared/domain'
import { memberships } from '../../db/schema'
import { noOrganization } from '../../errors'
import type { AuthSession } from '../sessions'
import type { UserDeps } from './types'
import { viewUser } from './viewUser'

/* Marking the current organization's guideline read or unread (docs/architecture.md, "Notifications and `GET /user`"). */

export async function setGuidelineRead(deps: Pick<UserDeps, 'db' | 'clock' | 'supportChatSecret'>, session: AuthSession, read: boolean): Promise<User> {
  const { db, clock } = deps
  // Per membership: the guideline is the current organization's; reading one company's does not read another's.
  const organizationId = session.organization?.id
  if (!organizationId) throw noOrganization()
  await db
    .update(memberships)
    .set({ guidelineReadAt: read ? clock.now() : null })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, session.userId)))
  return viewUser(deps, session)
}
