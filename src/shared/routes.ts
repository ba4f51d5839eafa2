/**
 * The renderer's routes (spec §2), shared so main can allowlist deep-link targets. Screens that
 * are not built yet are not listed: a route appears here when its screen exists.
 */
export const PUBLIC_ROUTES = ['/login', '/signup', '/callback', '/join', '/validate-certification'] as const

export const APP_ROUTES = [
  '/dashboard',
  '/content/write-post',
  '/settings',
  '/settings/organization',
  '/signup/onboarding/company',
  '/subscription-expired'
] as const

export type AppRoute = (typeof APP_ROUTES)[number]

/** Paths a `pagecrew://open?path=` deep link may open. */
export const DEEP_LINK_PATHS: readonly string[] = ['/dashboard', '/content/write-post', '/settings', '/settings/organization']

export function isDeepLinkPath(path: string): boolean {
  return DEEP_LINK_PATHS.includes(path)
}
