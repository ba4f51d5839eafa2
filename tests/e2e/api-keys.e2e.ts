import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { createApiKeyService } from '../../src/server/services/apiKeys'
import { startTestServer, type RunningTestServer } from '../../src/server/testing/harness'
import { launchChromium } from './support/browser'
import { signUpAndOnboard } from './support/flows'
import { RENDERER_DIR } from './support/server'

let server: RunningTestServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startTestServer({ config: { rendererDir: RENDERER_DIR } }), launchChromium()])
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('API keys, end to end in Chromium', () => {
  it('an admin creates a key in Settings → Organization → API, sees its secret once, revokes it after the confirmation, and opens the API reference in a new tab', async () => {
    const context = await browser.newContext()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    const page = await context.newPage()
    await signUpAndOnboard(page, server.url, `ana-${Date.now()}@keys-e2e.example`, 'Keys Corp', 'Ana Admin')
    const apiKeys = createApiKeyService({ db: server.db, clock: server.clock })

    await page.goto(`${server.url}/settings/organization?section=api`)
    await page.getByTestId('api-keys-empty').waitFor()
    await page.getByTestId('api-key-create-empty').click()
    await page.getByTestId('api-key-name').fill('Intranet')
    await page.getByTestId('api-key-scope-plan:write').check()
    await page.getByTestId('api-key-dialog-submit').click()

    const secretField = page.getByTestId('api-key-secret')
    await secretField.waitFor()
    const secret = await secretField.inputValue()
    expect(secret).toMatch(/^pck_[0-9A-Z]{8}_[A-Za-z0-9_-]{43}$/)
    expect(await page.getByTestId('api-key-secret-dialog').textContent()).toContain('you will not see it again')
    await page.getByTestId('api-key-copy').click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
    // The key works, with the chosen scope only.
    expect(await apiKeys.authenticate(secret, '127.0.0.1')).toMatchObject({ name: 'Intranet', scopes: ['plan:write'] })

    await page.getByTestId('api-key-secret-done').click()
    const prefix = secret.slice(0, 12)
    const row = page.getByTestId(`api-key-${prefix}`)
    await row.waitFor()
    expect(await row.textContent()).toContain('plan:write')
    // Never again: not on the page after the dialog, nor after a reload.
    expect(await page.content()).not.toContain(secret.slice(13))
    await page.reload()
    await row.waitFor()
    expect(await page.content()).not.toContain(secret.slice(13))

    await row.getByTestId('api-key-revoke').click()
    await page.getByTestId('api-key-revoke-dialog-confirm').click()
    await row.getByTestId('api-key-revoked').waitFor()
    expect(await apiKeys.authenticate(secret, '127.0.0.1')).toBeNull()

    // The API reference opens in a new tab at the server's own relative address.
    const [reference] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('api-reference-link').click()])
    await reference.waitForLoadState()
    expect(reference.url()).toBe(`${server.url}/api/v1/reference`)
    expect(await reference.title()).toBe('Pagecrew API reference')
    expect(page.url()).toBe(`${server.url}/settings/organization?section=api`)
    await context.close()
  }, 120_000)
})
