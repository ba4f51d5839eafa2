// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Dashboard, User } from '@shared/domain'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aUser, anOrganization, withRole } from '@renderer/testing/fixtures'
import { screenTestHooks } from '@renderer/testing/lifecycle'
import { renderInApp } from '@renderer/testing/render'
import { aDashboard, aPostRow } from '@renderer/testing/resultsFixtures'
import DashboardPage from './DashboardPage'

screenTestHooks()

const ZONE = 'Europe/London'
const member = () => withRole(aUser({ timezone: ZONE }), 'MEMBER')
const admin = () => withRole(aUser({ timezone: ZONE }), 'ADMIN')

function hostFor(dashboard: Dashboard | ReturnType<typeof fail>, user: User = member()) {
  return createFakeHost({
    'GET /user': ok(user),
    'GET /organization': ok(anOrganization()),
    'GET /dashboard': 'status' in dashboard ? dashboard : ok(dashboard)
  })
}

/** The href of the link named `name` inside the card `testId`. */
const linkIn = (testId: string, name: string | RegExp) => within(screen.getByTestId(testId)).getByRole('link', { name }).getAttribute('href')

const busyMember = aDashboard({
  me: {
    target: 4,
    published: 1,
    nextSlots: [
      { id: 'slot-1', time: '2026-11-24T09:00:00.000Z', postType: 'images', comment: 'Launch recap', postId: null },
      { id: 'slot-2', time: '2026-11-26T09:00:00.000Z', postType: 'textOnly', comment: '', postId: 'post-9' }
    ],
    drafts: [{ postId: 'post-7', excerpt: 'Half a thought about hiring', updatedAt: '2026-11-20T10:00:00.000Z' }],
    draftCount: 3,
    reviewsWaiting: 2,
    lastPosts: [aPostRow('post-1', { excerpt: 'Our launch went well' })],
    team: { id: 'team-1', name: 'Writers', rank: 2, teams: 5, shareOfTarget: 0.4 }
  }
})

