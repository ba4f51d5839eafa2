import { expect } from 'vitest'
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { PASSWORD } from './flows'
import type { ServerAndBrowser } from './suite'

export type Method = 'GET' | 'POST' | 'PUT'

/** Someone signed in in a browser context of their own, with a page open in it. */
export interface SignedIn {
  context: BrowserContext
  page: Page
}

/** A member who joined by invitation. */
export interface Member extends SignedIn {
  id: string
  fullName: string
}

/**
 * The API as a signed-in browser calls it: requests go through a context (its cookie is the
 * session) with the client header. `running` is asked at each call, as the server and browser
 * start (useServerAndBrowser) after this is made.
 */
export function apiClient(running: () => ServerAndBrowser) {
  const baseUrl = () => running().server.url
  const headers = { 'x-pagecrew-client': 'e2e' }

  /** One request; its answer whatever the status. */
  function call(context: BrowserContext, method: Method, path: string, data?: unknown) {
    return context.request.fetch(`${baseUrl()}/api${path}`, { method, headers, data })
  }

  /** One request that must answer 200; its JSON body. */
  async function api<T>(context: BrowserContext, method: Method, path: string, data?: unknown): Promise<T> {
    const res = await call(context, method, path, data)
    if (res.status() !== 200) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`)
    return (await res.json()) as T
  }

  return {
    headers,
    call,
    api,

    /** Setup through the API: the admin invites, the invitee joins through the join link's token, signed in in a browser context of their own. */
    async join(admin: BrowserContext, fullName: string, email: string, contextOptions: BrowserContextOptions = { timezoneId: 'UTC' }): Promise<Member> {
      const { joinUrl } = await api<{ joinUrl: string }>(admin, 'POST', '/members/invite', { email, role: 'MEMBER' })
      const context = await running().browser.newContext(contextOptions)
      await api(context, 'POST', '/join/accept', { token: new URL(joinUrl).searchParams.get('token'), fullName, password: PASSWORD })
      const { id } = await api<{ id: string }>(context, 'GET', '/user')
      return { id, fullName, context, page: await context.newPage() }
    },

    /** The LinkedIn sandbox's consent, answered as the member's browser would: its form, Allow, back to /callback. */
    async connectLinkedIn(person: SignedIn) {
      const { authorizationUrl } = await api<{ authorizationUrl: string }>(person.context, 'POST', '/linkedin/connect', { redirectUri: `${baseUrl()}/callback` })
      await person.page.goto(authorizationUrl)
      await person.page.getByRole('button', { name: 'Allow' }).click()
      await person.page.waitForURL((url) => !url.pathname.startsWith('/callback') && !url.pathname.startsWith('/api/'))
      expect((await api<{ connected: boolean }>(person.context, 'GET', '/linkedin/connection')).connected).toBe(true)
    }
  }
}
