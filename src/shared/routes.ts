import type { EntitlementKey } from './domain'

/**
 * The one route registry (DESIGN.md §7): every screen of spec §2 that exists, once. The renderer's
 * router, auth gate, navigation, page titles and path constants, and main's deep-link allowlist are
 * derived from it. A route appears here when its screen exists. A path may hold `:name` segments
 * (`/academy/course/:course/:lesson`): each matches one lower-case slug ([a-z0-9-]), nothing else.
 */

/**
 * public: no session check and no shell (/join works signed in or out: accepting signs in as the
 *   invitee; /validate-certification renders bare for anyone, spec §2).
 * guest: the sign-in screens; a valid session moves on to the app.
 * signed-in: behind the auth gate of spec §4.
 * No screen is admin-only: /settings/organization also serves team leaders (spec §6), and each
 * screen shows admins what only they may do.
 */
export type RouteAccess = 'public' | 'guest' | 'signed-in'

export interface NavigationEntry {
  label: string
  /** 'bottom' entries sit under Chat and Help center at the foot of the left navigation. */
  section: 'main' | 'bottom'
  /** Place in its section, as spec §2 lists it (gaps are the screens not built yet). */
  order: number
}

interface RouteCommon {
  path: `/${string}`
  /** The top bar's page title: from the first path segment (spec §2). */
  title: string
  /** Shown in the navigation only while the organization holds it. */
  entitlement?: EntitlementKey
}

/** Screens outside the app: never in the shell, never a deep link's target. */
interface OutsideRoute extends RouteCommon {
  access: 'public' | 'guest'
  shell: false
  deepLink: false
  nav?: never
}

interface SignedInRoute extends RouteCommon {
  access: 'signed-in'
  /** Inside the navigation shell (left navigation, top bar, banners) or bare. */
  shell: boolean
  /** Whether `pagecrew://open?path=` may open it. */
  deepLink: boolean
  nav?: NavigationEntry
}

/**
 * The page for an address no route has (`*`, the router's lowest-ranked match): public and bare, so
 * it answers signed in or out, and never a link's target. It matches no address in findRoute.
 */
interface NotFoundRoute extends Omit<RouteCommon, 'path'> {
  path: '*'
  access: 'public'
  shell: false
  deepLink: false
  nav?: never
}

type RouteDefinition = OutsideRoute | SignedInRoute | NotFoundRoute

/**
 * Deep links: every signed-in screen is a link's target except the transient ones, which only make
 * sense as a step of a flow the app itself drives (onboarding, the sign-in callback, the expired
 * subscription the app judges from the plan).
 */
