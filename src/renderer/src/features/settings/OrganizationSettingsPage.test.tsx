// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender, heldReply } from '@renderer/testing/fastClicks'
import { aMember, aPostTag, aTeam, aUser, anAiTemplate, anOrganization, entitlements, memberPage, withRole } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import { setViewport } from '@renderer/testing/viewport'
import OrganizationSettingsPage from './OrganizationSettingsPage'

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  window.alert = vi.fn()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function hostFor(user = aUser(), replies: Parameters<typeof createFakeHost>[0] = {}) {
  return createFakeHost({
    'GET /user': ok(user),
    'GET /organization': ok(anOrganization()),
    'GET /billing/verify/entitled': ok(entitlements(['TEAMS', 'TOPIC_TAGS'])),
    'GET /members/list': ok(memberPage([aMember({ id: 'user-1', email: 'ada@example.com', fullName: 'Ada Lovelace', role: 'ADMIN' }), aMember()])),
    'GET /members/outbox': ok([]),
    'GET /team/list': ok([aTeam()]),
    'GET /ai-template': ok([anAiTemplate(), anAiTemplate({ id: 'template-2', templateName: 'Bold', isDefaultOrganizationTemplate: false })]),
    'POST /postTag': ok([]),
    ...replies
  })
}

const tabNames = () => screen.getAllByRole('tab').map((t) => t.getAttribute('data-testid')?.replace('organization-tab-', ''))

