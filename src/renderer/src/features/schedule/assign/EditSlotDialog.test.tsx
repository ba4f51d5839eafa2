// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AssignedSlot, User } from '@shared/domain'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender, heldReply } from '@renderer/testing/fastClicks'
import { aMember, aPostTag, aUser, anOrganization, memberPage } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import { aBusinessPage, aSlot } from '@renderer/testing/slotFixtures'
import { AssignSlotModal } from '../AssignSlotModal'

const NOW = new Date('2026-03-03T14:20:00.000Z')

const grace = aMember({ id: 'member-1', fullName: 'Grace Hopper', businessPages: [{ id: 'p1', linkedInCompanyName: 'Acme Robotics' }] })
const alan = aMember({ id: 'member-2', fullName: 'Alan Turing', email: 'alan@example.com' })
const hiring = aPostTag({ id: 'tag-1', title: 'Hiring' })
const events = aPostTag({ id: 'tag-2', title: 'Events' })
const recurring = aSlot({
  id: 'slot-2',
  occurrence: 1,
  seriesSize: 4,
  time: '2026-03-17T09:00:00.000Z',
  recurrence: { type: 'weekly', interval: 2, count: 4 },
  tag: { id: 'tag-1', title: 'Hiring', color: '#0f6cbd' },
  postType: 'poll'
})

function open(slot: AssignedSlot, options: { user?: User; replies?: Parameters<typeof createFakeHost>[0] } = {}) {
  const fake = createFakeHost({
    'GET /user': ok(options.user ?? aUser()),
    'GET /members/list': ok(memberPage([grace, alan])),
    'GET /organization': ok(anOrganization({ organizationBusinessPages: [aBusinessPage({ id: 'p1' })] }, NOW)),
    'POST /postTag/get-user-tags': ok([{ userId: 'member-1', tags: [hiring, events] }]),
    'PUT /schedule/assigned-slots/update': ok({ slots: [slot] }),
    'PUT /schedule/assign-slots/updateTags': ok({ slots: [slot] }),
    'DELETE /schedule/assigned-slots/delete': ok({ deleted: 1 }),
    ...options.replies
  })
  const onClose = vi.fn()
  renderInApp(<AssignSlotModal open slot={slot} onClose={onClose} />, fake, '/schedule')
  return { fake, onClose, events: userEvent.setup() }
}

