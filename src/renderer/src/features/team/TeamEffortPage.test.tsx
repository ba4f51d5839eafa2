// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { HostRequest } from '@shared/host'
import { monthOf, shiftMonth } from '@shared/rules/periods'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aUser, entitlements, withRole } from '@renderer/testing/fixtures'
import { screenTestHooks } from '@renderer/testing/lifecycle'
import { renderInApp } from '@renderer/testing/render'
import { aTeamEffort, anEffortMember, anEffortTeam } from '@renderer/testing/resultsFixtures'
import type { TeamEffort } from '@shared/domain'
import TeamEffortPage from './TeamEffortPage'

screenTestHooks()

const ZONE = 'Europe/London'
const current = () => monthOf(new Date(), ZONE)

const behindAda = anEffortMember('user-2', 'Ada Byron', { target: 4, published: 0, behind: true, nextSlotId: 'slot-1' })
const onTrackBob = anEffortMember('user-3', 'Bob Kahn', { target: 2, published: 2, onTimeRate: 1, streakWeeks: 3 })
const noTargetCy = anEffortMember('user-4', 'Cy Young', { target: 0, published: 1 })
const behindDee = anEffortMember('user-5', 'Dee Ritchie', { target: 3, published: 0, behind: true })
const loner = anEffortMember('user-6', 'Lone Ranger', { target: 2, published: 1 })

/** Two teams: Sales reached more of its (smaller) target and ranks first; the viewer leads Writers only. */
function twoTeams(month: string): TeamEffort {
  return aTeamEffort(month, {
    teams: [
      anEffortTeam('team-w', 'Writers', { members: [behindAda, onTrackBob], withoutTarget: [noTargetCy], target: 6, published: 2, shareOfTarget: 2 / 6, rank: 2 }),
      anEffortTeam('team-s', 'Sales', { members: [behindDee], target: 3, published: 2, shareOfTarget: 2 / 3, rank: 1 }),
      anEffortTeam('team-e', 'Empty', { target: 0, published: 0, shareOfTarget: null, rank: null })
    ],
    unassigned: [loner],
    canNudge: ['team-w']
  })
}

function hostFor(effort: (month: string) => TeamEffort, replies: Parameters<typeof createFakeHost>[0] = {}, user = withRole(aUser({ timezone: ZONE }), 'MEMBER')) {
  return createFakeHost({
    'GET /user': ok(user),
    'GET /billing/verify/entitled': ok(entitlements(['TEAMS'])),
    'GET /team/effort': (req: HostRequest) => ok(effort(String(req.query?.month))),
    'POST /team/nudge': ok({ ok: true }),
    ...replies
  })
}

const location = () => screen.getByTestId('location').textContent

