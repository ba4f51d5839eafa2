// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { SMALL_SCREEN_QUERY } from '@renderer/hooks/useMediaQuery'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AssignedSlot, Calendar, ScheduleItem } from '@shared/domain'
import { compactCalendar } from '@shared/domain/compactCalendar'
import type { HostRequest } from '@shared/host'
import { aCalendarPost, aSlot } from '@renderer/testing/calendarFixtures'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aMember, aTeam, aUser, anOrganization, memberPage } from '@renderer/testing/fixtures'
import { screenTestHooks } from '@renderer/testing/lifecycle'
import { renderInApp } from '@renderer/testing/render'
import { dayLabel } from './calendarDates'
import type { SlotModalProps } from './slotModal'
import SchedulePage from './SchedulePage'

// The assign-slot modal is its own piece: here it only shows what it was opened with.
vi.mock('./slotModal', async () => {
  const { createElement } = await import('react')
  return {
    preloadSlotModal: () => undefined,
    ScheduleSlotModal: (props: SlotModalProps) =>
      props.open
        ? createElement('div', { 'data-testid': 'slot-modal', 'data-date': props.preset?.date ?? '', 'data-slot': props.slot?.id ?? '' })
        : null
  }
})

const NOW = new Date('2026-10-20T12:00:00.000Z')
const LA = 'America/Los_Angeles'

screenTestHooks({ now: NOW })

interface Setup {
  timezone?: string | null
  slots?: AssignedSlot[]
  calendar?: (req: HostRequest) => Calendar
  list?: (req: HostRequest) => { items: ScheduleItem[]; nextCursor: string | null }
}

function hostWith({ timezone = LA, slots = [], calendar, list }: Setup = {}) {
  const state = { slots: [...slots] }
  const fake = createFakeHost({
    'GET /user': ok(aUser({ timezone })),
    'GET /organization': ok(
      anOrganization({
        organizationBusinessPages: [
          { id: 'page-1', image: null, linkedInCompanyName: 'Acme Page', linkedInWebsite: null, linkedInCompanyDescription: null, linkedInPageLink: null, aiSettingTemplate: null }
        ]
      } as never)
    ),
    'GET /members/list': ok(memberPage([aMember(), aMember({ id: 'member-2', fullName: 'Alan Turing', email: 'alan@example.com' })])),
    'GET /team/list': ok([aTeam()]),
    'GET /schedule/calendar': (req) => ok(compactCalendar(calendar ? calendar(req) : { slots: state.slots, posts: [] })),
    'GET /schedule': (req) => ok(list ? list(req) : { items: [], nextCursor: null })
  })
  return { fake, state }
}

function open(path: string, setup: Setup = {}) {
  const { fake, state } = hostWith(setup)
  const view = renderInApp(<SchedulePage />, fake, path)
  return { ...view, fake, state, events: userEvent.setup() }
}

const ready = async (view: 'month' | 'week' | 'list') =>
  waitFor(() => expect(screen.getByTestId(`schedule-${view}`).getAttribute('data-ready')).toBe('true'))
const location = () => screen.getByTestId('location').textContent ?? ''
const day = (date: string) => screen.getByTestId(`day-${date}`)
const modal = () => screen.getByTestId('slot-modal')
const toastText = async () => (await screen.findByTestId('toast')).textContent

