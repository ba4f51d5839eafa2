import { and, eq, ne } from 'drizzle-orm'
import type { User } from '../../../shared/domain'
import { users } from '../../db/schema'
import { conflict, isUniqueViolation } from '../../errors'
import type { AuthSession } from '../sessions'
import type { UserDeps } from './types'
import { viewUser } from './viewUser'

/* The user's email, 409 when another account has it (docs/architecture.md, "Notifications and `GET /user`"). */

const EMAIL_IN_USE_MESSAGE = 'That email is already in use.'

export async function updateEmail(deps: Pick<UserDeps, 'db' | 'clock' | 'supportChatSecret'>, session: AuthSession, email: string): Promise<User> {
  const { db, clock } = deps
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, session.userId)))
    .limit(1)
  if (taken) throw conflict(EMAIL_IN_USE_MESSAGE, { email: EMAIL_IN_USE_MESSAGE })
  try {
    await db.update(users).set({ email, updatedAt: clock.now() }).where(eq(users.id, session.userId))
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_IN_USE_MESSAGE, { email: EMAIL_IN_USE_MESSAGE })
    throw err
  }
  return viewUser(deps, { ...session, email })
}
