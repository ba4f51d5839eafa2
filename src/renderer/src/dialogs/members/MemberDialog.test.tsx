// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { EntitlementKey, Member } from '@shared/domain'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender, heldReply } from '@renderer/testing/fastClicks'
import { aMember, aPostTag, aUser, anOrganization, entitlements, withRole } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import { MemberDialog } from './MemberDialog'

beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const ALL_BUT_REVIEW: EntitlementKey[] = ['TEAMS', 'TOPIC_TAGS', 'BUSINESS_PAGES', 'AI_TEMPLATES']

function hostWith(options: { keys?: EntitlementKey[]; user?: ReturnType<typeof aUser> } = {}) {
  return createFakeHost({
    'GET /user': ok(options.user ?? aUser()),
    'GET /billing/verify/entitled': ok(entitlements(options.keys ?? ALL_BUT_REVIEW)),
    'GET /organization': ok(
      anOrganization({
        organizationBusinessPages: [
          { id: 'page-1', image: null, linkedInCompanyName: 'Acme Page', linkedInWebsite: null, linkedInCompanyDescription: null, linkedInPageLink: null, aiSettingTemplate: null }
        ]
      })
    ),
    'POST /postTag': ok([aPostTag()])
  })
}

function open(member: Member | null, fake = hostWith()) {
  const onClose = vi.fn()
  const view = renderInApp(<MemberDialog open member={member} onClose={onClose} />, fake)
  return { ...view, onClose, fake, events: userEvent.setup() }
}

const submitButton = () => screen.getByTestId('member-submit') as HTMLButtonElement
const roleOptions = () => Array.from((screen.getByTestId('member-role') as HTMLSelectElement).options).map((o) => o.value)

