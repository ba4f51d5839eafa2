// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MESSAGES } from '@shared/api/messages'
import type { AssignedSlot, Post } from '@shared/domain'
import type { HostRequest, HostResponse } from '@shared/host'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender } from '@renderer/testing/fastClicks'
import { aUser, anOrganization } from '@renderer/testing/fixtures'
import { aPost } from '@renderer/testing/postFixtures'
import { renderInApp } from '@renderer/testing/render'
import { aBusinessPage, aSlot } from '@renderer/testing/slotFixtures'
import WritePostPage from './WritePostPage'

// 'Schedule post' as the editor opens it: the form-dialog kit's rules (DESIGN.md §7) hold for it too.

// Tuesday 3 March 2026, 14:20 in London.
const NOW = new Date('2026-03-03T14:20:00.000Z')
const mySlot = aSlot({ id: 'slot-1', time: '2026-03-10T09:00:00.000Z', assignee: { id: 'user-1', fullName: 'Ada Lovelace', image: null } })
const page = aBusinessPage({ id: 'page-1', linkedInCompanyName: 'Acme Robotics' })

type Reply = HostResponse | ((req: HostRequest) => HostResponse | Promise<HostResponse>)

/** The endpoints the editor and its Schedule dialog call; `schedule` answers POST /posts/schedule. */
function hostFor(options: { slots?: AssignedSlot[]; schedule?: Reply } = {}) {
  let post: Post = aPost()
  const store = (changes: Partial<Post>) => {
    post = { ...post, ...changes, version: post.version + 1 }
    return ok(post)
  }
  return createFakeHost({
    'GET /user': ok(aUser({ userOrgBusinessPages: [{ businessPageId: 'page-1', businessPage: { id: 'page-1' } }] })),
    'GET /organization': ok(anOrganization({ organizationBusinessPages: [page] }, NOW)),
    'GET /billing/verify/entitled': ok([]),
    'GET /schedule/assigned-slots': ok(options.slots ?? []),
    'GET /posts/get': () => ok(post),
    'PUT /posts/update': () => ok(post),
    'POST /posts/schedule':
      options.schedule ??
      ((req) => {
        const body = req.body as { slotId?: string; scheduledAt?: string }
        return store({ status: 'SCHEDULED', scheduledAt: body.scheduledAt ?? mySlot.time, slotId: body.slotId ?? null })
      })
  })
}

async function openDialog(fake: ReturnType<typeof createFakeHost>) {
  renderInApp(<WritePostPage />, fake, '/content/write-post?postId=post-1')
  const events = userEvent.setup()
  await screen.findByRole('textbox', { name: 'Post text' })
  await events.click(screen.getByRole('button', { name: 'Schedule' }))
  // Fluent's focus manager may leave a just-opened modal aria-hidden in happy-dom: found by test id.
  const dialog = await screen.findByTestId('schedule-dialog')
  expect(within(dialog).getByText('Schedule post', { selector: 'h2' })).toBeTruthy()
  // The names the e2e tests find it and its parts by (writing.e2e.ts, collaborate.e2e.ts): the
  // dialog is named by its title (happy-dom's name computation is not reliable for it here).
  expect(dialog.getAttribute('role')).toBe('dialog')
  expect(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Schedule post')
  expect(within(dialog).getAllByRole('button', { name: 'Schedule post', hidden: true })).toHaveLength(1)
  expect(within(dialog).getByRole('radio', { name: 'Into an assigned slot', hidden: true })).toBeTruthy()
  return { dialog, events }
}

const submitButton = (dialog: HTMLElement) => within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Schedule post', hidden: true })
const cancelButton = (dialog: HTMLElement) => within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Cancel', hidden: true })
/** The message shown under a field of the dialog, found by the field's label. */
const messageBeside = (dialog: HTMLElement, label: string) => {
  const field = within(dialog).getByText(label, { selector: 'label' }).closest('.fui-Field')
  return field?.querySelector('.fui-Field__validationMessage')?.textContent ?? null
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW })
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  window.localStorage.clear()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('Schedule post: one submission at a time', () => {
  it('sends one request for a double click on Schedule post, with the spinner while it runs', async () => {
    let answer: (reply: HostResponse) => void = () => undefined
    const fake = hostFor({ schedule: () => new Promise<HostResponse>((resolve) => (answer = resolve)) })
    const { dialog } = await openDialog(fake)
    doubleClickBeforeRender(submitButton(dialog))
    await waitFor(() => expect(fake.requestsTo('POST', '/posts/schedule')).toHaveLength(1))
    await waitFor(() => expect(submitButton(dialog).disabled).toBe(true))
    expect(submitButton(dialog).querySelector('.fui-Spinner')).not.toBeNull()
    doubleClickBeforeRender(submitButton(dialog))

    answer(ok(aPost({ status: 'SCHEDULED', scheduledAt: '2026-03-04T09:00:00.000Z', version: 2 })))
    await waitFor(() => expect(screen.queryByTestId('schedule-dialog')).toBeNull())
    expect(fake.requestsTo('POST', '/posts/schedule')).toHaveLength(1)
    expect((await screen.findByTestId('toast')).textContent).toContain('Post scheduled ✅')
  })
})

