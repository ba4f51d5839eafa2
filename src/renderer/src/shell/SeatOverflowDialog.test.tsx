// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Organization, User } from '@shared/domain'
import { aCurrentPlan } from '@renderer/testing/billingFixtures'
import { createFakeHost, ok, type FakeHost } from '@renderer/testing/fakeHost'
import { aMember, aSession, aUser, anOrganization, memberPage, withRole } from '@renderer/testing/fixtures'
import { renderApp, renderInApp } from '@renderer/testing/render'
import { SeatOverflowDialog } from './SeatOverflowDialog'

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  localStorage.clear()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const overLimit = anOrganization({ users: 6, currentPlan: aCurrentPlan({ availableSeats: 5, minSeats: 1 }) })
const fitting = anOrganization({ users: 5, currentPlan: aCurrentPlan({ availableSeats: 5, minSeats: 1 }) })

function hostWith(user: User, organization: Organization = overLimit) {
  return createFakeHost({ 'GET /user': ok(user), 'GET /organization': ok(organization) })
}

function show(user: User, fake: FakeHost = hostWith(user), pathname = '/dashboard') {
  const view = renderInApp(<SeatOverflowDialog user={user} pathname={pathname} />, fake, pathname)
  return { ...view, fake, events: userEvent.setup() }
}

describe('seat-overflow blocking dialog', () => {
  it('blocks a MEMBER with no close button; Escape and outside clicks do nothing; they are told to ask an admin', async () => {
    const member = withRole(aUser(), 'MEMBER')
    const { events } = show(member)
    // Found by test id, its role and name then checked, and role queries include aria-hidden: in
    // happy-dom the dialog focuses its own surface (nothing looks focusable without layout) before
    // Tabster has registered it, so Tabster does not make it the active modal and, 250 ms after the
    // next DOM change, marks it aria-hidden until focus moves inside. On a loaded machine the checks
    // after Escape came later than that. (In Chromium its button takes focus.)
    const dialog = await screen.findByTestId('seat-overflow-dialog')
    const stillOpen = () => expect(screen.getByRole('alertdialog', { name: 'Your organization has more users than seats', hidden: true })).toBe(dialog)
    stillOpen()
    expect(screen.getByTestId('seat-overflow-message').textContent).toBe(
      'Acme has 6 users but only 5 seats. Ask an admin of your organization to add seats or remove members to continue.'
    )
    expect(within(dialog).queryByRole('button', { name: /close/i, hidden: true })).toBeNull()
    expect(within(dialog).queryByRole('button', { name: 'Manage seats', hidden: true })).toBeNull()
    expect(within(dialog).getAllByRole('button', { hidden: true }).map((b) => b.textContent)).toEqual(['Check again'])

    await events.keyboard('{Escape}')
    stillOpen()
    await events.click(document.body)
    stillOpen()
  })

  it('closes by itself once the count fits after a refetch', async () => {
    const member = withRole(aUser(), 'MEMBER')
    const { events, fake } = show(member)
    await screen.findByRole('alertdialog')
    fake.reply('GET /organization', ok(fitting))
    await events.click(screen.getByRole('button', { name: 'Check again' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })

  it('does not open while the users fit the seats, nor on /subscription-expired', async () => {
    const { fake } = show(aUser(), hostWith(aUser(), fitting))
    await waitFor(() => expect(fake.requestsTo('GET', '/organization')).toHaveLength(1))
    expect(screen.queryByTestId('seat-overflow-dialog')).toBeNull()
    cleanup()
    const second = show(aUser(), hostWith(aUser()), '/subscription-expired')
    await waitFor(() => expect(second.fake.requestsTo('GET', '/organization')).toHaveLength(1))
    expect(screen.queryByTestId('seat-overflow-dialog')).toBeNull()
  })

  it('offers admins (ADMIN and GHOST) Manage seats, which opens the manage seats dialog; both close when the seats fit', async () => {
    const ghost = withRole(aUser(), 'GHOST')
    const fake = hostWith(ghost)
    fake.reply('GET /members/list', ok(memberPage([aMember({ id: 'user-1' }), aMember({ id: 'm-2' })])))
    fake.reply('GET /billing/customer-portal-url', ok({ url: 'https://billing.example.com/portal' }))
    fake.reply('PATCH /billing/manage-seats', () => {
      fake.reply('GET /organization', ok(anOrganization({ users: 6, currentPlan: aCurrentPlan({ availableSeats: 6, minSeats: 1 }) })))
      return ok({ currentPlan: aCurrentPlan({ availableSeats: 6, minSeats: 1 }), usersCount: 6 })
    })
    const { events } = show(ghost, fake)
    expect(await screen.findByText('Acme has 6 users but only 5 seats. Add seats or remove members to continue.')).toBeTruthy()
    await events.click(screen.getByRole('button', { name: 'Manage seats' }))

    // Manage seats takes the blocking dialog's place: still no way around it but Cancel.
    expect(await screen.findByRole('alertdialog', { name: 'Manage seats' })).toBeTruthy()
    const seats = (await screen.findByRole('spinbutton', { name: /Number of seats/ })) as HTMLInputElement
    await events.clear(seats)
    await events.type(seats, '6')
    await events.click(screen.getByRole('button', { name: 'Update seats' }))

    expect((await screen.findByTestId('toast')).textContent).toContain('Seats updated')
    await waitFor(() => expect(screen.queryByTestId('seat-overflow-dialog')).toBeNull())
    expect(fake.requestsTo('PATCH', '/billing/manage-seats').map((r) => r.body)).toEqual([{ newSeatQuantity: 6, memberIdsToCancel: [] }])
  })

  it('comes back when the admin cancels Manage seats while still over the limit', async () => {
    const { events } = show(aUser())
    await events.click(await screen.findByRole('button', { name: 'Manage seats' }))
    await events.click(await screen.findByRole('button', { name: 'Cancel' }))
    expect(await screen.findByRole('alertdialog', { name: 'Your organization has more users than seats' })).toBeTruthy()
  })
})

describe('seat-overflow dialog in the app', () => {
  function signedIn(organization: Organization) {
    return createFakeHost({
      'GET /auth': ok(aSession()),
      'GET /user': ok(withRole(aUser(), 'MEMBER')),
      'GET /organization': ok(organization),
      'GET /config': ok({ helpCenterUrl: 'https://help.example.com/', supportChat: null, version: '0.1.0' }),
      'GET /notification/list': ok({ items: [], nextCursor: null })
    })
  }

  it('covers shell routes', async () => {
    renderApp(signedIn(overLimit), '/dashboard')
    expect(await screen.findByRole('alertdialog', { name: 'Your organization has more users than seats' })).toBeTruthy()
  })

  it('stays away from routes without the shell', async () => {
    const fake = signedIn(overLimit)
    renderApp(fake, '/validate-certification')
    expect(await screen.findByTestId('certificate-id')).toBeTruthy()
    expect(screen.queryByTestId('seat-overflow-dialog')).toBeNull()
  })
})
