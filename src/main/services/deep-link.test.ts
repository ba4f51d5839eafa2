import { describe, expect, it } from 'vitest'
import type { HostEvent } from '@shared/host'
import { DEEP_LINK_PATHS, ROUTE_LIST } from '@shared/routes'
import { createDeepLinkRouter, deepLinkRoute, findDeepLinkArg, parseDeepLink } from './deep-link'
import { recordingLog } from '../testing/fakes'

describe('parseDeepLink', () => {
  it('accepts the one allowed form', () => {
    expect(parseDeepLink('pagecrew://open?orgid=org_01HXYZabc&path=/settings')).toEqual({ orgid: 'org_01HXYZabc', path: '/settings' })
    expect(parseDeepLink('pagecrew://open?path=/dashboard')).toEqual({ path: '/dashboard' })
    expect(parseDeepLink('pagecrew://open/?path=%2Fsettings&orgid=org_A1')).toEqual({ orgid: 'org_A1', path: '/settings' })
    expect(parseDeepLink('PAGECREW://open?path=/settings')).toEqual({ path: '/settings' })
  })

  it('opens the organization settings', () => {
    expect(parseDeepLink('pagecrew://open?orgid=org_A1&path=/settings/organization')).toEqual({ orgid: 'org_A1', path: '/settings/organization' })
    expect(parseDeepLink('pagecrew://open?path=%2Fsettings%2Forganization')).toEqual({ path: '/settings/organization' })
    expect(parseDeepLink('pagecrew://open?path=/settings/organization/')).toBeNull()
    expect(parseDeepLink('pagecrew://open?path=/settings/organization/../../admin')).toBeNull()
    expect(parseDeepLink('pagecrew://open?path=/settings/organizations')).toBeNull()
  })

  it('opens the plan, the example link of DESIGN.md §1', () => {
    expect(parseDeepLink('pagecrew://open?orgid=org_x&path=/schedule')).toEqual({ orgid: 'org_x', path: '/schedule' })
    expect(deepLinkRoute({ orgid: 'org_x', path: '/schedule' })).toBe('/schedule?orgid=org_x')
  })

  it('opens every page the route registry allows, and no public, sign-in or transient page', () => {
    // A pattern's `:name` segments are filled with a slug; the pattern itself is no address.
    const filled = (pattern: string) => pattern.replace(/:[a-z]+/g, 'writing-posts')
    for (const pattern of DEEP_LINK_PATHS) {
      const path = filled(pattern)
      expect(parseDeepLink(`pagecrew://open?orgid=org_A1&path=${encodeURIComponent(path)}`), path).toEqual({ orgid: 'org_A1', path })
      if (path !== pattern) expect(parseDeepLink(`pagecrew://open?path=${encodeURIComponent(pattern)}`), pattern).toBeNull()
    }
    for (const route of ROUTE_LIST.filter((r) => !r.deepLink)) expect(parseDeepLink(`pagecrew://open?path=${route.path}`), route.path).toBeNull()
    expect(ROUTE_LIST.filter((r) => !r.deepLink).map((r) => r.path)).toEqual(expect.arrayContaining(['/login', '/join', '/callback', '/validate-certification']))
  })

  it('opens the dashboard when the link names no page', () => {
    expect(parseDeepLink('pagecrew://open')).toEqual({ path: '/dashboard' })
    expect(parseDeepLink('pagecrew://open?orgid=org_abc')).toEqual({ orgid: 'org_abc', path: '/dashboard' })
  })

  it.each([
    ['wrong scheme', 'https://open?path=/settings'],
    ['look-alike scheme', 'pagecrewx://open?path=/settings'],
    ['no slashes', 'pagecrew:open?path=/settings'],
    ['wrong host', 'pagecrew://evil?path=/settings'],
    ['host in other case', 'pagecrew://OPEN?path=/settings'],
    ['credentials', 'pagecrew://user:pw@open?path=/settings'],
    ['port', 'pagecrew://open:80?path=/settings'],
    ['a path on the link itself', 'pagecrew://open/settings'],
    ['fragment', 'pagecrew://open?path=/settings#x'],
    ['path not allowlisted', 'pagecrew://open?path=/admin'],
    ['path with a query', 'pagecrew://open?path=/settings?x=1'],
    ['path without a slash', 'pagecrew://open?path=settings'],
    ['protocol-relative path', 'pagecrew://open?path=//evil.example/settings'],
    ['encoded traversal', 'pagecrew://open?path=/settings/%2e%2e/%2e%2e/admin'],
    ['traversal', 'pagecrew://open?path=/dashboard/../settings'],
    ['backslash', 'pagecrew://open?path=%5Csettings'],
    ['extra param', 'pagecrew://open?path=/settings&next=https://evil.example'],
    ['repeated param', 'pagecrew://open?path=/settings&path=/dashboard'],
    ['repeated orgid', 'pagecrew://open?orgid=org_a&orgid=org_b&path=/settings'],
    ['empty orgid', 'pagecrew://open?orgid=&path=/settings'],
    ['orgid without prefix', 'pagecrew://open?orgid=abc&path=/settings'],
    ['orgid with symbols', 'pagecrew://open?orgid=org_a%26path%3D%2Fadmin&path=/settings'],
    ['orgid too long', `pagecrew://open?orgid=org_${'a'.repeat(65)}&path=/settings`],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript in path', 'pagecrew://open?path=javascript:alert(1)'],
    ['whitespace', ' pagecrew://open?path=/settings'],
    ['newline', 'pagecrew://open?path=/settings\n'],
    ['unicode', 'pagecrew://opén?path=/settings'],
    ['huge input', `pagecrew://open?path=/settings&orgid=org_a${'a'.repeat(5000)}`],
    ['empty', '']
  ])('refuses %s', (_name, url) => {
    expect(parseDeepLink(url)).toBeNull()
  })

  it('accepts an OAuth answer at pagecrew://callback: a code or an error, with the state', () => {
    expect(parseDeepLink('pagecrew://callback?code=AQT-abc_123&state=st.1')).toEqual({ callback: { code: 'AQT-abc_123', state: 'st.1' } })
    expect(parseDeepLink('pagecrew://callback/?state=s1&error=access_denied&error_description=The%20user%20declined')).toEqual({
      callback: { state: 's1', error: 'access_denied', errorDescription: 'The user declined' }
    })
    expect(parseDeepLink('pagecrew://callback?error=access_denied&state=s1')).toEqual({ callback: { state: 's1', error: 'access_denied' } })
  })

  it.each([
    ['no state', 'pagecrew://callback?code=c1'],
    ['no code nor error', 'pagecrew://callback?state=s1'],
    ['code and error', 'pagecrew://callback?code=c1&error=x&state=s1'],
    ['an open link’s parameters', 'pagecrew://callback?code=c1&state=s1&path=/settings'],
    ['a repeated code', 'pagecrew://callback?code=c1&code=c2&state=s1'],
    ['an empty code', 'pagecrew://callback?code=&state=s1'],
    ['a space in the state', 'pagecrew://callback?code=c1&state=s%201'],
    ['an angle bracket in the code', 'pagecrew://callback?code=%3Cscript%3E&state=s1'],
    ['a backslash in the description', 'pagecrew://callback?error=x&error_description=a%5Cb&state=s1'],
    ['a newline in the description', 'pagecrew://callback?error=x&error_description=a%0Ab&state=s1'],
    ['unicode in the description', 'pagecrew://callback?error=x&error_description=caf%C3%A9&state=s1'],
    ['a state too long', `pagecrew://callback?code=c1&state=${'s'.repeat(201)}`],
    ['an error too long', `pagecrew://callback?error=${'e'.repeat(201)}&state=s1`],
    ['a path on the link', 'pagecrew://callback/settings?code=c1&state=s1'],
    ['a fragment', 'pagecrew://callback?code=c1&state=s1#x'],
    ['a port', 'pagecrew://callback:80?code=c1&state=s1']
  ])('refuses a callback link with %s', (_name, url) => {
    expect(parseDeepLink(url)).toBeNull()
  })

  it('refuses values that are not strings', () => {
    expect(parseDeepLink(undefined)).toBeNull()
    expect(parseDeepLink({ href: 'pagecrew://open?path=/settings' })).toBeNull()
  })
})