describe('Schedule post: closing (spec §4)', () => {
  it('asks "You have unsaved changes!" before closing with a changed time, and closes when told to', async () => {
    const fake = hostFor()
    const { dialog, events } = await openDialog(fake)
    fireEvent.change(within(dialog).getByTestId('schedule-time'), { target: { value: '11:45' } })
    await events.click(cancelButton(dialog))

    const question = await screen.findByTestId('unsaved-changes-dialog')
    expect(question.textContent).toContain('You have unsaved changes!')
    await events.click(within(question).getByRole('button', { name: 'Keep editing', hidden: true }))
    await waitFor(() => expect(screen.queryByTestId('unsaved-changes-dialog')).toBeNull())
    expect(screen.getByTestId('schedule-dialog')).toBeTruthy()
    expect((within(dialog).getByTestId('schedule-time') as HTMLSelectElement).value).toBe('11:45')

    await events.click(cancelButton(dialog))
    await events.click(within(await screen.findByTestId('unsaved-changes-dialog')).getByRole('button', { name: 'Discard changes', hidden: true }))
    await waitFor(() => expect(screen.queryByTestId('schedule-dialog')).toBeNull())
    expect(fake.requestsTo('POST', '/posts/schedule')).toHaveLength(0)
  })

  it('closes at once when nothing was changed', async () => {
    const { dialog, events } = await openDialog(hostFor())
    await events.click(cancelButton(dialog))
    await waitFor(() => expect(screen.queryByTestId('schedule-dialog')).toBeNull())
    expect(screen.queryByTestId('unsaved-changes-dialog')).toBeNull()
  })
})

describe('Schedule post: the server’s refusals', () => {
  it('shows a refused time beside the Date field, not in the messages under the fields', async () => {
    const refusal = 'Pick a time at least 15 minutes ahead.'
    const fake = hostFor({ schedule: fail(400, refusal, 'validation', { scheduledAt: refusal }) })
    const { dialog, events } = await openDialog(fake)
    await events.click(submitButton(dialog))
    await waitFor(() => expect(messageBeside(dialog, 'Date')).toBe(refusal))
    expect(within(dialog).queryAllByTestId('schedule-error')).toEqual([])
    expect(screen.getByTestId('schedule-dialog')).toBeTruthy()
    expect(submitButton(dialog).disabled).toBe(false)
  })

  it('shows a refused slot beside the slot list, and the other reasons under the fields', async () => {
    const fields = { slotId: 'That slot is taken.', businessPageId: MESSAGES.notLinkedToPage }
    const fake = hostFor({ slots: [mySlot], schedule: fail(400, 'That slot is taken.', 'validation', fields) })
    const { dialog, events } = await openDialog(fake)
    await events.click(within(dialog).getByRole('radio', { name: 'Into an assigned slot', hidden: true }))
    const slot = await within(dialog).findByRole<HTMLInputElement>('radio', { name: /Tue, 10 Mar 2026, 09:00/, hidden: true })
    await events.click(slot)
    await events.click(submitButton(dialog))
    await waitFor(() => expect(messageBeside(dialog, 'Your open slots')).toBe('That slot is taken.'))
    expect(within(dialog).getAllByTestId('schedule-error').map((e) => e.textContent)).toEqual([MESSAGES.notLinkedToPage])
  })
})
