// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MESSAGES } from '@shared/api/messages'
import type { AssignedSlot, Post, PostApproval, ReviewRequest, User } from '@shared/domain'
import type { HostRequest, HostResponse } from '@shared/host'
import { LINKEDIN_RETURN_KEY } from '@renderer/api/linkedin'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aUser, anOrganization, entitlements, withRole } from '@renderer/testing/fixtures'
import { aPost } from '@renderer/testing/postFixtures'
import { renderInApp } from '@renderer/testing/render'
import { aBusinessPage, aSlot } from '@renderer/testing/slotFixtures'
import { draftStorageKey } from './draftStorage'
import { emptyDraft } from './postDraft'
import WritePostPage from './WritePostPage'

// Tuesday 3 March 2026, 14:20 in London.
const NOW = new Date('2026-03-03T14:20:00.000Z')
const UNKNOWN_OUTCOME = 'may have been published — check LinkedIn before retrying'
const mySlot = aSlot({
  id: 'slot-1',
  time: '2026-03-10T09:00:00.000Z',
  assignee: { id: 'user-1', fullName: 'Ada Lovelace', image: null },
  comment: 'Launch recap',
  targetAudience: 'Engineers',
  postType: 'poll'
})
const page = aBusinessPage({ id: 'page-1', linkedInCompanyName: 'Acme Robotics' })
const openRequest: ReviewRequest = {
  open: true,
  priority: 'URGENT',
  dueAt: null,
  message: '',
  requestedAt: '2026-03-03T14:00:00.000Z',
  reviewers: [{ id: 'user-2', fullName: 'Linus Lead', image: null, addedAt: '2026-03-03T14:00:00.000Z' }]
}
/** A post of an author whose posts need approval (REVIEW_FLOW held, userApprovalFlow on), at revision 2. */
const needingApproval = (approval: Partial<PostApproval> = {}) =>
  aPost({ revision: 2, approval: { required: true, status: null, approvedRevision: null, decidedBy: null, decidedAt: null, reason: null, ...approval } })

type Reply = HostResponse | ((req: HostRequest) => HostResponse | Promise<HostResponse>)

/**
 * The post endpoints as the server behaves: versions bump on every change, a stale version is a
 * 409. With `reviewFlow` the organization holds REVIEW_FLOW and the review endpoints answer too:
 * asking for feedback and withdrawing change the status (and the version), sending for approval
 * does not.
 */
function hostFor(
  options: { post?: Post | null; slots?: AssignedSlot[]; replies?: Record<string, Reply>; user?: Partial<User>; reviewFlow?: boolean; request?: ReviewRequest | null } = {}
) {
  const state: { post: Post | null; request: ReviewRequest | null } = { post: options.post ?? null, request: options.request ?? null }
  const store = (changes: Partial<Post>) => {
    state.post = { ...(state.post ?? aPost()), ...changes, version: (state.post?.version ?? 0) + 1 }
    return ok(state.post)
  }
  const content = (body: Record<string, unknown>): Partial<Post> => {
    const { text, type, poll, slotId, businessPageId } = body as Partial<Post> & { businessPageId?: string | null }
    return {
      ...(text !== undefined ? { text } : {}),
      ...(type ? { type } : {}),
      ...(poll !== undefined ? { poll } : {}),
      ...(slotId !== undefined ? { slotId } : {}),
      ...(businessPageId !== undefined ? { businessPage: businessPageId ? { id: businessPageId, linkedInCompanyName: 'Acme Robotics', image: null } : null } : {})
    }
  }
  const thread = () =>
    ok({ post: state.post, request: state.request, feedback: [], viewer: { isAuthor: true, isReviewer: false, canApprove: false }, participants: [] })
  const fake = createFakeHost({
    'GET /user': ok(aUser({ userOrgBusinessPages: [{ businessPageId: 'page-1', businessPage: { id: 'page-1' } }], ...options.user })),
    'GET /organization': ok(anOrganization({ organizationBusinessPages: [page] }, NOW)),
    'GET /billing/verify/entitled': ok(options.reviewFlow ? entitlements(['REVIEW_FLOW']) : []),
    'GET /review/thread': thread,
    'GET /review/candidates': ok([{ id: 'user-2', fullName: 'Linus Lead', image: null, email: 'linus@example.com', isTeamLeader: true }]),
    'POST /review/request': (req) => {
      const { reviewerIds } = req.body as { reviewerIds: string[] }
      state.request = { ...openRequest, reviewers: reviewerIds.map((id) => ({ id, fullName: 'Linus Lead', image: null, addedAt: NOW.toISOString() })) }
      store({ status: 'ASK_FOR_FEEDBACK' })
      return thread()
    },
    'POST /review/withdraw': () => {
      state.request = state.request ? { ...state.request, open: false } : null
      store({ status: 'DRAFT' })
      return thread()
    },
    'POST /review/submit': (req) => {
      const { version } = req.body as { version: number }
      if (!state.post || version !== state.post.version) return fail(409, MESSAGES.postChangedElsewhere, 'conflict')
      state.post = { ...state.post, approval: { ...state.post.approval, status: 'PENDING' } }
      return thread()
    },
    'GET /schedule/assigned-slots': ok(options.slots ?? []),
    'GET /posts/get': () => (state.post ? ok(state.post) : fail(404, 'Post not found.', 'not_found')),
    'POST /posts/create': (req) => {
      state.post = null
      return store({ ...aPost({ text: '' }), ...content(req.body as Record<string, unknown>) })
    },
    'PUT /posts/update': (req) => {
      const body = req.body as { version: number } & Record<string, unknown>
      if (!state.post || body.version !== state.post.version) return fail(409, MESSAGES.postChangedElsewhere, 'conflict')
      return store(content(body))
    },
    'POST /posts/schedule': (req) => {
      const body = req.body as { slotId?: string; scheduledAt?: string }
      return store({ status: 'SCHEDULED', scheduledAt: body.scheduledAt ?? mySlot.time, slotId: body.slotId ?? state.post?.slotId ?? null })
    },
    // As the server answers: scheduled at its now, for the publisher it has just woken to claim.
    'POST /posts/publish-now': () => store({ status: 'SCHEDULED', scheduledAt: NOW.toISOString() }),
    'POST /posts/unschedule': () => store({ status: 'DRAFT' }),
    'POST /posts/retry': () => store({ status: 'SCHEDULED', failureReason: null, scheduledAt: NOW.toISOString() }),
    'DELETE /posts/delete': () => {
      state.post = null
      return ok({ ok: true })
    },
    ...options.replies
  })
  return { fake, state }
}

