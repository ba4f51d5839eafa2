import { and, eq, isNotNull, ne } from 'drizzle-orm'
import { SSO_MESSAGES } from '../../../shared/domain/sso'
import type { Clock } from '../../clock'
import type { Executor } from '../../db/client'
import { organizations, organizationSso, organizationSsoDomains } from '../../db/schema'
import { conflict } from '../../errors'
import { includesSso } from './settingsView'

/* Email domains: verifying one, and the organization whose verified domain an email is of (docs/architecture.md, "Single sign-on"). */

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase()

/** Marks a domain verified; 409 when another organization verified it first. */
export async function markVerified(clock: Clock, tx: Executor, organizationId: string, domain: string) {
  const [taken] = await tx
    .select({ id: organizationSsoDomains.id })
    .from(organizationSsoDomains)
    .where(and(eq(organizationSsoDomains.domain, domain), isNotNull(organizationSsoDomains.verifiedAt), ne(organizationSsoDomains.organizationId, organizationId)))
    .limit(1)
  if (taken) throw conflict(SSO_MESSAGES.domainTaken, { domain: SSO_MESSAGES.domainTaken })
  await tx
    .update(organizationSsoDomains)
    .set({ verifiedAt: clock.now() })
    .where(and(eq(organizationSsoDomains.organizationId, organizationId), eq(organizationSsoDomains.domain, domain)))
}

/** The verified domain's organization with its provider, when its plan includes SSO (`db` may be an open transaction). */
export async function providerForEmail(ctx: { db: Executor; clock: Clock }, email: string) {
  const { db, clock } = ctx
  const [found] = await db
    .select({ organization: organizations, provider: organizationSso })
    .from(organizationSsoDomains)
    .innerJoin(organizationSso, eq(organizationSso.organizationId, organizationSsoDomains.organizationId))
    .innerJoin(organizations, eq(organizations.id, organizationSsoDomains.organizationId))
    .where(and(eq(organizationSsoDomains.domain, domainOf(email)), isNotNull(organizationSsoDomains.verifiedAt)))
    .limit(1)
  if (!found || !(await includesSso(clock, db, found.organization.id))) return null
  return found
}