describe('/settings/organization', () => {
  it('gives admins every section and opens the one named in ?section=', async () => {
    renderInApp(<OrganizationSettingsPage />, hostFor(), '/settings/organization?section=members')
    expect(await screen.findByTestId('members-section')).toBeTruthy()
    expect(tabNames()).toEqual(['details', 'members', 'teams', 'tags', 'pages', 'ai', 'guideline', 'sso', 'api', 'webhooks', 'chat', 'audit'])
    const table = await screen.findByRole('table', { name: 'Members' })
    expect(within(table).getByTestId('member-row-grace@example.com').textContent).toContain('Grace Hopper')
  })

  it('switches sections with the tabs and keeps the choice in the address', async () => {
    renderInApp(<OrganizationSettingsPage />, hostFor(), '/settings/organization')
    await userEvent.setup().click(await screen.findByTestId('organization-tab-ai'))
    expect(await screen.findByTestId('ai-section')).toBeTruthy()
    expect(screen.getByTestId('location').textContent).toBe('/settings/organization?section=ai')
    const names = screen.getAllByTestId(/^ai-template-(Default voice|Bold)$/).map((c) => c.getAttribute('data-testid'))
    expect(names).toEqual(['ai-template-Default voice', 'ai-template-Bold'])
  })

  it('makes a section change a step of the history: Back from Teams returns to Members, still in Settings', async () => {
    const { router } = renderInApp(<OrganizationSettingsPage />, hostFor(), '/settings/organization?section=members')
    const events = userEvent.setup()
    expect(await screen.findByTestId('members-section')).toBeTruthy()
    await events.click(screen.getByTestId('organization-tab-teams'))
    expect(await screen.findByTestId('teams-section')).toBeTruthy()
    expect(screen.getByTestId('location').textContent).toBe('/settings/organization?section=teams')

    await act(() => router.navigate(-1))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settings/organization?section=members'))
    expect(await screen.findByTestId('members-section')).toBeTruthy()
    expect(screen.getByTestId('organization-tab-members').getAttribute('aria-selected')).toBe('true')
    // Choosing the section already open adds no step.
    await events.click(screen.getByTestId('organization-tab-members'))
    await act(() => router.navigate(-1))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settings/organization?section=members'))
  })

  it('still asks before Back leaves unsaved guideline text for the section before', async () => {
    const guideline = { guideline: 'Be kind.', updatedAt: '2026-11-20T10:00:00.000Z', readAt: '2026-11-20T10:00:00.000Z', read: true }
    const fake = hostFor(aUser(), { 'GET /organization/guideline': ok(guideline), 'GET /organization/guideline/readers': ok({ updatedAt: guideline.updatedAt, readers: [] }) })
    const { router } = renderInApp(<OrganizationSettingsPage />, fake, '/settings/organization?section=members')
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('organization-tab-guideline'))
    await events.type(await screen.findByTestId('guideline-body'), ' Draft.')

    void router.navigate(-1)
    await events.click(await screen.findByTestId('guideline-leave-confirm-cancel'))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settings/organization?section=guideline'))
    expect((screen.getByTestId('guideline-body') as HTMLTextAreaElement).value).toBe('Be kind. Draft.')

    void router.navigate(-1)
    await events.click(await screen.findByTestId('guideline-leave-confirm-confirm'))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settings/organization?section=members'))
    expect(await screen.findByTestId('members-section')).toBeTruthy()
  })

  it('wraps the tabs onto more lines on a narrow screen instead of cutting them off (issue 12)', async () => {
    renderInApp(<OrganizationSettingsPage />, hostFor(), '/settings/organization')
    const tabs = await screen.findByTestId('organization-tabs')
    expect(getComputedStyle(tabs).flexWrap).toBe('wrap')
    expect(getComputedStyle(tabs).overflowX).not.toBe('auto')
  })

  it('keeps the members table to a 390 px screen: email under the name, role with status, actions (issue 12)', async () => {
    const restore = setViewport(390)
    try {
      const invited = aMember({ id: 'user-3', email: 'lin@example.com', fullName: '', status: 'INVITED' })
      const fake = hostFor(aUser(), { 'GET /members/list': ok(memberPage([aMember({ id: 'user-1', email: 'ada@example.com', fullName: 'Ada Lovelace', role: 'ADMIN' }), aMember(), invited])) })
      renderInApp(<OrganizationSettingsPage />, fake, '/settings/organization?section=members')
      const table = await screen.findByRole('table', { name: 'Members' })
      expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Role', 'Actions'])
      const grace = within(table).getByTestId('member-row-grace@example.com')
      expect(within(grace).getByTestId('member-name').textContent).toBe('Grace Hopper')
      expect(within(grace).getByTestId('member-email').textContent).toBe('grace@example.com')
      expect(within(within(table).getByTestId('member-row-lin@example.com')).getByTestId('member-status').textContent).toBe('Invited')
      // The table scrolls sideways inside itself only when narrower than these few columns.
      expect(screen.getByTestId('members-table').hasAttribute('data-scrolls-sideways')).toBe(true)
    } finally {
      restore()
    }
  })

  it('sends a MEMBER who leads no team to /settings', async () => {
    renderInApp(<OrganizationSettingsPage />, hostFor(withRole(aUser(), 'MEMBER')), '/settings/organization?section=members')
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settings'))
  })

  it('shows a team leader only Teams and Topic tags, for their teams', async () => {
    const leader = { ...withRole(aUser(), 'MEMBER'), leadingTeams: [{ id: 'team-2' }] }
    const fake = hostFor(leader, { 'GET /team/list': ok([aTeam(), aTeam({ id: 'team-2', name: 'Sales' })]) })
    renderInApp(<OrganizationSettingsPage />, fake, '/settings/organization?section=members')
    expect(await screen.findByTestId('teams-section')).toBeTruthy()
    expect(tabNames()).toEqual(['teams', 'tags'])
    expect(await screen.findByTestId('team-card-Sales')).toBeTruthy()
    expect(screen.queryByTestId('team-card-Writers')).toBeNull()
  })

  it('lets an ADMIN delete the organization after confirming, then goes to sign-in', async () => {
    const fake = hostFor(aUser(), { 'DELETE /organization': ok({ ok: true }) })
    const { reload } = renderInApp(<OrganizationSettingsPage />, fake, '/settings/organization')
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('organization-delete'))
    await events.click(await screen.findByTestId('delete-organization-dialog-confirm'))
    await waitFor(() => expect(reload).toHaveBeenCalledWith('/login'))
    expect(fake.requestsTo('DELETE', '/organization')).toHaveLength(1)
  })

  it('does not offer deleting the organization to a GHOST', async () => {
    renderInApp(<OrganizationSettingsPage />, hostFor(withRole(aUser(), 'GHOST')), '/settings/organization')
    expect(await screen.findByTestId('organization-name')).toBeTruthy()
    expect(screen.queryByTestId('organization-delete')).toBeNull()
  })

  it('lists the outbox with each invitation link', async () => {
    const fake = hostFor(aUser(), {
      'GET /members/outbox': ok([
        { id: 'mail-1', to: 'ana@host.com', subject: 'Join Acme on Pagecrew', text: '…', joinUrl: 'http://127.0.0.1/join?token=abc', createdAt: '2025-01-01T00:00:00.000Z' }
      ])
    })
    renderInApp(<OrganizationSettingsPage />, fake, '/settings/organization?section=members')
    await userEvent.setup().click(await screen.findByTestId('outbox-toggle'))
    expect(((await screen.findByTestId('outbox-join-url')) as HTMLInputElement).value).toBe('http://127.0.0.1/join?token=abc')
    expect(screen.getByTestId('outbox-copy-link').textContent).toBe('Copy join link')
  })

  it('says when each email went, in words, with the exact time in the user’s zone in its tooltip (issue 12)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-03T10:30:00.000Z') })
    const fake = hostFor({ ...aUser(), timezone: 'Europe/Berlin' }, {
      'GET /members/outbox': ok([
        { id: 'mail-1', to: 'ana@host.com', subject: 'Join Acme on Pagecrew', text: '…', joinUrl: null, createdAt: '2026-12-03T08:30:00.000Z' },
        { id: 'mail-2', to: 'bo@host.com', subject: 'Join Acme on Pagecrew', text: '…', joinUrl: null, createdAt: '2026-12-02T09:00:00.000Z' }
      ])
    })
    try {
      renderInApp(<OrganizationSettingsPage />, fake, '/settings/organization?section=members')
      await userEvent.setup().click(await screen.findByTestId('outbox-toggle'))
      const sent = await screen.findAllByTestId('outbox-sent')
      expect(sent.map((s) => [s.textContent, s.getAttribute('title')])).toEqual([
        ['2 hours ago', 'Thu, 3 Dec 2026, 09:30'],
        ['yesterday', 'Wed, 2 Dec 2026, 10:00']
      ])
    } finally {
      vi.useRealTimers()
    }
  })

  it('says No results found when a search matches nobody', async () => {
    const fake = hostFor(aUser(), {
      'GET /members/list': (req) => ok(memberPage(req.query?.search ? [] : [aMember()]))
    })
    renderInApp(<OrganizationSettingsPage />, fake, '/settings/organization?section=members')
    await screen.findByRole('table', { name: 'Members' })
    await userEvent.setup().type(screen.getByTestId('members-search'), 'zzz')
    expect(await screen.findByText('No results found')).toBeTruthy()
    // Asked once typing pauses, not once per key.
    expect(fake.requestsTo('GET', '/members/list').flatMap((r) => (r.query?.search ? [r.query.search] : []))).toEqual(['zzz'])
    // What to do next (issue 12): clearing the search brings everyone back.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear search' }))
    expect((screen.getByTestId('members-search') as HTMLInputElement).value).toBe('')
    expect(await screen.findByTestId('member-row-grace@example.com')).toBeTruthy()
  })
})

