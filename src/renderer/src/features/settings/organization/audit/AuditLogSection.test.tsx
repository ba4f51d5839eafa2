// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { AuditEntry } from '@shared/domain/audit'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aUser, anOrganization } from '@renderer/testing/fixtures'
import { screenTestHooks } from '@renderer/testing/lifecycle'
import { renderInApp } from '@renderer/testing/render'
import OrganizationSettingsPage from '../../OrganizationSettingsPage'
import { auditChanges } from './AuditLogSection'

const NOW = new Date('2026-11-23T10:00:00.000Z')
screenTestHooks({ now: NOW })

function anEntry(id: string, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    createdAt: '2026-11-20T14:30:00.000Z',
    actor: { userId: 'user-1', name: 'Ada Lovelace' },
    action: 'member.role_changed',
    target: { type: 'member', id: 'user-2', label: 'Grace Hopper' },
    before: { role: 'MEMBER' },
    after: { role: 'ADMIN' },
    ...overrides
  }
}

const ACTORS = [
  { userId: 'user-1', name: 'Ada Lovelace' },
  { userId: 'user-2', name: 'Grace Hopper' }
]

function open(replies: Parameters<typeof createFakeHost>[0] = {}) {
  const fake = createFakeHost({
    'GET /user': ok(aUser({ timezone: 'Asia/Tokyo' })),
    'GET /organization': ok(anOrganization()),
    'GET /organization/audit-log': (req) =>
      ok(
        req.query?.cursor
          ? { entries: [anEntry('1', { action: 'team.created', actor: null, target: { type: 'team', id: 't-1', label: 'Writers' }, before: null, after: { name: 'Writers' } })], nextCursor: null, actors: ACTORS }
          : { entries: [anEntry('2')], nextCursor: '2026-11-20T14:30:00.000Z_2', actors: ACTORS }
      ),
    ...replies
  })
  const view = renderInApp(<OrganizationSettingsPage />, fake, '/settings/organization?section=audit')
  return { fake, ...view }
}

describe('Settings → Organization → Audit log', () => {
  it('lists entries newest first with time in the viewer’s zone, actor, readable action, target and the change; the next page loads as the table’s end comes into view', async () => {
    const { fake } = open()
    const row = await screen.findByTestId('audit-entry-2')
    expect(row.textContent).toContain('Ada Lovelace')
    expect(row.textContent).toContain('Role changed')
    expect(row.textContent).toContain('Grace Hopper')
    expect(row.textContent).toContain('role: MEMBER → ADMIN')
    // 14:30 UTC is 23:30 in Tokyo.
    expect(row.textContent).toMatch(/23:30|11:30\s?PM/)
    expect(fake.requestsTo('GET', '/organization/audit-log')[0]!.query).toEqual({ limit: '100' })

    // The table's end is in view: the next page loads without a click.
    const older = await screen.findByTestId('audit-entry-1')
    expect(older.textContent).toContain('System')
    expect(older.textContent).toContain('Team created')
    expect(older.textContent).toContain('name: Writers')
    expect(fake.requestsTo('GET', '/organization/audit-log')[1]!.query).toMatchObject({ cursor: '2026-11-20T14:30:00.000Z_2' })
    await waitFor(() => expect(screen.queryByTestId('audit-load-more')).toBeNull())
  })

  it('filters by actor, action group and period, and exports the same filters as CSV', async () => {
    const { fake } = open()
    await screen.findByTestId('audit-entry-2')
    fireEvent.change(screen.getByTestId('audit-filter-actor'), { target: { value: 'user-2' } })
    fireEvent.change(screen.getByTestId('audit-filter-action'), { target: { value: 'member.' } })
    fireEvent.change(screen.getByTestId('audit-filter-period'), { target: { value: '7' } })
    await waitFor(() =>
      expect(fake.requestsTo('GET', '/organization/audit-log').at(-1)!.query).toEqual({
        actorId: 'user-2',
        action: 'member.',
        from: '2026-11-16T10:00:00.000Z',
        limit: '100'
      })
    )
    fireEvent.click(screen.getByTestId('audit-export'))
    await waitFor(() => expect(fake.host.download).toHaveBeenCalledTimes(1))
    expect(fake.host.download).toHaveBeenCalledWith({
      path: '/organization/audit-log',
      query: { actorId: 'user-2', action: 'member.', from: '2026-11-16T10:00:00.000Z', format: 'csv' },
      fileName: 'pagecrew-audit-log.csv'
    })
  })

  it('says when nothing matches', async () => {
    open({ 'GET /organization/audit-log': ok({ entries: [], nextCursor: null, actors: ACTORS }) })
    expect((await screen.findByTestId('audit-empty')).textContent).toContain('No results found')
  })

  it('offers a retry when the log cannot be read', async () => {
    open({ 'GET /organization/audit-log': fail(500, 'Something went wrong.', 'internal') })
    expect(await screen.findByRole('button', { name: /try again|retry/i })).toBeTruthy()
  })

  it('shows a creation by its after, a deletion by its before', () => {
    expect(auditChanges({ before: null, after: { title: 'Launches', assignedUsers: [] } })).toEqual(['title: Launches', 'assignedUsers: none'])
    expect(auditChanges({ before: { name: 'Writers', requireTag: true }, after: null })).toEqual(['name: Writers', 'requireTag: yes'])
    expect(auditChanges({ before: { plan: null }, after: { plan: 'Pro' } })).toEqual(['plan: — → Pro'])
    // A field the same on both sides is not a change (entries written before the server dropped them kept some).
    expect(auditChanges({ before: { approvalStatus: 'PENDING', status: 'ASK_FOR_FEEDBACK' }, after: { approvalStatus: 'REJECTED', status: 'ASK_FOR_FEEDBACK', reason: 'No' } })).toEqual([
      'approvalStatus: PENDING → REJECTED',
      'reason: — → No'
    ])
  })
})

describe('who sees the audit log', () => {
  it('is not a section for a team leader', async () => {
    const fake = createFakeHost({
      'GET /user': ok({ ...aUser(), userOrgSettings: aUser().userOrgSettings.map((s) => ({ ...s, role: 'MEMBER' as const })), leadingTeams: [{ id: 't-1' }] }),
      'GET /organization': ok(anOrganization()),
      'POST /postTag': ok([]),
      'GET /team/list': ok([])
    })
    renderInApp(<OrganizationSettingsPage />, fake, '/settings/organization?section=audit')
    const tabs = await screen.findByTestId('organization-tabs')
    expect(within(tabs).queryByTestId('organization-tab-audit')).toBeNull()
    expect(fake.requestsTo('GET', '/organization/audit-log')).toEqual([])
  })
})