describe('Team effort', () => {
  it('opens on this month in the viewer’s time zone and moves month by month through the address', async () => {
    const fake = hostFor(twoTeams)
    renderInApp(<TeamEffortPage />, fake, '/team')
    await screen.findByTestId('leaderboard')
    expect(fake.requestsTo('GET', '/team/effort')[0]?.query).toEqual({ month: current(), timezone: ZONE })
    expect((screen.getByTestId('month-select') as HTMLSelectElement).value).toBe(current())
    expect((screen.getByTestId('month-next') as HTMLButtonElement).disabled).toBe(true)

    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }))
    const previous = shiftMonth(current(), -1)
    await waitFor(() => expect(location()).toBe(`/team?month=${previous}`))
    await waitFor(() => expect(fake.requestsTo('GET', '/team/effort').at(-1)?.query).toEqual({ month: previous, timezone: ZONE }))
    expect((screen.getByTestId('month-next') as HTMLButtonElement).disabled).toBe(false)

    await userEvent.selectOptions(screen.getByTestId('month-select'), shiftMonth(current(), -5))
    await waitFor(() => expect(location()).toBe(`/team?month=${shiftMonth(current(), -5)}`))
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }))
    await waitFor(() => expect(location()).toBe(`/team?month=${shiftMonth(current(), -4)}`))
  })

  it('reads the month from the address, and a month that is not one, or is still to come, as this month', async () => {
    const fake = hostFor(twoTeams)
    renderInApp(<TeamEffortPage />, fake, '/team?month=2025-02')
    await screen.findByTestId('leaderboard')
    expect(fake.requestsTo('GET', '/team/effort')[0]?.query).toMatchObject({ month: '2025-02' })
    expect(screen.getByTestId('effort-month-title').textContent).toBe('February 2025')
    cleanup()

    for (const month of ['2025-13', 'soon', shiftMonth(current(), 2)]) {
      const other = hostFor(twoTeams)
      renderInApp(<TeamEffortPage />, other, `/team?month=${month}`)
      await screen.findByTestId('leaderboard')
      expect(other.requestsTo('GET', '/team/effort')[0]?.query, month).toMatchObject({ month: current() })
      cleanup()
    }
  })

  it('ranks teams by share of target, teams without targets last, each with published / target', async () => {
    renderInApp(<TeamEffortPage />, hostFor(twoTeams), '/team')
    const board = await screen.findByTestId('leaderboard')
    const rows = within(board).getAllByRole('listitem')
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual(['leaderboard-team-s', 'leaderboard-team-w', 'leaderboard-team-e'])
    expect(within(rows[0]!).getByTestId('leaderboard-rank').textContent).toBe('1.')
    expect(within(rows[0]!).getByTestId('leaderboard-published').textContent).toBe('2 / 3 · 67%')
    expect(within(rows[1]!).getByTestId('leaderboard-published').textContent).toBe('2 / 6 · 33%')
    expect(within(rows[2]!).getByText('No targets')).toBeTruthy()
    expect(within(rows[0]!).getByRole('progressbar', { name: 'Sales: 67% of target reached' })).toBeTruthy()
    // The team cards follow the same order.
    const cards = screen.getAllByTestId(/^effort-team-team-/)
    expect(cards.map((card) => card.getAttribute('data-testid'))).toEqual(['effort-team-team-s', 'effort-team-team-w', 'effort-team-team-e'])
  })

  it('shows each member’s month, Behind, and lists members without a target and members in no team apart', async () => {
    renderInApp(<TeamEffortPage />, hostFor(twoTeams), '/team')
    const writers = await screen.findByTestId('effort-team-team-w')
    const members = within(writers).getByTestId('effort-members')
    const ada = within(members).getByTestId('effort-member-user-2')
    expect(within(ada).getByTestId('effort-published').textContent).toBe('0 / 4')
    expect(within(ada).getByTestId('effort-behind')).toBeTruthy()
    const bob = within(members).getByTestId('effort-member-user-3')
    expect(within(bob).queryByTestId('effort-behind')).toBeNull()
    expect(bob.textContent).toContain('100%')
    expect(bob.textContent).toContain('3 weeks')
    expect(within(members).queryByTestId('effort-member-user-4')).toBeNull()

    const apart = within(writers).getByTestId('effort-without-target')
    expect(within(apart).getByText('No monthly target')).toBeTruthy()
    expect(within(apart).getByTestId('effort-member-user-4').textContent).toContain('Cy Young')

    // Another team's member rows are its members' and admins': a member sees its totals only.
    expect(within(screen.getByTestId('effort-team-team-e')).getByTestId('effort-members-hidden').textContent).toBe('Only the team’s members and admins see each member’s month.')

    const unassigned = screen.getByTestId('effort-unassigned')
    expect(within(unassigned).getByText('Not in a team')).toBeTruthy()
    expect(within(unassigned).getByTestId('effort-member-user-6').textContent).toContain('Lone Ranger')
  })

  it('offers Nudge only for members behind this month in a team the viewer may nudge, and sends one nudge per click', async () => {
    let release: () => void = () => undefined
    const fake = hostFor(twoTeams, {
      'POST /team/nudge': () =>
        new Promise((resolve) => {
          release = () => resolve(ok({ ok: true }))
        })
    })
    renderInApp(<TeamEffortPage />, fake, '/team')
    await screen.findByTestId('leaderboard')
    // Ada is behind in Writers (nudgeable); Dee is behind in Sales (not the viewer's); Bob is on track.
    expect(screen.getAllByTestId('nudge')).toHaveLength(1)
    const ada = screen.getByTestId('effort-member-user-2')
    const nudge = within(ada).getByRole('button', { name: 'Nudge Ada Byron' })
    expect(within(screen.getByTestId('effort-member-user-5')).queryByTestId('nudge')).toBeNull()

    // Two fast clicks while the first is under way: one request.
    await userEvent.dblClick(nudge)
    await waitFor(() => expect(fake.requestsTo('POST', '/team/nudge')).toHaveLength(1))
    release()
    expect(await screen.findByText('Nudge sent ✅')).toBeTruthy()
    const [request] = fake.requestsTo('POST', '/team/nudge')
    expect(request?.body).toEqual({ userId: 'user-2', month: current() })
    expect(request?.idempotencyKey).toMatch(/.+/)
    expect(within(ada).getByRole('button', { name: 'Ada Byron nudged' })).toHaveProperty('disabled', true)
    expect(fake.requestsTo('POST', '/team/nudge')).toHaveLength(1)
  })

  it('says Nudged, after a reload too, for a member nudged already today (one nudge a day)', async () => {
    const nudgedAda = { ...behindAda, nudgedToday: true }
    const fake = hostFor((month) => ({ ...twoTeams(month), teams: twoTeams(month).teams.map((t) => (t.team.id === 'team-w' ? { ...t, members: [nudgedAda, onTrackBob] } : t)) }))
    renderInApp(<TeamEffortPage />, fake, '/team')
    const ada = await screen.findByTestId('effort-member-user-2')
    expect(within(ada).getByRole('button', { name: 'Ada Byron nudged' })).toHaveProperty('disabled', true)
    expect(within(ada).queryByRole('button', { name: 'Nudge Ada Byron' })).toBeNull()
  })

  it('sends a new Idempotency-Key with each click, and shows a refused nudge as a toast', async () => {
    const fake = hostFor(twoTeams, { 'POST /team/nudge': fail(400, 'Ada Byron is not behind.', 'bad_request') })
    renderInApp(<TeamEffortPage />, fake, '/team')
    const nudge = await screen.findByRole('button', { name: 'Nudge Ada Byron' })
    await userEvent.click(nudge)
    expect(await screen.findByText('Nudge not sent ⚠️')).toBeTruthy()
    expect(screen.getByText('Ada Byron is not behind.')).toBeTruthy()
    await waitFor(() => expect(nudge).toHaveProperty('disabled', false))
    await userEvent.click(nudge)
    await waitFor(() => expect(fake.requestsTo('POST', '/team/nudge')).toHaveLength(2))
    const [first, second] = fake.requestsTo('POST', '/team/nudge').map((r) => r.idempotencyKey)
    expect(first).not.toBe(second)
  })

  it('offers no Nudge in an earlier month', async () => {
    renderInApp(<TeamEffortPage />, hostFor(twoTeams), `/team?month=${shiftMonth(current(), -1)}`)
    await screen.findByTestId('leaderboard')
    expect(within(screen.getByTestId('effort-member-user-2')).getByTestId('effort-behind')).toBeTruthy()
    expect(screen.queryByTestId('nudge')).toBeNull()
  })

  it('shows skeletons while loading, then an error with Try again', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined
    const fake = hostFor(twoTeams, { 'GET /team/effort': () => new Promise((resolve) => (answer = resolve)) })
    renderInApp(<TeamEffortPage />, fake, '/team')
    expect(await screen.findByRole('progressbar', { name: 'Loading the leaderboard…' })).toBeTruthy()
    await waitFor(() => expect(fake.requestsTo('GET', '/team/effort')).toHaveLength(1))
    expect(screen.getByRole('progressbar', { name: 'Loading the leaderboard…' })).toBeTruthy()
    answer(fail(500, 'Broken'))
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('without teams: an admin creates one in the New Team dialog, a member is told to ask their admin', async () => {
    const empty = (month: string) => aTeamEffort(month, { unassigned: [loner] })
    renderInApp(<TeamEffortPage />, hostFor(empty, {}, withRole(aUser({ timezone: ZONE }), 'ADMIN')), '/team')
    await userEvent.click(await screen.findByRole('button', { name: 'Create a team' }))
    expect(await screen.findByRole('dialog')).toBeTruthy()
    cleanup()

    renderInApp(<TeamEffortPage />, hostFor(empty), '/team')
    expect(await screen.findByText('Ask your admin to add you to a team')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Create a team' })).toBeNull()
    expect(screen.getByTestId('effort-unassigned')).toBeTruthy()
  })
})
