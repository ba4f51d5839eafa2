import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeEach, expect, it } from 'vitest'
import { API_BASE, CLIENT_HEADER } from '../../shared/api/contract'
import { SSO_MESSAGES, type SsoSettings } from '../../shared/domain/sso'
import { organizationSsoDomains, subscriptions } from '../db/schema'
import { OutboundRefused, type HostResolver, type OutboundFetch } from '../adapters/outboundFetch'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

/**
 * Single sign-on's requests to the identity provider under the production outbound-fetch policy
 * (no development setting): an issuer, token endpoint or JWKS address that is, or resolves to, a
 * non-public address is refused before anything is sent. Nothing here leaves the machine: the DNS
 * is the test's, every refused request is refused before connecting, and the provider's discovery
 * answers are given by the test above the policy (`answers`), as a provider on the internet would.
 */

/** Every kind of address the policy refuses, as a DNS would answer it. */
const REFUSED = [
  '127.0.0.1',
  '::1',
  '10.1.2.3',
  '172.16.5.4',
  '192.168.0.10',
  'fd00::10',
  '169.254.169.254',
  'fe80::1',
  '100.64.0.7',
  '192.0.2.1',
  '198.51.100.1',
  '203.0.113.1',
  '2001:db8::5',
  '0.0.0.0',
  '::',
  '239.255.255.250',
  'ff05::2',
  '240.0.0.9',
  '::ffff:127.0.0.1',
  '::ffff:169.254.169.254',
  '::ffff:10.0.0.1'
]
/** The same as typed into an address: literals, and IPv4 in decimal, octal and hex spellings. */
const LITERALS = [
  ...REFUSED.map((a) => (a.includes(':') ? `[${a}]` : a)),
  '2130706433', // 127.0.0.1
  '0177.0.0.1',
  '0x7f.1',
  '2852039166', // 169.254.169.254
  '0251.0376.0251.0376',
  '[::ffff:a9fe:a9fe]'
]
const PUBLIC = { address: '93.184.215.14', family: 4 }
const ISSUER = 'https://idp.public.test'

const hostRecords = new Map<string, { address: string; family: number }[]>()
const resolveHost: HostResolver = async (name) => {
  const found = hostRecords.get(name)
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' })
  return found
}
/** What the provider answers, by address (given above the policy, which never connects for them). */
const answers = new Map<string, () => Response>()
/** Every request single sign-on made, and whether the policy refused it. */
const requests: { url: string; refused: boolean }[] = []
/** Called when a request is about to go through the policy (a DNS answer that changes after the check). */
let beforePolicy: (url: string) => void = () => undefined

const wrapFetch =
  (policyFetch: OutboundFetch): OutboundFetch =>
  async (url, init) => {
    const href = String(url)
    const answer = answers.get(href)
    if (answer) {
      requests.push({ url: href, refused: false })
      return answer()
    }
    beforePolicy(href)
    try {
      const res = await policyFetch(url, init)
      requests.push({ url: href, refused: false })
      return res
    } catch (err) {
      requests.push({ url: href, refused: err instanceof OutboundRefused })
      throw err
    }
  }

let metadata: Record<string, unknown> = {}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

