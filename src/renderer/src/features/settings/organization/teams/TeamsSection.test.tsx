// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fail, ok } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender, heldReply } from '@renderer/testing/fastClicks'
import { aTeam, entitlements } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import { teamHostFor } from '@renderer/testing/teamFixtures'
import { TeamsSection } from './TeamsSection'

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  window.alert = vi.fn()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('Teams section', () => {
  it('shows cards with image, leaders and members, and opens the dialog for New team', async () => {
    const fake = teamHostFor({ 'GET /team/list': ok([aTeam({ previewURL: '/api/team/image/team-1?v=1' })]) })
    renderInApp(<TeamsSection admin />, fake)
    const card = await screen.findByTestId('team-card-Writers')
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/api/team/image/team-1?v=1')
    expect(screen.getByTestId('team-card-leaders').textContent).toBe('Grace Hopper')
    await waitFor(() => expect(fake.requestsTo('GET', '/billing/verify/entitled')).toHaveLength(1))
    await userEvent.setup().click(screen.getByTestId('new-team'))
    expect(await screen.findByTestId('team-dialog')).toBeTruthy()
  })

  it('shows the Upgrade Plan toast instead of the dialog without the TEAMS entitlement', async () => {
    const fake = teamHostFor({ 'GET /team/list': ok([aTeam()]), 'GET /billing/verify/entitled': ok(entitlements(['TEAMS'], { TEAMS: [1, 1] })) })
    const { queryClient } = renderInApp(<TeamsSection admin />, fake)
    await waitFor(() => expect(queryClient.getQueryData(['entitlements', 'list'])).toBeTruthy())
    await userEvent.setup().click(await screen.findByTestId('new-team'))
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('Upgrade Plan 🚀')
    expect(toast.textContent).toContain("You've reached the team creation limit for your current plan. To add more teams, please upgrade your plan.")
    expect(screen.queryByTestId('team-dialog')).toBeNull()
  })

  it('lets a team leader see and edit only their teams, without New team or Delete', async () => {
    const fake = teamHostFor({ 'GET /team/list': ok([aTeam(), aTeam({ id: 'team-2', name: 'Sales' })]) })
    renderInApp(<TeamsSection admin={false} onlyTeamIds={['team-2']} />, fake)
    expect(await screen.findByTestId('team-card-Sales')).toBeTruthy()
    expect(screen.queryByTestId('team-card-Writers')).toBeNull()
    expect(screen.queryByTestId('new-team')).toBeNull()
    expect(screen.queryByTestId('team-delete')).toBeNull()
    expect(screen.getByTestId('team-edit')).toBeTruthy()
  })

  it('deletes a team after the delete team confirm', async () => {
    const fake = teamHostFor({ 'GET /team/list': ok([aTeam()]), 'DELETE /team/delete': ok({ ok: true }) })
    renderInApp(<TeamsSection admin />, fake)
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('team-delete'))
    expect((await screen.findByTestId('delete-team-dialog')).textContent).toContain('Writers')
    await events.click(screen.getByTestId('delete-team-dialog-confirm'))
    await waitFor(() => expect(fake.requestsTo('DELETE', '/team/delete').map((r) => r.query)).toEqual([{ teamId: 'team-1' }]))
  })

  it('sends one DELETE for a double click on Delete in the team confirm, and says the team was deleted', async () => {
    let deletes = 0
    const held = heldReply(ok({ ok: true }))
    const fake = teamHostFor({
      'GET /team/list': ok([aTeam()]),
      'DELETE /team/delete': () => (++deletes === 1 ? held.reply() : fail(404, 'Team not found.', 'not_found'))
    })
    renderInApp(<TeamsSection admin />, fake)
    await userEvent.setup().click(await screen.findByTestId('team-delete'))
    doubleClickBeforeRender(await screen.findByTestId('delete-team-dialog-confirm'))
    await waitFor(() => expect((screen.getByTestId('delete-team-dialog-cancel') as HTMLButtonElement).disabled).toBe(true))
    await held.release()
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('Team deleted ✅')
    expect(fake.requestsTo('DELETE', '/team/delete').map((r) => r.query)).toEqual([{ teamId: 'team-1' }])
  })
})
