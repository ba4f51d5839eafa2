// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender, heldReply } from '@renderer/testing/fastClicks'
import { aMember, aUser, memberPage } from '@renderer/testing/fixtures'
import { PRIVACY_MESSAGES } from '@shared/domain/privacy'
import { renderInApp } from '@renderer/testing/render'
import { MembersSection } from './MembersSection'

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const grace = aMember()

function hostFor(replies: Parameters<typeof createFakeHost>[0] = {}) {
  return createFakeHost({
    'GET /user': ok(aUser()),
    'GET /members/list': ok(memberPage([aMember({ id: 'user-1', email: 'ada@example.com', fullName: 'Ada Lovelace', role: 'ADMIN' }), grace])),
    ...replies
  })
}

async function askToDeleteGrace() {
  const row = await screen.findByTestId('member-row-grace@example.com')
  await userEvent.setup().click(within(row).getByTestId('member-delete-row'))
  return screen.findByTestId('delete-user-dialog-confirm')
}

describe('Members section: Delete in a row', () => {
  it('sends one DELETE for a double click on Delete, and says the user was deleted', async () => {
    // The server answers a second DELETE of the same member 404 'Member not found.'.
    let deletes = 0
    const held = heldReply(ok({ ok: true }))
    const fake = hostFor({
      'DELETE /members/delete': () => (++deletes === 1 ? held.reply() : fail(404, 'Member not found.', 'not_found'))
    })
    renderInApp(<MembersSection />, fake)
    doubleClickBeforeRender(await askToDeleteGrace())
    await waitFor(() => expect((screen.getByTestId('delete-user-dialog-cancel') as HTMLButtonElement).disabled).toBe(true))
    await held.release()
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('User deleted ✅')
    expect(toast.textContent).not.toContain('not deleted')
    expect(fake.requestsTo('DELETE', '/members/delete').map((r) => r.query)).toEqual([{ userId: 'member-1' }])
  })

  it('closes the question and shows a refused delete', async () => {
    const fake = hostFor({ 'DELETE /members/delete': fail(409, 'Transfer their posts first.', 'conflict') })
    renderInApp(<MembersSection />, fake)
    await userEvent.setup().click(await askToDeleteGrace())
    expect((await screen.findByTestId('toast')).textContent).toContain('User not deleted ⚠️')
    await waitFor(() => expect(screen.queryByTestId('delete-user-dialog')).toBeNull())
  })
})