function open(path: string, fake: ReturnType<typeof createFakeHost>) {
  const view = renderInApp(<WritePostPage />, fake, path)
  return { ...view, events: userEvent.setup() }
}

/** Fluent's focus manager (Tabster) may leave a just-opened modal aria-hidden in happy-dom: dialogs are found by test id. */
const scheduleDialog = async () => {
  const dialog = await screen.findByTestId('schedule-dialog')
  expect(within(dialog).getByText('Schedule post', { selector: 'h2' })).toBeTruthy()
  return dialog
}
const textBox = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Post text' })
const location = () => screen.getByTestId('location').textContent ?? ''
const saveState = () => screen.getByTestId('autosave-state').textContent
const button = (name: string) => screen.getByRole('button', { name })
/** A button's tooltip, which says why it waits. */
const description = (name: string) => document.getElementById(button(name).getAttribute('aria-describedby') ?? '')?.textContent
const bodies = (fake: ReturnType<typeof createFakeHost>, method: string, path: string) => fake.requestsTo(method, path).map((r) => r.body)

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

/** The fields' validation messages and hints (not the buttons' tooltips saying the same). */
const fieldMessages = () => Array.from(document.querySelectorAll('.fui-Field__validationMessage'), (m) => m.textContent)

describe('Write post: editor', () => {
  it('counts characters as LinkedIn does and says when the post is too long; Schedule and Post now wait', async () => {
    const { fake } = hostFor()
    open('/content/write-post', fake)
    fireEvent.change(await textBox(), { target: { value: '👋 hi' } })
    expect(screen.getByTestId('post-char-count').textContent).toBe('4 / 3,000')
    expect(screen.queryByText(MESSAGES.postTooLong)).toBeNull()
    expect(button('Post now').getAttribute('aria-disabled')).toBeNull()

    fireEvent.change(await textBox(), { target: { value: 'x'.repeat(3001) } })
    expect(screen.getByTestId('post-char-count').textContent).toBe('3,001 / 3,000')
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(MESSAGES.postTooLong)
    expect(button('Schedule').getAttribute('aria-disabled')).toBe('true')
    expect(button('Post now').getAttribute('aria-disabled')).toBe('true')
  })

  it('the post text field and the previews follow the text’s direction (dir="auto"), so Arabic and Hebrew run right to left', async () => {
    const { fake } = hostFor()
    open('/content/write-post', fake)
    fireEvent.change(await textBox(), { target: { value: 'שלום לכולם' } })
    expect((await textBox()).getAttribute('dir')).toBe('auto')
    const texts = screen.getAllByTestId('preview-text')
    expect(texts.length).toBeGreaterThan(0)
    for (const text of texts) expect(text.getAttribute('dir')).toBe('auto')
  })

  it('switches the media and poll editors with the post type (spec §2 choices)', async () => {
    const { fake } = hostFor()
    const { events } = open('/content/write-post', fake)
    await textBox()
    for (const choice of ['Text', 'Add image', 'Add media', 'Add a document', 'Create a poll']) expect(screen.getByRole('radio', { name: choice })).toBeTruthy()
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Text' }).checked).toBe(true)
    expect(screen.queryByTestId('poll-editor')).toBeNull()
    expect(screen.queryByTestId('media-uploader')).toBeNull()

    await events.click(screen.getByRole('radio', { name: 'Create a poll' }))
    expect(screen.getByTestId('poll-editor')).toBeTruthy()
    await events.click(screen.getByRole('radio', { name: 'Add image' }))
    expect(screen.queryByTestId('poll-editor')).toBeNull()
    expect(screen.getByTestId('media-uploader')).toBeTruthy()
    expect(fieldMessages()).toContain(MESSAGES.imagesMissing)
    await events.click(screen.getByRole('radio', { name: 'Text' }))
    expect(screen.queryByTestId('media-uploader')).toBeNull()
  })

  it('a missing image is a hint until the user tries Schedule or Post now, then a warning; the buttons still wait', async () => {
    const { fake } = hostFor()
    const { events } = open('/content/write-post', fake)
    fireEvent.change(await textBox(), { target: { value: 'Our new office' } })
    await events.click(screen.getByRole('radio', { name: 'Add image' }))
    const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent)
    expect(fieldMessages()).toContain(MESSAGES.imagesMissing)
    expect(alerts()).not.toContain(MESSAGES.imagesMissing)
    expect(button('Schedule').getAttribute('aria-disabled')).toBe('true')
    expect(button('Post now').getAttribute('aria-disabled')).toBe('true')

    await events.click(button('Post now'))
    expect(alerts()).toContain(MESSAGES.imagesMissing)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('autosaves: creates the post after a pause, puts its id in the address, then updates it with its version', async () => {
    const { fake } = hostFor()
    const { events } = open('/content/write-post', fake)
    await events.type(await textBox(), 'Hello')
    expect(saveState()).toBe('Saving…')
    await waitFor(() => expect(saveState()).toBe('Saved'))
    expect(bodies(fake, 'POST', '/posts/create')).toEqual([expect.objectContaining({ text: 'Hello', type: 'textOnly', slotId: null, businessPageId: null })])
    await waitFor(() => expect(location()).toBe('/content/write-post?postId=post-1'))

    await events.type(await textBox(), ' world')
    await waitFor(() => expect(bodies(fake, 'PUT', '/posts/update')).toEqual([expect.objectContaining({ postId: 'post-1', version: 1, text: 'Hello world' })]))
    await waitFor(() => expect(saveState()).toBe('Saved'))
    expect(fake.requestsTo('POST', '/posts/create')).toHaveLength(1)
    expect((await textBox()).value).toBe('Hello world')
  })

  it('posts as a linked business page when chosen', async () => {
    const { fake } = hostFor({ post: aPost() })
    open('/content/write-post?postId=post-1', fake)
    await textBox()
    const postAs = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Post as' })
    expect([...postAs.options].map((o) => o.text)).toEqual(['Ada Lovelace (you)', 'Acme Robotics'])
    fireEvent.change(postAs, { target: { value: 'page-1' } })
    await waitFor(() => expect(bodies(fake, 'PUT', '/posts/update')).toEqual([expect.objectContaining({ businessPageId: 'page-1', version: 1 })]))
  })

  it('names the business pages the user is not linked to under Post as; an admin gets the way to Members, where she links herself', async () => {
    const later = aBusinessPage({ id: 'page-2', linkedInCompanyName: 'Acme Labs' })
    const { fake } = hostFor({ replies: { 'GET /organization': ok(anOrganization({ organizationBusinessPages: [page, later] }, NOW)) } })
    const { events } = open('/content/write-post', fake)
    await textBox()
    const postAs = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Post as' })
    // Only the linked page is offered; the hint says which one is missing and why.
    expect([...postAs.options].map((o) => o.text)).toEqual(['Ada Lovelace (you)', 'Acme Robotics'])
    const hint = screen.getByTestId('post-as-hint')
    expect(hint.textContent).toBe(
      'You are not linked to Acme Labs, so you cannot post as it yet. Link yourself in Members: edit your own entry and choose it under Business pages. Open Members'
    )
    expect(postAs.getAttribute('aria-describedby')?.split(' ')).toContain(hint.id)
    await events.click(screen.getByRole('link', { name: 'Open Members' }))
    expect(location()).toBe('/settings/organization?section=members')
  })

  it('a member not linked to the pages is told to ask an admin; no hint once every page is linked', async () => {
    const more = ['Acme Labs', 'Acme Energy', 'Acme Health', 'Acme Retail'].map((name, i) => aBusinessPage({ id: `page-${i + 2}`, linkedInCompanyName: name }))
    const member = withRole(aUser(), 'MEMBER')
    const { fake } = hostFor({
      user: { userOrgSettings: member.userOrgSettings, userOrgBusinessPages: [] },
      replies: { 'GET /organization': ok(anOrganization({ name: 'Acme', organizationBusinessPages: [page, ...more] }, NOW)) }
    })
    open('/content/write-post', fake)
    await textBox()
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Post as' }).disabled).toBe(true)
    expect(screen.getByTestId('post-as-hint').textContent).toBe(
      'You are not linked to Acme Robotics, Acme Labs, Acme Energy and 2 more, so you cannot post as them yet. Ask an admin of Acme to link you to them (Members, Business pages).'
    )
    expect(screen.queryByRole('link', { name: 'Open Members' })).toBeNull()
    cleanup()

    const { fake: linked } = hostFor()
    open('/content/write-post', linked)
    await textBox()
    expect(screen.queryByTestId('post-as-hint')).toBeNull()
    expect(screen.getByRole('combobox', { name: 'Post as' }).getAttribute('aria-describedby')).toBeNull()
  })

  it('loses nothing when the window goes mid-typing: the text is back, restored, on the next open', async () => {
    const { fake } = hostFor({ replies: { 'POST /posts/create': () => new Promise<HostResponse>(() => undefined) } })
    const first = open('/content/write-post', fake)
    await first.events.type(await textBox(), 'Unsaved words')
    first.unmount()

    const { fake: again } = hostFor()
    open('/content/write-post', again)
    expect((await textBox()).value).toBe('Unsaved words')
    expect(screen.getByTestId('post-restored').textContent).toContain('Restored your unsaved changes.')
    await waitFor(() => expect(bodies(again, 'POST', '/posts/create')).toEqual([expect.objectContaining({ text: 'Unsaved words' })]))
  })

  it('leaving sends a pending change at once instead of waiting for the pause', async () => {
    const { fake } = hostFor({ post: aPost() })
    const view = open('/content/write-post?postId=post-1', fake)
    fireEvent.change(await textBox(), { target: { value: 'Last words' } })
    expect(fake.requestsTo('PUT', '/posts/update')).toHaveLength(0)
    view.unmount()
    expect(bodies(fake, 'PUT', '/posts/update')).toEqual([expect.objectContaining({ text: 'Last words', version: 1 })])
  })

  it('a 409 keeps the local text and offers the server version with Reload', async () => {
    const { fake, state } = hostFor({ post: aPost({ text: 'Draft one' }) })
    const { events } = open('/content/write-post?postId=post-1', fake)
    await textBox()
    state.post = aPost({ text: 'Changed in another window', version: 2 })
    fireEvent.change(await textBox(), { target: { value: 'My edit' } })

    const bar = await screen.findByTestId('post-conflict')
    expect(bar.textContent).toContain(MESSAGES.postChangedElsewhere)
    expect((await textBox()).value).toBe('My edit')
    expect(saveState()).toBe('Not saved')
    expect(window.localStorage.getItem(draftStorageKey('user-1', { postId: 'post-1' }))).toContain('My edit')
    expect(button('Post now').getAttribute('aria-disabled')).toBe('true')
    expect((screen.getByTestId('ask-feedback-open') as HTMLButtonElement).disabled).toBe(true)

    await events.click(within(bar).getByRole('button', { name: 'Reload' }))
    await waitFor(() => expect(screen.queryByTestId('post-conflict')).toBeNull())
    expect((await textBox()).value).toBe('Changed in another window')
  })
})

describe('Write post: scheduling and publishing', () => {
  it('starts a post for a slot with its type and idea, and schedules it into that slot', async () => {
    const { fake } = hostFor({ slots: [mySlot, aSlot({ id: 'slot-2', time: '2026-03-12T09:00:00.000Z', assignee: mySlot.assignee })] })
    const { events } = open('/content/write-post?slotId=slot-1', fake)
    const slotCard = await screen.findByTestId('write-post-slot')
    expect(slotCard.textContent).toContain('Tue, 10 Mar 2026, 09:00')
    expect(slotCard.textContent).toContain('Launch recap')
    expect(slotCard.textContent).toContain('Engineers')
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Create a poll' }).checked).toBe(true)

    await events.type(await textBox(), 'Which launch did you like?')
    await events.type(screen.getByTestId('poll-question').querySelector('input') ?? screen.getByTestId('poll-question'), 'Favourite?')
    await events.type(screen.getByTestId('poll-option-1'), 'Rockets')
    await events.type(screen.getByTestId('poll-option-2'), 'Robots')
    await waitFor(() => expect(button('Schedule').getAttribute('aria-disabled')).toBeNull())
    await events.click(button('Schedule'))

    const dialog = await scheduleDialog()
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Into an assigned slot', hidden: true }).checked).toBe(true)
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: /Tue, 10 Mar 2026, 09:00 · Launch recap/, hidden: true }).checked).toBe(true)
    await events.click(within(dialog).getByRole('button', { name: 'Schedule post', hidden: true }))

    await waitFor(() => expect(bodies(fake, 'POST', '/posts/schedule')).toEqual([{ postId: 'post-1', version: expect.any(Number), slotId: 'slot-1' }]))
    const created = bodies(fake, 'POST', '/posts/create')[0] as Record<string, unknown>
    expect(created).toMatchObject({ slotId: 'slot-1', type: 'poll' })
    expect((await screen.findByTestId('post-scheduled')).textContent).toContain('Scheduled for Tue, 10 Mar 2026, 09:00')
    expect((await screen.findByTestId('toast')).textContent).toContain('Post scheduled ✅')
  })

  it('schedules at a day and quarter-hour in the user’s timezone; a past time is refused before sending', async () => {
    const { fake } = hostFor({ post: aPost() })
    const { events } = open('/content/write-post?postId=post-1', fake)
    await textBox()
    await events.click(button('Schedule'))
    const dialog = await scheduleDialog()
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'At a time', hidden: true }).checked).toBe(true)
    fireEvent.change(within(dialog).getByTestId('schedule-date'), { target: { value: '2026-03-03' } })
    fireEvent.change(within(dialog).getByTestId('schedule-time'), { target: { value: '09:00' } })
    expect(within(dialog).getByText(MESSAGES.scheduleInPast, { selector: '[role=alert]' })).toBeTruthy()
    expect((within(dialog).getByRole('button', { name: 'Schedule post', hidden: true }) as HTMLButtonElement).disabled).toBe(true)

    // 1 April is in British Summer Time: 10:15 in London is 09:15 UTC.
    fireEvent.change(within(dialog).getByTestId('schedule-date'), { target: { value: '2026-04-01' } })
    fireEvent.change(within(dialog).getByTestId('schedule-time'), { target: { value: '10:15' } })
    await events.click(within(dialog).getByRole('button', { name: 'Schedule post', hidden: true }))
    await waitFor(() => expect(bodies(fake, 'POST', '/posts/schedule')).toEqual([{ postId: 'post-1', version: 1, scheduledAt: '2026-04-01T09:15:00.000Z' }]))
  })

  it('shows every reason the server gives in the dialog, the LinkedIn one with the way to Settings', async () => {
    const fields = { linkedIn: MESSAGES.linkedInNotConnected, businessPageId: MESSAGES.notLinkedToPage }
    const { fake } = hostFor({ post: aPost(), replies: { 'POST /posts/schedule': fail(400, MESSAGES.linkedInNotConnected, 'validation', fields) } })
    const { events } = open('/content/write-post?postId=post-1', fake)
    await textBox()
    await events.click(button('Schedule'))
    const dialog = await scheduleDialog()
    await events.click(within(dialog).getByRole('button', { name: 'Schedule post', hidden: true }))
    await waitFor(() => expect(within(dialog).getAllByTestId('schedule-error').map((e) => e.textContent)).toEqual([
      expect.stringContaining(MESSAGES.linkedInNotConnected),
      MESSAGES.notLinkedToPage
    ]))
    const [linkedIn] = within(dialog).getAllByTestId('schedule-error')
    expect(within(linkedIn!).getByRole('link', { name: 'Profile Settings', hidden: true }).getAttribute('href')).toBe('/settings')
  })

  it('Post now refused for an expired connection says so under the toolbar with Reconnect', async () => {
    const refusal = fail(400, MESSAGES.linkedInExpired, 'validation', { linkedIn: MESSAGES.linkedInExpired })
    const { fake } = hostFor({ post: aPost(), replies: { 'POST /posts/publish-now': refusal } })
    const { events } = open('/content/write-post?postId=post-1', fake)
    await textBox()
    await events.click(button('Post now'))
    await events.click(within(await screen.findByTestId('post-now-dialog')).getByRole('button', { name: 'Post now', hidden: true }))
    const error = await screen.findByTestId('post-action-error')
    expect(error.textContent).toContain(MESSAGES.linkedInExpired)
    expect(within(error).getByRole('link', { name: 'Reconnect' }).getAttribute('href')).toBe('/settings')
  })

  it('Post now asks first, then publishes the saved version', async () => {
    const { fake } = hostFor({ post: aPost() })
    const { events } = open('/content/write-post?postId=post-1', fake)
    await textBox()
    await events.click(button('Post now'))
    const dialog = await screen.findByTestId('post-now-dialog')
    expect(fake.requestsTo('POST', '/posts/publish-now')).toHaveLength(0)
    await events.click(within(dialog).getByRole('button', { name: 'Post now', hidden: true }))
    await waitFor(() => expect(bodies(fake, 'POST', '/posts/publish-now')).toEqual([{ postId: 'post-1', version: 1 }]))
    const publishing = await screen.findByTestId('post-publishing')
    expect(publishing.textContent).toContain('Publishing…')
    expect(publishing.textContent).toContain(MESSAGES.postBeingPublished)
    // Its scheduled time is the server's now: never shown as a time it is scheduled for.
    expect(screen.getByTestId('post-status').textContent).not.toContain('Scheduled for')
    expect(screen.queryByRole('button', { name: 'Unschedule' })).toBeNull()
    expect((await textBox()).readOnly).toBe(true)
    expect(screen.getByRole('region', { name: 'Post preview (desktop)' }).textContent).toContain('Now · ')
  })

  it('a post the publisher has claimed shows as being published too', async () => {
    const { fake } = hostFor({ post: aPost({ status: 'PENDING_PUBLISH', scheduledAt: '2026-03-03T14:19:00.000Z' }) })
    open('/content/write-post?postId=post-1', fake)
    expect((await screen.findByTestId('post-publishing')).textContent).toContain('Publishing…')
    expect((await textBox()).readOnly).toBe(true)
  })

  it('a post scheduled days ahead shows its time in the preview header, as LinkedIn’s scheduled-post preview does', async () => {
    const { fake } = hostFor({ post: aPost({ status: 'SCHEDULED', scheduledAt: '2026-03-10T09:00:00.000Z' }) })
    const { events } = open('/content/write-post?postId=post-1', fake)
    await screen.findByTestId('post-scheduled')
    const header = () => screen.getByRole('region', { name: /^Post preview/ }).querySelector('header')?.textContent
    expect(header()).toContain('Scheduled for Tue 10 Mar, 09:00 · ')
    expect(header()).not.toContain('Now')
    await events.click(screen.getByRole('radio', { name: /Mobile/ }))
    expect(header()).toContain('Scheduled for Tue 10 Mar, 09:00 · ')
  })

  it('a published post is not in review any more, even with its feedback request left open', async () => {
    const request: ReviewRequest = { open: true, priority: 'URGENT', dueAt: null, message: '', requestedAt: '2026-02-27T10:00:00.000Z', reviewers: [] }
    const { fake } = hostFor({ post: aPost({ status: 'PUBLISHED', publishedAt: '2026-03-01T10:00:00.000Z' }), reviewFlow: true, request })
    open('/content/write-post?postId=post-1', fake)
    await screen.findByTestId('post-published')
    expect((await textBox()).readOnly).toBe(true)
    const closed = await screen.findByTestId('post-review-closed')
    expect(closed.textContent).toContain('Review closed')
    expect(within(closed).getByTestId('open-review').getAttribute('href')).toBe('/collaborate?postId=post-1')
    expect(screen.queryByTestId('post-in-review')).toBeNull()
    expect(screen.queryByTestId('withdraw-review')).toBeNull()
  })

  it('a published post shows its age in the preview header, as the feed does', async () => {
    const { fake } = hostFor({ post: aPost({ status: 'PUBLISHED', publishedAt: '2026-03-01T10:00:00.000Z' }) })
    open('/content/write-post?postId=post-1', fake)
    await screen.findByTestId('post-published')
    expect(screen.getByRole('region', { name: 'Post preview (desktop)' }).querySelector('header')?.textContent).toContain('2d · ')
  })

  it('without a LinkedIn connection Schedule and Post now wait, saying why; Connect LinkedIn starts connecting and comes back here', async () => {
    const { fake } = hostFor({
      post: aPost(),
      user: { isLinkedInConnected: false, linkedInExpireAt: null },
      replies: { 'POST /linkedin/connect': ok({ authorizationUrl: 'https://www.linkedin.com/oauth/v2/authorization?state=s1' }) }
    })
    const { events } = open('/content/write-post?postId=post-1', fake)
    const notice = await screen.findByTestId('post-linkedin-required')
    expect(notice.textContent).toContain(MESSAGES.linkedInNotConnected)
    expect(button('Schedule').getAttribute('aria-disabled')).toBe('true')
    expect(button('Post now').getAttribute('aria-disabled')).toBe('true')
    await events.click(button('Post now'))
    expect(screen.queryByTestId('post-now-dialog')).toBeNull()
    expect(fake.requestsTo('POST', '/posts/publish-now')).toEqual([])
    await events.click(within(notice).getByRole('button', { name: 'Connect LinkedIn' }))
    await waitFor(() => expect(fake.host.openOAuthPage).toHaveBeenCalledWith('https://www.linkedin.com/oauth/v2/authorization?state=s1'))
    expect(sessionStorage.getItem(LINKEDIN_RETURN_KEY)).toBe('/content/write-post?postId=post-1')
  })

  it('an expired LinkedIn connection likewise, with Reconnect', async () => {
    const { fake } = hostFor({ post: aPost(), user: { isLinkedInConnected: true, linkedInExpireAt: '2026-03-02T09:00:00.000Z' } })
    open('/content/write-post?postId=post-1', fake)
    const notice = await screen.findByTestId('post-linkedin-required')
    expect(notice.textContent).toContain(MESSAGES.linkedInExpired)
    expect(within(notice).getByRole('button', { name: 'Reconnect' })).toBeTruthy()
    expect(button('Schedule').getAttribute('aria-disabled')).toBe('true')
    expect(button('Post now').getAttribute('aria-disabled')).toBe('true')
  })

  it('a connection still valid, even expiring soon, lets the post go', async () => {
    const { fake } = hostFor({ post: aPost(), user: { isLinkedInConnected: true, linkedInExpireAt: '2026-03-05T09:00:00.000Z' } })
    open('/content/write-post?postId=post-1', fake)
    await textBox()
    expect(screen.queryByTestId('post-linkedin-required')).toBeNull()
    expect(button('Post now').getAttribute('aria-disabled')).toBeNull()
  })

  it('a scheduled post can be unscheduled', async () => {
    const { fake } = hostFor({ post: aPost({ status: 'SCHEDULED', scheduledAt: '2026-03-10T09:00:00.000Z' }) })
    const { events } = open('/content/write-post?postId=post-1', fake)
    const bar = await screen.findByTestId('post-scheduled')
    expect(bar.textContent).toContain('Scheduled for Tue, 10 Mar 2026, 09:00')
    expect(screen.queryByRole('button', { name: 'Schedule' })).toBeNull()
    await events.click(within(bar).getByRole('button', { name: 'Unschedule' }))
    await waitFor(() => expect(bodies(fake, 'POST', '/posts/unschedule')).toEqual([{ postId: 'post-1' }]))
    await waitFor(() => expect(screen.queryByTestId('post-scheduled')).toBeNull())
    expect(button('Schedule')).toBeTruthy()
  })

  it('a published post is read-only and links to LinkedIn', async () => {
    const url = 'https://www.linkedin.com/feed/update/urn:li:share:1'
    const { fake } = hostFor({ post: aPost({ status: 'PUBLISHED', publishedAt: '2026-03-02T10:00:00.000Z', linkedInPostUrl: url }) })
    const { events } = open('/content/write-post?postId=post-1', fake)
    expect((await textBox()).readOnly).toBe(true)
    const bar = screen.getByTestId('post-published')
    expect(bar.textContent).toContain('Published on LinkedIn')
    expect(screen.queryByRole('button', { name: 'Schedule' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Post now' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Delete draft' })).toBeNull()
    await events.click(within(bar).getByRole('link', { name: 'View on LinkedIn' }))
    expect(fake.host.openExternal).toHaveBeenCalledWith(url)
    fireEvent.change(await textBox(), { target: { value: 'Changed' } })
    expect((await textBox()).value).toBe('Our new release is out')
  })

  it('draws a published post’s read-only text filled, unlike the outlined text field of a post still being written', async () => {
    /** The text field's fill, and the theme's darker neutral fill (Fluent's filled-darker appearance). */
    const fills = async () => {
      const field = (await textBox()).closest<HTMLElement>('.fui-Textarea')!
      const theme = getComputedStyle(field.closest<HTMLElement>('.fui-FluentProvider')!)
      return { field: getComputedStyle(field).backgroundColor, darker: theme.getPropertyValue('--colorNeutralBackground3').trim() }
    }
    open('/content/write-post?postId=post-1', hostFor({ post: aPost() }).fake)
    expect((await textBox()).readOnly).toBe(false)
    const editable = await fills()
    cleanup()
    open('/content/write-post?postId=post-1', hostFor({ post: aPost({ status: 'PUBLISHED', publishedAt: '2026-03-02T10:00:00.000Z' }) }).fake)
    expect((await textBox()).readOnly).toBe(true)
    const readOnly = await fills()
    expect(readOnly.darker).not.toBe('')
    expect(readOnly.field).toBe(readOnly.darker)
    expect(editable.field).not.toBe(readOnly.field)
  })

  it('a failed post shows why; Retry is the user’s explicit call', async () => {
    const { fake } = hostFor({ post: aPost({ failureReason: UNKNOWN_OUTCOME, scheduledAt: '2026-03-03T12:00:00.000Z' }) })
    const { events } = open('/content/write-post?postId=post-1', fake)
    const bar = await screen.findByTestId('post-failed')
    expect(bar.textContent).toContain(UNKNOWN_OUTCOME)
    expect(fake.requestsTo('POST', '/posts/retry')).toHaveLength(0)
    await events.click(within(bar).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(bodies(fake, 'POST', '/posts/retry')).toEqual([{ postId: 'post-1' }]))
    await waitFor(() => expect(screen.queryByTestId('post-failed')).toBeNull())
    expect(screen.getByTestId('post-publishing').textContent).toContain('Publishing…')
  })

  it('Delete draft asks first, deletes and starts a new post', async () => {
    const { fake } = hostFor({ post: aPost() })
    const { events } = open('/content/write-post?postId=post-1', fake)
    await textBox()
    await events.click(button('Delete draft'))
    const dialog = await screen.findByTestId('delete-post-dialog')
    await events.click(within(dialog).getByRole('button', { name: 'Delete', hidden: true }))
    await waitFor(() => expect(fake.requestsTo('DELETE', '/posts/delete').map((r) => r.query)).toEqual([{ postId: 'post-1' }]))
    await waitFor(() => expect(location()).toBe('/content/write-post'))
    expect((await textBox()).value).toBe('')
    expect(screen.getByRole('heading', { name: 'New post' })).toBeTruthy()
  })

  it('a post deleted elsewhere keeps the unsaved text of this computer as a new post', async () => {
    window.localStorage.setItem(
      draftStorageKey('user-1', { postId: 'post-9' }),
      JSON.stringify({ draft: { ...emptyDraft({ slotId: 'slot-1' }), text: 'Not lost' }, baseVersion: 2, editedAt: 1 })
    )
    const { fake } = hostFor()
    const { events } = open('/content/write-post?postId=post-9', fake)
    await events.click(within(await screen.findByTestId('post-gone')).getByRole('button', { name: 'Keep it as a new post' }))
    // The editor leaves the deleted post at once and saves the text as a new post after the autosave's
    // pause; how soon the address then names the new post depends on the machine, so assert the outcome.
    await waitFor(() => expect(bodies(fake, 'POST', '/posts/create')).toEqual([expect.objectContaining({ text: 'Not lost', slotId: null })]), {
      timeout: 15_000
    })
    expect(location()).not.toContain('post-9')
    expect((await textBox()).value).toBe('Not lost')
  })

  it('a slot that already has its post opens that post', async () => {
    const { fake } = hostFor({ post: aPost({ slotId: 'slot-1' }), slots: [{ ...mySlot, postId: 'post-1' }] })
    open('/content/write-post?slotId=slot-1', fake)
    await waitFor(() => expect(location()).toBe('/content/write-post?postId=post-1'))
    expect((await textBox()).value).toBe('Our new release is out')
  })
})

