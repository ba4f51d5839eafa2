import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from './columns'
import { organizations } from './organizations'

/** Single sign-on (issue 17): an organization's identity provider, its domains and sign-ins under way. */

/**
 * An organization's OIDC identity provider (issue 17, Enterprise `sso`): discovery from the
 * issuer, the client's id and secret (AES-256-GCM like LinkedIn tokens), and whether members of its
 * domains must sign in through it.
 */
export const organizationSso = pgTable('organization_sso', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  issuerUrl: text('issuer_url').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretEncrypted: text('client_secret_encrypted').notNull(),
  required: boolean('required').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: instant('updated_at').notNull()
})

/**
 * The email domains an organization's SSO serves (issue 17). A domain counts once it is verified
 * (a DNS TXT record holding `verificationToken`, or the server's setting that skips the proof); a
 * verified domain belongs to one organization only (partial unique index).
 */
export const organizationSsoDomains = pgTable(
  'organization_sso_domains',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Lower-case, without a leading '@'. */
    domain: text('domain').notNull(),
    verificationToken: text('verification_token').notNull(),
    verifiedAt: instant('verified_at'),
    createdAt: createdAt()
  },
  (t) => [
    uniqueIndex('organization_sso_domains_org_domain_unique').on(t.organizationId, t.domain),
    uniqueIndex('organization_sso_domains_verified_unique').on(t.domain).where(sql`${t.verifiedAt} is not null`)
  ]
)

/** A single sign-on under way (issue 17): the state (hashed), PKCE verifier, nonce and where the provider returns. */
export const ssoAuthorizations = pgTable(
  'sso_authorizations',
  {
    /** SHA-256 (hex) of the state sent to the provider. */
    stateHash: text('state_hash').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    codeVerifierEncrypted: text('code_verifier_encrypted').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** The email typed on the sign-in page (the ID token's email must be of the same domain). */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull()
  },
  (t) => [index('sso_authorizations_expires_idx').on(t.expiresAt)]
)
