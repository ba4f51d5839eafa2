// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aUser } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import { PASSWORD_TEXTS } from './ChangePassword'
import ProfileSettingsPage, { CURRENT_PASSWORD_FOR_EMAIL } from './ProfileSettingsPage'
import { SIGN_OUT_EVERYWHERE_TEXTS } from './SignOutEverywhere'

beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const STRONG = 'plum otter cascade 41'
/** The estimator's dictionaries load lazily (their own chunk): the first verdict may take a moment. */
const SLOW = { timeout: 10_000 }
const WRONG = 'That is not your current password.'
const wrongCurrentPassword = fail(400, WRONG, 'validation', { currentPassword: WRONG })

function renderPage() {
  const fake = createFakeHost({
    'GET /user': ok(aUser()),
    'GET /linkedin/connection': ok({ connected: false, memberName: null, connectedAt: null, expiresAt: null, provider: 'linkedin' }),
    'POST /postTag': ok([])
  })
  const view = renderInApp(<ProfileSettingsPage />, fake, '/settings')
  return { ...view, fake, events: userEvent.setup() }
}

const byTestId = (id: string) => screen.getByTestId(id) as HTMLInputElement

describe('Settings: changing the email', () => {
  it('asks for the current password once the email differs, and sends it along', async () => {
    const { events, fake } = renderPage()
    const email = await screen.findByTestId('profile-email')
    expect(screen.queryByTestId('profile-current-password')).toBeNull()

    await events.clear(email)
    await events.type(email, 'ada.new@example.com')
    expect(screen.getByTestId('profile-current-password')).toBeTruthy()
    await events.click(screen.getByTestId('profile-save'))
    expect(await screen.findByText(CURRENT_PASSWORD_FOR_EMAIL)).toBeTruthy()
    expect(fake.requestsTo('PUT', '/user/update-user-email')).toEqual([])

    fake.reply('PUT /user/update-user-email', wrongCurrentPassword)
    await events.type(byTestId('profile-current-password'), 'a wrong guess')
    await events.click(screen.getByTestId('profile-save'))
    expect(await screen.findByText(WRONG)).toBeTruthy()

    fake.reply('PUT /user/update-user-email', ok(aUser({ email: 'ada.new@example.com' })))
    await events.clear(byTestId('profile-current-password'))
    await events.type(byTestId('profile-current-password'), STRONG)
    await events.click(screen.getByTestId('profile-save'))
    expect((await screen.findByTestId('toast')).textContent).toContain('Your other devices were signed out.')
    expect(fake.requestsTo('PUT', '/user/update-user-email').map((r) => r.body)).toEqual([
      { email: 'ada.new@example.com', currentPassword: 'a wrong guess' },
      { email: 'ada.new@example.com', currentPassword: STRONG }
    ])
  })

  it('shows no password field when only the name changes', async () => {
    const { events, fake } = renderPage()
    fake.reply('PUT /user/update-user-details', ok(aUser({ fullName: 'Ada King' })))
    const name = await screen.findByTestId('profile-full-name')
    await events.clear(name)
    await events.type(name, 'Ada King')
    expect(screen.queryByTestId('profile-current-password')).toBeNull()
    await events.click(screen.getByTestId('profile-save'))
    await waitFor(() => expect(fake.requestsTo('PUT', '/user/update-user-details')).toHaveLength(1))
    expect(fake.requestsTo('PUT', '/user/update-user-email')).toEqual([])
  })
})