describe('dashboard', () => {
  it('asks GET /dashboard once, in the viewer’s time zone, and shows skeletons until it answers', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined
    const fake = createFakeHost({
      'GET /user': ok(member()),
      'GET /organization': ok(anOrganization()),
      'GET /dashboard': () => new Promise((resolve) => (answer = resolve))
    })
    renderInApp(<DashboardPage />, fake)
    expect(await screen.findByRole('progressbar', { name: 'Loading your dashboard…' })).toBeTruthy()
    await waitFor(() => expect(fake.requestsTo('GET', '/dashboard')).toHaveLength(1))
    // The organization and profile cards do not wait for the results.
    expect(await screen.findByTestId('dashboard-organization')).toBeTruthy()
    expect(screen.getByRole('progressbar', { name: 'Loading your month…' })).toBeTruthy()
    answer(ok(busyMember))
    await screen.findByTestId('dashboard-my-month')
    expect(fake.requestsTo('GET', '/dashboard')).toEqual([expect.objectContaining({ query: { timezone: ZONE } })])
    expect(screen.queryByRole('progressbar', { name: 'Loading your month…' })).toBeNull()
  })

  it('shows an error with Try again when the results cannot load, keeping the organization card', async () => {
    let calls = 0
    const fake = hostFor(busyMember)
    fake.reply('GET /dashboard', () => (++calls === 1 ? fail(500, 'Broken') : ok(busyMember)))
    renderInApp(<DashboardPage />, fake)
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(screen.getByTestId('dashboard-organization')).toBeTruthy()
    expect(await screen.findByTestId('dashboard-my-month')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  })

  it('gives a member their month, each card linking to where they act', async () => {
    renderInApp(<DashboardPage />, hostFor(busyMember))
    await screen.findByTestId('dashboard-my-month')
    expect(screen.getByTestId('my-month-published').textContent).toBe('1 of 4 posts')
    expect(linkIn('dashboard-my-month', 'See Team effort')).toBe('/team')

    const slots = screen.getAllByTestId('next-slot')
    expect(within(slots[0]!).getByRole('link', { name: 'Write post' }).getAttribute('href')).toBe('/content/write-post?slotId=slot-1')
    expect(slots[0]!.textContent).toContain('Image · Launch recap')
    // A slot whose post is started opens that post.
    expect(within(slots[1]!).getByRole('link', { name: 'Open post' }).getAttribute('href')).toBe('/content/write-post?postId=post-9')
    expect(linkIn('dashboard-next-slots', 'Open the Plan')).toBe('/schedule')

    expect(linkIn('dashboard-drafts', 'Half a thought about hiring')).toBe('/content/write-post?postId=post-7')
    expect(linkIn('dashboard-drafts', 'See all')).toBe('/collaborate?view=mine&status=DRAFT')
    expect(within(screen.getByTestId('dashboard-drafts')).getByText('3 drafts')).toBeTruthy()

    expect(screen.getByTestId('reviews-waiting').textContent).toBe('2')
    expect(linkIn('dashboard-reviews', 'Open Collaborate')).toBe('/collaborate?view=requested')

    expect(linkIn('dashboard-last-posts', 'Our launch went well')).toBe('/analytics?postId=post-1')
    expect(screen.getByTestId('last-post').textContent).toContain('1,200 impressions')
    expect(screen.getByTestId('last-post').textContent).toContain('2.9% engagement')
    expect(linkIn('dashboard-last-posts', 'See Analytics')).toBe('/analytics')

    expect(screen.getByTestId('team-rank').textContent).toBe('#2 of 5')
    expect(linkIn('dashboard-team-rank', 'See the leaderboard')).toBe('/team')

    // Admin-only cards and the setup checklist are not a member's.
    expect(screen.queryByTestId('dashboard-organization-month')).toBeNull()
    expect(screen.queryByTestId('dashboard-setup')).toBeNull()
  })

  it('offers the next step when a member has nothing yet, and hides reviews without the review flow and the team card without a team', async () => {
    renderInApp(<DashboardPage />, hostFor(aDashboard()))
    await screen.findByTestId('dashboard-my-month')
    expect(screen.getByText('You have no monthly target.')).toBeTruthy()
    expect(screen.getByText('No slots assigned to you.')).toBeTruthy()
    expect(linkIn('dashboard-next-slots', 'Open the Plan')).toBe('/schedule')
    expect(linkIn('dashboard-drafts', 'Write a post')).toBe('/content/write-post')
    expect(screen.getByText('Nothing published yet.')).toBeTruthy()
    expect(screen.queryByTestId('dashboard-reviews')).toBeNull()
    expect(screen.queryByTestId('dashboard-team-rank')).toBeNull()
  })

  it('gives an admin the organization’s month: published vs targets, top posts to Analytics, members behind to Team effort', async () => {
    const dashboard = aDashboard({
      organization: {
        published: 12,
        target: 40,
        topPosts: [aPostRow('post-5', { excerpt: 'Best of the month', author: { id: 'user-8', fullName: 'Grace Hopper', image: null } })],
        membersBehind: [{ member: { id: 'user-9', fullName: 'Alan Turing', image: null }, published: 0, target: 4 }]
      }
    })
    renderInApp(<DashboardPage />, hostFor(dashboard, admin()))
    const card = await screen.findByTestId('dashboard-organization-month')
    expect(within(card).getByTestId('organization-published').textContent).toBe('12 of 40 posts')
    expect(within(card).getByRole('progressbar', { name: '12 of 40 posts published this month' })).toBeTruthy()
    expect(linkIn('dashboard-organization-month', 'Best of the month')).toBe('/analytics?postId=post-5')
    expect(within(card).getByTestId('top-post').textContent).toContain('Grace Hopper')
    expect(linkIn('dashboard-organization-month', 'Alan Turing')).toBe('/team')
    expect(within(card).getByTestId('member-behind').textContent).toContain('0 / 4')
    expect(linkIn('dashboard-organization-month', 'See Analytics')).toBe('/analytics')
    expect(linkIn('dashboard-organization-month', 'See Team effort')).toBe('/team')
  })

  it('shows post excerpts in their own direction (dir="auto"): drafts, last posts and top posts in Arabic or Hebrew read right to left', async () => {
    const dashboard = aDashboard({
      me: {
        drafts: [{ postId: 'post-7', excerpt: 'טיוטה על גיוס עובדים', updatedAt: '2026-11-20T10:00:00.000Z' }],
        draftCount: 1,
        lastPosts: [aPostRow('post-1', { excerpt: 'أطلقنا المنتج الجديد' })]
      },
      organization: { published: 1, target: 4, topPosts: [aPostRow('post-5', { excerpt: 'הפוסט הטוב של החודש' })], membersBehind: [] }
    })
    renderInApp(<DashboardPage />, hostFor(dashboard, admin()))
    await screen.findByTestId('dashboard-organization-month')
    const excerpts = [
      within(screen.getByTestId('dashboard-drafts')).getByRole('link', { name: 'טיוטה על גיוס עובדים' }),
      within(screen.getByTestId('dashboard-last-posts')).getByRole('link', { name: 'أطلقنا المنتج الجديد' }),
      within(screen.getByTestId('dashboard-organization-month')).getByRole('link', { name: 'הפוסט הטוב של החודש' })
    ]
    for (const excerpt of excerpts) expect([excerpt.textContent, excerpt.getAttribute('dir')]).toEqual([excerpt.textContent, 'auto'])
  })

  it('gives a new organization’s admin the setup checklist, every step a link, done steps checked and worded as done', async () => {
    const dashboard = aDashboard({ setup: { linkedInConnected: true, invited: false, teamCreated: false, slotAssigned: false, postWritten: false } })
    renderInApp(<DashboardPage />, hostFor(dashboard, admin()))
    const card = await screen.findByTestId('dashboard-setup')
    expect(within(card).getByText('1 of 5 done')).toBeTruthy()
    const steps = within(card).getAllByRole('listitem')
    expect(steps.map((step) => [within(step).getByRole('link').textContent, within(step).getByRole('link').getAttribute('href'), step.getAttribute('data-done')])).toEqual([
      ['LinkedIn connected', '/settings', 'true'],
      ['Invite your colleagues', '/settings/organization?section=members', 'false'],
      ['Create a team', '/settings/organization?section=teams', 'false'],
      ['Assign the first slot', '/schedule', 'false'],
      ['Write the first post', '/content/write-post', 'false']
    ])
    expect(within(steps[0]!).getByRole('img', { name: 'Done' })).toBeTruthy()
    expect(within(steps[1]!).getByRole('img', { name: 'To do' })).toBeTruthy()
    expect(within(card).queryByText('Connect LinkedIn')).toBeNull()

    await userEvent.click(within(card).getByRole('link', { name: 'Assign the first slot' }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/schedule'))
  })

  it('keeps the organization and profile cards, each profile step a link to Settings, a done one worded and marked as done', async () => {
    renderInApp(<DashboardPage />, hostFor(aDashboard(), aUser({ timezone: null, isLinkedInConnected: false })))
    await screen.findByTestId('dashboard-organization')
    const profile = screen.getByTestId('dashboard-profile')
    const links = within(profile).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Full name added', '/settings'],
      ['Add a profile photo', '/settings'],
      ['Set your time zone', '/settings'],
      ['Connect LinkedIn', '/settings']
    ])
    expect(within(screen.getByTestId('profile-item-fullName')).getByRole('img', { name: 'Done' })).toBeTruthy()
    expect(within(screen.getByTestId('profile-item-photo')).getByRole('img', { name: 'To do' })).toBeTruthy()
    expect(within(screen.getByTestId('profile-item-timezone')).getByRole('img', { name: 'To do' })).toBeTruthy()
    expect(within(profile).getByText('25% complete')).toBeTruthy()
  })
})
