// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { AnalyticsGroups, AnalyticsPostRow, AnalyticsPosts, AnalyticsTimeseries, User } from '@shared/domain'
import type { HostRequest } from '@shared/host'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aMember, aTeam, aUser, anOrganization, memberPage, withRole } from '@renderer/testing/fixtures'
import { screenTestHooks } from '@renderer/testing/lifecycle'
import { renderInApp } from '@renderer/testing/render'
import { aPostRow } from '@renderer/testing/resultsFixtures'
import AnalyticsPage from './AnalyticsPage'

// 10:00 in London on 23 November 2026.
const NOW = new Date('2026-11-23T10:00:00.000Z')

screenTestHooks({ now: NOW })

const TOTALS = { impressions: 3400, membersReached: null, reactions: 80, comments: 12, reshares: 4, clicks: null, engagementRate: 0.0282 }

function postsPage(rows: AnalyticsPostRow[], total = rows.length): AnalyticsPosts {
  return { rows, total, totals: TOTALS }
}

function aSeries(overrides: Partial<AnalyticsTimeseries> = {}): AnalyticsTimeseries {
  return {
    days: [
      { date: '2026-11-02', posts: 2, impressions: 3000, engagements: 90, engagementRate: 0.03 },
      { date: '2026-11-03', posts: 0, impressions: 0, engagements: 0, engagementRate: null }
    ],
    byType: [{ type: 'poll', posts: 2, impressions: 3000, engagementRate: 0.03 }],
    heatmap: [{ weekday: 0, hour: 9, posts: 2, engagementRate: 0.03 }],
    snapshots: [],
    ...overrides
  }
}

const groups = (name: string): AnalyticsGroups => ({
  rows: [{ id: 'g-1', name, image: null, posts: 3, detail: null, ...TOTALS }],
  totals: { posts: 3, ...TOTALS }
})

interface Setup {
  user?: User
  posts?: (req: HostRequest) => AnalyticsPosts
  series?: (req: HostRequest) => AnalyticsTimeseries
}

function open(path = '/analytics', { user = aUser({ timezone: 'Europe/London' }), posts = () => postsPage([aPostRow('p-1'), aPostRow('p-2')]), series = () => aSeries() }: Setup = {}) {
  const fake = createFakeHost({
    'GET /user': ok(user),
    'GET /organization': ok(anOrganization({ organizationBusinessPages: [] })),
    'GET /members/list': ok(memberPage([aMember({ id: 'u-2', fullName: 'Grace Hopper', teams: [{ id: 't-1', name: 'Writers', isLeader: false }] }), aMember({ id: 'u-3', fullName: 'Alan Turing', teams: [] })])),
    'GET /team/list': ok([aTeam({ id: 't-1', name: 'Writers' }), aTeam({ id: 't-2', name: 'Sales' })]),
    'POST /postTag': ok([{ id: 'tag-1', title: 'Hiring', color: '#ff0000', description: null, assignedUsers: [] }]),
    'GET /analytics/posts': (req) => ok(posts(req)),
    'GET /analytics/timeseries': (req) => ok(series(req)),
    'GET /analytics/members': ok(groups('Grace Hopper')),
    'GET /analytics/teams': ok(groups('Writers')),
    'GET /analytics/pages': ok(groups('Acme Page'))
  })
  const view = renderInApp(<AnalyticsPage />, fake, path)
  return { fake, ...view }
}

const location = () => screen.getByTestId('location').textContent

