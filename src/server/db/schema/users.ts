import { type AnyPgColumn, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from './columns'
import { organizations } from './organizations'

/** Users, their sessions and the throttle of failed password checks. */

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** Always stored trimmed and lower-case. */
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    image: text('image'),
    timezone: text('timezone'),
    /** argon2id PHC string; null for users who sign in through an outside identity provider. */
    passwordHash: text('password_hash'),
    /** The profile photo uploaded in Settings → Profile (under <uploads>/users), served at USER_PHOTO_PATH; `image` then points there. */
    photoFile: text('photo_file'),
    photoContentType: text('photo_content_type'),
    /** Changes with every upload, so the photo's address (`?v=`) changes and caches refetch it. */
    photoVersion: text('photo_version'),
    /** The organization the user last worked in; a new sign-in starts there. */
    lastOrganizationId: uuid('last_organization_id').references((): AnyPgColumn => organizations.id, {
      onDelete: 'set null'
    }),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)]
)

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the 256-bit cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session's current organization; null during onboarding. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** How the session was opened: a password (sign-up, sign-in, joining) or single sign-on. Required SSO ends and refuses 'password' ones. */
    method: text('method', { enum: ['password', 'sso'] }).notNull().default('password'),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull()
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)]
)

/**
 * Fixed-window counters of failed password checks (sign-in, joining with an existing account,
 * the current password of a credential change), shared by every server on the database so a
 * limit holds however many processes answer. Keys are hashed: no address or email is stored.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    /** SHA-256 (hex) of the counter's key, e.g. 'address|203.0.113.7' or 'address-email|203.0.113.7|a@b.c'. */
    keyHash: text('key_hash').primaryKey(),
    count: integer('count').notNull(),
    /** When this window ends; a hit after it starts a new window at 1. */
    resetAt: instant('reset_at').notNull()
  },
  (t) => [index('auth_throttle_reset_idx').on(t.resetAt)]
)
