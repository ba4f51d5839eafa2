// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { HostRequest } from '@shared/host'
import type { TeamSsiTrend } from '@shared/domain/ssi'
import { createFakeHost, ok } from '@renderer/testing/fakeHost'
import { aUser, entitlements, withRole } from '@renderer/testing/fixtures'
import { screenTestHooks } from '@renderer/testing/lifecycle'
import { renderInApp } from '@renderer/testing/render'
import { aTeamEffort } from '@renderer/testing/resultsFixtures'
import { SSI_TREND_EMPTY } from './SsiTrendCard'
import TeamEffortPage from './TeamEffortPage'

screenTestHooks()

const TREND: TeamSsiTrend = {
  teams: [
    {
      teamId: 'team-w',
      teamName: 'Writers',
      points: [
        { month: '2026-01', average: 55.5, members: 2 },
        { month: '2026-02', average: 70, members: 1 }
      ]
    },
    { teamId: 'team-s', teamName: 'Sales', points: [] }
  ]
}

function renderPage(user = withRole(aUser({ timezone: 'UTC' }), 'MEMBER'), trend: TeamSsiTrend = TREND) {
  const fake = createFakeHost({
    'GET /user': ok(user),
    'GET /billing/verify/entitled': ok(entitlements(['TEAMS'])),
    'GET /team/effort': (req: HostRequest) => ok(aTeamEffort(String(req.query?.month))),
    'GET /team/ssi': ok(trend)
  })
  renderInApp(<TeamEffortPage />, fake, '/team')
  return { fake, events: userEvent.setup() }
}

describe('Team effort: Team SSI trend', () => {
  it('shows a team leader one line per team with records, the figures behind a toggle', async () => {
    const { fake, events } = renderPage(withRole(aUser({ timezone: 'UTC', leadingTeams: [{ id: 'team-w' }] }), 'MEMBER'))
    const card = await screen.findByTestId('ssi-trend-card')
    expect(within(card).getByText('Team SSI trend')).toBeTruthy()
    expect((await within(card).findByTestId('ssi-trend-chart')).getAttribute('data-lines')).toBe('1')
    await events.click(within(card).getByTestId('ssi-trend-table-toggle'))
    expect(within(card).getAllByTestId('ssi-trend-row').map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      ['Writers', 'January 2026', '55.5', '2'],
      ['Writers', 'February 2026', '70', '1']
    ])
    expect(fake.requestsTo('GET', '/team/ssi').map((r) => r.query)).toEqual([{ months: '12' }])
  })

  it('shows admins the card, with an empty state that says how members record their SSI', async () => {
    renderPage(withRole(aUser({ timezone: 'UTC' }), 'ADMIN'), { teams: [{ teamId: 'team-s', teamName: 'Sales', points: [] }] })
    const empty = await screen.findByTestId('ssi-trend-empty')
    expect(empty.textContent).toContain(SSI_TREND_EMPTY)
  })

  it('is not shown to members who lead no team (and nothing is asked of the server)', async () => {
    const { fake } = renderPage()
    expect(await screen.findByTestId('effort-content')).toBeTruthy()
    expect(screen.queryByTestId('ssi-trend-card')).toBeNull()
    expect(fake.requestsTo('GET', '/team/ssi')).toEqual([])
  })
})