export const ROUTES = {
  login: { path: '/login', title: 'Login', access: 'guest', shell: false, deepLink: false },
  signup: { path: '/signup', title: 'Signup', access: 'guest', shell: false, deepLink: false },
  // Transient: the auth gate sends a session without an organization here, and away once it has one.
  onboarding: { path: '/signup/onboarding/company', title: 'Signup', access: 'signed-in', shell: false, deepLink: false },
  // Transient: it completes a LinkedIn connection from the code and state the provider sent back;
  // a desktop link reaches it as pagecrew://callback, parsed on its own.
  // Public: single sign-on's answer arrives before there is a session (CallbackPage asks for one for LinkedIn's).
  callback: { path: '/callback', title: 'Callback', access: 'public', shell: false, deepLink: false },
  dashboard: {
    path: '/dashboard',
    title: 'Dashboard',
    access: 'signed-in',
    shell: true,
    deepLink: true,
    nav: { label: 'Dashboard', section: 'main', order: 1 }
  },
  writePost: {
    path: '/content/write-post',
    title: 'Content',
    access: 'signed-in',
    shell: true,
    deepLink: true,
    nav: { label: 'Create content', section: 'main', order: 2 }
  },
  collaborate: {
    path: '/collaborate',
    title: 'Collaborate',
    access: 'signed-in',
    shell: true,
    deepLink: true,
    nav: { label: 'Collaborate', section: 'main', order: 4 }
  },
  schedule: {
    path: '/schedule',
    title: 'Schedule',
    access: 'signed-in',
    shell: true,
    deepLink: true,
    nav: { label: 'Plan', section: 'main', order: 5 }
  },
  team: {
    path: '/team',
    title: 'Team',
    access: 'signed-in',
    shell: true,
    deepLink: true,
    nav: { label: 'Team effort', section: 'main', order: 6 }
  },
  analytics: {
    path: '/analytics',
    title: 'Analytics',
    access: 'signed-in',
    shell: true,
    deepLink: true,
    nav: { label: 'Analytics', section: 'main', order: 7 }
  },
  // Always in the navigation: without ACADEMY the Academy shows what it offers and opens the plan dialog (issue 15).
  academy: {
    path: '/academy/insights',
    title: 'Academy',
    access: 'signed-in',
    shell: true,
    deepLink: true,
    nav: { label: 'Academy', section: 'main', order: 8 }
  },
  academyLesson: { path: '/academy/course/:course/:lesson', title: 'Academy', access: 'signed-in', shell: true, deepLink: true },
  recommended: {
    path: '/recommended',
    title: 'Recommended posts',
    access: 'signed-in',
    shell: true,
    deepLink: true,
    entitlement: 'RECOMMEND_POST',
    nav: { label: 'Recommended posts', section: 'main', order: 3 }
  },
  // Reached from its banner, the Academy and Settings; the navigation keeps to spec §2's entries.
  guideline: { path: '/posting-guideline', title: 'Posting guideline', access: 'signed-in', shell: true, deepLink: true, entitlement: 'POLICY_PAGE' },
  settings: {
    path: '/settings',
    title: 'Settings',
    access: 'signed-in',
    shell: true,
    deepLink: true,
    // Third at the foot, after the Chat and Help center actions.
    nav: { label: 'Settings', section: 'bottom', order: 3 }
  },
  organizationSettings: { path: '/settings/organization', title: 'Settings', access: 'signed-in', shell: true, deepLink: true },
  billingSettings: { path: '/settings/billing', title: 'Settings', access: 'signed-in', shell: true, deepLink: true },
  // Each person's data, out and erased (issue 28): the export's ready notification links here.
  privacySettings: { path: '/settings/privacy', title: 'Settings', access: 'signed-in', shell: true, deepLink: true },
  billing: { path: '/billing', title: 'Billing', access: 'signed-in', shell: true, deepLink: true },
  // Transient: the shell sends an expired subscription (or a 402) here and the page sends a valid
  // one back to the dashboard, so a link to it would only ever bounce.
  subscriptionExpired: { path: '/subscription-expired', title: 'Subscription expired', access: 'signed-in', shell: true, deepLink: false },
  // An approve link (issue 28), from an approver's email or a Slack/Teams message: bare, behind
  // sign-in (which returns here); the token is single-use, so it is never a deep link.
  approveLink: { path: '/approve/:token', title: 'Approve', access: 'signed-in', shell: false, deepLink: false },
  join: { path: '/join', title: 'Join', access: 'public', shell: false, deepLink: false },
  validateCertification: { path: '/validate-certification', title: 'Validate certification', access: 'public', shell: false, deepLink: false },
  notFound: { path: '*', title: 'Page not found', access: 'public', shell: false, deepLink: false }
} as const satisfies Record<string, RouteDefinition>

type RouteName = keyof typeof ROUTES
export type RegisteredRoute = (typeof ROUTES)[RouteName]
export type RoutePath = RegisteredRoute['path']
export type DeepLinkPath = Extract<RegisteredRoute, { deepLink: true }>['path']
type NavigationRoute = Extract<RegisteredRoute, { nav: NavigationEntry }>
export type NavigationPath = NavigationRoute['path']

export const ROUTE_LIST: readonly RegisteredRoute[] = Object.values(ROUTES)

/** Addresses the app's own code navigates to, by name: `paths.schedule` is '/schedule'. */
export const paths = Object.fromEntries(Object.entries(ROUTES).map(([name, route]) => [name, route.path])) as {
  readonly [Name in RouteName]: (typeof ROUTES)[Name]['path']
}

const SLUG_SEGMENT = /^[a-z0-9][a-z0-9-]{0,99}$/

/** Whether `path` is an address of the registered `pattern` (exact, or `:name` segments filled with slugs). */
export function matchesRoutePath(pattern: string, path: string): boolean {
  if (pattern === path) return true
  if (!pattern.includes('/:')) return false
  const want = pattern.split('/')
  const have = path.split('/')
  return want.length === have.length && want.every((segment, i) => (segment.startsWith(':') ? SLUG_SEGMENT.test(have[i]!) : segment === have[i]))
}

