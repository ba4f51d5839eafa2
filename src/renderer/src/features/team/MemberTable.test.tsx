// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import { createFakeHost } from '@renderer/testing/fakeHost'
import { renderInProviders } from '@renderer/testing/render'
import { anEffortMember } from '@renderer/testing/resultsFixtures'
import { MemberTable } from './MemberTable'

afterEach(cleanup)

describe('Team effort: member table', () => {
  it('says how many of a member’s published posts were reshares of recommended posts (issue 15)', () => {
    renderInProviders(
      <MemberTable
        members={[
          anEffortMember('user-2', 'Ada Byron', { target: 4, published: 3, reshares: 2 }),
          anEffortMember('user-3', 'Bob Kahn', { target: 0, published: 1, reshares: 1 }),
          anEffortMember('user-4', 'Cy Young', { target: 2, published: 2, reshares: 0 })
        ]}
        month="2026-11"
        nudgeable={() => false}
        label="Writers"
      />,
      createFakeHost()
    )
    const rows = screen.getAllByRole('row').slice(1)
    expect(within(rows[0]!).getByTestId('effort-reshares').textContent).toBe('incl. 2 reshares')
    expect(within(rows[1]!).getByTestId('effort-reshares').textContent).toBe('incl. 1 reshare')
    expect(within(rows[2]!).queryByTestId('effort-reshares')).toBeNull()
  })

  it('is a named tab stop, so the keyboard can scroll it sideways on a phone (WCAG 2.1.1)', () => {
    renderInProviders(<MemberTable members={[anEffortMember('user-2', 'Ada Byron')]} month="2026-11" nudgeable={() => false} label="Writers" />, createFakeHost())
    const region = screen.getByRole('region', { name: 'Writers' })
    expect(region.getAttribute('tabindex')).toBe('0')
    expect(region.hasAttribute('data-scrolls-sideways')).toBe(true)
    expect(within(region).getByRole('table', { name: 'Writers' })).toBeTruthy()
  })
})
