// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Guideline } from '@shared/domain/guideline'
import { createFakeHost, ok } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender } from '@renderer/testing/fastClicks'
import { aUser, withRole } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import GuidelinePage from './GuidelinePage'

afterEach(cleanup)

const unread: Guideline = { guideline: '## Before you post\n\nNever name a customer.', updatedAt: '2026-11-20T10:00:00.000Z', readAt: null, read: false }

describe('posting guideline page', () => {
  it('shows the guideline and records the reading once however fast it is confirmed twice', async () => {
    const member = withRole(aUser({ guidelineRead: false }), 'MEMBER')
    const fake = createFakeHost({
      'GET /user': ok(member),
      'GET /organization/guideline': ok(unread),
      'PUT /user/update-guideline-read-status': ok({ ...member, guidelineRead: true })
    })
    renderInApp(<GuidelinePage />, fake, '/posting-guideline')
    expect((await screen.findByRole('heading', { name: 'Before you post' })).tagName).toBe('H2')
    expect(screen.queryByTestId('guideline-edit')).toBeNull()
    fake.reply('GET /organization/guideline', ok({ ...unread, read: true, readAt: '2026-11-28T09:00:00.000Z' }))
    doubleClickBeforeRender(screen.getByTestId('guideline-confirm'))
    await waitFor(() => expect(screen.getByTestId('guideline-read').textContent).toContain('You read it on'))
    expect(fake.requestsTo('PUT', '/user/update-guideline-read-status')).toHaveLength(1)
    expect(fake.requestsTo('PUT', '/user/update-guideline-read-status')[0]?.body).toEqual({ read: true })
  })

  it('says what to do when there is none: members wait, admins are offered to write it', async () => {
    const none: Guideline = { guideline: null, updatedAt: null, readAt: null, read: true }
    const fake = createFakeHost({ 'GET /user': ok(withRole(aUser(), 'MEMBER')), 'GET /organization/guideline': ok(none) })
    renderInApp(<GuidelinePage />, fake, '/posting-guideline')
    expect((await screen.findByTestId('guideline-empty')).textContent).toContain('When an admin writes one, you will find it here.')
    expect(screen.queryByTestId('guideline-write')).toBeNull()
    cleanup()

    const admin = createFakeHost({ 'GET /user': ok(aUser()), 'GET /organization/guideline': ok(none) })
    renderInApp(<GuidelinePage />, admin, '/posting-guideline')
    await userEvent.setup().click(await screen.findByTestId('guideline-write'))
    expect(screen.getByTestId('location').textContent).toBe('/settings/organization?section=guideline')
  })
})