describe('empty sections say what to do next, with a button (issue 12)', () => {
  it('no teams: Create a team opens the team dialog', async () => {
    renderInApp(<OrganizationSettingsPage />, hostFor(aUser(), { 'GET /team/list': ok([]) }), '/settings/organization?section=teams')
    const empty = await screen.findByTestId('empty-state')
    expect(within(empty).getByTestId('empty-state-message').textContent).toBe('No results found')
    await userEvent.setup().click(within(empty).getByRole('button', { name: 'Create a team' }))
    expect(await screen.findByTestId('team-dialog')).toBeTruthy()
  })

  it('no topic tags: Add a tag goes to the new tag title', async () => {
    renderInApp(<OrganizationSettingsPage />, hostFor(), '/settings/organization?section=tags')
    const empty = await screen.findByTestId('empty-state')
    expect(within(empty).getByTestId('empty-state-message').textContent).toBe('No results found')
    await userEvent.setup().click(within(empty).getByRole('button', { name: 'Add a tag' }))
    expect(document.activeElement).toBe(screen.getByTestId('topic-tags-new-title'))
  })

  it('no business pages: Add a business page opens its dialog', async () => {
    renderInApp(<OrganizationSettingsPage />, hostFor(aUser(), { 'GET /organization': ok(anOrganization({ organizationBusinessPages: [] })) }), '/settings/organization?section=pages')
    const empty = await screen.findByTestId('empty-state')
    expect(within(empty).getByTestId('empty-state-message').textContent).toBe('No results found')
    await userEvent.setup().click(within(empty).getByRole('button', { name: 'Add a business page' }))
    expect(await screen.findByTestId('business-page-dialog')).toBeTruthy()
  })

  it('a team leader with no team to show gets no create button', async () => {
    const leader = { ...withRole(aUser(), 'MEMBER'), leadingTeams: [{ id: 'team-gone' }] }
    renderInApp(<OrganizationSettingsPage />, hostFor(leader, { 'GET /team/list': ok([]) }), '/settings/organization?section=teams')
    const empty = await screen.findByTestId('empty-state')
    expect(within(empty).queryByRole('button')).toBeNull()
  })
})

