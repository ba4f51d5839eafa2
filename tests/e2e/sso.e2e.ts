import { readFile } from 'node:fs/promises'
import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { SSO_MESSAGES } from '../../src/shared/domain/sso'
import { subscriptions } from '../../src/server/db/schema'
import { startTestServer, type RunningTestServer } from '../../src/server/testing/harness'
import { startTestIdentityProvider, type TestIdentityProvider } from '../../src/server/testing/identityProvider'
import { launchChromium } from './support/browser'
import { PASSWORD, signUpAndOnboard } from './support/flows'
import { RENDERER_DIR } from './support/server'

const DOMAIN = 'sso-e2e.example'
const CLIENT = { clientId: 'pagecrew-e2e', clientSecret: 'pagecrew-e2e-client-secret' }

let server: RunningTestServer
let browser: Browser
let idp: TestIdentityProvider
/** The fake DNS the server asks for the domain's proof. */
const txtRecords = new Map<string, string[][]>()

beforeAll(async () => {
  ;[server, browser] = await Promise.all([
    startTestServer({
      // The provider runs on this machine's loopback: the outbound-fetch policy's development setting lets the server reach it.
      config: { rendererDir: RENDERER_DIR, outboundAllowLoopback: true },
      sso: { resolveTxt: async (name) => txtRecords.get(name) ?? [] }
    }),
    launchChromium()
  ])
  idp = await startTestIdentityProvider([{ ...CLIENT, redirectUris: [`${server.url}/callback`] }])
})
afterAll(async () => {
  await browser?.close()
  await idp?.close()
  await server?.close()
})

describe('single sign-on, end to end in Chromium', () => {
  it('an Enterprise admin configures SSO, a new colleague signs in with it and lands in the organization, required SSO stops passwords, and the audit log shows and exports it all', async () => {
    const adminEmail = `ana@${DOMAIN}`
    const admin = await browser.newContext()
    const page = await admin.newPage()
    await signUpAndOnboard(page, server.url, adminEmail, 'SSO Corp', 'Ana Admin')
    const session = (await (await admin.request.get(`${server.url}/api/auth`)).json()) as { organizationId: string }
    // Enterprise is arranged with sales: the test sets the plan where the billing provider would.
    await server.db
      .update(subscriptions)
      .set({ productId: 'enterprise', priceId: 'enterprise-yearly', status: 'active', availableSeats: 20, trialEndsAt: null })
      .where(eq(subscriptions.organizationId, session.organizationId))

    await page.goto(`${server.url}/settings/organization?section=sso`)
    await page.getByTestId('sso-issuer').fill(idp.issuer)
    await page.getByTestId('sso-client-id').fill(CLIENT.clientId)
    await page.getByTestId('sso-client-secret').fill(CLIENT.clientSecret)
    await page.getByTestId('sso-new-domain').fill(DOMAIN)
    await page.getByTestId('sso-add-domain').click()
    await page.getByTestId('sso-save').click()
    const record = page.getByTestId('sso-txt-record')
    await record.waitFor()
    const text = (await record.textContent())!
    const value = /"(pagecrew-verification=[^"]+)"/.exec(text)![1]!
    expect(text).toContain(`_pagecrew.${DOMAIN} TXT`)
    txtRecords.set(`_pagecrew.${DOMAIN}`, [[value]])
    await page.getByTestId(`sso-verify-${DOMAIN}`).click()
    await expect.poll(() => page.getByTestId(`sso-domain-${DOMAIN}`).textContent()).toContain('Verified')

    // A new colleague: no account yet, signs in at the provider from the login page.
    const colleagueEmail = `grace@${DOMAIN}`
    idp.accounts.set(colleagueEmail, { email: colleagueEmail, emailVerified: true, name: 'Grace Colleague' })
    const colleague = await browser.newContext()
    const colleaguePage = await colleague.newPage()
    await colleaguePage.goto(`${server.url}/login`)
    await colleaguePage.getByTestId('login-email').fill(colleagueEmail)
    await colleaguePage.getByTestId('login-sso').click()
    await colleaguePage.waitForURL(`${idp.issuer}/**`)
    await colleaguePage.locator('input[name="password"]').fill('anything')
    await colleaguePage.locator('button[type="submit"]').click()
    await colleaguePage.waitForURL('**/dashboard')
    const colleagueSession = (await (await colleague.request.get(`${server.url}/api/auth`)).json()) as { email: string; organizationId: string }
    expect(colleagueSession).toMatchObject({ email: colleagueEmail, organizationId: session.organizationId })
    await colleague.close()

    // Required: the admin's own password no longer signs in for the domain.
    await page.getByTestId('sso-required').click()
    await page.getByTestId('sso-save').click()
    await expect.poll(async () => ((await (await admin.request.get(`${server.url}/api/organization/sso`)).json()) as { required: boolean }).required).toBe(true)

    const later = await browser.newContext()
    const loginPage = await later.newPage()
    await loginPage.goto(`${server.url}/login`)
    await loginPage.getByTestId('login-email').fill(adminEmail)
    await loginPage.getByTestId('login-sso-required').waitFor()
    expect(await loginPage.getByTestId('login-password').count()).toBe(0)
    const refused = await later.request.post(`${server.url}/api/auth/login`, {
      headers: { 'x-pagecrew-client': 'e2e' },
      data: { email: adminEmail, password: PASSWORD }
    })
    expect(refused.status()).toBe(403)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(SSO_MESSAGES.requiredForDomain)
    await later.close()

    // The audit log shows those changes — the provider configured, the domain added and verified,
    // the colleague joining through SSO, SSO made required — and exports them.
    await page.goto(`${server.url}/settings/organization?section=audit`)
    const table = page.getByTestId('audit-table')
    for (const text of ['Single sign-on configured', 'SSO domain verified', 'Member joined', 'Grace Colleague', 'Single sign-on updated']) {
      await expect.poll(() => table.textContent(), { timeout: 15_000 }).toContain(text)
    }
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()])
    const rows = parse(await readFile((await file.path())!, 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[]
    const actions = rows.map((row) => row['Action'])
    expect(actions).toEqual(expect.arrayContaining(['sso.configured', 'sso.domain_added', 'sso.domain_verified', 'member.joined', 'sso.updated']))
    const joined = rows.find((row) => row['Action'] === 'member.joined')!
    expect(joined['Actor']).toBe('Grace Colleague')
    // Nothing secret is exported: the client secret never appears in an entry.
    expect(JSON.stringify(rows)).not.toContain(CLIENT.clientSecret)
    await admin.close()
  })
})
