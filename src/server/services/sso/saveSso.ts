import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { SSO_MESSAGES, type SsoSettings } from '../../../shared/domain/sso'
import type { Executor } from '../../db/client'
import { organizationSso, organizationSsoDomains } from '../../db/schema'
import { badRequest, conflict, isUniqueViolation } from '../../errors'
import { lockOrganization } from '../access'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { endPasswordSessions } from '../ssoRequired'
import { markVerified } from './domains'
import { allowedScheme, clientSecretOf, discoverProvider, secretContext } from './provider'
import { requireSsoPlan, settingsView } from './settingsView'
import type { SaveSsoInput, SsoContext } from './types'

/*
 * PUT /organization/sso: the provider, checked by discovery before anything is stored, its
 * domains and Required, with their audit entries; switching Required on ends the domains'
 * password sessions (docs/architecture.md, "Single sign-on").
 */

export async function saveSso(ctx: SsoContext, session: OrganizationSession, input: SaveSsoInput, serverUrl: string): Promise<SsoSettings> {
  const { db, clock, config, cipher, log } = ctx
  await requireSsoPlan(ctx, session)
  const organizationId = session.organization.id
  const issuerUrl = input.issuerUrl.replace(/\/+$/, '')
  let issuer: URL
  try {
    issuer = new URL(issuerUrl)
  } catch {
    throw badRequest(SSO_MESSAGES.issuerInvalid, { issuerUrl: SSO_MESSAGES.issuerInvalid })
  }
  if (!allowedScheme(config, issuer) || issuer.username || issuer.password) {
    throw badRequest(SSO_MESSAGES.issuerInvalid, { issuerUrl: SSO_MESSAGES.issuerInvalid })
  }
  const [existing] = await db.select().from(organizationSso).where(eq(organizationSso.organizationId, organizationId))
  const secret = input.clientSecret ?? (existing ? clientSecretOf(ctx, existing) : null)
  if (secret === null) throw badRequest(SSO_MESSAGES.clientSecretMissing, { clientSecret: SSO_MESSAGES.clientSecretMissing })
  try {
    await discoverProvider(ctx, issuerUrl, input.clientId, secret)
  } catch (err) {
    log(`SSO discovery failed for ${issuerUrl}: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`)
    throw badRequest(SSO_MESSAGES.discoveryFailed, { issuerUrl: SSO_MESSAGES.discoveryFailed })
  }
  const domains = [...new Set(input.domains)]
  try {
    await db.transaction(async (tx) => {
      await lockOrganization(tx, organizationId)
      const now = clock.now()
      const before = await settingsView(ctx, tx, organizationId, serverUrl)
      const values = {
        issuerUrl,
        clientId: input.clientId,
        clientSecretEncrypted: cipher.encrypt(secret, secretContext(organizationId)),
        required: input.required,
        updatedAt: now
      }
      await tx
        .insert(organizationSso)
        .values({ organizationId, ...values, createdAt: now })
        .onConflictDoUpdate({ target: organizationSso.organizationId, set: values })
      await replaceDomains(ctx, tx, session, before, domains, now)
      const after = await settingsView(ctx, tx, organizationId, serverUrl)
      if (input.required && !after.domains.some((d) => d.verified)) {
        throw badRequest(SSO_MESSAGES.requiredNeedsDomain, { required: SSO_MESSAGES.requiredNeedsDomain })
      }
      const summary = (s: SsoSettings) => ({ issuerUrl: s.issuerUrl, clientId: s.clientId, required: s.required })
      const secretChanged = input.clientSecret !== undefined && existing !== undefined
      // Required takes the domains' passwords out of use: the sessions they opened end too.
      const sessionsEnded = after.required ? await endPasswordSessions(tx, organizationId, session.tokenHash) : 0
      const switchedOn = after.required && !before.required
      await record(tx, {
        organizationId,
        at: now,
        actor: sessionActor(session),
        action: existing ? 'sso.updated' : 'sso.configured',
        target: { type: 'sso', id: null, label: issuerUrl },
        before: existing ? summary(before) : null,
        // The secret itself never goes into the log: only that it changed.
        after: {
          ...summary(after),
          ...(secretChanged ? { clientSecret: 'changed' } : {}),
          ...(switchedOn || sessionsEnded > 0 ? { passwordSessionsEnded: sessionsEnded } : {})
        }
      })
    })
  } catch (err) {
    if (isUniqueViolation(err, 'organization_sso_domains_verified_unique')) {
      throw conflict(SSO_MESSAGES.domainTaken, { domains: SSO_MESSAGES.domainTaken })
    }
    throw err
  }
  return settingsView(ctx, db, organizationId, serverUrl)
}

/** The saved domains become `domains`: those left out go, new ones get a token (verified at once when the proof is skipped). */
async function replaceDomains(
  ctx: Pick<SsoContext, 'clock' | 'config'>,
  tx: Executor,
  session: OrganizationSession,
  before: SsoSettings,
  domains: readonly string[],
  now: Date
): Promise<void> {
  const { clock, config } = ctx
  const organizationId = session.organization.id
  const kept = new Set(before.domains.map((d) => d.domain))
  for (const gone of before.domains.filter((d) => !domains.includes(d.domain))) {
    await tx
      .delete(organizationSsoDomains)
      .where(and(eq(organizationSsoDomains.organizationId, organizationId), eq(organizationSsoDomains.domain, gone.domain)))
    await record(tx, {
      organizationId,
      at: now,
      actor: sessionActor(session),
      action: 'sso.domain_removed',
      target: { type: 'sso_domain', id: null, label: gone.domain },
      before: { domain: gone.domain, verified: gone.verified }
    })
  }
  for (const domain of domains.filter((d) => !kept.has(d))) {
    await tx.insert(organizationSsoDomains).values({
      id: randomUUID(),
      organizationId,
      domain,
      verificationToken: randomBytes(18).toString('base64url'),
      createdAt: now
    })
    if (config.ssoSkipDomainProof) await markVerified(clock, tx, organizationId, domain)
    await record(tx, {
      organizationId,
      at: now,
      actor: sessionActor(session),
      action: 'sso.domain_added',
      target: { type: 'sso_domain', id: null, label: domain },
      after: { domain, verified: config.ssoSkipDomainProof }
    })
  }
}
