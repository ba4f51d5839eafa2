// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { compactCalendar } from '@shared/domain/compactCalendar'
import { aSlot } from '@renderer/testing/calendarFixtures'
import { createFakeHost, ok } from '@renderer/testing/fakeHost'
import { aMember, aUser, anOrganization, memberPage } from '@renderer/testing/fixtures'
import { screenTestHooks } from '@renderer/testing/lifecycle'
import { renderInApp } from '@renderer/testing/render'
import SchedulePage from './SchedulePage'

// The Plan screen with the real assign-slot modal behind its seam (slotModal.tsx).

const NOW = new Date('2026-10-20T12:00:00.000Z')

screenTestHooks({ now: NOW })

function open(path: string) {
  const fake = createFakeHost({
    'GET /user': ok(aUser({ timezone: 'America/Los_Angeles' })),
    'GET /organization': ok(anOrganization({}, NOW)),
    'GET /members/list': ok(memberPage([aMember()])),
    'GET /team/list': ok([]),
    'GET /schedule/calendar': ok(compactCalendar({ slots: [aSlot({ id: 'slot-7', time: '2026-10-28T16:00:00.000Z' })], posts: [] })),
    'POST /postTag/get-user-tags': ok([]),
    'POST /businessPostTag/by-business-page': ok([])
  })
  renderInApp(<SchedulePage />, fake, path)
  return { fake, events: userEvent.setup() }
}

describe('Plan with the assign-slot modal', () => {
  it('opens the modal preset to the clicked day', async () => {
    const { events } = open('/schedule?date=2026-10-01')
    await waitFor(() => expect(screen.getByTestId('schedule-month').getAttribute('data-ready')).toBe('true'))
    await events.click(screen.getByRole('button', { name: 'Friday, 30 October 2026' }))
    await screen.findByTestId('assign-slot-dialog')
    await waitFor(() => expect((screen.getByTestId('slot-date') as HTMLInputElement).value).toBe('2026-10-30'))
  })

  it('opens a clicked slot in the edit dialog', async () => {
    const { events } = open('/schedule?date=2026-10-01')
    await waitFor(() => expect(screen.getByTestId('schedule-month').getAttribute('data-ready')).toBe('true'))
    await events.click(screen.getByTestId('slot-slot-7'))
    expect(await screen.findByTestId('edit-slot-dialog')).toBeTruthy()
  })
})