describe('Members section: Export data and Erase account (admins, issue 28)', () => {
  const pending = aMember({ id: 'member-2', email: 'new@example.com', fullName: '', status: 'INVITED' })
  const privacyHost = (replies: Parameters<typeof createFakeHost>[0] = {}) =>
    hostFor({
      'GET /members/list': ok(memberPage([aMember({ id: 'user-1', email: 'ada@example.com', fullName: 'Ada Lovelace', role: 'ADMIN' }), grace, pending])),
      ...replies
    })

  async function openMenuItem(testId: 'member-export-data' | 'member-erase-account') {
    const events = userEvent.setup()
    const row = await screen.findByTestId('member-row-grace@example.com')
    await events.click(within(row).getByTestId('member-more'))
    await events.click(await screen.findByTestId(testId))
    return events
  }

  it('offers the menu on other active members only: not on yourself, not on a pending invitation', async () => {
    renderInApp(<MembersSection />, privacyHost())
    const row = await screen.findByTestId('member-row-grace@example.com')
    expect(within(row).getByTestId('member-more').getAttribute('aria-label')).toBe('More actions for Grace Hopper')
    expect(within(screen.getByTestId('member-row-ada@example.com')).queryByTestId('member-more')).toBeNull()
    expect(within(screen.getByTestId('member-row-new@example.com')).queryByTestId('member-more')).toBeNull()
  })

  it('Export data prepares one export of the member for a double click, then lists it with its progress', async () => {
    let lists = 0
    const held = heldReply(ok({ id: 'export-9', scope: 'organization', status: 'queued', progress: 0, fileSize: null, createdAt: '2026-11-27T09:00:00.000Z', completedAt: null, expiresAt: '2026-12-04T09:00:00.000Z' }))
    const fake = privacyHost({
      'GET /members/privacy/exports': () =>
        ok({
          exports:
            lists++ === 0
              ? []
              : [{ id: 'export-9', scope: 'organization', status: 'running', progress: 60, fileSize: null, createdAt: '2026-11-27T09:00:00.000Z', completedAt: null, expiresAt: '2026-12-04T09:00:00.000Z' }]
        }),
      'POST /members/privacy/exports': () => held.reply()
    })
    renderInApp(<MembersSection />, fake)
    await openMenuItem('member-export-data')
    const dialog = await screen.findByTestId('member-export-dialog')
    expect(dialog.textContent).toContain('Export Grace Hopper’s data')
    expect(dialog.textContent).toContain('The audit log records that you asked for it')
    await waitFor(() => expect(dialog.textContent).toContain('No exports yet'))
    expect(fake.requestsTo('GET', '/members/privacy/exports').map((r) => r.query)).toEqual([{ userId: 'member-1' }])
    doubleClickBeforeRender(screen.getByTestId('member-export-prepare'))
    await held.release()
    const requests = fake.requestsTo('POST', '/members/privacy/exports')
    expect(requests.map((r) => r.body)).toEqual([{ userId: 'member-1' }])
    expect(requests[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect((await within(dialog).findByTestId('export-status')).textContent).toBe('Preparing… 60%')
    expect((screen.getByTestId('member-export-prepare') as HTMLButtonElement).disabled).toBe(true)
    await userEvent.setup().click(screen.getByTestId('member-export-close'))
    await waitFor(() => expect(screen.queryByTestId('member-export-dialog')).toBeNull())
  })

  it('Erase account says what this organization does with their posts, asks for their email, erases and refreshes the list', async () => {
    const fake = privacyHost({
      'GET /members/privacy/erasure': ok({ email: 'grace@example.com', passwordRequired: true, organizations: [{ id: 'org-a', name: 'Acme', erasedMemberContent: 'keep' }], blockedBy: null }),
      'POST /members/privacy/erase': ok({ ok: true })
    })
    renderInApp(<MembersSection />, fake)
    const events = await openMenuItem('member-erase-account')
    const dialog = await screen.findByTestId('erase-account-dialog')
    expect(dialog.textContent).toContain('Erase Grace Hopper’s account?')
    expect(screen.getByTestId('erase-account-organization').textContent).toBe('Acme keeps their posts and comments, shown as written by "Former member".')
    expect(screen.getByTestId('erase-account-summary').textContent).toContain('they are signed out on every device')
    // An admin never knows the member's password: only the email is asked.
    expect(screen.queryByTestId('erase-account-password')).toBeNull()
    const submit = screen.getByTestId('erase-account-submit') as HTMLButtonElement
    await events.type(screen.getByTestId('erase-account-confirmation'), 'grace@example.co')
    expect(submit.disabled).toBe(true)
    await events.type(screen.getByTestId('erase-account-confirmation'), 'm')
    const listsBefore = fake.requestsTo('GET', '/members/list').length
    await events.click(submit)
    expect((await screen.findByTestId('toast')).textContent).toContain('Account erased ✅')
    await waitFor(() => expect(screen.queryByTestId('erase-account-dialog')).toBeNull())
    const [request] = fake.requestsTo('POST', '/members/privacy/erase')
    expect(request!.body).toEqual({ userId: 'member-1', confirmation: 'grace@example.com' })
    expect(request!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    await waitFor(() => expect(fake.requestsTo('GET', '/members/list').length).toBeGreaterThan(listsBefore))
  })

  it('Erase account shows why it cannot be done, and a preview that fails in a dialog that closes', async () => {
    let previews = 0
    const fake = privacyHost({
      'GET /members/privacy/erasure': () =>
        previews++ === 0
          ? fail(500, 'Something went wrong.', 'internal')
          : ok({ email: 'grace@example.com', passwordRequired: false, organizations: [], blockedBy: PRIVACY_MESSAGES.memberInOtherOrganization })
    })
    renderInApp(<MembersSection />, fake)
    const events = await openMenuItem('member-erase-account')
    const failed = await screen.findByTestId('erase-account-preview')
    await events.click(within(failed).getByTestId('erase-account-preview-close'))
    await waitFor(() => expect(screen.queryByTestId('erase-account-preview')).toBeNull())
    await openMenuItem('member-erase-account')
    expect((await screen.findByTestId('erase-account-blocked')).textContent).toBe(PRIVACY_MESSAGES.memberInOtherOrganization)
    await events.type(screen.getByTestId('erase-account-confirmation'), 'grace@example.com')
    expect((screen.getByTestId('erase-account-submit') as HTMLButtonElement).disabled).toBe(true)
  })
})
