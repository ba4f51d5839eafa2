import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from './columns'
import { users } from './users'

/** LinkedIn connections, connections under way, and the LinkedIn calls made per day. */

/**
 * A member's LinkedIn connection (issue 6): one per user, whatever the organization. Tokens are
 * encrypted at rest (AES-256-GCM, services/tokenCrypto.ts); a reconnect that brings no new refresh
 * token keeps the stored one.
 */
export const linkedInConnections = pgTable('linkedin_connections', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<'sandbox' | 'linkedin'>().notNull(),
  /** LinkedIn's member id (the `sub` of userinfo): the person author urn is urn:li:person:<id>. */
  linkedInMemberId: text('linked_in_member_id').notNull(),
  memberName: text('member_name'),
  scope: text('scope').notNull().default(''),
  accessTokenEncrypted: text('access_token_encrypted').notNull(),
  accessTokenExpiresAt: instant('access_token_expires_at').notNull(),
  refreshTokenEncrypted: text('refresh_token_encrypted'),
  refreshTokenExpiresAt: instant('refresh_token_expires_at'),
  connectedAt: instant('connected_at').notNull(),
  updatedAt: instant('updated_at').notNull()
})

/** A LinkedIn connection under way: the OAuth state, its PKCE verifier and where LinkedIn sends the code back. */
export const linkedInAuthorizations = pgTable(
  'linkedin_authorizations',
  {
    /** SHA-256 (hex) of the state sent to LinkedIn. */
    stateHash: text('state_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeVerifierEncrypted: text('code_verifier_encrypted').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull()
  },
  (t) => [index('linkedin_authorizations_user_idx').on(t.userId)]
)

/** LinkedIn calls made per connection (the author's user) per UTC day: the metrics job keeps within a daily budget. */
export const linkedInApiUsage = pgTable(
  'linkedin_api_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM-DD' (UTC). */
    day: text('day').notNull(),
    calls: integer('calls').notNull().default(0)
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })]
)