/** The registered route an address belongs to (never the not-found page's `*`). */
export function findRoute(path: string): RegisteredRoute | undefined {
  return ROUTE_LIST.find((route) => route.path !== ROUTES.notFound.path && matchesRoutePath(route.path, path))
}

/** Whether a screen exists at this path (links to screens not built yet are left out). */
export function isRegisteredPath(path: string): boolean {
  return findRoute(path) !== undefined
}

/** The page title of a registered path; '' for anything else. */
export function routeTitle(path: string): string {
  return findRoute(path)?.title ?? ''
}

/** Patterns a `pagecrew://open?path=` deep link may open. */
export const DEEP_LINK_PATHS: readonly DeepLinkPath[] = ROUTE_LIST.filter((route) => route.deepLink).map((route) => route.path as DeepLinkPath)

/** Whether a deep link may open this address (a pattern's `:name` segments must be filled). */
export function isDeepLinkPath(path: string): boolean {
  return DEEP_LINK_PATHS.some((pattern) => !path.includes(':') && matchesRoutePath(pattern, path))
}

/** Routes a link may point at: every registered screen but the not-found page. */
type LinkRouteName = Exclude<RouteName, 'notFound'>

/** The `:name` segments of a registered path: 'course' | 'lesson' for '/academy/course/:course/:lesson'. */
type RouteParamName<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | RouteParamName<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never

/** A link's query: each defined value becomes one `name=value` pair, encoded by URLSearchParams. */
export type LinkQuery = Readonly<Record<string, string | number | boolean | undefined>>

type LinkArguments<Name extends LinkRouteName> = [RouteParamName<(typeof ROUTES)[Name]['path']>] extends [never]
  ? [query?: LinkQuery]
  : [params: Readonly<Record<RouteParamName<(typeof ROUTES)[Name]['path']>, string>>, query?: LinkQuery]

/**
 * An in-app link built from the route registry (DESIGN.md §7): the named route's path with its
 * `:name` segments filled (URI-encoded), then the query encoded by URLSearchParams.
 * `linkTo('collaborate', { postId })` is '/collaborate?postId=…'; `linkTo('academyLesson',
 * { course, lesson })` is '/academy/course/<course>/<lesson>'. A name the registry does not have is
 * a type error and, from untyped callers, a thrown error; so is a missing `:name` value.
 */
export function linkTo<Name extends LinkRouteName>(name: Name, ...args: LinkArguments<Name>): string {
  const key: string = name
  if (!Object.hasOwn(ROUTES, key) || key === 'notFound') throw new Error(`linkTo: '${key}' is not a route in the registry`)
  const pattern: string = ROUTES[name].path
  const hasParams = pattern.includes('/:')
  const params = (hasParams ? args[0] : undefined) as Readonly<Record<string, string>> | undefined
  const query = (hasParams ? args[1] : args[0]) as LinkQuery | undefined
  const path = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment
      const value = params?.[segment.slice(1)]
      if (typeof value !== 'string' || value === '') throw new Error(`linkTo: '${key}' needs a value for ${segment}`)
      return encodeURIComponent(value)
    })
    .join('/')
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.append(key, String(value))
  const encoded = search.toString()
  return encoded === '' ? path : `${path}?${encoded}`
}

/** A lesson's address in the Academy. */
export function academyLessonPath(course: string, lesson: string): string {
  return linkTo('academyLesson', { course, lesson })
}

/**
 * One section of the left navigation (and the mobile menu) in spec §2's order; an entry that needs
 * an entitlement is absent while the organization does not hold it.
 */
export function navigationEntries<Route extends RouteDefinition>(
  routes: readonly Route[],
  section: NavigationEntry['section'],
  holds: (entitlement: EntitlementKey) => boolean
): Array<Extract<Route, { nav: NavigationEntry }>> {
  return routes
    .filter((route): route is Extract<Route, { nav: NavigationEntry }> => route.nav?.section === section)
    .filter((route) => route.entitlement === undefined || holds(route.entitlement))
    .sort((a, b) => a.nav.order - b.nav.order)
}

/** Whether any navigation entry waits on an entitlement (until one does, the navigation asks for none). */
export const NAVIGATION_NEEDS_ENTITLEMENTS = ROUTE_LIST.some((route) => 'nav' in route && 'entitlement' in route)