describe('Plan: month view', () => {
  it('lays the month out in the viewer’s timezone: 06:30Z shows on the previous day in Los Angeles', async () => {
    const { fake } = open('/schedule?date=2026-12-01', { slots: [aSlot({ time: '2026-12-01T06:30:00.000Z' })] })
    await ready('month')
    expect(screen.getByTestId('schedule-title').textContent).toBe('December 2026')
    expect(within(day('2026-11-30')).getByRole('button', { name: '22:30 Grace Hopper, slot, Open' })).toBeTruthy()
    expect(within(day('2026-12-01')).queryByTestId('slot-slot-1')).toBeNull()
    // 42 days from Monday 30 November; each day's button is named for assistive technology.
    expect(screen.getAllByRole('gridcell')).toHaveLength(42)
    expect(screen.getByRole('button', { name: '1 Dec, Tuesday, 1 December 2026' })).toBeTruthy()
    const query = fake.requestsTo('GET', '/schedule/calendar')[0]!.query
    expect(query).toEqual({ from: '2026-11-30T08:00:00.000Z', to: '2027-01-11T08:00:00.000Z' })
  })

  it('shows time, assignee, tag colour, page icon and status, sorted by time', async () => {
    open('/schedule?date=2026-12-01', {
      slots: [
        aSlot({ id: 'late', time: '2026-12-02T20:00:00.000Z', status: 'DONE', tag: { id: 't', title: 'Hiring', color: '#ff0000' } }),
        aSlot({
          id: 'early',
          time: '2026-12-02T17:00:00.000Z',
          isBusinessPageSlot: true,
          businessPages: [{ id: 'page-1', linkedInCompanyName: 'Acme Page', image: null }]
        }),
        aSlot({ id: 'missed', time: '2026-12-02T18:00:00.000Z', status: 'MISSED', canEdit: false })
      ]
    })
    await ready('month')
    const names = within(day('2026-12-02'))
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'))
    expect(names).toEqual([
      'Wednesday, 2 December 2026',
      '09:00 Grace Hopper, slot, Acme Page, Open',
      '10:00 Grace Hopper, slot, Missed',
      '12:00 Grace Hopper, slot, Hiring, Done'
    ])
    expect(screen.getByTestId('slot-missed').getAttribute('data-status')).toBe('MISSED')
  })

  it('names each chip from what it shows first: its time and name as one run, then the rest (WCAG 2.5.3)', async () => {
    open('/schedule?date=2026-12-01', {
      calendar: () => ({
        slots: [aSlot({ id: 'tagged', time: '2026-12-02T17:00:00.000Z', tag: { id: 'tag-1', title: 'Hiring', color: '#0f6cbd' } as never })],
        posts: [aCalendarPost({ time: '2026-12-04T18:00:00.000Z' })]
      })
    })
    await ready('month')
    const slot = screen.getByTestId('slot-tagged')
    const post = screen.getByTestId('post-post-1')
    // The chip's text is what a speech user reads off it: no initials run into the name, a space after the time.
    expect(slot.textContent).toBe('09:00 Grace Hopper')
    expect(post.textContent).toBe('10:00 Grace Hopper')
    expect(slot.getAttribute('aria-label')).toBe('09:00 Grace Hopper, slot, Hiring, Open')
    expect(post.getAttribute('aria-label')).toBe('10:00 Grace Hopper, post, Text, Scheduled')
    // The avatar is a picture beside the name: hidden from assistive technology, its initials drawn, not written.
    const avatar = slot.querySelector('.fui-Avatar')!
    expect(avatar.getAttribute('aria-hidden')).toBe('true')
    expect(avatar.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('GH')
  })

  it('shows +N more when a day overflows and lists the whole day in a popover', async () => {
    const slots = Array.from({ length: 5 }, (_, i) => aSlot({ id: `s${i}`, time: `2026-12-03T1${i}:00:00.000Z` }))
    const { events } = open('/schedule?date=2026-12-01', { slots })
    await ready('month')
    const cell = within(day('2026-12-03'))
    expect(cell.getAllByRole('button', { name: /, slot,/ })).toHaveLength(2)
    await events.click(cell.getByRole('button', { name: '+3 more on Thursday, 3 December 2026' }))
    const list = await screen.findByTestId('more-list-2026-12-03')
    // By test id: under happy-dom, tabster may leave the surface aria-hidden (see NotificationBell.test).
    expect(Array.from(list.querySelectorAll('[data-slot-id]')).map((b) => b.getAttribute('data-slot-id'))).toEqual(['s0', 's1', 's2', 's3', 's4'])
    expect(screen.queryByTestId('slot-modal')).toBeNull()
    // A click on the popover (its padding too) is no click on the day under it: no new slot is offered.
    await events.click(list)
    expect(screen.queryByTestId('slot-modal')).toBeNull()
  })

  it('shows posts when the calendar has them, each opening the editor at that post', async () => {
    const { events } = open('/schedule?date=2026-12-01', { calendar: () => ({ slots: [], posts: [aCalendarPost({ time: '2026-12-04T18:00:00.000Z' })] }) })
    await ready('month')
    const post = within(day('2026-12-04')).getByRole('link', { name: '10:00 Grace Hopper, post, Text, Scheduled' })
    expect(post.getAttribute('href')).toBe('/content/write-post?postId=post-1')
    // With posts in the Plan, the status filter offers post statuses too.
    expect(within(screen.getByTestId('filter-status')).getByRole('option', { name: 'Published' })).toBeTruthy()
    await events.click(post)
    await waitFor(() => expect(location()).toBe('/content/write-post?postId=post-1'))
    expect(screen.queryByTestId('slot-modal')).toBeNull()
  })

  it('offers Write post in the menu of the viewer’s own open slots only', async () => {
    const { events, router } = open('/schedule?date=2026-12-01', {
      slots: [
        aSlot({ id: 'mine', time: '2026-12-02T17:00:00.000Z', assignee: { id: 'user-1', fullName: 'Ada Lovelace', image: null } }),
        aSlot({ id: 'mine-done', time: '2026-12-02T18:00:00.000Z', status: 'DONE', assignee: { id: 'user-1', fullName: 'Ada Lovelace', image: null } }),
        aSlot({ id: 'theirs', time: '2026-12-02T19:00:00.000Z' })
      ]
    })
    await ready('month')
    fireEvent.contextMenu(screen.getByTestId('slot-theirs'))
    await screen.findByRole('menuitem', { name: 'Edit slot' })
    expect(screen.queryByRole('menuitem', { name: 'Write post' })).toBeNull()
    await events.keyboard('{Escape}')
    fireEvent.contextMenu(screen.getByTestId('slot-mine-done'))
    await screen.findByRole('menuitem', { name: 'Edit slot' })
    expect(screen.queryByRole('menuitem', { name: 'Write post' })).toBeNull()
    await events.keyboard('{Escape}')

    // The Plan stays mounted in this test router (and would act on ?slotId=), so record where it went.
    const visited: string[] = []
    router.subscribe((state) => visited.push(`${state.location.pathname}${state.location.search}`))
    fireEvent.contextMenu(screen.getByTestId('slot-mine'))
    await events.click(await screen.findByRole('menuitem', { name: 'Write post' }))

    await waitFor(() => expect(visited[0]).toBe('/content/write-post?slotId=mine'))
  })

  it('opens the assign-slot modal preset to a clicked day, and with Enter on the focused day', async () => {
    const { events } = open('/schedule?date=2026-12-01')
    await ready('month')
    await events.click(screen.getByRole('button', { name: 'Wednesday, 2 December 2026' }))
    expect(modal().getAttribute('data-date')).toBe('2026-12-02')
    expect(modal().getAttribute('data-slot')).toBe('')
    cleanup()

    const second = open('/schedule?date=2026-12-01')
    await ready('month')
    await second.events.click(day('2026-12-10'))
    expect(modal().getAttribute('data-date')).toBe('2026-12-10')
    cleanup()

    const third = open('/schedule?date=2026-12-01')
    await ready('month')
    const first = screen.getByRole('button', { name: '1 Dec, Tuesday, 1 December 2026' })
    first.focus()
    await third.events.keyboard('{ArrowRight}{ArrowDown}')
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Wednesday, 9 December 2026')
    await third.events.keyboard('{Enter}')
    expect(modal().getAttribute('data-date')).toBe('2026-12-09')
  })

  it('opens a clicked slot in edit mode, and the Assign slot button with no preset', async () => {
    const { events } = open('/schedule?date=2026-12-01', { slots: [aSlot({ id: 'slot-7', time: '2026-12-02T17:00:00.000Z' })] })
    await ready('month')
    await events.click(screen.getByTestId('slot-slot-7'))
    expect(modal().getAttribute('data-slot')).toBe('slot-7')
    cleanup()

    const again = open('/schedule?date=2026-12-01')
    await ready('month')
    await again.events.click(screen.getByRole('button', { name: 'Assign slot' }))
    expect(modal().getAttribute('data-date')).toBe('')
  })
})

/** Drags a slot onto a day (HTML5 drag and drop events). */
function dragTo(slotTestId: string, target: HTMLElement) {
  const slot = screen.getByTestId(slotTestId)
  fireEvent.dragStart(slot)
  fireEvent.dragEnter(target)
  fireEvent.dragOver(target)
  fireEvent.drop(target)
  fireEvent.dragEnd(slot)
}

describe('Plan: moving slots', () => {
  // 30 October 2026 09:00 in Los Angeles is PDT (UTC-7); 3 November, after the change, is PST (UTC-8).
  const beforeDst = () => aSlot({ id: 'slot-1', time: '2026-10-30T16:00:00.000Z' })

  it('drops a slot on another day at the same local time across a DST change, at once and then as the server says', async () => {
    const { fake, state } = open('/schedule?date=2026-10-01', { slots: [beforeDst()] })
    let answer: (value: void) => void = () => undefined
    fake.reply('PUT /schedule/assigned-slots/update', async (req) => {
      await new Promise((resolve) => (answer = resolve))
      const body = req.body as { slotId: string; time: string }
      state.slots = [aSlot({ id: body.slotId, time: body.time })]
      return ok({ slots: state.slots })
    })
    await ready('month')
    expect(screen.getByTestId('slot-slot-1').getAttribute('draggable')).toBe('true')
    dragTo('slot-slot-1', day('2026-11-03'))
    // Optimistic: the slot shows on its new day before the server answers.
    await waitFor(() => expect(within(day('2026-11-03')).getByTestId('slot-slot-1')).toBeTruthy())
    expect(within(day('2026-11-03')).getByRole('button', { name: '09:00 Grace Hopper, slot, Open' })).toBeTruthy()
    await waitFor(() => expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')).toHaveLength(1))
    expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')[0]!.body).toEqual({ slotId: 'slot-1', scope: 'one', time: '2026-11-03T17:00:00.000Z' })
    act(() => answer())
    expect(await toastText()).toContain('Slot moved ✅')
    await waitFor(() => expect(fake.requestsTo('GET', '/schedule/calendar').length).toBeGreaterThan(1))
    expect(within(day('2026-11-03')).getByTestId('slot-slot-1')).toBeTruthy()
  })

  it('snaps back with the server’s message when the move is refused', async () => {
    const { fake } = open('/schedule?date=2026-10-01', { slots: [beforeDst()] })
    fake.reply('PUT /schedule/assigned-slots/update', fail(403, 'Only admins, the leaders of the member’s team and the slot’s creator can change this slot.', 'forbidden'))
    await ready('month')
    dragTo('slot-slot-1', day('2026-11-03'))
    const text = await toastText()
    expect(text).toContain('Slot update failed ⚠️')
    expect(text).toContain('Only admins, the leaders of the member’s team and the slot’s creator can change this slot.')
    await waitFor(() => expect(within(day('2026-10-30')).getByTestId('slot-slot-1')).toBeTruthy())
    expect(within(day('2026-11-03')).queryByTestId('slot-slot-1')).toBeNull()
  })

  it('says only the generic text when the server fails', async () => {
    const { fake } = open('/schedule?date=2026-10-01', { slots: [beforeDst()] })
    fake.reply('PUT /schedule/assigned-slots/update', fail(500, 'boom', 'internal'))
    await ready('month')
    dragTo('slot-slot-1', day('2026-11-03'))
    const text = await toastText()
    expect(text).toContain('Slot update failed ⚠️')
    expect(text).toContain('Something went wrong. Please try again later.')
    await waitFor(() => expect(within(day('2026-10-30')).getByTestId('slot-slot-1')).toBeTruthy())
  })

  it('asks whether the following slots of a series move too', async () => {
    const series = ['2026-10-22', '2026-10-29', '2026-11-05'].map((date, occurrence) =>
      aSlot({ id: `s${occurrence}`, seriesId: 'series-a', seriesSize: 3, occurrence, time: `${date}T16:00:00.000Z` })
    )
    const { fake, events } = open('/schedule?date=2026-10-01', { slots: series })
    fake.reply('PUT /schedule/assigned-slots/update', ok({ slots: [] }))
    await ready('month')
    dragTo('slot-s0', day('2026-10-23'))
    // Dialog controls by test id: under happy-dom, tabster may leave a new dialog aria-hidden for a moment.
    await screen.findByTestId('move-scope-dialog')
    expect(screen.getByTestId('move-scope-one').textContent).toBe('Move only this slot')
    expect(screen.getByTestId('move-scope-series').textContent).toBe('Move this and following slots')
    await events.click(screen.getByTestId('move-scope-series'))
    await waitFor(() => expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')).toHaveLength(1))
    expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')[0]!.body).toEqual({ slotId: 's0', scope: 'series', time: '2026-10-23T16:00:00.000Z' })
  })

  it('does not ask for the last slot of a series, and moves only it', async () => {
    const { fake } = open('/schedule?date=2026-10-01', {
      slots: [aSlot({ id: 'last', seriesSize: 3, occurrence: 2, time: '2026-10-29T16:00:00.000Z' })]
    })
    fake.reply('PUT /schedule/assigned-slots/update', ok({ slots: [] }))
    await ready('month')
    dragTo('slot-last', day('2026-10-28'))
    await waitFor(() => expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')).toHaveLength(1))
    expect(screen.queryByTestId('move-scope-dialog')).toBeNull()
  })

  it('does not move past slots, slots the viewer may not edit, or onto days outside tomorrow…90 days', async () => {
    const { fake, events } = open('/schedule?date=2026-10-01', {
      slots: [
        aSlot({ id: 'past', time: '2026-10-19T16:00:00.000Z' }),
        aSlot({ id: 'locked', time: '2026-10-27T16:00:00.000Z', canEdit: false }),
        aSlot({ id: 'free', time: '2026-10-28T16:00:00.000Z' })
      ]
    })
    await ready('month')
    expect(screen.getByTestId('slot-past').getAttribute('draggable')).toBe('false')
    expect(screen.getByTestId('slot-locked').getAttribute('draggable')).toBe('false')
    dragTo('slot-past', day('2026-10-26'))
    dragTo('slot-locked', day('2026-10-26'))
    dragTo('slot-free', day('2026-10-20')) // today: before tomorrow
    expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')).toEqual([])
    // The keyboard way is refused the same way.
    fireEvent.contextMenu(screen.getByTestId('slot-locked'))
    const move = await screen.findByRole('menuitem', { name: 'Move to…' })
    expect(move.getAttribute('aria-disabled')).toBe('true')
    await events.keyboard('{Escape}')
  })

  it('moves with the keyboard: the slot’s context menu, Move to…, a day', async () => {
    const { fake, events } = open('/schedule?date=2026-10-01', { slots: [beforeDst()] })
    fake.reply('PUT /schedule/assigned-slots/update', ok({ slots: [] }))
    await ready('month')
    fireEvent.contextMenu(screen.getByTestId('slot-slot-1'))
    await events.click(await screen.findByRole('menuitem', { name: 'Move to…' }))
    await screen.findByTestId('move-to-dialog')
    const submit = screen.getByTestId('move-to-submit') as HTMLButtonElement
    expect(submit.textContent).toBe('Move')
    expect(submit.disabled).toBe(true) // still its own day
    fireEvent.change(screen.getByTestId('move-to-date'), { target: { value: '2026-11-03' } })
    await waitFor(() => expect(submit.disabled).toBe(false))
    await events.click(submit)
    await waitFor(() => expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')).toHaveLength(1))
    expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')[0]!.body).toEqual({ slotId: 'slot-1', scope: 'one', time: '2026-11-03T17:00:00.000Z' })
  })
})

describe('Plan: drag-to-move from the keyboard', () => {
  const slot = () => aSlot({ id: 'slot-1', time: '2026-10-30T16:00:00.000Z' })
  const announced = () => screen.getByTestId('keyboard-move-announcement').textContent
  const targets = () => [...document.querySelectorAll('[data-drop-target="true"]')].map((el) => el.getAttribute('data-date'))

  it('picks a slot up with Space, moves a day with → and a week with ↓, drops it with Enter, and focus follows it', async () => {
    const { fake, events } = open('/schedule?date=2026-10-01', { slots: [slot()] })
    fake.reply('PUT /schedule/assigned-slots/update', ok({ slots: [] }))
    await ready('month')
    screen.getByTestId('slot-slot-1').focus()
    await events.keyboard(' ')
    // Space picked it up rather than opening it.
    expect(screen.queryByTestId('slot-modal')).toBeNull()
    expect(screen.getByTestId('slot-slot-1').getAttribute('data-lifted')).toBe('true')
    expect(announced()).toBe(`Picked up the slot of ${dayLabel('2026-10-30')} for Grace Hopper. Arrow keys choose a day, Enter drops it, Escape cancels.`)
    await events.keyboard('{ArrowRight}')
    expect(targets()).toEqual(['2026-10-31'])
    expect(announced()).toBe(`${dayLabel('2026-10-31')}. Enter drops the slot here.`)
    await events.keyboard('{ArrowDown}')
    expect(targets()).toEqual(['2026-11-07'])
    expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')).toEqual([])
    await events.keyboard('{Enter}')
    await waitFor(() => expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')).toHaveLength(1))
    // The same wall-clock time (09:00 in Los Angeles) on the new day, after the clocks went back.
    expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')[0]!.body).toEqual({ slotId: 'slot-1', scope: 'one', time: '2026-11-07T17:00:00.000Z' })
    expect(screen.queryByTestId('slot-modal')).toBeNull()
    expect(targets()).toEqual([])
    expect(announced()).toBe(`Dropped on ${dayLabel('2026-11-07')}.`)
    await waitFor(() => expect(document.activeElement?.getAttribute('data-slot-id')).toBe('slot-1'))
  })

  it('puts it back with Escape or when focus leaves it, and will not drop it on a day outside the window', async () => {
    const { fake, events } = open('/schedule?date=2026-10-01', { slots: [slot()] })
    await ready('month')
    const chip = screen.getByTestId('slot-slot-1')
    chip.focus()
    await events.keyboard(' {ArrowLeft}{Escape}')
    expect(targets()).toEqual([])
    expect(chip.getAttribute('data-lifted')).toBeNull()
    expect(announced()).toBe('Move cancelled: the slot stays where it was.')
    // Today (20 October) is before the window opens tomorrow.
    await events.keyboard(' {ArrowUp}{ArrowUp}')
    expect(targets()).toEqual(['2026-10-16'])
    expect(announced()).toBe(`${dayLabel('2026-10-16')}: a slot cannot move here (tomorrow to 90 days ahead).`)
    await events.keyboard('{Enter}')
    expect(announced()).toBe('The slot cannot move there: it stays where it was.')
    await events.keyboard(' {ArrowRight}')
    expect(targets()).toEqual(['2026-10-31'])
    await events.tab()
    expect(targets()).toEqual([])
    expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')).toEqual([])
    // Enter on a slot not picked up still opens it.
    chip.focus()
    await events.keyboard('{Enter}')
    expect(screen.getByTestId('slot-modal').getAttribute('data-slot')).toBe('slot-1')
  })

  it('in the week: ← and → go between the days’ buttons, and a picked-up slot moves between day columns', async () => {
    const { fake, events } = open('/schedule?view=week&date=2026-10-28', { slots: [slot()] })
    fake.reply('PUT /schedule/assigned-slots/update', ok({ slots: [] }))
    await ready('week')
    // A week's day heading: what it shows ('Mon 26'), then the whole date.
    const head = (date: string) => screen.getByRole('button', { name: (name) => name.endsWith(`, ${dayLabel(date)}`) })
    head('2026-10-26').focus()
    await events.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(head('2026-10-27'))
    await events.keyboard('{End}')
    expect(document.activeElement).toBe(head('2026-11-01'))
    await events.keyboard('{ArrowRight}{ArrowLeft}{Home}')
    expect(document.activeElement).toBe(head('2026-10-26'))
    screen.getByTestId('slot-slot-1').focus()
    // ↓ would leave the week on screen: the slot stays over its day until ← or → takes it on.
    await events.keyboard(' {ArrowDown}{ArrowLeft}')
    expect(targets()).toEqual(['2026-10-29'])
    await events.keyboard(' ')
    await waitFor(() => expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')).toHaveLength(1))
    expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')[0]!.body).toEqual({ slotId: 'slot-1', scope: 'one', time: '2026-10-29T16:00:00.000Z' })
    expect(screen.queryByTestId('slot-modal')).toBeNull()
  })

  it('opens the slot’s menu with Shift+F10, and a slot that may not move is not picked up', async () => {
    const { events } = open('/schedule?date=2026-10-01', { slots: [slot(), aSlot({ id: 'locked', time: '2026-10-28T16:00:00.000Z', canEdit: false })] })
    await ready('month')
    screen.getByTestId('slot-slot-1').focus()
    await events.keyboard('{Shift>}{F10}{/Shift}')
    expect(await screen.findByRole('menuitem', { name: 'Move to…' })).toBeTruthy()
    // The menu has focus, so Escape closes it and focus is back on the slot.
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menuitem'))
    await events.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Move to…' })).toBeNull())
    expect(document.activeElement).toBe(screen.getByTestId('slot-slot-1'))
    screen.getByTestId('slot-locked').focus()
    await events.keyboard(' ')
    expect(screen.getByTestId('slot-locked').getAttribute('data-lifted')).toBeNull()
    // Space is the button's own there: it opens the slot.
    expect(screen.getByTestId('slot-modal').getAttribute('data-slot')).toBe('locked')
  })
})

describe('Plan: week view', () => {
  it('places slots by local time in their day’s column and opens the modal from an empty hour', async () => {
    const { events, fake } = open('/schedule?view=week&date=2026-12-02', {
      slots: [aSlot({ id: 'nine', time: '2026-12-02T17:15:00.000Z' }), aSlot({ id: 'same', time: '2026-12-02T17:15:00.000Z', assignee: { id: 'm2', fullName: 'Alan Turing', image: null } })]
    })
    await ready('week')
    expect(screen.getByTestId('schedule-title').textContent).toBe('30 November – 6 December 2026')
    expect(fake.requestsTo('GET', '/schedule/calendar')[0]!.query).toEqual({ from: '2026-11-30T08:00:00.000Z', to: '2026-12-07T08:00:00.000Z' })
    const column = screen.getByTestId('week-day-2026-12-02')
    const first = within(column).getByTestId('block-slot:same') // sorted by time, then name
    const second = within(column).getByTestId('block-slot:nine')
    expect(first.style.top).toBe(`${9.25 * 48}px`)
    expect([first.style.left, first.style.width]).toEqual(['0%', '50%'])
    expect([second.style.left, second.style.width]).toEqual(['50%', '50%'])
    await events.click(screen.getByTestId('hour-2026-12-04-14'))
    expect(modal().getAttribute('data-date')).toBe('2026-12-04')
  })

  it('names a day heading from what it shows, then the whole date (WCAG 2.5.3)', async () => {
    open('/schedule?view=week&date=2026-12-02')
    await ready('week')
    const heading = document.querySelector<HTMLButtonElement>('[data-day-button="2026-12-02"]')!
    const shown = heading.textContent!
    expect(shown).toMatch(/^\S+ 2$/)
    expect(heading.getAttribute('aria-label')).toBe(`${shown}, ${dayLabel('2026-12-02')}`)
  })

  it('shows six slots at one time in a 156 px day as one chip with the name (its time in the tooltip) and +5 more listing all six (issue 12)', async () => {
    // A 1440 px window: the scroller is a 56 px gutter and seven 156 px days (happy-dom lays nothing out).
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('data-testid') === 'schedule-week-scroller' ? 56 + 7 * 156 : 0
    })
    const names = ['Ada Lovelace', 'Alan Turing', 'Barbara Liskov', 'Donald Knuth', 'Edsger Dijkstra', 'Frances Allen']
    const hiring = { id: 't', title: 'Hiring', color: '#ff0000' }
    const slots = names.map((fullName, i) =>
      aSlot({ id: `s${i}`, time: '2026-12-02T17:30:00.000Z', assignee: { id: `m${i}`, fullName, image: null }, tag: hiring })
    )
    slots.push(aSlot({ id: 'later', time: '2026-12-02T19:00:00.000Z' }))
    const { events } = open('/schedule?view=week&date=2026-12-02', { slots })
    await ready('week')
    const column = within(screen.getByTestId('week-day-2026-12-02'))
    const chips = column.getAllByRole('button', { name: /, slot,/ })
    expect(chips.map((c) => c.getAttribute('data-slot-id'))).toEqual(['s0', 'later'])
    // The chip in its 96 px lane: the name (ellipsized by CSS if need be), the time and the rest in its tooltip and
    // accessible name (the block's place says when); no time, avatar or tag to crowd the name.
    const chip = screen.getByTestId('slot-s0')
    expect(chip.querySelector('[data-part="time"]')).toBeNull()
    expect(chip.textContent).toBe('Ada Lovelace')
    expect(chip.getAttribute('title')).toBe('09:30 Ada Lovelace, slot, Hiring, Open')
    expect(chip.querySelector('.fui-Avatar')).toBeNull()
    // Beside it, the narrower '+5 more' lane; the later slot overlaps none and has the day to itself, avatar and all.
    const block = screen.getByTestId('block-slot:s0')
    expect([block.style.left, block.style.width]).toEqual(['calc((100% - 60px) * 0 / 1)', 'calc((100% - 60px) / 1)'])
    const moreBlock = screen.getByTestId('week-more-2026-12-02-570')
    expect([moreBlock.style.left, moreBlock.style.width]).toEqual(['calc(100% - 60px)', '60px'])
    expect(screen.getByTestId('block-slot:later').style.width).toBe('100%')
    expect(screen.getByTestId('slot-later').querySelector('.fui-Avatar')).not.toBeNull()

    const more = column.getByRole('button', { name: `+5 more from 09:30 on ${dayLabel('2026-12-02')}` })
    expect(more.textContent).toBe('+5 more')
    more.focus()
    await events.keyboard('{Enter}')
    const list = await screen.findByTestId('more-list-2026-12-02-0930')
    expect(list.querySelector('h3')!.textContent).toBe(`${dayLabel('2026-12-02')}, from 09:30`)
    // All six, the one beside it too, as full chips with their avatars.
    const listed = Array.from(list.querySelectorAll('[data-slot-id]')).map((b) => b.getAttribute('data-slot-id'))
    expect(listed).toEqual(['s0', 's1', 's2', 's3', 's4', 's5'])
    expect(list.querySelectorAll('.fui-Avatar')).toHaveLength(6)
    expect(screen.queryByTestId('slot-modal')).toBeNull()
  })

  it('drags a slot to another day column', async () => {
    const { fake } = open('/schedule?view=week&date=2026-10-28', { slots: [aSlot({ id: 'slot-1', time: '2026-10-30T16:00:00.000Z' })] })
    fake.reply('PUT /schedule/assigned-slots/update', ok({ slots: [] }))
    await ready('week')
    dragTo('slot-slot-1', screen.getByTestId('week-day-2026-11-01'))
    await waitFor(() => expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')).toHaveLength(1))
    // 1 November is the change itself: 09:00 that morning is already PST.
    expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')[0]!.body).toEqual({ slotId: 'slot-1', scope: 'one', time: '2026-11-01T17:00:00.000Z' })
  })
})

function items(count: number, firstDay = Date.parse('2026-12-01T16:00:00.000Z')): ScheduleItem[] {
  return Array.from({ length: count }, (_, i) => {
    const slot = aSlot({ id: `l${i}`, time: new Date(firstDay + Math.floor(i / 160) * 86_400_000 + (i % 160) * 60_000).toISOString() })
    return { kind: 'slot' as const, time: slot.time, slot }
  })
}

describe('Plan: list view', () => {
  it('keeps only a window of rows in the DOM with 5,000 items', async () => {
    open('/schedule?view=list&date=2026-12-01', { list: () => ({ items: items(5000), nextCursor: null }) })
    await ready('list')
    const rows = screen.getAllByTestId('list-row')
    expect(rows.length).toBeGreaterThan(5)
    expect(rows.length).toBeLessThan(60)
    expect(screen.getByRole('heading', { name: 'Tuesday, 1 December 2026' })).toBeTruthy()
  })

  it('asks for the month with the filters and loads the next page by cursor', async () => {
    const { fake, events } = open('/schedule?view=list&date=2026-12-01&status=OPEN', {
      list: (req) => (req.query?.cursor ? { items: items(3, Date.parse('2026-12-20T16:00:00.000Z')), nextCursor: null } : { items: items(4), nextCursor: 'next-1' })
    })
    await ready('list')
    await waitFor(() => expect(fake.requestsTo('GET', '/schedule').length).toBeGreaterThanOrEqual(1))
    expect(fake.requestsTo('GET', '/schedule')[0]!.query).toEqual({ status: 'OPEN', from: '2026-12-01T08:00:00.000Z', to: '2027-01-01T08:00:00.000Z', limit: '100' })
    // Near the end already: the next page comes on its own (or with Load more).
    const loadMore = screen.queryByRole('button', { name: 'Load more' })
    if (loadMore) await events.click(loadMore)
    await waitFor(() => expect(fake.requestsTo('GET', '/schedule').some((r) => r.query?.cursor === 'next-1')).toBe(true))
    await screen.findByRole('heading', { name: 'Sunday, 20 December 2026' })
  })

  it('shows each slot’s idea and audience in its row, with the whole of them in its tooltip', async () => {
    const slot = aSlot({ id: 'idea-1', time: '2026-12-01T16:00:00.000Z', comment: 'Launch recap', targetAudience: 'Engineers' })
    open('/schedule?view=list&date=2026-12-01', { list: () => ({ items: [{ kind: 'slot', time: slot.time, slot }], nextCursor: null }) })
    await ready('list')
    const what = within(screen.getByTestId('list-slot-idea-1')).getByTestId('list-slot-what')
    expect(what.textContent).toContain('Launch recap')
    expect(what.textContent).toContain('for Engineers')
    expect(what.getAttribute('title')).toContain('Idea: Launch recap')
    expect(what.getAttribute('title')).toContain('Audience: Engineers')
  })

  it('opens a post of the list in the editor', async () => {
    const { events } = open('/schedule?view=list&date=2026-12-01', {
      list: () => ({ items: [{ kind: 'post', time: '2026-12-04T18:00:00.000Z', post: aCalendarPost({ id: 'post-9', time: '2026-12-04T18:00:00.000Z' }) }], nextCursor: null })
    })
    await ready('list')
    // A row is named from what it shows, in its order (so its name holds its visible text, WCAG 2.5.3).
    const row = screen.getByRole('link', { name: '10:00 Grace Hopper Our new release is out Text Scheduled' })
    expect(row.hasAttribute('aria-label')).toBe(false)
    await events.click(row)
    await waitFor(() => expect(location()).toBe('/content/write-post?postId=post-9'))
  })

  it('shows a post’s excerpt in its own direction (dir="auto"), so Hebrew or Arabic reads right to left', async () => {
    open('/schedule?view=list&date=2026-12-01', {
      list: () => ({ items: [{ kind: 'post', time: '2026-12-04T18:00:00.000Z', post: aCalendarPost({ id: 'post-9', time: '2026-12-04T18:00:00.000Z', excerpt: 'שלום לכולם' }) }], nextCursor: null })
    })
    await ready('list')
    expect(within(screen.getByTestId('list-post-post-9')).getByText('שלום לכולם').getAttribute('dir')).toBe('auto')
  })

  it('says No results found when the month is empty, and opens a slot from the list', async () => {
    open('/schedule?view=list&date=2026-12-01')
    await ready('list')
    expect(screen.getByTestId('empty-state').textContent).toContain('No results found')
    // What to do next (issue 12): assign a slot.
    await userEvent.setup().click(within(screen.getByTestId('empty-state')).getByRole('button', { name: 'Assign a slot' }))
    expect(modal()).toBeTruthy()
    cleanup()
    const { events } = open('/schedule?view=list&date=2026-12-01', { list: () => ({ items: items(1), nextCursor: null }) })
    await ready('list')
    await events.click(screen.getByRole('button', { name: /^08:00 Grace Hopper .*Open$/ }))
    expect(modal().getAttribute('data-slot')).toBe('l0')
  })
})

describe('Plan on a phone', () => {
  it('keeps the filters behind a button that counts those set, so the calendar stays in view', async () => {
    const matchMedia = window.matchMedia.bind(window)
    const phone = (query: string) =>
      ({ matches: true, media: query, onchange: null, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false }) as MediaQueryList
    const spy = vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => (query === SMALL_SCREEN_QUERY ? phone(query) : matchMedia(query)))
    try {
      const { events } = open('/schedule?date=2026-12-01&status=OPEN')
      await ready('month')
      expect(screen.queryByTestId('schedule-filters')).toBeNull()
      const toggle = screen.getByTestId('schedule-filters-toggle')
      expect(toggle.textContent).toBe('Filters (1)')
      expect(toggle.getAttribute('aria-expanded')).toBe('false')
      await events.click(toggle)
      expect(screen.getByTestId('schedule-filters')).toBeTruthy()
      expect(toggle.getAttribute('aria-expanded')).toBe('true')
    } finally {
      spy.mockRestore()
    }
  })
})

describe('Plan: address, filters and links', () => {
  it('keeps the view and day in the address, so a reload shows the same', async () => {
    const { events } = open('/schedule?date=2026-12-01')
    await ready('month')
    await events.click(screen.getByRole('tab', { name: 'Week' }))
    await waitFor(() => expect(location()).toBe('/schedule?date=2026-12-01&view=week'))
    await events.click(screen.getByRole('button', { name: 'Next week' }))
    await waitFor(() => expect(location()).toBe('/schedule?date=2026-12-08&view=week'))
    const address = location()
    cleanup()

    open(address)
    await ready('week')
    expect(screen.getByTestId('schedule-title').textContent).toBe('7 – 13 December 2026')
    expect(screen.getByRole('tab', { name: 'Week' }).getAttribute('aria-selected')).toBe('true')
  })

  it('makes view and period changes steps of the history: Back returns to the view and period before', async () => {
    const { events, router } = open('/schedule?date=2026-12-01')
    await ready('month')
    await events.click(screen.getByRole('tab', { name: 'Week' }))
    await waitFor(() => expect(location()).toBe('/schedule?date=2026-12-01&view=week'))
    await events.click(screen.getByRole('button', { name: 'Next week' }))
    await waitFor(() => expect(location()).toBe('/schedule?date=2026-12-08&view=week'))

    await act(() => router.navigate(-1))
    await waitFor(() => expect(location()).toBe('/schedule?date=2026-12-01&view=week'))
    expect(screen.getByTestId('schedule-title').textContent).toBe('30 November – 6 December 2026')
    await act(() => router.navigate(-1))
    await waitFor(() => expect(location()).toBe('/schedule?date=2026-12-01'))
    await ready('month')
    expect(screen.getByTestId('schedule-title').textContent).toBe('December 2026')
    expect(screen.getByRole('tab', { name: 'Month' }).getAttribute('aria-selected')).toBe('true')
  })

  it('goes back to today with Today', async () => {
    const { events } = open('/schedule?date=2027-03-01')
    await ready('month')
    await events.click(screen.getByRole('button', { name: 'Today' }))
    await waitFor(() => expect(location()).toBe('/schedule'))
    expect(screen.getByTestId('schedule-title').textContent).toBe('October 2026')
    expect(screen.getByRole('button', { name: 'Tuesday, 20 October 2026' }).getAttribute('aria-current')).toBe('date')
  })

  it('sends the filters as query parameters and keeps them in the address', async () => {
    const { fake, events } = open('/schedule?date=2026-12-01&status=MISSED&accountId=member-2')
    await ready('month')
    expect(fake.requestsTo('GET', '/schedule/calendar')[0]!.query).toMatchObject({ status: 'MISSED', accountId: 'member-2' })
    await waitFor(() => expect((screen.getByTestId('filter-member') as HTMLSelectElement).value).toBe('member-2'))

    await events.selectOptions(screen.getByTestId('filter-type'), 'poll')
    await events.selectOptions(screen.getByTestId('filter-team'), 'team-1')
    await waitFor(() => expect(location()).toContain('type=poll'))
    await waitFor(() =>
      expect(fake.requestsTo('GET', '/schedule/calendar').at(-1)!.query).toEqual({
        from: '2026-11-30T08:00:00.000Z',
        to: '2027-01-11T08:00:00.000Z',
        status: 'MISSED',
        accountId: 'member-2',
        type: 'poll',
        teamId: 'team-1'
      })
    )
    // A business page is an account too: choosing one replaces the member.
    await events.selectOptions(screen.getByTestId('filter-page'), 'page-1')
    await waitFor(() => expect(fake.requestsTo('GET', '/schedule/calendar').at(-1)!.query).toMatchObject({ accountId: 'page-1' }))
    expect((screen.getByTestId('filter-member') as HTMLSelectElement).value).toBe('')
    await events.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(location()).toBe('/schedule?date=2026-12-01'))
  })

  it('falls back to the browser’s timezone when the user has none', async () => {
    open('/schedule?date=2026-12-01', { timezone: null })
    await ready('month')
    expect(screen.getByTestId('schedule-page').getAttribute('data-timezone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })

  it('opens a linked slot (?slotId=) from the calendar it is in', async () => {
    open('/schedule?slotId=slot-9', { slots: [aSlot({ id: 'slot-9', time: '2026-10-28T16:00:00.000Z' })] })
    await waitFor(() => expect(modal().getAttribute('data-slot')).toBe('slot-9'))
    await waitFor(() => expect(location()).toBe('/schedule?date=2026-10-28'))
  })

  it('finds a linked slot outside the month through the viewer’s slots and shows its month', async () => {
    const { fake } = open('/schedule?slotId=slot-far', {
      calendar: (req) => ({ slots: String(req.query?.from) > '2026-12' ? [aSlot({ id: 'slot-far', time: '2027-01-05T17:00:00.000Z' })] : [], posts: [] })
    })
    fake.reply('GET /schedule/assigned-slots', ok([aSlot({ id: 'slot-far', time: '2027-01-05T17:00:00.000Z' })]))
    await waitFor(() => expect(modal().getAttribute('data-slot')).toBe('slot-far'))
    await waitFor(() => expect(location()).toBe('/schedule?date=2027-01-05'))
    await ready('month')
    expect(screen.getByTestId('schedule-title').textContent).toBe('January 2027')
    // The viewer's own slots from yesterday on (the server answers at most 100 days at a time).
    expect(fake.requestsTo('GET', '/schedule/assigned-slots')[0]!.query).toEqual({ from: '2026-10-19T12:00:00.000Z', to: '2027-01-27T12:00:00.000Z' })
  })

  it('says when a linked slot cannot be found, after looking back 100 days too', async () => {
    const { fake } = open('/schedule?slotId=gone')
    fake.reply('GET /schedule/assigned-slots', ok([]))
    expect(await toastText()).toContain('Slot not found.')
    expect(fake.requestsTo('GET', '/schedule/assigned-slots').map((r) => r.query)).toEqual([
      { from: '2026-10-19T12:00:00.000Z', to: '2027-01-27T12:00:00.000Z' },
      { from: '2026-07-11T12:00:00.000Z', to: '2026-10-19T12:00:00.000Z' }
    ])
    await waitFor(() => expect(location()).toBe('/schedule'))
    expect(screen.queryByTestId('slot-modal')).toBeNull()
  })

  it('shows an error with a retry when the calendar fails', async () => {
    const { fake, events } = open('/schedule?date=2026-12-01', { calendar: () => ({ slots: [], posts: [] }) })
    fake.reply('GET /schedule/calendar', fail(400, 'Show at most 100 days at a time.', 'bad_request'))
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong')
    fake.reply('GET /schedule/calendar', ok(compactCalendar({ slots: [], posts: [] })))
    await events.click(screen.getByRole('button', { name: 'Try again' }))
    await ready('month')
    expect(screen.getByTestId('schedule-empty').textContent).toBe('No results found')
    await events.click(screen.getByRole('button', { name: 'Assign a slot' }))
    expect(modal()).toBeTruthy()
  })
})

describe('Plan: CSV', () => {
  it('exports the period on screen with its filters in the viewer’s zone, and says when the server refused', async () => {
    const { fake } = open('/schedule?view=week&date=2026-12-02&status=OPEN')
    await ready('week')
    fireEvent.click(screen.getByTestId('schedule-export'))
    await waitFor(() => expect(fake.host.download).toHaveBeenCalledTimes(1))
    expect(fake.host.download).toHaveBeenCalledWith({
      path: '/schedule/export',
      query: { status: 'OPEN', from: '2026-11-30T08:00:00.000Z', to: '2026-12-07T08:00:00.000Z', timezone: LA, format: 'csv' },
      fileName: 'pagecrew-plan-2026-11-30-2026-12-06.csv'
    })
    expect(await toastText()).toContain('Plan exported ✅')

    // A month exports the month, not the six weeks of its grid.
    cleanup()
    const month = open('/schedule?view=month&date=2026-12-15')
    await ready('month')
    fireEvent.click(screen.getByTestId('schedule-export'))
    await waitFor(() => expect(month.fake.host.download).toHaveBeenCalledTimes(1))
    expect(month.fake.host.download).toHaveBeenCalledWith({
      path: '/schedule/export',
      query: { from: '2026-12-01T08:00:00.000Z', to: '2027-01-01T08:00:00.000Z', timezone: LA, format: 'csv' },
      fileName: 'pagecrew-plan-2026-12-01-2026-12-31.csv'
    })
    month.fake.host.download.mockResolvedValueOnce({ status: 500, saved: false })
    fireEvent.click(screen.getByTestId('schedule-export'))
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Plan not exported ⚠️'))
  })

  it('opens the import dialog', async () => {
    open('/schedule')
    await ready('month')
    fireEvent.click(screen.getByTestId('schedule-import'))
    expect(await screen.findByTestId('plan-import-dialog')).toBeTruthy()
    fireEvent.click(screen.getByTestId('plan-import-cancel'))
    await waitFor(() => expect(screen.queryByTestId('plan-import-dialog')).toBeNull())
  })
})
