import { randomUUID } from 'node:crypto'
import { hash, verify, type Options as Argon2Options } from '@node-rs/argon2'
import { and, eq, isNull } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { users } from '../../db/schema'
import { conflict, isUniqueViolation } from '../../errors'
import type { IdentityUser, PasswordIdentityProvider, SignInInput, SignUpInput } from './identity'

const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.'

interface PasswordIdentityOptions {
  db: Database
  clock: Clock
  /**
   * argon2id cost. The default is @node-rs/argon2's (argon2id, 19 MiB, 2 passes, 1 lane), which is
   * OWASP's recommended minimum. Tests may lower it.
   */
  argon2?: Pick<Argon2Options, 'memoryCost' | 'timeCost' | 'parallelism'>
}

/** The built-in identity provider: email + password, hashed with argon2id. */
export function createPasswordIdentity({ db, clock, argon2 = {} }: PasswordIdentityOptions): PasswordIdentityProvider {
  // A hash of a random password, verified when the email is unknown so that a wrong email takes as
  // long as a wrong password (no account enumeration through timing).
  let decoy: Promise<string> | null = null
  const decoyHash = () => (decoy ??= hash(randomUUID(), argon2))

  return {
    kind: 'password',

    async signUp(input: SignUpInput): Promise<IdentityUser> {
      const [existing] = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, input.email)).limit(1)
      if (existing?.passwordHash) throw conflict(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE })
      const passwordHash = await hash(input.password, argon2)
      const now = clock.now()
      if (existing) {
        // An invited email without an account yet: signing up claims it (its invitations still
        // need the join link to become ACTIVE).
        const claimed = await db
          .update(users)
          .set({ passwordHash, fullName: input.fullName, updatedAt: now })
          .where(and(eq(users.id, existing.id), isNull(users.passwordHash)))
          .returning({ id: users.id })
        if (claimed.length === 0) throw conflict(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE })
        return { id: existing.id, email: input.email, fullName: input.fullName }
      }
      const user = { id: randomUUID(), email: input.email, fullName: input.fullName }
      try {
        await db.insert(users).values({ ...user, passwordHash, createdAt: now, updatedAt: now })
      } catch (err) {
        // Two sign-ups racing for the same email.
        if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE })
        throw err
      }
      return user
    },

    async signIn(input: SignInInput): Promise<IdentityUser | null> {
      const [row] = await db
        .select({ id: users.id, email: users.email, fullName: users.fullName, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, input.email))
        .limit(1)
      if (!row?.passwordHash) {
        await verify(await decoyHash(), input.password).catch(() => false)
        return null
      }
      const ok = await verify(row.passwordHash, input.password).catch(() => false)
      return ok ? { id: row.id, email: row.email, fullName: row.fullName } : null
    },

    async setPassword(userId, password, fullName) {
      const passwordHash = await hash(password, argon2)
      await db.update(users).set({ passwordHash, fullName, updatedAt: clock.now() }).where(eq(users.id, userId))
    },

    async changePassword(userId, password) {
      const passwordHash = await hash(password, argon2)
      await db.update(users).set({ passwordHash, updatedAt: clock.now() }).where(eq(users.id, userId))
    },

    async verifyPassword(userId, password) {
      const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1)
      if (!row?.passwordHash) {
        await verify(await decoyHash(), password).catch(() => false)
        return false
      }
      return verify(row.passwordHash, password).catch(() => false)
    }
  }
}
