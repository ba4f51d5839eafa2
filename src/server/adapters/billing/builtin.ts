import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, lt } from 'drizzle-orm'
import { API_BASE } from '../../../shared/api/contract'
import type { Clock } from '../../clock'
import type { Database, Executor } from '../../db/client'
import { billingPortalTokens } from '../../db/schema'
import type { BillingProvider } from './billing'
import { linkTo } from '../../../shared/routes'

/** A built-in portal link works for one hour. */
export const PORTAL_TOKEN_TTL_MS = 60 * 60 * 1000
/** Where the built-in portal page lives, relative to the app's base address. */
const PORTAL_PATH = `${API_BASE}/billing/portal`
/** The renderer screen the providers send the browser back to, relative to the app's base address. */
const BILLING_RETURN_PATH = linkTo('billingSettings')

export const hashPortalToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A 256-bit base64url token is 43 characters; anything else cannot be one of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

/**
 * The app's base address from a return URL the billing service built as `${base}/settings/billing`
 * (base = PAGECREW_PUBLIC_URL, which may carry a path, or the address http/publicUrl.ts falls back to).
 */
export function baseFromReturnUrl(returnUrl: string): string {
  if (returnUrl.endsWith(BILLING_RETURN_PATH)) return returnUrl.slice(0, -BILLING_RETURN_PATH.length)
  return new URL(returnUrl).origin
}

/**
 * Built-in billing (DESIGN.md §4): nothing outside. Checkout completes at once (the billing
 * service applies the plan and writes the invoice), seat changes need nobody's approval (the
 * service writes the invoice), and the customer portal is Pagecrew's own page: a signed link
 * `${base}/api/billing/portal?token=…` valid for an hour, of which only the SHA-256 is stored.
 */
export function createBuiltinProvider(deps: { db: Database; clock: Clock }): BillingProvider {
  const { db, clock } = deps
  return {
    kind: 'builtin',
    async checkout() {
      return { kind: 'completed' }
    },
    async updateSeats() {
      // Nothing outside to tell: the subscription row is the record.
    },
    async portalUrl({ organizationId, returnUrl }) {
      const token = randomBytes(32).toString('base64url')
      const now = clock.now()
      // Housekeeping: the organization's expired links go when a new one is made.
      await db.delete(billingPortalTokens).where(and(eq(billingPortalTokens.organizationId, organizationId), lt(billingPortalTokens.expiresAt, now)))
      await db.insert(billingPortalTokens).values({
        tokenHash: hashPortalToken(token),
        organizationId,
        expiresAt: new Date(now.getTime() + PORTAL_TOKEN_TTL_MS),
        createdAt: now
      })
      return `${baseFromReturnUrl(returnUrl)}${PORTAL_PATH}?token=${token}`
    },
    pricingTable() {
      return null
    }
  }
}

/** The organization a live built-in portal token opens; null when unknown or expired. */
export async function organizationOfPortalToken(executor: Executor, token: unknown, now: Date): Promise<string | null> {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null
  const [row] = await executor
    .select({ organizationId: billingPortalTokens.organizationId })
    .from(billingPortalTokens)
    .where(and(eq(billingPortalTokens.tokenHash, hashPortalToken(token)), gt(billingPortalTokens.expiresAt, now)))
    .limit(1)
  return row?.organizationId ?? null
}
