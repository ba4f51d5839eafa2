import { describe, expect, it } from 'vitest'
import {
  DEEP_LINK_PATHS,
  ROUTES,
  ROUTE_LIST,
  isDeepLinkPath,
  isRegisteredPath,
  linkTo,
  matchesRoutePath,
  academyLessonPath,
  navigationEntries,
  paths,
  routeTitle
} from './routes'

/** Spec §2, written out independently of the registry: title from the first path segment. */
function specTitle(path: string): string {
  const segment = path.split('/')[1]!
  if (segment === 'recommended') return 'Recommended posts'
  const words = segment.split('-').join(' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** Signed-in screens that are steps of a flow the app drives, not places a link may open. */
// An approve link's token is single-use (issue 28): never a deep link's target.
const TRANSIENT = ['/signup/onboarding/company', '/callback', '/subscription-expired', '/approve/:token']

const nothingHeld = () => false

describe('route registry', () => {
  it('registers each path once', () => {
    const all = ROUTE_LIST.map((route) => route.path)
    expect(new Set(all).size).toBe(all.length)
  })

  it('derives the path constants from the entries', () => {
    for (const [name, route] of Object.entries(ROUTES)) expect(paths[name as keyof typeof paths]).toBe(route.path)
    expect(paths.schedule).toBe('/schedule')
    expect(paths.organizationSettings).toBe('/settings/organization')
  })

  it("matches addresses to registered paths, a pattern's segments to slugs only", () => {
    expect(isRegisteredPath('/schedule')).toBe(true)
    expect(isRegisteredPath('/academy/insights')).toBe(true)
    expect(isRegisteredPath('/academy/course/writing-posts/hooks')).toBe(true)
    for (const path of ['/academy/course/writing-posts', '/academy/course/Writing/x', '/academy/course/a/b/c', '/academy/course/a/..', '/academy/courses', '/nowhere'])
      expect(isRegisteredPath(path), path).toBe(false)
    expect(matchesRoutePath('/academy/course/:course/:lesson', '/academy/course/a/%2e%2e')).toBe(false)
    expect(academyLessonPath('writing-posts', 'hooks')).toBe('/academy/course/writing-posts/hooks')
    expect(routeTitle('/academy/course/writing-posts/hooks')).toBe('Academy')
    expect(routeTitle('/recommended')).toBe('Recommended posts')
  })

  it('titles every page from its first path segment (spec §2)', () => {
    for (const route of ROUTE_LIST) if (route !== ROUTES.notFound) expect(route.title, route.path).toBe(specTitle(route.path))
    expect(routeTitle('/content/write-post')).toBe('Content')
    expect(routeTitle('/settings/organization')).toBe('Settings')
    expect(routeTitle('/subscription-expired')).toBe('Subscription expired')
    expect(routeTitle('/nowhere')).toBe('')
  })

  it("registers a bare, public not-found page for '*' that no address or link resolves to", () => {
    expect(ROUTES.notFound).toMatchObject({ path: '*', title: 'Page not found', access: 'public', shell: false, deepLink: false })
    expect(isRegisteredPath('*')).toBe(false)
    expect(isDeepLinkPath('*')).toBe(false)
    expect(routeTitle('/nowhere')).toBe('')
  })

  it('keeps sign-in screens and public ones out of the shell; /validate-certification is bare and public', () => {
    expect(ROUTES.validateCertification).toMatchObject({ access: 'public', shell: false })
    expect(ROUTES.join).toMatchObject({ access: 'public', shell: false })
    expect(ROUTE_LIST.filter((route) => route.access === 'guest').map((route) => route.path)).toEqual(['/login', '/signup'])
    for (const route of ROUTE_LIST) if (route.access !== 'signed-in') expect(route.shell, route.path).toBe(false)
  })
})

describe('deep-link allowlist', () => {
  it('holds /schedule and every other signed-in screen but the transient ones', () => {
    expect(DEEP_LINK_PATHS).toContain('/schedule')
    const expected = ROUTE_LIST.filter((route) => route.access === 'signed-in' && !TRANSIENT.includes(route.path)).map((route) => route.path)
    expect([...DEEP_LINK_PATHS].sort()).toEqual(expected.sort())
    expect(expected).toEqual(
      expect.arrayContaining(['/dashboard', '/content/write-post', '/collaborate', '/schedule', '/settings', '/settings/organization', '/settings/billing', '/billing'])
    )
  })

  it('refuses public, sign-in and transient screens, and anything unregistered', () => {
    for (const route of ROUTE_LIST) if (route.access !== 'signed-in') expect(isDeepLinkPath(route.path), route.path).toBe(false)
    for (const path of TRANSIENT) expect(isDeepLinkPath(path), path).toBe(false)
    for (const path of ['/validate-certification', '/join', '/login', '/academy/course/:course/:lesson', '/academy/course/x', '/schedule/', '/Schedule', ''])
      expect(isDeepLinkPath(path), path).toBe(false)
    expect(isDeepLinkPath('/schedule')).toBe(true)
    expect(isDeepLinkPath('/academy/course/writing-posts/hooks')).toBe(true)
  })
})

describe('navigation', () => {
  // Spec §2's left navigation, top to bottom.
  const SPEC_ORDER = ['Dashboard', 'Create content', 'Recommended posts', 'Collaborate', 'Plan', 'Team effort', 'Analytics', 'Academy']

  it('lists the built screens in spec order, Settings at the foot', () => {
    const main = navigationEntries(ROUTE_LIST, 'main', nothingHeld)
    expect(main.map((route) => [route.nav.label, route.path])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Create content', '/content/write-post'],
      ['Collaborate', '/collaborate'],
      ['Plan', '/schedule'],
      ['Team effort', '/team'],
      ['Analytics', '/analytics'],
      ['Academy', '/academy/insights']
    ])
    for (const route of main) expect(route.nav.order, route.nav.label).toBe(SPEC_ORDER.indexOf(route.nav.label) + 1)
    expect(navigationEntries(ROUTE_LIST, 'bottom', nothingHeld).map((route) => [route.nav.label, route.path])).toEqual([['Settings', '/settings']])
  })

  it('links only to signed-in screens inside the shell', () => {
    for (const route of ROUTE_LIST) if ('nav' in route) expect(route, route.path).toMatchObject({ access: 'signed-in', shell: true })
  })

  it('shows an entry that needs an entitlement only while it is held (Recommended posts, third)', () => {
    const labels = (holds: (key: string) => boolean) => navigationEntries(ROUTE_LIST, 'main', holds).map((route) => route.nav.label)
    const without = ['Dashboard', 'Create content', 'Collaborate', 'Plan', 'Team effort', 'Analytics', 'Academy']
    expect(labels(nothingHeld)).toEqual(without)
    expect(labels((key) => key === 'TEAMS')).toEqual(without)
    expect(labels((key) => key === 'RECOMMEND_POST')).toEqual(['Dashboard', 'Create content', 'Recommended posts', 'Collaborate', 'Plan', 'Team effort', 'Analytics', 'Academy'])
    expect(ROUTES.recommended.entitlement).toBe('RECOMMEND_POST')
  })
})

describe('linkTo', () => {
  const id = '0b6f5a0e-3c1d-4d8e-9a57-2f4e6c1b8a90'

  it('writes the links the server has always written', () => {
    expect(linkTo('writePost', { postId: id })).toBe(`/content/write-post?postId=${id}`)
    expect(linkTo('collaborate', { postId: id })).toBe(`/collaborate?postId=${id}`)
    expect(linkTo('schedule', { slotId: id })).toBe(`/schedule?slotId=${id}`)
    expect(linkTo('settings', { ssi: 1 })).toBe('/settings?ssi=1')
    expect(linkTo('join', { token: 'aZ09-_xY' })).toBe('/join?token=aZ09-_xY')
    expect(linkTo('dashboard')).toBe('/dashboard')
    expect(linkTo('team')).toBe('/team')
    expect(linkTo('academy')).toBe('/academy/insights')
    expect(linkTo('recommended')).toBe('/recommended')
    expect(linkTo('writePost')).toBe('/content/write-post')
    expect(linkTo('billingSettings', { checkout: 'success' })).toBe('/settings/billing?checkout=success')
  })

  it('fills :params and encodes query values', () => {
    expect(linkTo('academyLesson', { course: 'writing-posts', lesson: 'hooks' })).toBe('/academy/course/writing-posts/hooks')
    expect(linkTo('academyLesson', { course: 'a b', lesson: 'c/d' }, { step: 2 })).toBe('/academy/course/a%20b/c%2Fd?step=2')
    expect(linkTo('collaborate', { postId: 'a&b=c d', skipped: undefined })).toBe('/collaborate?postId=a%26b%3Dc+d')
    expect(linkTo('dashboard', {})).toBe('/dashboard')
  })

  it('links deep-link addresses the renderer opens', () => {
    expect(isDeepLinkPath(linkTo('collaborate', { postId: id }).split('?')[0]!)).toBe(true)
    expect(isDeepLinkPath(linkTo('academyLesson', { course: 'writing-posts', lesson: 'hooks' }))).toBe(true)
  })

  it('refuses a route the registry does not have, and a missing :param', () => {
    // @ts-expect-error: not a registered route
    expect(() => linkTo('nowhere')).toThrow(/not a route in the registry/)
    // @ts-expect-error: the not-found page is never a link's target
    expect(() => linkTo('notFound')).toThrow(/not a route in the registry/)
    // @ts-expect-error: an inherited property is not a route
    expect(() => linkTo('toString')).toThrow(/not a route in the registry/)
    // @ts-expect-error: academyLesson needs its :course and :lesson
    expect(() => linkTo('academyLesson')).toThrow(/needs a value for :course/)
    // @ts-expect-error: :lesson is missing
    expect(() => linkTo('academyLesson', { course: 'writing-posts' })).toThrow(/needs a value for :lesson/)
  })
})
