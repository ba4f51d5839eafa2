import { eq } from 'drizzle-orm'
import { SSO_MESSAGES, ssoTxtRecordName, ssoTxtRecordValue, type SsoSettings } from '../../../shared/domain/sso'
import { linkTo } from '../../../shared/routes'
import type { Clock } from '../../clock'
import type { Executor } from '../../db/client'
import { organizationSso, organizationSsoDomains } from '../../db/schema'
import { planLimit } from '../../errors'
import type { OrganizationSession } from '../sessions'
import { planIncludesSso } from '../ssoRequired'
import { findSubscription } from '../subscriptions'
import type { SsoContext } from './types'

/* The settings an admin sees, and whether the plan includes single sign-on (docs/architecture.md, "Single sign-on"). */

export async function includesSso(clock: Clock, executor: Executor, organizationId: string) {
  return planIncludesSso(await findSubscription(executor, organizationId), clock.now())
}

export async function settingsView(ctx: Pick<SsoContext, 'clock' | 'config'>, executor: Executor, organizationId: string, serverUrl: string): Promise<SsoSettings> {
  const [provider] = await executor.select().from(organizationSso).where(eq(organizationSso.organizationId, organizationId))
  const domains = await executor
    .select()
    .from(organizationSsoDomains)
    .where(eq(organizationSsoDomains.organizationId, organizationId))
    .orderBy(organizationSsoDomains.domain)
  return {
    available: await includesSso(ctx.clock, executor, organizationId),
    configured: provider !== undefined,
    issuerUrl: provider?.issuerUrl ?? null,
    clientId: provider?.clientId ?? null,
    hasClientSecret: provider !== undefined,
    required: provider?.required ?? false,
    domains: domains.map((d) => ({
      domain: d.domain,
      verified: d.verifiedAt !== null,
      verifiedAt: d.verifiedAt?.toISOString() ?? null,
      txtRecordName: ssoTxtRecordName(d.domain),
      txtRecordValue: ssoTxtRecordValue(d.verificationToken)
    })),
    redirectUri: new URL(linkTo('callback'), serverUrl).href,
    domainProofSkipped: ctx.config.ssoSkipDomainProof
  }
}

/** A plan that includes single sign-on (the endpoint's contract entry lets admins alone in): else 402. */
export async function requireSsoPlan(ctx: Pick<SsoContext, 'db' | 'clock'>, session: OrganizationSession) {
  if (!(await includesSso(ctx.clock, ctx.db, session.organization.id))) throw planLimit(SSO_MESSAGES.notInPlan)
}