describe('Write post: feedback and approval (issue 13)', () => {
  it('asks for feedback on a saved post, shows it in review with its reviewers, and withdraws the request', async () => {
    const { fake, state } = hostFor({ post: aPost(), reviewFlow: true })
    const { events } = open('/content/write-post?postId=post-1', fake)
    await textBox()
    fireEvent.change(await textBox(), { target: { value: 'Our new release is out today' } })
    await events.click(await screen.findByTestId('ask-feedback-open'))
    await events.click(await screen.findByTestId('ask-feedback-reviewers-input'))
    await events.click(await screen.findByTestId('ask-feedback-reviewers-option-user-2'))
    await events.selectOptions(screen.getByTestId('ask-feedback-priority'), 'URGENT')
    await events.click(screen.getByTestId('ask-feedback-save'))

    // The latest text is saved before the reviewers are asked.
    await waitFor(() => expect(bodies(fake, 'POST', '/review/request')).toEqual([{ postId: 'post-1', reviewerIds: ['user-2'], priority: 'URGENT', message: '' }]))
    expect(bodies(fake, 'PUT', '/posts/update')).toEqual([expect.objectContaining({ text: 'Our new release is out today', version: 1 })])
    const bar = await screen.findByTestId('post-in-review')
    expect(bar.textContent).toContain('In review')
    expect(bar.textContent).toContain('Asked Linus Lead · Urgent')
    expect(within(bar).getByTestId('open-review').getAttribute('href')).toBe('/collaborate?postId=post-1')
    expect(screen.queryByTestId('ask-feedback-open')).toBeNull()

    // Asking changed the post's version: the editor's next save starts from it, without a 409.
    fireEvent.change(await textBox(), { target: { value: 'Our new release is out today!' } })
    await waitFor(() => expect(bodies(fake, 'PUT', '/posts/update')).toHaveLength(2))
    expect(bodies(fake, 'PUT', '/posts/update')[1]).toMatchObject({ version: 3 })
    expect(screen.queryByTestId('post-conflict')).toBeNull()

    await events.click(within(bar).getByTestId('withdraw-review'))
    await waitFor(() => expect(bodies(fake, 'POST', '/review/withdraw')).toEqual([{ postId: 'post-1' }]))
    await waitFor(() => expect(screen.queryByTestId('post-in-review')).toBeNull())
    expect(state.post?.status).toBe('DRAFT')
    expect(await screen.findByTestId('ask-feedback-open')).toBeTruthy()
  })

  it('a post whose request is open offers Add reviewers, which opens the dialog on the open request', async () => {
    const { fake } = hostFor({ post: aPost({ status: 'ASK_FOR_FEEDBACK' }), reviewFlow: true, request: openRequest })
    const { events } = open('/content/write-post?postId=post-1', fake)
    await events.click(await screen.findByTestId('add-reviewers'))
    expect((await screen.findByTestId('ask-feedback-existing')).textContent).toBe('Linus Lead')
    expect(screen.getByText('Add reviewers', { selector: 'h2' })).toBeTruthy()
  })

  it('without REVIEW_FLOW the review is not asked for (a 402 would open the plan dialog)', async () => {
    const { fake } = hostFor({ post: aPost() })
    open('/content/write-post?postId=post-1', fake)
    await textBox()
    expect(await screen.findByTestId('ask-feedback-open')).toBeTruthy()
    expect(fake.requestsTo('GET', '/review/thread')).toEqual([])
    expect(screen.queryByTestId('post-approval')).toBeNull()
  })

  it('a post that needs approval waits for it: Not sent, Send for approval with the saved version, then Waiting for approval', async () => {
    const { fake } = hostFor({ post: needingApproval(), reviewFlow: true })
    const { events } = open('/content/write-post?postId=post-1', fake)
    expect((await screen.findByTestId('approval-state')).textContent).toBe('Not sent')
    expect(button('Schedule').getAttribute('aria-disabled')).toBe('true')
    expect(button('Post now').getAttribute('aria-disabled')).toBe('true')
    expect(description('Post now')).toBe(MESSAGES.approvalRequiredToSchedule)
    expect(screen.getByTestId('post-approval').textContent).toContain(MESSAGES.approvalRequiredToSchedule)
    await events.click(button('Post now'))
    expect(screen.queryByTestId('post-now-dialog')).toBeNull()
    expect(screen.queryByTestId('open-review')).toBeNull()

    fireEvent.change(await textBox(), { target: { value: 'Ready for my leader' } })
    await events.click(screen.getByTestId('send-for-approval'))
    await waitFor(() => expect(bodies(fake, 'POST', '/review/submit')).toEqual([{ postId: 'post-1', version: 2 }]))
    expect(bodies(fake, 'PUT', '/posts/update')).toEqual([expect.objectContaining({ text: 'Ready for my leader', version: 1 })])
    await waitFor(() => expect(screen.getByTestId('approval-state').textContent).toBe('Waiting for approval'))
    expect(screen.queryByTestId('send-for-approval')).toBeNull()
    expect(description('Schedule')).toBe(MESSAGES.approvalPendingToSchedule)
    expect(screen.getByTestId('post-approval').textContent).toContain(MESSAGES.approvalPendingToSchedule)
    expect(button('Schedule').getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByTestId('open-review').getAttribute('href')).toBe('/collaborate?postId=post-1')
    expect((await screen.findByTestId('toast')).textContent).toContain('Sent for approval ✅')
  })

  it('approved for the current revision, Schedule and Post now are free again', async () => {
    const decidedBy = { id: 'user-2', fullName: 'Linus Lead', image: null }
    const { fake } = hostFor({ post: needingApproval({ status: 'APPROVED', approvedRevision: 2, decidedBy }), reviewFlow: true })
    open('/content/write-post?postId=post-1', fake)
    expect((await screen.findByTestId('approval-state')).textContent).toBe('Approved')
    expect(screen.getByTestId('post-approval').textContent).toContain('by Linus Lead')
    expect(button('Schedule').getAttribute('aria-disabled')).toBeNull()
    expect(button('Post now').getAttribute('aria-disabled')).toBeNull()
    expect(screen.queryByTestId('send-for-approval')).toBeNull()
  })

  it('an edit after approval needs approval again: the earlier approval no longer lets the post go', async () => {
    const { fake } = hostFor({ post: needingApproval({ status: 'PENDING', approvedRevision: 1 }), reviewFlow: true })
    open('/content/write-post?postId=post-1', fake)
    expect((await screen.findByTestId('approval-state')).textContent).toBe('Approved for an earlier version: needs approval again')
    expect(button('Schedule').getAttribute('aria-disabled')).toBe('true')
    expect(screen.queryByTestId('send-for-approval')).toBeNull()
  })

  it('a rejected post shows the reason and can be sent again', async () => {
    const { fake } = hostFor({ post: needingApproval({ status: 'REJECTED', reason: 'Mention the launch date.' }), reviewFlow: true })
    const { events } = open('/content/write-post?postId=post-1', fake)
    expect((await screen.findByTestId('approval-state')).textContent).toBe('Rejected: Mention the launch date.')
    expect(button('Post now').getAttribute('aria-disabled')).toBe('true')
    await events.click(screen.getByTestId('send-for-approval'))
    await waitFor(() => expect(screen.getByTestId('approval-state').textContent).toBe('Waiting for approval'))
  })

  it('a new post of an author whose posts need approval waits for it before the first save', async () => {
    const { fake } = hostFor({ reviewFlow: true, user: { userApprovalFlow: true } })
    open('/content/write-post', fake)
    fireEvent.change(await textBox(), { target: { value: 'Fresh words' } })
    expect(button('Post now').getAttribute('aria-disabled')).toBe('true')
    expect(description('Post now')).toBe(MESSAGES.approvalRequiredToSchedule)
  })

  it('the server’s approval refusal of a schedule is shown in the dialog', async () => {
    const refusal = fail(400, MESSAGES.approvalRequiredToSchedule, 'validation', { approval: MESSAGES.approvalRequiredToSchedule })
    const { fake } = hostFor({ post: aPost(), replies: { 'POST /posts/schedule': refusal } })
    const { events } = open('/content/write-post?postId=post-1', fake)
    await textBox()
    await events.click(button('Schedule'))
    const dialog = await scheduleDialog()
    await events.click(within(dialog).getByRole('button', { name: 'Schedule post', hidden: true }))
    await waitFor(() => expect(within(dialog).getAllByTestId('schedule-error').map((e) => e.textContent)).toEqual([MESSAGES.approvalRequiredToSchedule]))
  })

  it('the server’s approval refusal of Post now is shown under the toolbar', async () => {
    const refusal = fail(400, MESSAGES.approvalPendingToSchedule, 'validation', { approval: MESSAGES.approvalPendingToSchedule })
    const { fake } = hostFor({ post: aPost(), replies: { 'POST /posts/publish-now': refusal } })
    const { events } = open('/content/write-post?postId=post-1', fake)
    await textBox()
    await events.click(button('Post now'))
    await events.click(within(await screen.findByTestId('post-now-dialog')).getByRole('button', { name: 'Post now', hidden: true }))
    expect((await screen.findByTestId('post-action-error')).textContent).toBe(MESSAGES.approvalPendingToSchedule)
  })
})