describe('AnalyticsPage', () => {
  it('asks for the last 30 days in the viewer’s time zone by default (London left summer time on 25 October), and months at the zone’s midnights', async () => {
    const { fake } = open()
    await screen.findByTestId('analytics-posts')
    expect(fake.requestsTo('GET', '/analytics/posts')[0]!.query).toEqual({
      from: '2026-10-24T23:00:00.000Z',
      to: '2026-11-24T00:00:00.000Z',
      timezone: 'Europe/London',
      sort: 'publishedAt',
      order: 'desc',
      offset: '0',
      limit: '100'
    })
    expect(fake.requestsTo('GET', '/analytics/timeseries')[0]!.query).toMatchObject({ from: '2026-10-24T23:00:00.000Z', timezone: 'Europe/London' })

    fireEvent.change(screen.getByTestId('analytics-period-select'), { target: { value: 'lastMonth' } })
    await waitFor(() => expect(location()).toBe('/analytics?period=lastMonth'))
    await waitFor(() => expect(fake.requestsTo('GET', '/analytics/posts').at(-1)!.query).toMatchObject({ from: '2026-09-30T23:00:00.000Z', to: '2026-11-01T00:00:00.000Z' }))

    // Tokyo's November starts on 31 October at 15:00 UTC.
    cleanup()
    const tokyo = open('/analytics?period=thisMonth', { user: aUser({ timezone: 'Asia/Tokyo' }) })
    await screen.findByTestId('analytics-posts')
    expect(tokyo.fake.requestsTo('GET', '/analytics/posts')[0]!.query).toMatchObject({ from: '2026-10-31T15:00:00.000Z', to: '2026-11-30T15:00:00.000Z', timezone: 'Asia/Tokyo' })
  })

  it('starts a custom period from the one on screen and asks for its days to the midnight after the last', async () => {
    const { fake } = open('/analytics?period=7d')
    await screen.findByTestId('analytics-posts')
    fireEvent.change(screen.getByTestId('analytics-period-select'), { target: { value: 'custom' } })
    await waitFor(() => expect(location()).toBe('/analytics?period=custom&from=2026-11-17&to=2026-11-23'))
    fireEvent.change(screen.getByTestId('analytics-period-to'), { target: { value: '2026-11-10' } })
    expect(await screen.findByText('The last day comes before the first.')).toBeTruthy()
    expect(screen.getByTestId('analytics-choose-days')).toBeTruthy()
    fireEvent.change(screen.getByTestId('analytics-period-from'), { target: { value: '2026-11-09' } })
    await waitFor(() => expect(fake.requestsTo('GET', '/analytics/posts').at(-1)!.query).toMatchObject({ from: '2026-11-09T00:00:00.000Z', to: '2026-11-11T00:00:00.000Z' }))
  })

  it('sorts on the server: a first click sorts a column descending, the next ascending', async () => {
    const { fake } = open()
    await screen.findByTestId('analytics-posts')
    fireEvent.click(screen.getByTestId('sort-impressions'))
    await waitFor(() => expect(fake.requestsTo('GET', '/analytics/posts').at(-1)!.query).toMatchObject({ sort: 'impressions', order: 'desc', offset: '0' }))
    expect(location()).toBe('/analytics?sort=impressions')
    expect(screen.getByTestId('sort-impressions').closest('[role="columnheader"]')!.getAttribute('aria-sort')).toBe('descending')
    fireEvent.click(screen.getByTestId('sort-impressions'))
    await waitFor(() => expect(fake.requestsTo('GET', '/analytics/posts').at(-1)!.query).toMatchObject({ sort: 'impressions', order: 'asc' }))
  })

  it('loads the next page by offset as the table reaches its last rows', async () => {
    const first = Array.from({ length: 3 }, (_, i) => aPostRow(`p-${i}`))
    const second = [aPostRow('p-3'), aPostRow('p-4')]
    const { fake } = open('/analytics', { posts: (req) => (req.query?.offset === '0' ? postsPage(first, 5) : postsPage(second, 5)) })
    await waitFor(() => expect(fake.requestsTo('GET', '/analytics/posts').map((r) => r.query?.offset)).toEqual(['0', '3']))
    expect(await screen.findByTestId('analytics-post-p-4')).toBeTruthy()
    expect(screen.getByTestId('analytics-posts-count').textContent).toBe('5 posts')
  })

  it('says when LinkedIn has no figures yet, or gives none', async () => {
    open('/analytics', {
      posts: () =>
        postsPage([
          aPostRow('waiting', { metricsStatus: 'pending', impressions: 0, engagementRate: null }),
          aPostRow('refused', { metricsStatus: 'unavailable', impressions: 0, engagementRate: null }),
          aPostRow('read', { impressions: 1234 })
        ])
    })
    const waiting = await screen.findByTestId('analytics-post-waiting')
    expect(within(waiting).getByTestId('analytics-metrics-status').textContent).toBe('Waiting for LinkedIn')
    expect(within(screen.getByTestId('analytics-post-refused')).getByTestId('analytics-metrics-status').textContent).toBe('Not available from LinkedIn')
    expect(within(screen.getByTestId('analytics-post-read')).queryByTestId('analytics-metrics-status')).toBeNull()
  })

  it('marks a reshare of a recommended post in the Type column', async () => {
    open('/analytics', { posts: () => postsPage([aPostRow('reshare', { isReshare: true }), aPostRow('own', { type: 'poll' })]) })
    const reshare = await screen.findByTestId('analytics-post-reshare')
    expect(within(reshare).getByTestId('analytics-reshare').textContent).toBe('Reshare')
    expect(within(screen.getByTestId('analytics-post-own')).queryByTestId('analytics-reshare')).toBeNull()
  })

  it('exports the table in view as CSV through the host, with the period, filters and sort on screen', async () => {
    const { fake } = open('/analytics?period=lastMonth&type=poll&sort=reactions')
    await screen.findByTestId('analytics-posts')
    fireEvent.click(screen.getByTestId('analytics-export'))
    await waitFor(() => expect(fake.host.download).toHaveBeenCalledTimes(1))
    expect(fake.host.download).toHaveBeenCalledWith({
      path: '/analytics/posts',
      query: { from: '2026-09-30T23:00:00.000Z', to: '2026-11-01T00:00:00.000Z', timezone: 'Europe/London', type: 'poll', sort: 'reactions', order: 'desc', format: 'csv' },
      fileName: 'pagecrew-analytics-posts-2026-10-01-2026-10-31.csv'
    })

    fireEvent.click(screen.getByTestId('analytics-tab-teams'))
    expect(await screen.findByTestId('analytics-teams')).toBeTruthy()
    expect(fake.requestsTo('GET', '/analytics/teams')[0]!.query).toMatchObject({ type: 'poll', from: '2026-09-30T23:00:00.000Z' })
    fireEvent.click(screen.getByTestId('analytics-export'))
    await waitFor(() => expect(fake.host.download).toHaveBeenCalledTimes(2))
    expect(fake.host.download).toHaveBeenLastCalledWith({
      path: '/analytics/teams',
      query: { from: '2026-09-30T23:00:00.000Z', to: '2026-11-01T00:00:00.000Z', timezone: 'Europe/London', type: 'poll', format: 'csv' },
      fileName: 'pagecrew-analytics-teams-2026-10-01-2026-10-31.csv'
    })
  })

  it('says an export failed when the server refuses it', async () => {
    const { fake } = open()
    fake.host.download.mockResolvedValueOnce({ status: 500, saved: false })
    await screen.findByTestId('analytics-posts')
    fireEvent.click(screen.getByTestId('analytics-export'))
    expect((await screen.findByTestId('toast')).textContent).toContain('Export failed')
  })

  it('offers an admin every filter and the per-member table; a member neither member nor team filter, nor a member tab', async () => {
    open()
    await screen.findByTestId('analytics-posts')
    expect(screen.getByTestId('analytics-filter-member')).toBeTruthy()
    expect(screen.getByTestId('analytics-filter-team')).toBeTruthy()
    expect(screen.getByTestId('analytics-tab-members')).toBeTruthy()
    cleanup()

    // A member's link with a member filter: the filter is neither shown nor sent.
    const member = open('/analytics?memberId=u-3&tab=members', { user: withRole(aUser(), 'MEMBER') })
    await screen.findByTestId('analytics-posts')
    expect(screen.queryByTestId('analytics-filter-member')).toBeNull()
    expect(screen.queryByTestId('analytics-filter-team')).toBeNull()
    expect(screen.queryByTestId('analytics-tab-members')).toBeNull()
    expect(screen.getByTestId('analytics-filter-type')).toBeTruthy()
    expect(screen.getByTestId('analytics-tab-teams')).toBeTruthy()
    expect(member.fake.requestsTo('GET', '/analytics/posts')[0]!.query).not.toHaveProperty('memberId')
    expect(member.fake.requestsTo('GET', '/members/list')).toEqual([])
  })

  it('offers a team leader their own teams and those teams’ members', async () => {
    open('/analytics', { user: { ...withRole(aUser(), 'MEMBER'), leadingTeams: [{ id: 't-1' }] } })
    await screen.findByTestId('analytics-posts')
    const members = within(screen.getByTestId('analytics-filter-member')).getAllByRole('option').map((o) => o.textContent)
    expect(members).toEqual(['All members', 'Grace Hopper'])
    await waitFor(() => expect(within(screen.getByTestId('analytics-filter-team')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All teams', 'Writers']))
  })

  it('sends a search after a pause in typing', async () => {
    const { fake } = open()
    await screen.findByTestId('analytics-posts')
    fireEvent.change(screen.getByTestId('analytics-search'), { target: { value: 'launch' } })
    await waitFor(() => expect(fake.requestsTo('GET', '/analytics/posts').at(-1)!.query).toMatchObject({ search: 'launch' }))
    expect(location()).toBe('/analytics?search=launch')
  })

  it('with no published post in the period, says what to do and opens Create content', async () => {
    open('/analytics', { posts: () => postsPage([]) })
    expect((await screen.findByTestId('analytics-empty')).textContent).toContain('Publish a post and its results appear here a few hours later')
    fireEvent.click(screen.getByTestId('analytics-create-content'))
    await waitFor(() => expect(location()).toBe('/content/write-post'))
  })

  it('keeps a member’s team totals a tab away when they have no post of their own in the period', async () => {
    open('/analytics', { user: withRole(aUser(), 'MEMBER'), posts: () => postsPage([]) })
    expect(await screen.findByTestId('analytics-empty')).toBeTruthy()
    expect(screen.queryByTestId('analytics-charts')).toBeNull()
    expect(screen.queryByTestId('analytics-export')).toBeNull()
    fireEvent.click(screen.getByTestId('analytics-tab-teams'))
    expect(within(await screen.findByTestId('analytics-teams')).getByText('Writers')).toBeTruthy()
    expect(screen.getByTestId('analytics-export')).toBeTruthy()
  })

  it('with filters that match nothing, offers to clear them', async () => {
    open('/analytics?type=poll', { posts: (req) => (req.query?.type ? postsPage([]) : postsPage([aPostRow('p-1')])) })
    fireEvent.click(await screen.findByTestId('analytics-clear-filters'))
    await waitFor(() => expect(location()).toBe('/analytics'))
    expect(await screen.findByTestId('analytics-post-p-1')).toBeTruthy()
  })

  it('shows an error with a retry when the results cannot load', async () => {
    const fake = createFakeHost({
      'GET /user': ok(aUser()),
      'GET /organization': ok(anOrganization()),
      'GET /analytics/posts': fail(500),
      'GET /analytics/timeseries': ok(aSeries())
    })
    renderInApp(<AnalyticsPage />, fake, '/analytics')
    expect(await screen.findByRole('alert')).toBeTruthy()
  })

  it('opens a post’s details from its row: its metrics over time and links to LinkedIn and the editor', async () => {
    const snapshots = [
      { takenAt: '2026-11-02T10:00:00.000Z', impressions: 100, membersReached: 80, reactions: 3, comments: 1, reshares: 0, clicks: null },
      { takenAt: '2026-11-03T09:00:00.000Z', impressions: 1200, membersReached: 900, reactions: 40, comments: 6, reshares: 2, clicks: null }
    ]
    const { fake } = open('/analytics', {
      posts: () => postsPage([aPostRow('p-1', { excerpt: 'Our launch', linkedInPostUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1' })]),
      series: (req) => aSeries(req.query?.postId ? { snapshots } : {})
    })
    fireEvent.click(within(await screen.findByTestId('analytics-post-p-1')).getByTestId('analytics-open-post'))
    await waitFor(() => expect(location()).toBe('/analytics?postId=p-1'))
    const details = await screen.findByTestId('analytics-post-details')
    expect(within(details).getByText('Our launch')).toBeTruthy()
    expect(fake.requestsTo('GET', '/analytics/timeseries').at(-1)!.query).toMatchObject({ postId: 'p-1' })
    const table = await within(details).findByTestId('post-metrics-table')
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2)
    fireEvent.click(within(details).getByTestId('analytics-open-linkedin'))
    expect(fake.host.openExternal).toHaveBeenCalledWith('https://www.linkedin.com/feed/update/urn:li:share:1')
    expect(within(details).getByTestId('analytics-open-editor').getAttribute('href')).toBe('/content/write-post?postId=p-1')
  })

  it('shows a post’s excerpt in its own direction (dir="auto") in the table and its details, so Arabic or Hebrew reads right to left', async () => {
    const ARABIC = 'أطلقنا المنتج الجديد اليوم'
    open('/analytics', { posts: () => postsPage([aPostRow('p-1', { excerpt: ARABIC })]) })
    const row = await screen.findByTestId('analytics-post-p-1')
    expect(within(row).getByText(ARABIC).getAttribute('dir')).toBe('auto')
    fireEvent.click(within(row).getByTestId('analytics-open-post'))
    const details = await screen.findByTestId('analytics-post-details')
    expect(within(details).getByText(ARABIC).getAttribute('dir')).toBe('auto')
  })

  it('says so when a linked post is not one the viewer can see', async () => {
    const hidden = createFakeHost({
      'GET /user': ok(aUser()),
      'GET /organization': ok(anOrganization()),
      'POST /postTag': ok([]),
      'GET /members/list': ok(memberPage([])),
      'GET /team/list': ok([]),
      'GET /analytics/posts': ok(postsPage([aPostRow('p-1')])),
      'GET /analytics/timeseries': (req) => (req.query?.postId ? fail(404, 'Not found', 'not_found') : ok(aSeries()))
    })
    renderInApp(<AnalyticsPage />, hidden, '/analytics?postId=elsewhere')
    expect((await screen.findByTestId('analytics-details-not-found')).textContent).toBe('This post is not among the published posts you can see.')
  })

  it('draws the charts with their figures for screen readers, and says so when the period has none', async () => {
    open()
    const charts = await screen.findByTestId('analytics-charts', {}, { timeout: 5000 })
    expect(within(charts).getByTestId('chart-heatmap-summary').textContent).toBe('Best: Monday at 09:00 (3.0% engagement over 2 posts), in Europe/London.')
    expect(within(within(charts).getByTestId('chart-types-table')).getByText('Poll')).toBeTruthy()
    expect(within(within(charts).getByTestId('chart-days-table')).getAllByRole('row')).toHaveLength(2)
    cleanup()

    open('/analytics', { series: () => aSeries({ days: [{ date: '2026-11-02', posts: 0, impressions: 0, engagements: 0, engagementRate: null }], byType: [], heatmap: [] }) })
    const empty = await screen.findByTestId('analytics-charts', {}, { timeout: 5000 })
    expect(within(empty).getAllByTestId('chart-empty')).toHaveLength(3)
  })

  it('before LinkedIn has been read, says results are on their way instead of drawing empty charts', async () => {
    open('/analytics', {
      series: () =>
        aSeries({
          days: [{ date: '2026-11-02', posts: 1, impressions: 0, engagements: 0, engagementRate: null }],
          byType: [{ type: 'textOnly', posts: 1, impressions: 0, engagementRate: null }],
          heatmap: [{ weekday: 0, hour: 9, posts: 1, engagementRate: null }]
        })
    })
    const charts = await screen.findByTestId('analytics-charts', {}, { timeout: 5000 })
    for (const chart of ['chart-types', 'chart-heatmap']) {
      const card = within(charts).getByTestId(chart)
      expect(within(card).getByTestId(`${chart}-summary`).textContent).toContain('LinkedIn has not been read for these posts yet')
      expect(within(card).getByTestId('chart-empty').textContent).toContain('once LinkedIn has been read')
    }
  })
})
