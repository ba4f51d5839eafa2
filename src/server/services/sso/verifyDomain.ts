import { and, eq } from 'drizzle-orm'
import { SSO_MESSAGES, ssoTxtRecordName, ssoTxtRecordValue, type SsoSettings } from '../../../shared/domain/sso'
import { organizationSso, organizationSsoDomains } from '../../db/schema'
import { badRequest, conflict, isUniqueViolation } from '../../errors'
import { lockOrganization } from '../access'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { endPasswordSessions } from '../ssoRequired'
import { markVerified } from './domains'
import { requireSsoPlan, settingsView } from './settingsView'
import type { SsoContext } from './types'

/*
 * POST /organization/sso/verify-domain: the TXT record `_pagecrew.<domain>` proves the domain
 * (unless the server skips the proof); verifying while Required is on ends the domain's password
 * sessions (docs/architecture.md, "Single sign-on").
 */

export async function verifyDomain(
  ctx: Pick<SsoContext, 'db' | 'clock' | 'config' | 'resolveTxt' | 'log'>,
  session: OrganizationSession,
  domain: string,
  serverUrl: string
): Promise<SsoSettings> {
  const { db, clock, config, resolveTxt, log } = ctx
  await requireSsoPlan(ctx, session)
  const organizationId = session.organization.id
  const [row] = await db
    .select()
    .from(organizationSsoDomains)
    .where(and(eq(organizationSsoDomains.organizationId, organizationId), eq(organizationSsoDomains.domain, domain)))
  if (!row) throw badRequest(SSO_MESSAGES.domainUnknown, { domain: SSO_MESSAGES.domainUnknown })
  if (row.verifiedAt) return settingsView(ctx, db, organizationId, serverUrl)
  const name = ssoTxtRecordName(domain)
  const expected = ssoTxtRecordValue(row.verificationToken)
  if (!config.ssoSkipDomainProof) {
    let records: string[][] = []
    try {
      records = await resolveTxt(name)
    } catch (err) {
      // ENOTFOUND / ENODATA: no such record yet, answered like a record with another value.
      log(`SSO domain proof lookup of ${name}: ${err instanceof Error ? err.message : String(err)}`)
    }
    // A TXT record may arrive in several strings of up to 255 characters: joined, they are the value.
    if (!records.some((chunks) => chunks.join('').trim() === expected)) {
      const message = SSO_MESSAGES.domainNotProven(name, expected)
      throw badRequest(message, { domain: message })
    }
  }
  try {
    await db.transaction(async (tx) => {
      await lockOrganization(tx, organizationId)
      await markVerified(clock, tx, organizationId, domain)
      // Read under the lock: Required switched on or off meanwhile counts as it now stands.
      const [provider] = await tx.select({ required: organizationSso.required }).from(organizationSso).where(eq(organizationSso.organizationId, organizationId))
      const sessionsEnded = provider?.required ? await endPasswordSessions(tx, organizationId, session.tokenHash) : 0
      await record(tx, {
        organizationId,
        at: clock.now(),
        actor: sessionActor(session),
        action: 'sso.domain_verified',
        target: { type: 'sso_domain', id: row.id, label: domain },
        before: { verified: false },
        after: { verified: true, ...(sessionsEnded > 0 ? { passwordSessionsEnded: sessionsEnded } : {}) }
      })
    })
  } catch (err) {
    if (isUniqueViolation(err, 'organization_sso_domains_verified_unique')) {
      throw conflict(SSO_MESSAGES.domainTaken, { domain: SSO_MESSAGES.domainTaken })
    }
    throw err
  }
  return settingsView(ctx, db, organizationId, serverUrl)
}