describe('findDeepLinkArg', () => {
  it('finds the link among Chromium switches, as second-instance passes them', () => {
    expect(findDeepLinkArg(['/usr/bin/pagecrew', '--no-sandbox', 'pagecrew://open?path=/settings'])).toBe('pagecrew://open?path=/settings')
    expect(findDeepLinkArg(['C:\\Pagecrew.exe', '--allow-file-access-from-files'])).toBeUndefined()
  })
})

describe('createDeepLinkRouter', () => {
  function setup() {
    const events: HostEvent[] = []
    let focused = 0
    const log = recordingLog()
    const router = createDeepLinkRouter({ emit: (e) => events.push(e), window: { focus: () => focused++ }, log, maxQueued: 2 })
    return { events, router, log, focused: () => focused }
  }

  it('queues links until the renderer is ready, then navigates with ?orgid=', () => {
    const t = setup()
    expect(t.router.handleUrl('pagecrew://open?orgid=org_abc&path=/settings')).toBe(true)
    expect(t.events).toEqual([])
    expect(t.focused()).toBe(1)
    t.router.ready()
    expect(t.events).toEqual([{ type: 'navigate', path: '/settings?orgid=org_abc' }])
    t.router.handleUrl('pagecrew://open?path=/dashboard')
    expect(t.events.at(-1)).toEqual({ type: 'navigate', path: '/dashboard' })
    expect(t.focused()).toBe(2)
  })

  it('queues again while the renderer reloads, and delivers once it is ready again', () => {
    const t = setup()
    t.router.ready()
    t.router.loading()
    t.router.handleUrl('pagecrew://open?path=/settings')
    expect(t.events).toEqual([])
    t.router.ready()
    expect(t.events).toEqual([{ type: 'navigate', path: '/settings' }])
  })

  it('keeps only the latest links while waiting', () => {
    const t = setup()
    t.router.handleUrl('pagecrew://open?orgid=org_a')
    t.router.handleUrl('pagecrew://open?orgid=org_b')
    t.router.handleUrl('pagecrew://open?orgid=org_c')
    t.router.ready()
    expect(t.events.map((e) => (e.type === 'navigate' ? e.path : ''))).toEqual(['/dashboard?orgid=org_b', '/dashboard?orgid=org_c'])
  })

  it('refuses and logs a malformed link without focusing or navigating', () => {
    const t = setup()
    t.router.ready()
    expect(t.router.handleUrl('pagecrew://open?path=/admin')).toBe(false)
    expect(t.events).toEqual([])
    expect(t.focused()).toBe(0)
    expect(t.log.lines).toEqual([expect.stringContaining('Refused deep link "pagecrew://open?path=/admin"')])
  })

  it('hands an OAuth answer to /callback with its query, queued like any link', () => {
    const t = setup()
    expect(t.router.handleUrl('pagecrew://callback?code=c-1&state=s_1')).toBe(true)
    expect(t.events).toEqual([])
    t.router.ready()
    expect(t.events).toEqual([{ type: 'navigate', path: '/callback?code=c-1&state=s_1' }])
    expect(t.focused()).toBe(1)
  })

  it('delivers routes main validated itself (the loopback listener’s answer) the same way', () => {
    const t = setup()
    t.router.openRoute('/callback?code=c1&state=s1')
    expect(t.events).toEqual([])
    t.router.ready()
    t.router.openRoute('/callback?error=access_denied&state=s2')
    expect(t.events).toEqual([
      { type: 'navigate', path: '/callback?code=c1&state=s1' },
      { type: 'navigate', path: '/callback?error=access_denied&state=s2' }
    ])
    expect(t.focused()).toBe(2)
  })

  it('takes links from a command line (launch, second-instance)', () => {
    const t = setup()
    t.router.ready()
    expect(t.router.handleArgv(['pagecrew', '--flag', 'pagecrew://open?path=/settings'])).toBe(true)
    expect(t.router.handleArgv(['pagecrew'])).toBe(false)
    expect(t.events).toEqual([{ type: 'navigate', path: '/settings' }])
  })
})
