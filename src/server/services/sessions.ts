import { createHash, randomBytes } from 'node:crypto'
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm'
import type { Role } from '../../shared/domain'
import { DAY_MS } from '../../shared/constants'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { memberships, organizations, sessions, users } from '../db/schema'

const SESSION_TTL_MS = 30 * DAY_MS
/** A session used again more than this long after its expiry was last set gets a fresh 30 days. */
const SESSION_REFRESH_AFTER_MS = DAY_MS
/** The signed-in user of a request, with the session's current organization when still valid. */
export interface AuthSession {
  tokenHash: string
  userId: string
  email: string
  expiresAt: Date
  /**
   * How it was opened: a password (sign-up, sign-in, joining) or single sign-on (issue 17: Required
   * SSO lets only the latter in). Always set on a resolved session; sessions made up by tests may
   * leave it out, which counts as a password.
   */
  method?: SessionMethod
  /**
   * The session's current organization, always one where the user has an ACTIVE membership. When
   * the stored one no longer qualifies (the member was removed), the session loses it and falls
   * back to the user's default organization (see defaultOrganizationFor); null when the user has
   * no ACTIVE organization at all (onboarding).
   */
  organization: SessionOrganization | null
}

/** A session inside an organization: what every organization endpoint and use case works with. */
export interface OrganizationSession extends AuthSession {
  organization: NonNullable<AuthSession['organization']>
}

type SessionMethod = 'password' | 'sso'

interface SessionOrganization {
  id: string
  organizationWorkOSId: string
  role: Role
}

/**
 * Where a session without a valid organization lands: the organization the user last worked in
 * if still an ACTIVE member there, else the oldest ACTIVE membership; null when there is none.
 */
export async function defaultOrganizationFor(db: Executor, userId: string): Promise<SessionOrganization | null> {
  const rows = await db
    .select({
      id: organizations.id,
      organizationWorkOSId: organizations.organizationWorkOSId,
      role: memberships.role,
      last: users.lastOrganizationId
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'ACTIVE')))
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
  const pick = rows.find((r) => r.id === r.last) ?? rows[0]
  return pick ? { id: pick.id, organizationWorkOSId: pick.organizationWorkOSId, role: pick.role } : null
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export interface SessionService {
  /**
   * Starts a session opened by `method` (default a password); returns the cookie token (only its hash
   * is stored). A password session may be refused (options.beforePasswordSession throws): nothing is written.
   */
  create(userId: string, organizationId: string | null, method?: SessionMethod): Promise<{ token: string; expiresAt: Date }>
  /** The live session of a cookie token, or null when unknown or expired. */
  resolve(token: string | undefined): Promise<AuthSession | null>
  /** Extends an active session to a fresh 30 days; returns the new expiry, or null when it was fresh enough. */
  refresh(session: AuthSession): Promise<Date | null>
  setOrganization(tokenHash: string, organizationId: string | null): Promise<void>
  /** Where a new sign-in starts (see the function of the same name). */
  defaultOrganizationFor(userId: string): Promise<SessionOrganization | null>
  destroy(tokenHash: string): Promise<void>
  /** Ends the user's sessions: all of them, or all but the one whose hash is `except`. Returns how many ended. */
  destroyAllForUser(userId: string, options?: { except?: string }): Promise<number>
}

export interface SessionServiceOptions {
  /**
   * Runs first in the transaction that writes a password session, and refuses it by throwing: single
   * sign-on Required is read there, under its lock, not only before the password was checked
   * (ssoRequired.ts, sso/requiringOrganization.ts refusePasswordSession).
   */
  beforePasswordSession?: (tx: Executor, userId: string) => Promise<void>
}

/**
 * A session is read from the database on every request, by one prepared statement that also reads
 * its membership: who the session is, its organization and its role are never served from memory, so
 * a member removed or demoted through any server process is refused by every other one from the
 * moment the change committed (docs/decisions/0001-authority-from-the-database.md).
 */
export function createSessionService(db: Database, clock: Clock, options: SessionServiceOptions = {}): SessionService {
  const byToken = db
    .select({
      userId: sessions.userId,
      email: users.email,
      expiresAt: sessions.expiresAt,
      method: sessions.method,
      storedOrganizationId: sessions.organizationId,
      organizationId: organizations.id,
      organizationWorkOSId: organizations.organizationWorkOSId,
      role: memberships.role
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      memberships,
      and(eq(memberships.organizationId, sessions.organizationId), eq(memberships.userId, sessions.userId), eq(memberships.status, 'ACTIVE'))
    )
    .leftJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('pagecrew_session_by_token')

  return {
    async create(userId, organizationId, method = 'password') {
      const token = randomBytes(32).toString('base64url')
      const now = clock.now()
      const expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
      await db.transaction(async (tx) => {
        if (method === 'password') await options.beforePasswordSession?.(tx, userId)
        // Housekeeping: a sign-in is a good moment to drop this user's expired sessions.
        await tx.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)))
        await tx.insert(sessions).values({ tokenHash: hashToken(token), userId, organizationId, method, createdAt: now, expiresAt })
      })
      return { token, expiresAt }
    },

    async resolve(token) {
      // A 256-bit base64url token is 43 characters; anything else cannot be one of ours.
      if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null
      const tokenHash = hashToken(token)
      const [row] = await byToken.execute({ tokenHash })
      if (!row || row.expiresAt.getTime() <= clock.now().getTime()) return null
      let organization: SessionOrganization | null =
        row.organizationId && row.organizationWorkOSId && row.role
          ? { id: row.organizationId, organizationWorkOSId: row.organizationWorkOSId, role: row.role }
          : null
      if (!organization) {
        // Never the lost organization again: another ACTIVE one, or none (onboarding).
        organization = await defaultOrganizationFor(db, row.userId)
        if (organization || row.storedOrganizationId) {
          await db.update(sessions).set({ organizationId: organization?.id ?? null }).where(eq(sessions.tokenHash, tokenHash))
        }
      }
      return { tokenHash, userId: row.userId, email: row.email, expiresAt: row.expiresAt, method: row.method, organization }
    },

    async refresh(session) {
      const now = clock.now().getTime()
      if (session.expiresAt.getTime() - now > SESSION_TTL_MS - SESSION_REFRESH_AFTER_MS) return null
      const expiresAt = new Date(now + SESSION_TTL_MS)
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, session.tokenHash))
      return expiresAt
    },

    async setOrganization(tokenHash, organizationId) {
      await db.update(sessions).set({ organizationId }).where(eq(sessions.tokenHash, tokenHash))
    },

    defaultOrganizationFor: (userId) => defaultOrganizationFor(db, userId),

    async destroy(tokenHash) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash))
    },

    async destroyAllForUser(userId, options = {}) {
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), options.except ? ne(sessions.tokenHash, options.except) : undefined))
        .returning({ tokenHash: sessions.tokenHash })
      return ended.length
    }
  }
}
