import { createHash } from 'node:crypto'
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { organizationSso, organizationSsoDomains, sessions, users } from '../db/schema'
import { planById, type SubscriptionRow } from './subscriptions'

/*
 * When single sign-on Required holds (issue 17) and what starting to hold does to password sessions.
 * It sits below both the SSO service and billing: a subscription change can make Required apply
 * again, and billing must not import the SSO service (nor the SSO service billing).
 *
 * Required applies while the organization's plan includes SSO. Password sessions of its verified
 * domains' users end whenever Required starts to apply: an admin switches it on, a domain is
 * verified while it is on, or the plan includes SSO again after a lapse (a renewal, a payment after
 * 'unpaid', a move back to Enterprise) — while the plan had lapsed, a password was allowed, and the
 * session it opened would otherwise outlive the renewal.
 *
 * Decision: the sessions are ended when Required starts to apply, in the same transaction as the
 * change, not refused where a session is resolved. The session look-up (sessions.ts) and GET /user
 * are the hot paths (docs/decisions/0001): refusing there would join the user's email domain to every
 * organization's verified domains, provider and subscription on every request. A plan only ever
 * starts to include SSO through a write of its subscription row (time passing can only end it: an
 * endsAt that passes), so every such moment passes through a transaction that can end them.
 *
 * Ending them there is only sound if no password session can be written after that transaction's
 * DELETE while its sign-in saw Required off: a sign-in checks Required before it checks the password
 * and writes its session after, and a switch-on committing in between would leave that session
 * open. So both sides meet on one lock per email domain (a transaction-scoped advisory lock: the
 * domain may have no row to lock yet, and the user need not be a member of the organization):
 * - the change takes it exclusively for each verified domain of the organization before it ends the
 *   sessions (endPasswordSessions), and holds it until it commits;
 * - a password session is written in a transaction that first takes it shared for the user's email
 *   domain, then reads Required, then inserts (sessions.ts `beforePasswordSession`,
 *   sso/requiringOrganization.ts refusePasswordSession).
 * Whichever takes the lock first, the other sees it committed: the sign-in reads Required on and is
 * refused, or the change's DELETE (a statement started after the lock, so with a fresh snapshot under
 * READ COMMITTED) sees the new session and ends it. On PGlite transactions run one at a time anyway.
 */

/** First key of the two-key advisory locks on email domains (the second is the domain's hash). Arbitrary, unused elsewhere. */
const EMAIL_DOMAIN_LOCK_SPACE = 4_680_017

/** An email domain's advisory lock key: 32 bits of its SHA-256 (two domains sharing one only wait for each other). */
function emailDomainLockKey(domain: string): number {
  return createHash('sha256').update(domain.toLowerCase()).digest().readInt32BE(0)
}

/**
 * Held until the transaction ends: 'exclusive' by a change that makes Required apply to `domains`
 * (taken in key order, so two changes never wait for each other crosswise), 'shared' by a sign-in
 * writing a password session for an email of the domain.
 */
export async function lockEmailDomains(tx: Executor, domains: readonly string[], mode: 'shared' | 'exclusive'): Promise<void> {
  const keys = [...new Set(domains.map(emailDomainLockKey))].sort((a, b) => a - b)
  for (const key of keys) {
    await tx.execute(
      mode === 'shared'
        ? sql`select pg_advisory_xact_lock_shared(${EMAIL_DOMAIN_LOCK_SPACE}::int, ${key}::int)`
        : sql`select pg_advisory_xact_lock(${EMAIL_DOMAIN_LOCK_SPACE}::int, ${key}::int)`
    )
  }
}

/** Whether the subscription includes SSO at `now`: a plan with `sso` that is paid (active, past_due) or cancelled until its end. A trial does not. */
export function planIncludesSso(row: SubscriptionRow | null, now: Date): boolean {
  if (!row || !planById(row.productId)?.sso) return false
  if (row.endsAt && row.endsAt.getTime() < now.getTime()) return false
  return row.status === 'active' || row.status === 'past_due' || ((row.status === 'canceled' || row.status === 'cancelled') && row.endsAt !== null)
}

/**
 * Ends the password sessions of the users of the organization's verified domains: they sign in again
 * through the provider. `keep` is the session making the change, when a person makes it (an admin is
 * not signed out mid-change, as a password change keeps its own session). Returns how many ended.
 */
export async function endPasswordSessions(tx: Executor, organizationId: string, keep: string | null): Promise<number> {
  // Sign-ins of these domains that are writing a password session finish first (and are ended below), later ones see Required.
  const verified = await tx
    .select({ domain: organizationSsoDomains.domain })
    .from(organizationSsoDomains)
    .where(and(eq(organizationSsoDomains.organizationId, organizationId), isNotNull(organizationSsoDomains.verifiedAt)))
  await lockEmailDomains(tx, verified.map((d) => d.domain), 'exclusive')
  const domainUsers = tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(
      organizationSsoDomains,
      and(
        eq(organizationSsoDomains.organizationId, organizationId),
        isNotNull(organizationSsoDomains.verifiedAt),
        sql`right(lower(${users.email}), length(${organizationSsoDomains.domain}) + 1) = '@' || ${organizationSsoDomains.domain}`
      )
    )
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.method, 'password'), inArray(sessions.userId, domainUsers), keep === null ? undefined : ne(sessions.tokenHash, keep)))
    .returning({ tokenHash: sessions.tokenHash })
  return ended.length
}

/**
 * A subscription row changed from `was` to `now` at `at` (the caller holds the organization lock,
 * in the change's transaction): when the plan includes SSO again and the organization requires it,
 * the password sessions of its domains end. Returns how many ended (0 when Required does not start
 * to apply).
 */
export async function endPasswordSessionsWhenSsoRequiredAgain(
  tx: Executor,
  was: SubscriptionRow,
  now: SubscriptionRow,
  at: Date,
  keep: string | null = null
): Promise<number> {
  if (planIncludesSso(was, at) || !planIncludesSso(now, at)) return 0
  const [provider] = await tx.select({ required: organizationSso.required }).from(organizationSso).where(eq(organizationSso.organizationId, now.organizationId))
  if (!provider?.required) return 0
  return endPasswordSessions(tx, now.organizationId, keep)
}
