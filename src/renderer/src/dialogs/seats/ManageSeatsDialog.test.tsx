// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { BILLING_PORTAL_DELAY_MS } from '@shared/constants'
import type { Member } from '@shared/domain'
import { aCurrentPlan } from '@renderer/testing/billingFixtures'
import { createFakeHost, fail, ok, type FakeHost } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender, heldReply } from '@renderer/testing/fastClicks'
import { aMember, aUser, anOrganization, memberPage } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import { ManageSeatsDialog } from './ManageSeatsDialog'

beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const PORTAL = 'https://billing.example.com/portal/session_1'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const me = aMember({ id: 'user-1', fullName: 'Ada Lovelace', email: 'ada@example.com', role: 'ADMIN' })
const others: Member[] = [
  aMember({ id: 'm-2', fullName: 'Grace Hopper', email: 'grace@example.com' }),
  aMember({ id: 'm-3', fullName: 'Alan Turing', email: 'alan@example.com' }),
  aMember({ id: 'm-4', fullName: '', email: 'new@example.com', status: 'INVITED' }),
  aMember({ id: 'm-5', fullName: 'Edsger Dijkstra', email: 'edsger@example.com' }),
  aMember({ id: 'm-6', fullName: 'Barbara Liskov', email: 'barbara@example.com' })
]

function hostWith(options: { users?: number; availableSeats?: number; minSeats?: number; members?: Member[] } = {}) {
  const users = options.users ?? 6
  return createFakeHost({
    'GET /user': ok(aUser()),
    'GET /organization': ok(
      anOrganization({ users, currentPlan: aCurrentPlan({ availableSeats: options.availableSeats ?? 6, minSeats: options.minSeats ?? 5 }) })
    ),
    'GET /members/list': ok(memberPage(options.members ?? [me, ...others])),
    'GET /billing/customer-portal-url': ok({ url: PORTAL })
  })
}

function open(fake: FakeHost = hostWith()) {
  const onClose = vi.fn()
  const view = renderInApp(<ManageSeatsDialog open onClose={onClose} />, fake)
  return { ...view, fake, onClose, events: userEvent.setup() }
}

const quantity = () => screen.getByRole('spinbutton', { name: /Number of seats/ }) as HTMLInputElement
const confirmButton = () => screen.getByRole('button', { name: 'Update seats' }) as HTMLButtonElement

