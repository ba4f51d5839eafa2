import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

/**
 * A real OpenID Connect provider (oidc-provider) on a free loopback port, for single sign-on tests
 * (issue 17) and the e2e test. Its own development sign-in page takes any account id: the tests sign
 * in as one of `accounts` (the id is the email), either in a browser or with signIn() below over
 * HTTP. Consent is taken as given, as a company's provider does for its own applications.
 */
export interface TestIdentityProvider {
  /** e.g. http://127.0.0.1:40123 */
  issuer: string
  /** The people the provider knows; add or change them at any time. */
  accounts: Map<string, TestAccount>
  /**
   * Follows an authorization address like a browser: the provider's sign-in page, signed in as
   * `email`, then back. Answers where the provider sent the browser (the redirect URI with code,
   * state and iss, or an error).
   */
  signIn(authorizationUrl: string, email: string): Promise<URL>
  close(): Promise<void>
}

interface TestAccount {
  email: string
  emailVerified: boolean
  name: string
}

interface TestClientRegistration {
  clientId: string
  clientSecret: string
  redirectUris: string[]
}

export async function startTestIdentityProvider(clients: TestClientRegistration[]): Promise<TestIdentityProvider> {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const accounts = new Map<string, TestAccount>()
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code']
    })),
    async findAccount(_ctx, id) {
      const account = accounts.get(id)
      if (!account) return undefined
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: account.email, email_verified: account.emailVerified, name: account.name })
      }
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The email in the ID token itself, as most company providers send it.
    conformIdTokenClaims: false,
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
    features: { devInteractions: { enabled: true } }
  })
  // Silences oidc-provider's own error logging of the refusals the tests provoke.
  provider.on('server_error', () => undefined)
  server.on('request', provider.callback())

  async function signIn(authorizationUrl: string, email: string): Promise<URL> {
    const cookies = new Map<string, string>()
    const send = async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers)
      if (cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '))
      const res = await fetch(url, { ...init, headers, redirect: 'manual' })
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';')
        const at = pair!.indexOf('=')
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1))
      }
      return res
    }
    let url = authorizationUrl
    let form: string | null = null
    for (let hop = 0; hop < 10; hop++) {
      const res = form
        ? await send(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form })
        : await send(url)
      form = null
      const location = res.headers.get('location')
      if (location) {
        const next = new URL(location, url)
        if (!next.href.startsWith(issuer)) return next
        url = next.href
        continue
      }
      const page = await res.text()
      if (!/name="login"/.test(page)) throw new Error(`The identity provider answered ${res.status} without a sign-in form: ${page.slice(0, 300)}`)
      form = new URLSearchParams({ prompt: 'login', login: email, password: 'any' }).toString()
    }
    throw new Error('The identity provider redirected too many times')
  }

  return {
    issuer,
    accounts,
    signIn,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())))
  }
}
