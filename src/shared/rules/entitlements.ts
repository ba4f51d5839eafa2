import type { Entitlement, EntitlementKey } from '../domain'
import { ENTITLEMENT_KEYS } from '../domain'

/** Limit 0 means unlimited; otherwise entitled while the limit exceeds current usage (spec §4). */
export function isEntitled(entitlements: readonly Entitlement[], key: EntitlementKey): boolean {
  const entitlement = entitlements.find((e) => e.lookupKey === key)
  if (!entitlement) return false
  return entitlement.limit === 0 || entitlement.limit > entitlement.currentUsage
}

/** Whether the entitlement exists at all, whatever its usage (used by GHOST_ROLE and REVIEW_FLOW checks, spec §6). */
export function hasEntitlement(entitlements: readonly Entitlement[], key: EntitlementKey): boolean {
  return entitlements.some((e) => e.lookupKey === key)
}

/** Trial users are entitled to everything except ACADEMY, without limits (spec §4). */
export function trialEntitlementKeys(): EntitlementKey[] {
  return ENTITLEMENT_KEYS.filter((key) => key !== 'ACADEMY')
}