describe('Manage seats dialog', () => {
  it('shows users and seats, and never lets the quantity go below minSeats', async () => {
    const { events } = open()
    expect(await screen.findByRole('dialog', { name: 'Manage seats' })).toBeTruthy()
    expect((await screen.findByTestId('manage-seats-summary')).textContent).toContain('Your organization has 6 users and 6 seats.')
    expect(quantity().value).toBe('6')
    expect(quantity().min).toBe('5')
    expect(confirmButton().disabled).toBe(true)

    await events.clear(quantity())
    await events.type(quantity(), '4')
    expect(screen.getByText('Your plan needs at least 5 seats.')).toBeTruthy()
    expect(confirmButton().disabled).toBe(true)

    await events.clear(quantity())
    await events.type(quantity(), '9')
    expect(screen.queryByText('Your plan needs at least 5 seats.')).toBeNull()
    expect(confirmButton().disabled).toBe(false)
  })

  it('adds seats with PATCH, says "Seats updated", and opens the billing portal 4000 ms later', async () => {
    const fake = hostWith()
    fake.reply('PATCH /billing/manage-seats', ok({ currentPlan: aCurrentPlan({ availableSeats: 9 }), usersCount: 6 }))
    let portalAsked!: () => void
    const asked = new Promise<void>((resolve) => (portalAsked = resolve))
    fake.reply('GET /billing/customer-portal-url', () => {
      portalAsked()
      return ok({ url: PORTAL })
    })
    const { events, onClose } = open(fake)
    await events.clear(await screen.findByRole('spinbutton', { name: /Number of seats/ }))
    await events.type(quantity(), '9')

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    fireEvent.click(confirmButton())
    await asked
    for (let i = 0; i < 20; i++) await Promise.resolve()
    expect(fake.requestsTo('PATCH', '/billing/manage-seats').map((r) => r.body)).toEqual([{ newSeatQuantity: 9, memberIdsToCancel: [] }])
    expect(onClose).toHaveBeenCalled()
    vi.advanceTimersByTime(BILLING_PORTAL_DELAY_MS - 1)
    expect(fake.host.openExternal).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(fake.host.openExternal).toHaveBeenCalledWith(PORTAL)
    vi.useRealTimers()

    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('Seats updated')
    expect(toast.textContent).toContain('Number of seats has been updated. Check Manage billing to see your changes.')
  })

  it('below the user count asks for exactly (users − seats) members, never yourself, before Update seats works', async () => {
    const fake = hostWith({ minSeats: 1 })
    fake.reply('PATCH /billing/manage-seats', ok({ currentPlan: aCurrentPlan({ availableSeats: 4, minSeats: 1 }), usersCount: 4 }))
    const { events, onClose } = open(fake)
    await events.clear(await screen.findByRole('spinbutton', { name: /Number of seats/ }))
    await events.type(quantity(), '4')

    expect(await screen.findByRole('heading', { name: 'Select 2 members to remove' })).toBeTruthy()
    const list = await screen.findByRole('group', { name: 'Members to remove' })
    const boxes = within(list).getAllByRole('checkbox')
    expect(boxes).toHaveLength(5)
    expect(within(list).queryByRole('checkbox', { name: 'Remove Ada Lovelace' })).toBeNull()
    expect(within(list).getByRole('checkbox', { name: 'Remove new@example.com' })).toBeTruthy()
    expect(screen.getByTestId('seat-removal-count').textContent).toBe('0 of 2 selected')
    expect(confirmButton().disabled).toBe(true)

    await events.click(screen.getByRole('checkbox', { name: 'Remove Grace Hopper' }))
    expect(screen.getByTestId('seat-removal-count').textContent).toBe('1 of 2 selected')
    expect(confirmButton().disabled).toBe(true)
    expect(screen.getByText('Select exactly 2 members to remove.')).toBeTruthy()

    await events.click(screen.getByRole('checkbox', { name: 'Remove Alan Turing' }))
    expect(screen.getByTestId('seat-removal-count').textContent).toBe('2 of 2 selected')
    expect(confirmButton().disabled).toBe(false)

    await events.click(screen.getByRole('checkbox', { name: 'Remove Barbara Liskov' }))
    expect(screen.getByTestId('seat-removal-count').textContent).toBe('3 of 2 selected')
    expect(confirmButton().disabled).toBe(true)
    await events.click(screen.getByRole('checkbox', { name: 'Remove Barbara Liskov' }))
    expect(confirmButton().disabled).toBe(false)

    // Removing members loses their data: a confirmation names them first.
    await events.click(confirmButton())
    const confirm = await screen.findByTestId('seat-removal-confirm')
    expect(confirm.textContent).toContain('Grace Hopper, Alan Turing')
    expect(fake.requestsTo('PATCH', '/billing/manage-seats')).toEqual([])
    // By test id: happy-dom's focus timing can leave a nested Fluent dialog aria-hidden for a moment.
    const removeButton = screen.getByTestId('seat-removal-confirm-confirm')
    expect(removeButton.textContent).toBe('Remove 2 members and update seats')
    await events.click(removeButton)

    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(fake.requestsTo('PATCH', '/billing/manage-seats').map((r) => r.body)).toEqual([
      { newSeatQuantity: 4, memberIdsToCancel: ['m-2', 'm-3'] }
    ])
  })

  it('goes back to the form when the removal is not confirmed', async () => {
    const { events, fake } = open(hostWith({ minSeats: 1 }))
    await events.clear(await screen.findByRole('spinbutton', { name: /Number of seats/ }))
    await events.type(quantity(), '5')
    expect(await screen.findByRole('heading', { name: 'Select 1 member to remove' })).toBeTruthy()
    await events.click(await screen.findByRole('checkbox', { name: 'Remove Grace Hopper' }))
    await events.click(confirmButton())
    await events.click(await screen.findByTestId('seat-removal-confirm-cancel'))
    await waitFor(() => expect(screen.queryByTestId('seat-removal-confirm')).toBeNull())
    expect(fake.requestsTo('PATCH', '/billing/manage-seats')).toEqual([])
    expect((screen.getByRole('checkbox', { name: 'Remove Grace Hopper' }) as HTMLInputElement).checked).toBe(true)
  })

  it('on failure says "Error updating seats" / "Please contact support" and keeps the input', async () => {
    const fake = hostWith()
    fake.reply('PATCH /billing/manage-seats', fail(502, 'The billing provider did not answer.'))
    const { events, onClose } = open(fake)
    await events.clear(await screen.findByRole('spinbutton', { name: /Number of seats/ }))
    await events.type(quantity(), '12')
    await events.click(confirmButton())
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('Error updating seats')
    expect(toast.textContent).toContain('Please contact support')
    expect(onClose).not.toHaveBeenCalled()
    expect(quantity().value).toBe('12')
    expect(fake.requestsTo('GET', '/billing/customer-portal-url')).toEqual([])
    expect(fake.host.openExternal).not.toHaveBeenCalled()
  })

  it('sends one PATCH for a double click on Update seats while the first is pending, with an idempotency key', async () => {
    const fake = hostWith()
    const held = heldReply(ok({ currentPlan: aCurrentPlan({ availableSeats: 9 }), usersCount: 6 }))
    fake.reply('PATCH /billing/manage-seats', held.reply)
    const { events, onClose } = open(fake)
    await events.clear(await screen.findByRole('spinbutton', { name: /Number of seats/ }))
    await events.type(quantity(), '9')
    doubleClickBeforeRender(confirmButton())
    await held.release()
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    const requests = fake.requestsTo('PATCH', '/billing/manage-seats')
    expect(requests.map((r) => r.body)).toEqual([{ newSeatQuantity: 9, memberIdsToCancel: [] }])
    expect(requests[0]?.idempotencyKey).toMatch(UUID)
  })

  it('sends one PATCH for a double click on the removal’s confirm, with an idempotency key', async () => {
    const fake = hostWith({ minSeats: 1 })
    const held = heldReply(ok({ currentPlan: aCurrentPlan({ availableSeats: 5, minSeats: 1 }), usersCount: 5 }))
    fake.reply('PATCH /billing/manage-seats', held.reply)
    const { events, onClose } = open(fake)
    await events.clear(await screen.findByRole('spinbutton', { name: /Number of seats/ }))
    await events.type(quantity(), '5')
    await events.click(await screen.findByRole('checkbox', { name: 'Remove Grace Hopper' }))
    await events.click(confirmButton())
    doubleClickBeforeRender(await screen.findByTestId('seat-removal-confirm-confirm'))
    await held.release()
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    const requests = fake.requestsTo('PATCH', '/billing/manage-seats')
    expect(requests.map((r) => r.body)).toEqual([{ newSeatQuantity: 5, memberIdsToCancel: ['m-2'] }])
    expect(requests[0]?.idempotencyKey).toMatch(UUID)
  })

  it('asks for as many members as can be removed, never yourself: at 0 seats with 5 users, the 4 others (issue 12)', async () => {
    const fake = hostWith({ users: 5, availableSeats: 5, minSeats: 1, members: [me, ...others.slice(0, 4)] })
    const { events } = open(fake)
    await events.clear(await screen.findByRole('spinbutton', { name: /Number of seats/ }))
    await events.type(quantity(), '0')
    expect(await screen.findByRole('heading', { name: 'Select 4 members to remove' })).toBeTruthy()
    const list = await screen.findByRole('group', { name: 'Members to remove' })
    expect(within(list).getAllByRole('checkbox')).toHaveLength(4)
    expect(screen.getByTestId('seat-removal-count').textContent).toBe('0 of 4 selected')
    expect(screen.getByText('Your plan needs at least 1 seat.')).toBeTruthy()
    expect(screen.queryByText(/Select (exactly )?5 members/)).toBeNull()
    for (const box of within(list).getAllByRole('checkbox')) await events.click(box)
    expect(screen.getByTestId('seat-removal-count').textContent).toBe('4 of 4 selected')
    expect(confirmButton().disabled).toBe(true)
  })

  it('says why the seats cannot go lower when the member list holds fewer than the user count', async () => {
    // The organization counts 6 users; the list (you and 4 others) is behind: 4 can be removed, so 2 seats stay.
    const fake = hostWith({ users: 6, availableSeats: 6, minSeats: 1, members: [me, ...others.slice(0, 4)] })
    const { events } = open(fake)
    await events.clear(await screen.findByRole('spinbutton', { name: /Number of seats/ }))
    await events.type(quantity(), '1')
    expect(await screen.findByRole('heading', { name: 'Select 4 members to remove' })).toBeTruthy()
    const list = await screen.findByRole('group', { name: 'Members to remove' })
    for (const box of within(list).getAllByRole('checkbox')) await events.click(box)
    expect(screen.getByText('Keep at least 2 seats: only 4 members can be removed, never yourself.')).toBeTruthy()
    expect(screen.queryByTestId('seat-removal-hint')).toBeNull()
    expect(confirmButton().disabled).toBe(true)
    await events.clear(quantity())
    await events.type(quantity(), '2')
    expect(screen.queryByText(/Keep at least/)).toBeNull()
    expect(screen.getByTestId('seat-removal-count').textContent).toBe('4 of 4 selected')
    expect(confirmButton().disabled).toBe(false)
  })
})
