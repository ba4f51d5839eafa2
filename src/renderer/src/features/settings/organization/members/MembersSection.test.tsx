// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender, heldReply } from '@renderer/testing/fastClicks'
import { aMember, aUser, memberPage } from '@renderer/testing/fixtures'
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