describe('Topic tags section', () => {
  it('alerts "Please enter a tag" for an empty title, and appends a created tag unchecked after the refetch', async () => {
    let tags = [aPostTag({ id: 'tag-b', title: 'Beta' }), aPostTag({ id: 'tag-c', title: 'Gamma' })]
    const fake = hostFor(aUser(), {
      'POST /postTag': () => ok(tags),
      'POST /postTag/create': (req) => {
        const created = aPostTag({ id: 'tag-a', title: (req.body as { tagTitle: string }).tagTitle })
        tags = [created, ...tags]
        return ok(created)
      }
    })
    renderInApp(<OrganizationSettingsPage />, fake, '/settings/organization?section=tags')
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('topic-tags-check-tag-c'))
    await events.click(screen.getByTestId('topic-tags-create'))
    expect(window.alert).toHaveBeenCalledWith('Please enter a tag')
    await events.type(screen.getByTestId('topic-tags-new-title'), '  Alpha  ')
    await events.click(screen.getByTestId('topic-tags-create'))
    await waitFor(() => expect(screen.queryByTestId('topic-tags-item-tag-a')).not.toBeNull())
    expect(fake.requestsTo('POST', '/postTag/create')[0]?.body).toMatchObject({ tagTitle: 'Alpha', assignedUsers: [] })
    const items = screen.getAllByTestId(/^topic-tags-item-/)
    expect(items.map((i) => [i.getAttribute('data-testid'), i.getAttribute('data-checked')])).toEqual([
      ['topic-tags-item-tag-b', 'false'],
      ['topic-tags-item-tag-c', 'true'],
      ['topic-tags-item-tag-a', 'false']
    ])
  })

  it('creates a tag once for a double click on Add tag, with an idempotency key', async () => {
    const held = heldReply(ok(aPostTag({ id: 'tag-a', title: 'Alpha' })))
    const fake = hostFor(aUser(), { 'POST /postTag/create': held.reply })
    renderInApp(<OrganizationSettingsPage />, fake, '/settings/organization?section=tags')
    await userEvent.setup().type(await screen.findByTestId('topic-tags-new-title'), 'Alpha')
    doubleClickBeforeRender(screen.getByTestId('topic-tags-create'))
    await held.release()
    await waitFor(() => expect((screen.getByTestId('topic-tags-new-title') as HTMLInputElement).value).toBe(''))
    const requests = fake.requestsTo('POST', '/postTag/create')
    expect(requests).toHaveLength(1)
    expect(requests[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('says No results found without tags', async () => {
    renderInApp(<OrganizationSettingsPage />, hostFor(), '/settings/organization?section=tags')
    expect(await screen.findByText('No results found')).toBeTruthy()
  })
})

describe('Business pages section', () => {
  it('shows No business tags found. for a page without tags, and the server message of a failed load', async () => {
    const page = { id: 'page-1', image: null, linkedInCompanyName: 'Acme Page', linkedInWebsite: null, linkedInCompanyDescription: null, linkedInPageLink: null, aiSettingTemplate: null }
    const fake = hostFor(aUser(), {
      'GET /organization': ok(anOrganization({ organizationBusinessPages: [page] })),
      'GET /businessPostTag': ok([])
    })
    renderInApp(<OrganizationSettingsPage />, fake, '/settings/organization?section=pages')
    expect(await screen.findByText('No business tags found.')).toBeTruthy()
    expect(fake.requestsTo('GET', '/businessPostTag')[0]?.query).toEqual({ businessPageId: 'page-1' })
  })

  it('marks the default page, listed first: the chosen one, else the first page (issue 12)', async () => {
    const page = (id: string, name: string) => ({ id, image: null, linkedInCompanyName: name, linkedInWebsite: null, linkedInCompanyDescription: null, linkedInPageLink: null, aiSettingTemplate: null })
    const pages = [page('page-1', 'Acme Page'), page('page-2', 'Acme Careers')]
    const cards = () => screen.getAllByTestId(/^business-page-Acme/)
    const marked = () => cards().map((c) => [c.getAttribute('data-testid'), within(c).queryByTestId('business-page-default-badge') !== null, within(c).queryByTestId('business-page-default') !== null])

    // None chosen yet (a new organization): its first page is the default.
    const first = renderInApp(<OrganizationSettingsPage />, hostFor(aUser(), { 'GET /organization': ok(anOrganization({ organizationBusinessPages: pages, defaultBusinessPageId: null })), 'GET /businessPostTag': ok([]) }), '/settings/organization?section=pages')
    await screen.findByTestId('business-page-Acme Careers')
    expect(marked()).toEqual([
      ['business-page-Acme Page', true, false],
      ['business-page-Acme Careers', false, true]
    ])
    first.unmount()

    renderInApp(<OrganizationSettingsPage />, hostFor(aUser(), { 'GET /organization': ok(anOrganization({ organizationBusinessPages: pages, defaultBusinessPageId: 'page-2' })), 'GET /businessPostTag': ok([]) }), '/settings/organization?section=pages')
    await screen.findByTestId('business-page-Acme Careers')
    expect(marked()).toEqual([
      ['business-page-Acme Careers', true, false],
      ['business-page-Acme Page', false, true]
    ])
  })

  it('reports a failed load with a retry', async () => {
    renderInApp(<OrganizationSettingsPage />, hostFor(aUser(), { 'GET /team/list': fail(500, 'Boom') }), '/settings/organization?section=teams')
    expect(await screen.findByText('Try again')).toBeTruthy()
  })
})