describe('Settings: Change password', () => {
  it('rates the new password with the strength meter and keeps Change password disabled while it is weak', async () => {
    const { events } = renderPage()
    const form = await screen.findByRole('form', { name: 'Change password' })
    await events.type(within(form).getByTestId('password-new'), 'password')
    expect((await screen.findByTestId('password-strength-label', undefined, SLOW)).textContent).toBe('Very weak')
    expect(screen.getByTestId('password-strength-advice').textContent).toBe(
      'This is a heavily used password. Add more words that are less common.'
    )
    expect((screen.getByTestId('password-save') as HTMLButtonElement).disabled).toBe(true)

    // The user's own name and email count as easy to guess too.
    await events.clear(byTestId('password-new'))
    await events.type(byTestId('password-new'), 'Ada Lovelace 1')
    await waitFor(() => expect(Number(screen.getByTestId('password-strength').dataset.score)).toBeLessThan(3))

    await events.clear(byTestId('password-new'))
    await events.type(byTestId('password-new'), STRONG)
    await waitFor(() => expect(screen.getByTestId('password-strength-label').textContent).toMatch(/^(Strong|Very strong)$/))
    expect(screen.queryByTestId('password-strength-advice')).toBeNull()
    expect((screen.getByTestId('password-save') as HTMLButtonElement).disabled).toBe(false)
  })

  it('checks the fields, sends current and new password, then clears the form with a toast', async () => {
    const { events, fake } = renderPage()
    fake.reply('PUT /user/update-password', ok({ ok: true }))
    await screen.findByRole('form', { name: 'Change password' })
    await events.click(screen.getByTestId('password-save'))
    expect(screen.getByText(PASSWORD_TEXTS.currentMissing)).toBeTruthy()
    expect(screen.getByText(PASSWORD_TEXTS.newTooShort)).toBeTruthy()

    await events.type(byTestId('password-current'), 'my old password')
    await events.type(byTestId('password-new'), STRONG)
    await events.type(byTestId('password-confirm'), `${STRONG}!`)
    await screen.findByTestId('password-strength', undefined, SLOW)
    await events.click(screen.getByTestId('password-save'))
    expect(screen.getByText(PASSWORD_TEXTS.mismatch)).toBeTruthy()
    expect(fake.requestsTo('PUT', '/user/update-password')).toEqual([])

    await events.clear(byTestId('password-confirm'))
    await events.type(byTestId('password-confirm'), STRONG)
    await events.click(screen.getByTestId('password-save'))
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain(PASSWORD_TEXTS.changedTitle)
    expect(toast.textContent).toContain(PASSWORD_TEXTS.changedBody)
    const sent = fake.requestsTo('PUT', '/user/update-password').map((r) => r.body)
    expect(sent).toEqual([{ currentPassword: 'my old password', newPassword: STRONG }])
    expect(byTestId('password-current').value).toBe('')
    expect(byTestId('password-new').value).toBe('')
    expect(byTestId('password-confirm').value).toBe('')
  })

  it("shows the server's refusal under its field (a wrong current password)", async () => {
    const { events, fake } = renderPage()
    fake.reply('PUT /user/update-password', wrongCurrentPassword)
    await screen.findByRole('form', { name: 'Change password' })
    await events.type(byTestId('password-current'), 'not it')
    await events.type(byTestId('password-new'), STRONG)
    await events.type(byTestId('password-confirm'), STRONG)
    await screen.findByTestId('password-strength', undefined, SLOW)
    await events.click(screen.getByTestId('password-save'))
    expect(await screen.findByText(WRONG)).toBeTruthy()
    expect(byTestId('password-new').value).toBe(STRONG)
  })
})

describe('Settings: Sign out everywhere', () => {
  it('asks first; Cancel does nothing', async () => {
    const { events, fake } = renderPage()
    await events.click(await screen.findByTestId('sign-out-everywhere'))
    const dialog = await screen.findByTestId('sign-out-everywhere-confirm')
    expect(dialog.textContent).toContain(SIGN_OUT_EVERYWHERE_TEXTS.title)
    expect(dialog.textContent).toContain('this one included')
    await events.click(screen.getByTestId('sign-out-everywhere-confirm-cancel'))
    await waitFor(() => expect(screen.queryByTestId('sign-out-everywhere-confirm')).toBeNull())
    expect(fake.requestsTo('POST', '/auth/logout-everywhere')).toEqual([])
  })

  it('signs out every session and reloads at /login', async () => {
    const { events, fake, reload } = renderPage()
    fake.reply('POST /auth/logout-everywhere', ok({ ok: true }))
    await events.click(await screen.findByTestId('sign-out-everywhere'))
    await events.click(await screen.findByTestId('sign-out-everywhere-confirm-confirm'))
    await waitFor(() => expect(reload).toHaveBeenCalledWith('/login'))
    expect(fake.requestsTo('POST', '/auth/logout-everywhere')).toHaveLength(1)
  })

  it('stays and says so when it fails', async () => {
    const { events, fake, reload } = renderPage()
    fake.reply('POST /auth/logout-everywhere', fail(500, 'boom', 'internal'))
    await events.click(await screen.findByTestId('sign-out-everywhere'))
    await events.click(await screen.findByTestId('sign-out-everywhere-confirm-confirm'))
    expect((await screen.findByTestId('toast')).textContent).toContain(SIGN_OUT_EVERYWHERE_TEXTS.failedTitle)
    expect(reload).not.toHaveBeenCalled()
  })
})