beforeEach(() => {
  requests.length = 0
  hostRecords.clear()
  hostRecords.set('idp.public.test', [PUBLIC])
  beforePolicy = () => undefined
  metadata = {
    issuer: ISSUER,
    authorization_endpoint: `${ISSUER}/auth`,
    token_endpoint: `${ISSUER}/token`,
    jwks_uri: `${ISSUER}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256']
  }
  answers.clear()
  answers.set(`${ISSUER}/.well-known/openid-configuration`, () => json(metadata))
})

describeEachDatabase(
  'Single sign-on under the outbound-fetch policy',
  (t) => {
    async function enterpriseAdmin() {
      const client = new TestClient(t().app)
      await client.signup()
      const org = await client.createOrganization(`Org ${randomUUID().slice(0, 6)}`)
      await t()
        .db.update(subscriptions)
        .set({ productId: 'enterprise', priceId: 'enterprise-yearly', status: 'active', availableSeats: 20, trialEndsAt: null })
        .where(eq(subscriptions.organizationId, org.id))
      return client
    }
    const save = (client: TestClient, issuerUrl: string, domains: string[] = []) =>
      client.put<SsoSettings & { error: { message: string; fields: Record<string, string> } }>('/organization/sso', {
        issuerUrl,
        clientId: 'pagecrew',
        clientSecret: 'secret',
        required: false,
        domains
      })

    it('refuses an issuer at a non-public address, typed in any spelling or resolved by DNS, before connecting', async () => {
      const admin = await enterpriseAdmin()
      for (const literal of LITERALS) {
        const res = await save(admin, `https://${literal}`)
        expect(res.status, literal).toBe(400)
        expect(res.body.error.fields.issuerUrl).toBe(SSO_MESSAGES.discoveryFailed)
      }
      for (const [i, address] of REFUSED.entries()) {
        hostRecords.set(`issuer-${i}.evil.test`, [{ address, family: address.includes(':') ? 6 : 4 }])
        expect((await save(admin, `https://issuer-${i}.evil.test`)).status, address).toBe(400)
        // One public address beside it does not make it safe: every address is checked.
        hostRecords.set(`mixed-${i}.evil.test`, [PUBLIC, { address, family: address.includes(':') ? 6 : 4 }])
        expect((await save(admin, `https://mixed-${i}.evil.test`)).status, address).toBe(400)
      }
      expect(requests).toHaveLength(LITERALS.length + 2 * REFUSED.length)
      expect(requests.every((r) => r.refused)).toBe(true)
      // Plain http only with the development setting.
      const plain = await save(admin, 'http://idp.public.test')
      expect(plain.status).toBe(400)
      expect(plain.body.error.fields.issuerUrl).toBe(SSO_MESSAGES.issuerInvalid)
    })

    it('refuses provider metadata whose token endpoint or JWKS is at such an address, or whose sign-in page is not https', async () => {
      const admin = await enterpriseAdmin()
      expect((await save(admin, ISSUER)).status).toBe(200)
      for (const field of ['token_endpoint', 'jwks_uri']) {
        for (const literal of LITERALS) {
          metadata[field] = `https://${literal}/x`
          expect((await save(admin, ISSUER)).status, `${field} ${literal}`).toBe(400)
        }
        for (const [i, address] of REFUSED.entries()) {
          hostRecords.set(`${i}.endpoint.evil.test`, [{ address, family: address.includes(':') ? 6 : 4 }])
          metadata[field] = `https://${i}.endpoint.evil.test/x`
          expect((await save(admin, ISSUER)).status, `${field} ${address}`).toBe(400)
        }
        metadata[field] = `http://idp.public.test/x`
        expect((await save(admin, ISSUER)).status, field).toBe(400)
        metadata[field] = `${ISSUER}/${field}`
      }
      for (const page of ['javascript:alert(1)', 'data:text/html,hi', 'http://idp.public.test/auth', 'not an address']) {
        metadata.authorization_endpoint = page
        expect((await save(admin, ISSUER)).status, page).toBe(400)
      }
      // Only the discovery documents were fetched: no request went to any of those addresses.
      expect(requests.every((r) => r.url === `${ISSUER}/.well-known/openid-configuration`)).toBe(true)
    })

    it('does not follow a redirect from the provider', async () => {
      const admin = await enterpriseAdmin()
      hostRecords.set('metadata.evil.test', [{ address: '169.254.169.254', family: 4 }])
      for (const location of ['http://169.254.169.254/latest/meta-data/', 'https://metadata.evil.test/', 'https://127.0.0.1/']) {
        answers.set(`${ISSUER}/.well-known/openid-configuration`, () => new Response(null, { status: 302, headers: { location } }))
        expect((await save(admin, ISSUER)).status, location).toBe(400)
      }
      expect(requests.map((r) => r.url)).toEqual(Array(3).fill(`${ISSUER}/.well-known/openid-configuration`))
    })

    it('a sign-in start meets unusable metadata with a 400; a token endpoint rebound to a private address after its check never gets the code', async () => {
      const admin = await enterpriseAdmin()
      const domain = `corp-${randomUUID().slice(0, 8)}.example`
      const saved = await save(admin, ISSUER, [domain])
      expect(saved.status).toBe(200)
      await t().db.update(organizationSsoDomains).set({ verifiedAt: new Date() }).where(eq(organizationSsoDomains.domain, domain))
      const start = () =>
        t().app.inject({
          method: 'POST',
          url: `${API_BASE}/auth/sso/start`,
          headers: { [CLIENT_HEADER]: 'test', 'content-type': 'application/json' },
          payload: JSON.stringify({ email: `someone@${domain}`, redirectUri: 'http://127.0.0.1:53682/callback' })
        })

      // The provider changed its metadata after it was saved: a 400 (it was a 500), never a redirect there.
      metadata.authorization_endpoint = 'javascript:alert(document.cookie)'
      const refused = await start()
      expect(refused.statusCode).toBe(400)
      expect((refused.json() as { error: { message: string } }).error.message).toBe(SSO_MESSAGES.providerMisconfigured)
      metadata.authorization_endpoint = `${ISSUER}/auth`

      const started = await start()
      expect(started.statusCode).toBe(200)
      const state = new URL((started.json() as { url: string }).url).searchParams.get('state')!
      const cookie = started.cookies.find((c) => c.name === 'pagecrew_sso')!.value
      // DNS rebinding: the token endpoint's name passed its check, then answers the metadata service.
      beforePolicy = (url) => {
        if (url === `${ISSUER}/token`) hostRecords.set('idp.public.test', [{ address: '169.254.169.254', family: 4 }])
      }
      const callback = await t().app.inject({
        method: 'GET',
        url: `${API_BASE}/auth/sso/callback`,
        query: { code: 'the-code', state, iss: ISSUER },
        headers: { cookie: `pagecrew_sso=${cookie}` }
      })
      expect(callback.statusCode).toBe(400)
      expect((callback.json() as { error: { message: string } }).error.message).toBe(SSO_MESSAGES.tokenRefused)
      expect(requests.filter((r) => r.url === `${ISSUER}/token`)).toEqual([{ url: `${ISSUER}/token`, refused: true }])
    })
  },
  { sso: { resolveTxt: async () => [], resolveHost, wrapFetch } }
)
