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
import type { Entitlement, EntitlementKey } from '@shared/domain'
import { isEntitled } from '@shared/rules'
import { NAVIGATION_NEEDS_ENTITLEMENTS, ROUTE_LIST, findRoute, navigationEntries, type NavigationEntry, type NavigationPath } from '@shared/routes'
import { useEntitlements } from '@renderer/api/entitlements'

/**
 * Each navigation entry's icon, keyed by the registry's paths (src/shared/routes.ts): TypeScript
 * refuses an entry without an icon and an icon without an entry.
 */
const NAVIGATION_ICONS = {
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
  const holds = (key: EntitlementKey) => planStanding(key, entitlements) === 'included'
  return navigationEntries(ROUTE_LIST, section, holds).map((route) => ({ path: route.path, nav: route.nav, icon: NAVIGATION_ICONS[route.path] }))
}

/** The entitlements query as far as the plan's standing needs it (useEntitlements' result). */
interface EntitlementsRead {
  isSuccess: boolean
  isError: boolean
  data?: readonly Entitlement[]
}

/**
 * Where the organization's plan stands on what needs `entitlement`, the one rule the navigation and
 * the screens share: 'included' when nothing is needed or the plan holds it, 'notIncluded' when the
 * entitlements say it does not, 'checking' while they load and 'unread' when they cannot be read.
 */
export function planStanding(entitlement: EntitlementKey | undefined, entitlements: EntitlementsRead): 'included' | 'notIncluded' | 'checking' | 'unread' {
  if (entitlement === undefined) return 'included'
  if (entitlements.isError) return 'unread'
  if (!entitlements.isSuccess || !entitlements.data) return 'checking'
  return isEntitled(entitlements.data, entitlement) ? 'included' : 'notIncluded'
}

/**
 * Whether the organization's plan includes the screen at `routePath` (a registry path): 'included'
 * for screens that need no entitlement, 'checking' while the entitlements load (the screen waits, so
 * it asks its server for nothing the plan refuses — a 402 would lead to the subscription page), and
 * 'included' too when they cannot be read (the server still refuses what the plan lacks). The
 * navigation, by contrast, leaves an entry out until the entitlements say the plan holds it.
 */
export function useScreenInPlan(routePath: string): 'included' | 'checking' | 'notIncluded' {
  const route = findRoute(routePath)
  const entitlement: EntitlementKey | undefined = route && 'entitlement' in route ? route.entitlement : undefined
  const standing = planStanding(entitlement, useEntitlements({ enabled: entitlement !== undefined }))
  return standing === 'unread' ? 'included' : standing
}