const save = () => screen.getByTestId('slot-save') as HTMLButtonElement
const remove = () => screen.getByTestId('slot-delete') as HTMLButtonElement
const idea = () => screen.getByTestId('slot-idea') as HTMLTextAreaElement

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('Edit slot', () => {
  it('offers the assignee Write post for an open slot, which closes and opens the editor for it', async () => {
    const mine = aSlot({ id: 'slot-9', time: '2026-03-17T09:00:00.000Z', assignee: { id: 'user-1', fullName: 'Ada Lovelace', image: null } })
    const { onClose, events } = open(mine)
    await events.click(await screen.findByRole('button', { name: 'Write post' }))
    expect(onClose).toHaveBeenCalled()
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/content/write-post?slotId=slot-9'))
    cleanup()

    open(aSlot({ time: '2026-03-17T09:00:00.000Z' }))
    await screen.findByRole('dialog', { name: 'Edit slot' })
    expect(screen.queryByRole('button', { name: 'Write post' })).toBeNull()
  })

  it('shows the slot in the viewer timezone, its recurrence read-only', async () => {
    open(recurring, { user: aUser({ timezone: 'America/New_York' }) })
    // Found by test id, its role and name then checked, and role queries inside include aria-hidden:
    // in happy-dom the dialog focuses its own surface (nothing looks focusable without layout)
    // before Tabster has registered it, so Tabster does not make it the active modal and, 250 ms
    // after the next DOM change, marks it aria-hidden until focus moves inside. A loaded machine
    // reached the Repeat switch later than that. (In Chromium its first field takes focus.)
    const modal = await screen.findByTestId('edit-slot-dialog')
    expect(screen.getByRole('dialog', { name: 'Edit slot', hidden: true })).toBe(modal)
    expect(within(modal).queryByRole('switch', { name: 'Auto', hidden: true })).toBeNull()
    expect(await screen.findByTestId('slot-members-tag-member-1')).toBeTruthy()
    expect((screen.getByTestId('slot-date') as HTMLInputElement).value).toBe('2026-03-17')
    expect((screen.getByTestId('slot-time') as HTMLSelectElement).value).toBe('05:00')
    expect(await screen.findByTestId('slot-tag-tag-tag-1')).toBeTruthy()
    expect((screen.getByTestId('slot-post-type-poll') as HTMLInputElement).checked).toBe(true)
    expect((screen.getByTestId('slot-audience') as HTMLInputElement).value).toBe('Engineers')
    expect(idea().value).toBe('Launch recap')
    const repeat = within(modal).getByRole('switch', { name: 'Repeat', hidden: true }) as HTMLInputElement
    expect(repeat.checked && repeat.disabled).toBe(true)
    expect((screen.getByTestId('slot-repeat-interval') as HTMLSelectElement).value).toBe('2')
    expect((screen.getByTestId('slot-repeat-interval') as HTMLSelectElement).disabled).toBe(true)
    expect((screen.getByTestId('slot-repeat-count') as HTMLSelectElement).value).toBe('4')
    expect((screen.getByTestId('slot-repeat-count') as HTMLSelectElement).disabled).toBe(true)
    expect(screen.getByTestId('slot-series-note').textContent).toContain('Occurrence 2 of 4')
  })

  it('keeps Save disabled until something changes, then sends only the change and closes', async () => {
    const { fake, onClose, events: user } = open(aSlot())
    await screen.findByTestId('edit-slot-dialog')
    expect(save().disabled).toBe(true)
    expect(screen.queryByTestId('slot-scope')).toBeNull()
    await user.clear(idea())
    await user.type(idea(), 'Customer story')
    await user.selectOptions(screen.getByTestId('slot-time'), '11:30')
    await user.click(save())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')[0]?.body).toEqual({
      slotId: 'slot-1',
      scope: 'one',
      comment: 'Customer story',
      time: '2026-03-10T11:30:00.000Z'
    })
    expect(fake.requestsTo('PUT', '/schedule/assign-slots/updateTags')).toEqual([])
    expect((await screen.findByTestId('toast')).textContent).toContain('Slot updated ✅')
  })

  it('applies a change to this and the following slots when asked', async () => {
    const { fake, onClose, events: user } = open(recurring)
    await screen.findByTestId('edit-slot-dialog')
    const scope = screen.getByRole('radiogroup', { name: 'Apply changes to' })
    expect((within(scope).getByRole('radio', { name: 'Only this slot' }) as HTMLInputElement).checked).toBe(true)
    await user.click(within(scope).getByRole('radio', { name: 'This and following slots' }))
    await user.type(screen.getByTestId('slot-audience'), ' and CTOs')
    await user.click(save())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')[0]?.body).toEqual({
      slotId: 'slot-2',
      scope: 'series',
      targetAudience: 'Engineers and CTOs'
    })
  })

  it('changes the tag through updateTags alone', async () => {
    const { fake, onClose, events: user } = open(recurring)
    await screen.findByTestId('slot-tag-tag-tag-1')
    await user.click(screen.getByTestId('slot-tag-input'))
    await user.click(await screen.findByTestId('slot-tag-option-tag-2'))
    await user.click(save())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(fake.requestsTo('PUT', '/schedule/assign-slots/updateTags')[0]?.body).toEqual({ slotId: 'slot-2', scope: 'one', tagId: 'tag-2' })
    expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')).toEqual([])
  })

  it('shows the server message when the update is refused and stays open', async () => {
    const { onClose, events: user } = open(aSlot(), {
      replies: { 'PUT /schedule/assigned-slots/update': fail(400, 'Choose a day from tomorrow to 90 days ahead.', 'validation') }
    })
    await screen.findByTestId('edit-slot-dialog')
    await user.type(idea(), '!')
    await user.click(save())
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('Slot update failed ⚠️')
    expect(toast.textContent).toContain('Choose a day from tomorrow to 90 days ahead.')
    expect(onClose).not.toHaveBeenCalled()
    expect(save().disabled).toBe(false)
  })

  it('shows the generic text when the update fails otherwise', async () => {
    const { events: user } = open(aSlot(), { replies: { 'PUT /schedule/assigned-slots/update': fail(500, 'boom', 'internal') } })
    await screen.findByTestId('edit-slot-dialog')
    await user.type(idea(), '!')
    await user.click(save())
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('Slot update failed ⚠️')
    expect(toast.textContent).toContain('Something went wrong. Please try again later.')
  })

  it('deletes this and the following slots after a confirmation with the scope', async () => {
    const { fake, onClose, events: user } = open(recurring, { replies: { 'DELETE /schedule/assigned-slots/delete': ok({ deleted: 3 }) } })
    await screen.findByTestId('edit-slot-dialog')
    await user.click(remove())
    const confirm = await screen.findByTestId('slot-delete-confirm')
    expect(confirm.textContent).toContain('Delete slot')
    // The day as every date is written (lib/formatDate), not '2026-03-17' (issue 12).
    expect(confirm.textContent).toContain(`Delete ${recurring.assignee.fullName}'s slot on Tuesday, 17 March 2026 at 09:00?`)
    await user.click(screen.getByTestId('slot-delete-scope-series'))
    await user.click(screen.getByTestId('slot-delete-confirm-confirm'))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(fake.requestsTo('DELETE', '/schedule/assigned-slots/delete')[0]?.query).toEqual({ slotId: 'slot-2', scope: 'series' })
    expect((await screen.findByTestId('toast')).textContent).toContain('3 slots deleted ✅')
  })

  it('deletes a single slot without a scope choice', async () => {
    const { fake, onClose, events: user } = open(aSlot())
    await screen.findByTestId('edit-slot-dialog')
    await user.click(remove())
    await screen.findByTestId('slot-delete-confirm')
    expect(screen.queryByTestId('slot-delete-scope')).toBeNull()
    await user.click(screen.getByTestId('slot-delete-confirm-confirm'))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(fake.requestsTo('DELETE', '/schedule/assigned-slots/delete')[0]?.query).toEqual({ slotId: 'slot-1', scope: 'one' })
  })

  it('says why a slot cannot be changed and disables Save and Delete', async () => {
    open(aSlot({ canEdit: false }))
    await screen.findByTestId('edit-slot-dialog')
    expect(screen.getByTestId('slot-edit-blocked').textContent).toBe(
      'Only admins, the leaders of the member’s team and the slot’s creator can change this slot.'
    )
    expect(save().disabled).toBe(true)
    expect(remove().disabled).toBe(true)
    expect(idea().disabled).toBe(true)
  })

  it('lets a past slot be deleted but not changed', async () => {
    open(aSlot({ time: '2026-03-01T09:00:00.000Z', status: 'MISSED' }))
    await screen.findByTestId('edit-slot-dialog')
    expect(screen.getByTestId('slot-edit-blocked').textContent).toBe('This slot’s time has passed; it can no longer be changed.')
    expect(save().disabled).toBe(true)
    expect(remove().disabled).toBe(false)
  })

  it('saves once for a double click on Save while the first is pending, without an idempotency key', async () => {
    const held = heldReply(ok({ slots: [aSlot()] }))
    const { fake, onClose, events: user } = open(aSlot(), { replies: { 'PUT /schedule/assigned-slots/update': held.reply } })
    await screen.findByTestId('edit-slot-dialog')
    await user.type(idea(), '!')
    doubleClickBeforeRender(save())
    await held.release()
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    const requests = fake.requestsTo('PUT', '/schedule/assigned-slots/update')
    expect(requests).toHaveLength(1)
    // A PUT sets values; one save may call updateTags twice with different bodies, which one key would refuse.
    expect(requests[0]?.idempotencyKey).toBeUndefined()
  })

  it('deletes once for a double click on the confirm’s Delete', async () => {
    const held = heldReply(ok({ deleted: 1 }))
    const { fake, onClose, events: user } = open(aSlot(), { replies: { 'DELETE /schedule/assigned-slots/delete': held.reply } })
    await screen.findByTestId('edit-slot-dialog')
    await user.click(remove())
    doubleClickBeforeRender(await screen.findByTestId('slot-delete-confirm-confirm'))
    await held.release()
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    expect(fake.requestsTo('DELETE', '/schedule/assigned-slots/delete')).toHaveLength(1)
  })

  it('shows an auto-assigned slot’s day and time and moves it (issue 12)', async () => {
    const { fake, onClose, events: user } = open(aSlot({ autoAssign: true }))
    await screen.findByTestId('edit-slot-dialog')
    expect(screen.queryByTestId('slot-auto-note')).toBeNull()
    expect((screen.getByTestId('slot-date') as HTMLInputElement).value).toBe('2026-03-10')
    expect((screen.getByTestId('slot-time') as HTMLSelectElement).value).toBe('09:00')
    fireEvent.change(screen.getByTestId('slot-date'), { target: { value: '2026-03-12' } })
    await user.selectOptions(screen.getByTestId('slot-time'), '14:15')
    await user.click(save())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')[0]?.body).toEqual({ slotId: 'slot-1', scope: 'one', time: '2026-03-12T14:15:00.000Z' })
  })

  it('keeps the series scope with the buttons, outside the fields that scroll in a short window (issue 12)', async () => {
    open(recurring)
    const modal = await screen.findByTestId('edit-slot-dialog')
    const scope = screen.getByRole('radiogroup', { name: 'Apply changes to' })
    expect(modal.querySelector('.fui-DialogContent')?.contains(scope)).toBe(false)
    expect(scope.closest('.fui-DialogActions')).toBe(save().closest('.fui-DialogActions'))
  })

  it('closes at once without changes, and asks with changes', async () => {
    const first = open(aSlot())
    await screen.findByTestId('edit-slot-dialog')
    await first.events.click(screen.getByTestId('slot-cancel'))
    expect(first.onClose).toHaveBeenCalledTimes(1)
    cleanup()
    const second = open(aSlot())
    await screen.findByTestId('edit-slot-dialog')
    await second.events.type(idea(), '!')
    await second.events.click(screen.getByTestId('slot-cancel'))
    expect((await screen.findByTestId('slot-cancel-confirm')).textContent).toContain('Are you sure you want to cancel?')
    expect(second.onClose).not.toHaveBeenCalled()
  })
})
