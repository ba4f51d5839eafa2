import type { Page } from 'playwright-core'
import { onTestFailed } from 'vitest'

export const PASSWORD = 'correct horse battery'

/** Signs a new user up through the UI and onboards their organization; ends on /dashboard. */
export async function signUpAndOnboard(page: Page, baseUrl: string, email: string, organizationName: string, fullName = 'Ana Lopez') {
  await page.goto(`${baseUrl}/signup`)
  await page.getByTestId('signup-full-name').fill(fullName)
  await page.getByTestId('signup-email').fill(email)
  await page.getByTestId('signup-password').fill(PASSWORD)
  await page.getByTestId('signup-submit').click()
  await page.waitForURL('**/signup/onboarding/company')
  await page.getByTestId('onboarding-organization-name').fill(organizationName)
  await page.getByTestId('onboarding-company-page-name').fill(`${organizationName} Inc`)
  await page.getByTestId('onboarding-linkedin-page-link').fill('https://www.linkedin.com/company/acme')
  await page.getByTestId('onboarding-website').fill('https://acme.example')
  await page.getByTestId('onboarding-industry').fill('Software')
  await page.getByTestId('onboarding-description').fill('We make tools for teams.')
  await page.getByTestId('onboarding-submit').click()
  await page.waitForURL('**/dashboard')
}

export async function openAvatarMenu(page: Page) {
  const menu = page.getByTestId('avatar-menu')
  // Right after a dialog closes, Fluent hands focus back to the menu button and a click in that
  // moment can be swallowed; try again rather than wait out the whole timeout.
  for (let attempt = 1; ; attempt++) {
    await page.getByTestId('avatar-menu-button').first().click()
    try {
      await menu.waitFor({ timeout: 3000 })
      return
    } catch (error) {
      if (attempt === 3) throw error
    }
  }
}

/** How many of the latest events traceOnFailure keeps. */
const TRACE_EVENTS = 60

/**
 * Keeps the latest things the page did that a failure would need to explain: console errors,
 * uncaught errors, API calls and their statuses, failed requests, navigations, each with the time
 * since this call. Printed only when the current test fails.
 */
export function traceOnFailure(page: Page, name: string) {
  const started = Date.now()
  const lines: string[] = []
  const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`
  const record = (event: string) => {
    lines.push(`${at()} ${event}`)
    if (lines.length > TRACE_EVENTS) lines.shift()
  }
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') record(`console.${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => record(`page error: ${error.message}`))
  page.on('requestfailed', (request) => record(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`))
  page.on('response', (response) => {
    if (response.url().includes('/api/')) record(`${response.request().method()} ${new URL(response.url()).pathname} -> ${response.status()}`)
  })
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) record(`at ${frame.url()}`)
  })
  onTestFailed(() => console.log(`What ${name} did (last ${TRACE_EVENTS} events):\n${lines.join('\n')}`))
}

/** Collects window.alert texts and accepts them. */
export function recordAlerts(page: Page): string[] {
  const alerts: string[] = []
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message())
    void dialog.accept()
  })
  return alerts
}

/** Picks options by their visible name in one of the app's TagPicker-based pickers. */
export async function pickOptions(page: Page, pickerTestId: string, names: string[]) {
  // The popup list (the chosen tags form a listbox of their own inside the control).
  const listbox = page.locator('.fui-TagPickerList')
  for (const name of names) {
    if (!(await listbox.isVisible())) await page.getByTestId(pickerTestId).click()
    await listbox.getByRole('option', { name: new RegExp(name) }).first().click()
  }
  // Tab moves focus on, which closes the list without closing the dialog around it.
  await page.keyboard.press('Tab')
  await listbox.waitFor({ state: 'hidden' })
}

/** A 2×2 PNG, for image uploads. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR4nGP8z8DwnwEJMDGgAQYGBgBB7gMDtoVvVgAAAABJRU5ErkJggg==',
  'base64'
)
