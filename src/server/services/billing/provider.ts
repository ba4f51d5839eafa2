import { MESSAGES } from '../../../shared/api/messages'
import { linkTo, type LinkQuery } from '../../../shared/routes'
import { organizationOfPortalToken } from '../../adapters/billing/builtin'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { ApiError } from '../../errors'

/*
 * Talking to the billing provider: this service owns the subscription row and every transaction,
 * a provider (adapters/billing/billing.ts) only talks to the outside (docs/architecture.md, "Billing and plans").
 */

/** Where the provider sends the admin back: Settings → Billing, with the checkout's outcome when given. */
export const returnUrl = (baseUrl: string, query?: LinkQuery) => `${baseUrl}${linkTo('billingSettings', query)}`

/** Calls the provider; its failure is a 502 that rolls the surrounding transaction back. */
export async function callProvider<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    if (err instanceof ApiError) throw err
    throw new ApiError(502, 'bad_gateway', MESSAGES.billingProviderFailed)
  }
}

/** The organization of a live built-in portal token; null when it is unknown or expired. */
export async function portalOrganization(db: Database, clock: Clock, token: unknown): Promise<string | null> {
  return organizationOfPortalToken(db, token, clock.now())
}