describe('Invite user dialog', () => {
  it('keeps Invite disabled until the email is text@text.text without spaces', async () => {
    const { events } = open(null)
    const email = await screen.findByTestId('member-email')
    expect(submitButton().disabled).toBe(true)
    for (const bad of ['ana', 'ana@host', 'ana @host.com', 'ana@host.']) {
      await events.clear(email)
      await events.type(email, bad)
      expect(submitButton().disabled, bad).toBe(true)
    }
    await events.clear(email)
    await events.type(email, 'ana@host.com')
    expect(submitButton().disabled).toBe(false)
  })

  it('invites with the email and role, then closes with a toast', async () => {
    const { events, fake, onClose } = open(null)
    fake.reply('POST /members/invite', ok({ member: aMember({ id: 'new-1', email: 'ana@host.com', status: 'INVITED' }), joinUrl: 'http://x/join?token=t', expiresAt: '2030-01-01T00:00:00.000Z' }))
    await events.type(await screen.findByTestId('member-email'), ' Ana@Host.com')
    await events.selectOptions(screen.getByTestId('member-role'), 'ADMIN')
    await events.click(submitButton())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(fake.requestsTo('POST', '/members/invite').map((r) => r.body)).toEqual([{ email: 'ana@host.com', role: 'ADMIN' }])
    expect(fake.requestsTo('PUT', '/members/update')).toEqual([])
    expect((await screen.findByTestId('toast')).textContent).toContain('Invitation sent ✅')
  })

  it('invites once for a double click on Invite, with an idempotency key', async () => {
    const held = heldReply(ok({ member: aMember({ id: 'new-1', email: 'ana@host.com', status: 'INVITED' }), joinUrl: 'http://x/join?token=t', expiresAt: '2030-01-01T00:00:00.000Z' }))
    const { events, fake, onClose } = open(null)
    fake.reply('POST /members/invite', held.reply)
    await events.type(await screen.findByTestId('member-email'), 'ana@host.com')
    doubleClickBeforeRender(submitButton())
    await held.release()
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    const requests = fake.requestsTo('POST', '/members/invite')
    expect(requests).toHaveLength(1)
    expect(requests[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect(requests[0]?.body).toEqual({ email: 'ana@host.com', role: 'MEMBER' })
  })

  it('shows "Sorry, that user has already been invited." for an already-invited email and stays open', async () => {
    const { events, fake, onClose } = open(null)
    fake.reply('POST /members/invite', fail(409, 'Email already invited to organization.', 'conflict', { email: 'Email already invited to organization.' }))
    await events.type(await screen.findByTestId('member-email'), 'ana@host.com')
    await events.click(submitButton())
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('User invitation failed ⚠️')
    expect(toast.textContent).toContain('Sorry, that user has already been invited.')
    expect(onClose).not.toHaveBeenCalled()
  })

  it('offers a ghost MEMBER only: a ghost cannot hand out admin roles (issue 12)', async () => {
    const { events, fake, onClose } = open(null, hostWith({ keys: [...ALL_BUT_REVIEW, 'GHOST_ROLE'], user: withRole(aUser(), 'GHOST') }))
    await waitFor(() => expect(roleOptions()).toEqual(['MEMBER']))
    fake.reply('POST /members/invite', ok({ member: aMember({ id: 'new-1', email: 'ana@host.com', status: 'INVITED' }), joinUrl: 'http://x/join?token=t', expiresAt: '2030-01-01T00:00:00.000Z' }))
    await events.type(screen.getByTestId('member-email'), 'ana@host.com')
    await events.click(submitButton())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(fake.requestsTo('POST', '/members/invite').map((r) => r.body)).toEqual([{ email: 'ana@host.com', role: 'MEMBER' }])
  })

  it('offers GHOST only with the GHOST_ROLE entitlement', async () => {
    open(null)
    await waitFor(() => expect(roleOptions()).toEqual(['ADMIN', 'MEMBER']))
    cleanup()
    open(null, hostWith({ keys: [...ALL_BUT_REVIEW, 'GHOST_ROLE'] }))
    await waitFor(() => expect(roleOptions()).toEqual(['ADMIN', 'MEMBER', 'GHOST']))
  })

  it('shows the review-flow toggle with REVIEW_FLOW held and without it, saying when it takes no effect yet', async () => {
    const hint = 'Your plan does not include the review flow: this takes effect once it does.'
    open(aMember())
    expect((await screen.findByTestId('member-review-flow')).closest('.fui-Field')?.textContent).toContain('Review flow: posts need approval before they are published')
    await waitFor(() => expect(document.body.textContent).toContain(hint))
    cleanup()
    open(aMember(), hostWith({ keys: [...ALL_BUT_REVIEW, 'REVIEW_FLOW'] }))
    await waitFor(() => expect(roleOptions()).toEqual(['ADMIN', 'MEMBER']))
    expect(((await screen.findByTestId('member-review-flow')) as HTMLInputElement).disabled).toBe(false)
    expect(document.body.textContent).not.toContain(hint)
  })

  it('starts the monthly target at 0, disabled like the review flow for someone not joined yet', async () => {
    open(null)
    const target = (await screen.findByTestId('member-target')) as HTMLInputElement
    expect(target.value).toBe('0')
    expect(target.disabled).toBe(true)
    expect(((await screen.findByTestId('member-review-flow')) as HTMLInputElement).disabled).toBe(true)
  })

  it('asks "You have unsaved changes!" when closing a changed form', async () => {
    const { events, onClose } = open(null)
    await events.type(await screen.findByTestId('member-email'), 'ana')
    await events.click(screen.getByTestId('member-cancel'))
    expect((await screen.findByTestId('unsaved-changes-dialog')).textContent).toContain('You have unsaved changes!')
    expect(onClose).not.toHaveBeenCalled()
    await events.click(screen.getByTestId('unsaved-changes-dialog-confirm'))
    expect(onClose).toHaveBeenCalled()
  })

  it('closes an unchanged form at once', async () => {
    const { events, onClose } = open(null)
    await events.click(await screen.findByTestId('member-cancel'))
    expect(onClose).toHaveBeenCalled()
    expect(screen.queryByTestId('unsaved-changes-dialog')).toBeNull()
  })
})

describe('Edit user dialog', () => {
  it('disables the monthly target and review flow of an INVITED member, and sends neither', async () => {
    const member = aMember({ status: 'INVITED', fullName: '' })
    const { events, fake, onClose } = open(member)
    fake.reply('PUT /members/update', ok(member))
    expect(((await screen.findByTestId('member-target')) as HTMLInputElement).disabled).toBe(true)
    expect(((await screen.findByTestId('member-review-flow')) as HTMLInputElement).disabled).toBe(true)
    expect((screen.getByTestId('member-email') as HTMLInputElement).disabled).toBe(false)
    await events.selectOptions(screen.getByTestId('member-role'), 'ADMIN')
    await events.click(submitButton())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(fake.requestsTo('PUT', '/members/update')[0]?.body).toEqual({ userId: 'member-1', role: 'ADMIN', postTags: [], selectedBusinessPages: null })
  })

  it('edits an ACTIVE member: target, review flow, tags and pages; the email stays', async () => {
    const member = aMember()
    const { events, fake } = open(member, hostWith({ keys: [...ALL_BUT_REVIEW, 'REVIEW_FLOW'] }))
    fake.reply('PUT /members/update', ok(member))
    const target = (await screen.findByTestId('member-target')) as HTMLInputElement
    expect(target.disabled).toBe(false)
    expect((screen.getByTestId('member-email') as HTMLInputElement).disabled).toBe(true)
    await events.clear(target)
    await events.type(target, '12')
    await events.click(screen.getByTestId('member-review-flow'))
    await events.click(screen.getByTestId('member-pages-input'))
    await events.click(await screen.findByTestId('member-pages-option-page-1'))
    await events.click(submitButton())
    await waitFor(() => expect(fake.requestsTo('PUT', '/members/update')).toHaveLength(1))
    expect(fake.requestsTo('PUT', '/members/update')[0]?.body).toEqual({
      userId: 'member-1',
      numberOfPosts: 12,
      userApprovalFlow: true,
      postTags: [],
      selectedBusinessPages: ['page-1']
    })
  })

  it('blocks the minus key in the monthly target', async () => {
    const { events } = open(aMember({ assignedNumberOfPosts: 0 }))
    const target = (await screen.findByTestId('member-target')) as HTMLInputElement
    expect(fireEvent.keyDown(target, { key: '-' })).toBe(false)
    expect(fireEvent.keyDown(target, { key: '5' })).toBe(true)
    await events.clear(target)
    await events.type(target, '-3')
    expect(target.value).toBe('3')
  })

  it('shows "Role update fail" when the last admin would be lowered', async () => {
    const { events, fake, onClose } = open(aMember({ id: 'user-1', role: 'ADMIN', email: 'ada@example.com' }))
    fake.reply('PUT /members/update', fail(409, 'There must be at least one admin in your organization.', 'conflict'))
    await events.selectOptions(await screen.findByTestId('member-role'), 'MEMBER')
    await events.click(submitButton())
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('Role update fail ⚠️')
    expect(toast.textContent).toContain('There must be at least one admin in your organization.')
    expect(onClose).not.toHaveBeenCalled()
  })

  it('has no delete button for yourself', async () => {
    open(aMember({ id: 'user-1', email: 'ada@example.com', role: 'ADMIN' }))
    await screen.findByTestId('member-email')
    await waitFor(() => expect(screen.getByTestId('member-submit')).toBeTruthy())
    expect(screen.queryByTestId('member-delete')).toBeNull()
  })

  it('deletes someone else after the delete user confirm', async () => {
    const { events, fake, onClose } = open(aMember())
    fake.reply('DELETE /members/delete', ok({ ok: true }))
    await events.click(await screen.findByTestId('member-delete'))
    expect((await screen.findByTestId('delete-user-dialog')).textContent).toContain('Grace Hopper')
    await events.click(screen.getByTestId('delete-user-dialog-confirm'))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(fake.requestsTo('DELETE', '/members/delete').map((r) => r.query)).toEqual([{ userId: 'member-1' }])
  })

  it('deletes once for a double click on the confirm, Save waiting meanwhile', async () => {
    const held = heldReply(ok({ ok: true }))
    const { events, fake, onClose } = open(aMember())
    fake.reply('DELETE /members/delete', held.reply)
    await events.click(await screen.findByTestId('member-delete'))
    doubleClickBeforeRender(await screen.findByTestId('delete-user-dialog-confirm'))
    await waitFor(() => expect(submitButton().disabled).toBe(true))
    await held.release()
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    expect(fake.requestsTo('DELETE', '/members/delete')).toHaveLength(1)
  })

  it('lets a ghost see but not change roles', async () => {
    open(aMember(), hostWith({ user: withRole(aUser(), 'GHOST') }))
    await waitFor(() => expect((screen.getByTestId('member-role') as HTMLSelectElement).disabled).toBe(true))
  })
})
