// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ErasurePreview, PersonalDataExport } from '@shared/domain/privacy'
import { PRIVACY_MESSAGES } from '@shared/domain/privacy'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender, heldReply } from '@renderer/testing/fastClicks'
import { renderInApp } from '@renderer/testing/render'
import PrivacySettingsPage from './PrivacySettingsPage'

const anExport = (over: Partial<PersonalDataExport> = {}): PersonalDataExport => ({
  id: 'export-1',
  scope: 'account',
  status: 'ready',
  progress: 100,
  fileSize: 48 * 1024,
  createdAt: '2026-11-27T09:00:00.000Z',
  completedAt: '2026-11-27T09:00:20.000Z',
  expiresAt: '2026-12-04T09:00:20.000Z',
  ...over
})

const aPreview = (over: Partial<ErasurePreview> = {}): ErasurePreview => ({
  email: 'grace@example.com',
  passwordRequired: true,
  organizations: [
    { id: 'org-1', name: 'Acme', erasedMemberContent: 'keep' },
    { id: 'org-2', name: 'Globex', erasedMemberContent: 'remove' }
  ],
  blockedBy: null,
  ...over
})

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('Settings → Privacy: Download my data', () => {
  it('says what to do when there is no export yet', async () => {
    renderInApp(<PrivacySettingsPage />, createFakeHost({ 'GET /user/privacy/exports': ok({ exports: [] }) }))
    const card = await screen.findByTestId('privacy-export')
    await waitFor(() => expect(card.textContent).toContain('No exports yet'))
    expect(card.textContent).toContain('Ask for one below')
    expect(card.textContent).toContain('can be downloaded for 7 days')
  })

  it('asks once for a double click, shows the progress while it is prepared, then Download when it is ready', async () => {
    // The server's list: empty, then the export being prepared, then ready (polled every 2 s while it is prepared).
    const lists = [[], [anExport({ status: 'running', progress: 40, fileSize: null, completedAt: null })], [anExport()]]
    const held = heldReply(ok(anExport({ status: 'queued', progress: 0, fileSize: null, completedAt: null })))
    const fake = createFakeHost({
      'GET /user/privacy/exports': () => ok({ exports: lists.length > 1 ? lists.shift() : lists[0] }),
      'POST /user/privacy/exports': () => held.reply()
    })
    renderInApp(<PrivacySettingsPage />, fake)
    const ask = await screen.findByTestId('privacy-request-export')
    await screen.findByText('No exports yet')
    doubleClickBeforeRender(ask)
    await held.release()
    const requests = fake.requestsTo('POST', '/user/privacy/exports')
    expect(requests).toHaveLength(1)
    expect(requests[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)

    const running = await screen.findByTestId('export-running')
    expect(within(running).getByTestId('export-status').textContent).toBe('Preparing… 40%')
    expect(within(running).getByTestId('export-progress')).toBeTruthy()
    expect((screen.getByTestId('privacy-request-export') as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByTestId('privacy-request-export').textContent).toBe('Preparing your data…')

    const ready = await screen.findByTestId('export-ready', undefined, { timeout: 4000 })
    expect(within(ready).getByTestId('export-status').textContent).toMatch(/^Ready · 48 KB · available until /)
    expect(within(ready).queryByTestId('export-progress')).toBeNull()
    expect((screen.getByTestId('privacy-request-export') as HTMLButtonElement).disabled).toBe(false)
  })

  it('downloads a ready export through the host as a dated ZIP', async () => {
    const fake = createFakeHost({ 'GET /user/privacy/exports': ok({ exports: [anExport()] }) })
    renderInApp(<PrivacySettingsPage />, fake)
    await userEvent.setup().click(await screen.findByTestId('export-download'))
    await waitFor(() =>
      expect(fake.host.download).toHaveBeenCalledWith({ path: '/privacy/exports/download', query: { exportId: 'export-1' }, fileName: 'pagecrew-data-2026-11-27.zip' })
    )
    expect(screen.queryByTestId('toast')).toBeNull()
  })

  it('says when a download fails, and lists failed and expired exports without Download', async () => {
    const fake = createFakeHost({
      'GET /user/privacy/exports': ok({
        exports: [anExport(), anExport({ id: 'export-2', status: 'failed' }), anExport({ id: 'export-3', status: 'expired', expiresAt: '2026-11-01T09:00:00.000Z' })]
      })
    })
    fake.host.download.mockResolvedValueOnce({ status: 404, saved: false, message: PRIVACY_MESSAGES.exportNotFound })
    renderInApp(<PrivacySettingsPage />, fake)
    expect((await screen.findByTestId('export-failed')).textContent).toContain('Could not be prepared. Ask for a new export.')
    expect(screen.getByTestId('export-expired').textContent).toContain('Expired on')
    expect(screen.getAllByTestId('export-download')).toHaveLength(1)
    await userEvent.setup().click(screen.getByTestId('export-download'))
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('Not downloaded ⚠️')
    // The server's own reason (it expired meanwhile), not a generic failure.
    expect(toast.textContent).toContain(PRIVACY_MESSAGES.exportNotFound)
  })

  it('shows a refused request', async () => {
    const fake = createFakeHost({
      'GET /user/privacy/exports': ok({ exports: [] }),
      'POST /user/privacy/exports': fail(409, PRIVACY_MESSAGES.exportRunning, 'conflict')
    })
    renderInApp(<PrivacySettingsPage />, fake)
    await screen.findByText('No exports yet')
    await userEvent.setup().click(screen.getByTestId('privacy-request-export'))
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('Export not started ⚠️')
    expect(toast.textContent).toContain(PRIVACY_MESSAGES.exportRunning)
  })
})

describe('Settings → Privacy: Delete my account', () => {
  const hostWith = (preview: ErasurePreview, erase = ok({ ok: true })) =>
    createFakeHost({
      'GET /user/privacy/exports': ok({ exports: [] }),
      'GET /user/privacy/erasure': ok(preview),
      'POST /user/privacy/erase': erase
    })

  it('says what happens in each organization, asks for the email and password, then erases and goes to sign-in', async () => {
    const fake = hostWith(aPreview())
    const { reload } = renderInApp(<PrivacySettingsPage />, fake)
    const events = userEvent.setup()
    expect(fake.requestsTo('GET', '/user/privacy/erasure')).toEqual([])
    await events.click(await screen.findByTestId('privacy-delete-account'))
    const dialog = await screen.findByTestId('erase-account-dialog')
    expect(dialog.textContent).toContain('Delete your account?')
    expect(screen.getAllByTestId('erase-account-organization').map((p) => p.textContent)).toEqual([
      'Acme keeps your posts and comments, shown as written by "Former member".',
      'Globex removes your posts and comments.'
    ])
    expect(screen.getByTestId('erase-account-summary').textContent).toContain('you are signed out on every device')
    const submit = screen.getByTestId('erase-account-submit') as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    await events.type(screen.getByTestId('erase-account-confirmation'), 'Grace@Example.com')
    expect(submit.disabled).toBe(true)
    await events.type(screen.getByTestId('erase-account-password'), 'correct horse')
    expect(submit.disabled).toBe(false)
    await events.click(submit)
    await waitFor(() => expect(reload).toHaveBeenCalledWith('/login'))
    const [request] = fake.requestsTo('POST', '/user/privacy/erase')
    expect(request!.body).toEqual({ confirmation: 'Grace@Example.com', currentPassword: 'correct horse' })
    expect(request!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect(fake.requestsTo('POST', '/user/privacy/erase')).toHaveLength(1)
  })

  it('keeps the dialog open with the server’s answer beside the password, and erases nothing on Cancel', async () => {
    const fake = hostWith(aPreview(), fail(400, 'Check the fields.', 'validation_error', { currentPassword: 'The current password is not right.' }))
    const { reload } = renderInApp(<PrivacySettingsPage />, fake)
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('privacy-delete-account'))
    await events.type(await screen.findByTestId('erase-account-confirmation'), 'grace@example.com')
    await events.type(screen.getByTestId('erase-account-password'), 'wrong')
    await events.click(screen.getByTestId('erase-account-submit'))
    await waitFor(() => expect(screen.getByTestId('erase-account-dialog').textContent).toContain('The current password is not right.'))
    expect(reload).not.toHaveBeenCalled()
    await events.click(screen.getByTestId('erase-account-cancel'))
    // What was typed is a change: the kit asks before it is dropped.
    await events.click(await screen.findByTestId('unsaved-changes-dialog-confirm'))
    await waitFor(() => expect(screen.queryByTestId('erase-account-dialog')).toBeNull())
    expect(fake.requestsTo('POST', '/user/privacy/erase')).toHaveLength(1)
  })

  it('asks no password of an account without one, and says why it cannot be done when it is blocked', async () => {
    const blocked = PRIVACY_MESSAGES.onlyAdmin('Acme')
    renderInApp(<PrivacySettingsPage />, hostWith(aPreview({ passwordRequired: false, blockedBy: blocked })))
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('privacy-delete-account'))
    expect((await screen.findByTestId('erase-account-blocked')).textContent).toBe(blocked)
    expect(screen.queryByTestId('erase-account-password')).toBeNull()
    await events.type(screen.getByTestId('erase-account-confirmation'), 'grace@example.com')
    expect((screen.getByTestId('erase-account-submit') as HTMLButtonElement).disabled).toBe(true)
  })
})
