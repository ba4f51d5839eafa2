import {
  ArrowRepeatAll24Regular,
  Board24Regular,
  CalendarLtr24Regular,
  ChartMultiple24Regular,
  ChatMultiple24Regular,
  DocumentEdit24Regular,
  HatGraduation24Regular,
  PeopleTeam24Regular,
  Settings24Regular,
  type FluentIcon
} from '@fluentui/react-icons'
import type { EntitlementKey } from '@shared/domain'
import { isEntitled } from '@shared/rules'
import { NAVIGATION_NEEDS_ENTITLEMENTS, ROUTE_LIST, findRoute, navigationEntries, type NavigationEntry, type NavigationPath } from '@shared/routes'
import { useEntitlements } from '@renderer/api/entitlements'

/**
 * Each navigation entry's icon, keyed by the registry's paths (src/shared/routes.ts): TypeScript
 * refuses an entry without an icon and an icon without an entry.
 */
export const NAVIGATION_ICONS = {
  '/dashboard': Board24Regular,
  '/content/write-post': DocumentEdit24Regular,
  '/recommended': ArrowRepeatAll24Regular,
  '/collaborate': ChatMultiple24Regular,
  '/schedule': CalendarLtr24Regular,
  '/team': PeopleTeam24Regular,
  '/analytics': ChartMultiple24Regular,
  '/academy/insights': HatGraduation24Regular,
  '/settings': Settings24Regular
} satisfies Record<NavigationPath, FluentIcon>

/**
 * The route entries of one section of the left navigation and the mobile menu. Entries needing an
 * entitlement stay hidden until the organization's entitlements say it holds them.
 */
export function useNavigationEntries(section: NavigationEntry['section']) {
  const entitlements = useEntitlements({ enabled: NAVIGATION_NEEDS_ENTITLEMENTS })
  const holds = (key: EntitlementKey) => entitlements.isSuccess && isEntitled(entitlements.data, key)
  return navigationEntries(ROUTE_LIST, section, holds).map((route) => ({ path: route.path, nav: route.nav, icon: NAVIGATION_ICONS[route.path] }))
}

/**
 * Whether the organization's plan includes the screen at `routePath` (a registry path): 'included'
 * for screens that need no entitlement, 'checking' while the entitlements load (the screen waits, so
 * it asks its server for nothing the plan refuses — a 402 would lead to the subscription page), and
 * 'included' too when they cannot be read (the server still refuses what the plan lacks).
 */
export function useScreenInPlan(routePath: string): 'included' | 'checking' | 'notIncluded' {
  const route = findRoute(routePath)
  const entitlement: EntitlementKey | undefined = route && 'entitlement' in route ? route.entitlement : undefined
  const entitlements = useEntitlements({ enabled: entitlement !== undefined })
  if (entitlement === undefined || entitlements.isError) return 'included'
  if (!entitlements.isSuccess) return 'checking'
  return isEntitled(entitlements.data, entitlement) ? 'included' : 'notIncluded'
}
