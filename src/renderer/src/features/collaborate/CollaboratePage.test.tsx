// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { EntitlementKey, ReviewInbox, ReviewThread } from '@shared/domain'
import type { HostRequest, HostResponse } from '@shared/host'
import { reviewKeys } from '@renderer/api/queryKeys'
import { doubleClickBeforeRender } from '@renderer/testing/fastClicks'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aUser, anOrganization, entitlements } from '@renderer/testing/fixtures'
import { screenTestHooks } from '@renderer/testing/lifecycle'
import { aPost } from '@renderer/testing/postFixtures'
import { renderInApp } from '@renderer/testing/render'
import { ALAN, GRACE, aFeedback, aThread, anInbox, anInboxItem } from '@renderer/testing/reviewFixtures'
import CollaboratePage from './CollaboratePage'

const NOW = new Date('2026-10-20T12:00:00.000Z')

screenTestHooks({ now: NOW })

interface Setup {
  keys?: EntitlementKey[]
  inbox?: (req: HostRequest) => ReviewInbox
  thread?: ReviewThread | ((req: HostRequest) => HostResponse)
  replies?: Record<string, (req: HostRequest) => HostResponse>
}

const requested = [
  anInboxItem({
    postId: 'post-1',
    author: GRACE,
    excerpt: 'Grace’s launch post',
    request: { priority: 'URGENT', dueAt: '2026-10-22T15:00:00.000Z', requestedAt: '2026-10-19T08:00:00.000Z', message: '', reviewerCount: 2 },
    openFeedback: 3
  }),
  anInboxItem({ postId: 'post-2', author: ALAN, excerpt: 'Alan’s hiring post' }),
  anInboxItem({ postId: 'post-3', author: ALAN, excerpt: 'Alan’s event recap' })
]
const mine = [anInboxItem({ postId: 'mine-1', stage: 'DRAFT', status: 'DRAFT', excerpt: 'My draft', request: null })]

function defaultInbox(req: HostRequest): ReviewInbox {
  const counts = { requested: 3, mine: 1, team: null }
  return req.query?.view === 'mine' ? anInbox(mine, counts) : anInbox(requested, counts)
}

function open(path: string, { keys = ['REVIEW_FLOW'], inbox = defaultInbox, thread = aThread(), replies = {} }: Setup = {}) {
  const fake = createFakeHost({
    'GET /user': ok(aUser({ timezone: 'UTC' })),
    'GET /billing/verify/entitled': ok(entitlements(keys)),
    'GET /organization': ok(anOrganization()),
    'GET /review/inbox': (req) => ok(inbox(req)),
    'GET /review/thread': typeof thread === 'function' ? thread : (req) => ok({ ...thread, post: { ...thread.post, id: req.query?.postId ?? thread.post.id } }),
    ...replies
  })
  const view = renderInApp(<CollaboratePage />, fake, path)
  return { ...view, fake, events: userEvent.setup() }
}

const location = () => screen.getByTestId('location').textContent ?? ''
const rows = () => screen.getAllByTestId('collaborate-row')
const row = (postId: string) => rows().find((r) => r.getAttribute('data-post-id') === postId)!
const panel = () => screen.getByTestId('review-panel')
const toastText = async () => (await screen.findByTestId('toast')).textContent

/** Selects `quote` inside the post's text view as a user would with the mouse. */
function selectInTextView(quote: string) {
  const view = screen.getByTestId('post-text-view')
  const walker = document.createTreeWalker(view, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const index = node.textContent!.indexOf(quote)
    if (index < 0) continue
    const range = document.createRange()
    range.setStart(node, index)
    range.setEnd(node, index + quote.length)
    const selection = document.getSelection()!
    selection.removeAllRanges()
    selection.addRange(range)
    fireEvent.mouseUp(view)
    return
  }
  throw new Error(`“${quote}” is not in the text view`)
}

describe('Collaborate: tabs and lists', () => {
  it('opens on For my review with each tab’s count, and no Team tab for someone who leads no team', async () => {
    const { fake } = open('/collaborate')
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(screen.getByTestId('collaborate-tab-requested').getAttribute('aria-selected')).toBe('true')
    const count = (view: string) => screen.getByTestId(`collaborate-tab-${view}`).getAttribute('data-count')
    expect(count('requested')).toBe('3')
    expect(count('mine')).toBe('1')
    expect(screen.getByTestId('collaborate-tab-mine').textContent).toContain('My posts')
    expect(screen.queryByTestId('collaborate-tab-team')).toBeNull()
    expect(fake.requestsTo('GET', '/review/inbox')[0]!.query).toEqual({ view: 'requested' })
    // Author, priority, due date in the user's timezone and open feedback on a review row.
    const first = within(row('post-1'))
    expect(first.getByText('Grace Hopper')).toBeTruthy()
    expect(first.getByTestId('row-priority').textContent).toBe('Urgent')
    expect(first.getByTestId('row-stage').textContent).toBe('In review')
    expect(first.getByTestId('row-due').textContent).toBe('Due Thu 22 Oct, 15:00')
    expect(first.getByTestId('row-open-feedback').textContent).toBe('3 open')
  })

  it('shows the Team tab with its count to leaders and admins, and keeps the chosen tab in the address', async () => {
    const { fake, events } = open('/collaborate', { inbox: (req) => ({ ...defaultInbox(req), counts: { requested: 3, mine: 1, team: 4 } }) })
    expect((await screen.findByTestId('collaborate-tab-team')).getAttribute('data-count')).toBe('4')
    await events.click(screen.getByTestId('collaborate-tab-mine'))
    await waitFor(() => expect(location()).toBe('/collaborate?view=mine'))
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-post-id'))).toEqual(['mine-1']))
    expect(fake.requestsTo('GET', '/review/inbox').at(-1)!.query).toEqual({ view: 'mine' })
    // My posts shows no author and no priority filter; a stage filter goes to the server and the address.
    expect(within(row('mine-1')).queryByText('Ada Lovelace')).toBeNull()
    expect(screen.queryByTestId('collaborate-filter-priority')).toBeNull()
    fireEvent.change(screen.getByTestId('collaborate-filter-status'), { target: { value: 'DRAFT' } })
    await waitFor(() => expect(location()).toBe('/collaborate?view=mine&status=DRAFT'))
    await waitFor(() => expect(fake.requestsTo('GET', '/review/inbox').at(-1)!.query).toEqual({ view: 'mine', status: 'DRAFT' }))
  })

  it('searches after a pause in typing and filters For my review by priority', async () => {
    const { fake, events } = open('/collaborate?view=requested')
    await waitFor(() => expect(rows()).toHaveLength(3))
    await events.type(screen.getByTestId('collaborate-search'), 'launch')
    await waitFor(() => expect(location()).toBe('/collaborate?view=requested&search=launch'))
    fireEvent.change(screen.getByTestId('collaborate-filter-priority'), { target: { value: 'URGENT' } })
    await waitFor(() => expect(fake.requestsTo('GET', '/review/inbox').at(-1)!.query).toEqual({ view: 'requested', priority: 'URGENT', search: 'launch' }))
    // Typing went out once, not once per letter.
    expect(fake.requestsTo('GET', '/review/inbox').filter((r) => r.query?.search !== undefined && r.query.search !== 'launch')).toEqual([])
  })

  it('says what to do when a list is empty', async () => {
    const { events } = open('/collaborate', { inbox: () => anInbox([]) })
    expect((await screen.findByTestId('collaborate-empty-message')).textContent).toBe('Nothing waits for your review.')
    expect(screen.getByText('When a colleague asks for your feedback it appears here.')).toBeTruthy()
    await events.click(screen.getByTestId('collaborate-tab-mine'))
    await waitFor(() => expect(screen.getByTestId('collaborate-empty-message').textContent).toBe('You have no posts yet.'))
    await events.click(screen.getByTestId('collaborate-empty-action'))
    await waitFor(() => expect(location()).toBe('/content/write-post'))
  })

  it('offers to clear filters when nothing matches them', async () => {
    const { events } = open('/collaborate?view=mine&status=FAILED', { inbox: () => anInbox([], { mine: 1 }) })
    expect((await screen.findByTestId('collaborate-empty-message')).textContent).toBe('No post matches the search and filters.')
    await events.click(screen.getByTestId('collaborate-empty-action'))
    await waitFor(() => expect(location()).toBe('/collaborate?view=mine'))
  })

  it('without REVIEW_FLOW: My posts works, For my review says what the plan adds and opens the plan dialog', async () => {
    const listener = vi.fn()
    window.addEventListener('openPlanModal', listener)
    const { fake, events } = open('/collaborate', { keys: [] })
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-post-id'))).toEqual(['mine-1']))
    expect(screen.getByTestId('collaborate-tab-mine').getAttribute('aria-selected')).toBe('true')
    await events.click(screen.getByTestId('collaborate-tab-requested'))
    expect(await screen.findByTestId('collaborate-upsell')).toBeTruthy()
    await events.click(screen.getByTestId('collaborate-upgrade'))
    expect(listener).toHaveBeenCalledTimes(1)
    window.removeEventListener('openPlanModal', listener)
    // Only the mine view was ever asked for (the others answer 402).
    expect(fake.requestsTo('GET', '/review/inbox').every((r) => r.query?.view === 'mine')).toBe(true)
  })
})

describe('Collaborate: a post’s menu in My posts', () => {
  it('opens the post in the editor, asks for feedback on it and compares its versions', async () => {
    const { fake, events } = open('/collaborate?view=mine', {
      replies: {
        'GET /posts/get': () => ok(aPost({ id: 'mine-1' })),
        'GET /review/candidates': () => ok([{ ...GRACE, email: 'grace@example.com', isTeamLeader: true }]),
        'GET /posts/versions': () => ok({ versions: [] })
      }
    })
    await waitFor(() => expect(rows()).toHaveLength(1))
    await events.click(screen.getByTestId('post-menu-mine-1'))
    // The menu's button is the row's own control: opening it does not open the post.
    expect(location()).toBe('/collaborate?view=mine')
    await events.click(await screen.findByTestId('post-menu-ask-feedback'))
    expect(await screen.findByTestId('ask-feedback-dialog')).toBeTruthy()
    expect(fake.requestsTo('GET', '/posts/get')[0]!.query).toEqual({ postId: 'mine-1' })
    await events.click(screen.getByTestId('ask-feedback-cancel'))
    await waitFor(() => expect(screen.queryByTestId('ask-feedback-dialog')).toBeNull())
    await events.click(screen.getByTestId('post-menu-mine-1'))
    await events.click(await screen.findByTestId('post-menu-compare'))
    expect(await screen.findByTestId('compare-dialog')).toBeTruthy()
    await events.click(screen.getByTestId('compare-close'))
    await events.click(screen.getByTestId('post-menu-mine-1'))
    await events.click(await screen.findByTestId('post-menu-editor'))
    await waitFor(() => expect(location()).toBe('/content/write-post?postId=mine-1'))
  })

  it('leaves Ask for feedback out without REVIEW_FLOW', async () => {
    const { events } = open('/collaborate', { keys: [] })
    await waitFor(() => expect(rows()).toHaveLength(1))
    await events.click(screen.getByTestId('post-menu-mine-1'))
    expect(await screen.findByTestId('post-menu-editor')).toBeTruthy()
    expect(screen.queryByTestId('post-menu-ask-feedback')).toBeNull()
  })
})

describe('Collaborate: a long list', () => {
  it('renders only the rows in view and still reaches the last one with End', async () => {
    const many = Array.from({ length: 150 }, (_, i) => anInboxItem({ postId: `p${i}`, excerpt: `Post number ${i}` }))
    const { events } = open('/collaborate', { inbox: () => anInbox(many, { requested: 150 }) })
    await waitFor(() => expect(rows().length).toBeGreaterThan(0))
    expect(rows().length).toBeLessThan(40)
    expect(screen.getByTestId('collaborate-list').getAttribute('aria-rowcount')).toBe('150')
    rows()[0]!.focus()
    await events.keyboard('{End}')
    // happy-dom has no layout, so it cannot scroll: the list is put at its end as a browser would, then the last rows render and the last one takes focus.
    const list = screen.getByTestId('collaborate-list')
    Object.defineProperty(list, 'scrollTop', { configurable: true, get: () => 150 * 92 - 600 })
    fireEvent.scroll(list)
    await waitFor(() => expect(document.activeElement?.getAttribute('data-post-id')).toBe('p149'))
    expect(rows().some((r) => r.getAttribute('data-post-id') === 'p0')).toBe(false)
    await events.keyboard('{Enter}')
    await waitFor(() => expect(location()).toBe('/collaborate?postId=p149'))
  })
})

describe('Collaborate: choosing a post', () => {
  it('opens the post of a ?postId= link: its row is selected and its review shown', async () => {
    const { fake } = open('/collaborate?postId=post-2')
    await waitFor(() => expect(panel().getAttribute('data-post-id')).toBe('post-2'))
    await waitFor(() => expect(row('post-2').getAttribute('aria-selected')).toBe('true'))
    expect(row('post-1').getAttribute('aria-selected')).toBe('false')
    expect(fake.requestsTo('GET', '/review/thread')[0]!.query).toEqual({ postId: 'post-2' })
    expect(await within(panel()).findByTestId('post-text-view')).toBeTruthy()
  })

  it('shows the review of a linked post that is not in the tab’s list, and says so when it cannot be seen', async () => {
    open('/collaborate?postId=elsewhere')
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(await within(panel()).findByTestId('post-text-view')).toBeTruthy()
    cleanup()
    open('/collaborate?postId=gone', { thread: () => fail(404, 'Post not found.', 'not_found') })
    expect(await screen.findByTestId('review-missing')).toBeTruthy()
  })

  it('moves through the list with the arrow keys and opens a post with Enter', async () => {
    const { events } = open('/collaborate')
    await waitFor(() => expect(rows()).toHaveLength(3))
    // One row in the Tab order at a time.
    expect(rows().map((r) => r.tabIndex)).toEqual([0, -1, -1])
    row('post-1').focus()
    await events.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(row('post-2'))
    await events.keyboard('{ArrowDown}{ArrowDown}')
    expect(document.activeElement).toBe(row('post-3'))
    await events.keyboard('{ArrowUp}')
    expect(document.activeElement).toBe(row('post-2'))
    expect(rows().map((r) => r.tabIndex)).toEqual([-1, 0, -1])
    expect(location()).toBe('/collaborate')
    await events.keyboard('{Enter}')
    await waitFor(() => expect(location()).toBe('/collaborate?postId=post-2'))
    await waitFor(() => expect(panel().getAttribute('data-post-id')).toBe('post-2'))
  })
})

describe('Collaborate: the review', () => {
  const TEXT = 'We ship the new release today.'

  it('shows the post’s read-only text and the list’s excerpts in their own direction (dir="auto") for Arabic and Hebrew', async () => {
    open('/collaborate?postId=post-1', { thread: aThread({ post: aPost({ text: 'مرحبا بالعالم' }), viewer: { isAuthor: false, isReviewer: true, canApprove: false } }) })
    expect((await screen.findByTestId('post-text-view')).getAttribute('dir')).toBe('auto')
    await waitFor(() => expect(rows().length).toBeGreaterThan(0))
    for (const r of rows()) expect(r.querySelector('[dir="auto"]')).not.toBeNull()
  })

  it('anchors a comment to the selected words with their offsets in the post’s text, once however fast the clicks', async () => {
    const created = vi.fn(() => ok(aThread({ post: aPost({ text: TEXT }), viewer: { isAuthor: false, isReviewer: true, canApprove: false } })))
    const { fake, events } = open('/collaborate?postId=post-1', {
      thread: aThread({ post: aPost({ text: TEXT }), viewer: { isAuthor: false, isReviewer: true, canApprove: false } }),
      replies: { 'POST /review/feedback': created }
    })
    await screen.findByTestId('post-text-view')
    selectInTextView('new release')
    expect((await screen.findByTestId('selection-quote')).textContent).toBe('“new release”')
    await events.click(screen.getByTestId('selection-comment'))
    expect(screen.getByTestId('feedback-anchor').textContent).toContain('Comment on “new release”')
    await events.type(screen.getByTestId('feedback-composer'), 'Say which release')
    doubleClickBeforeRender(screen.getByTestId('feedback-send'))
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1))
    const request = fake.requestsTo('POST', '/review/feedback')[0]!
    expect(request.body).toEqual({
      postId: 'post-1',
      kind: 'COMMENT',
      text: 'Say which release',
      anchor: { start: 12, end: 23, quote: 'new release' },
      mentions: []
    })
    expect(request.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect(fake.requestsTo('POST', '/review/feedback')).toHaveLength(1)
  })

  it('suggests a replacement for the selected words', async () => {
    const { fake, events } = open('/collaborate?postId=post-1', {
      thread: aThread({ post: aPost({ text: TEXT }) }),
      replies: { 'POST /review/feedback': () => ok(aThread({ post: aPost({ text: TEXT }) })) }
    })
    await screen.findByTestId('post-text-view')
    selectInTextView('today')
    await events.click(await screen.findByTestId('selection-suggest'))
    const replacement = screen.getByTestId('suggestion-replacement')
    expect((replacement as HTMLTextAreaElement).value).toBe('today')
    await events.clear(replacement)
    await events.type(replacement, 'on Monday')
    await events.click(screen.getByTestId('feedback-send'))
    await waitFor(() => expect(fake.requestsTo('POST', '/review/feedback')).toHaveLength(1))
    expect(fake.requestsTo('POST', '/review/feedback')[0]!.body).toMatchObject({
      kind: 'SUGGESTION',
      anchor: { start: 24, end: 29, quote: 'today' },
      replacement: 'on Monday'
    })
  })

  it('mentions a participant picked after typing @, and shows mentions highlighted', async () => {
    const thread = aThread({ feedback: [aFeedback({ id: 'fb-1', text: 'Ask @Alan Turing about it', mentions: [ALAN] })] })
    const { fake, events } = open('/collaborate?postId=post-1', { thread, replies: { 'POST /review/feedback': () => ok(thread) } })
    expect((await screen.findByTestId('mention')).textContent).toBe('@Alan Turing')
    const box = screen.getByTestId('feedback-composer')
    await events.type(box, 'Thanks @gr')
    const list = within(screen.getByTestId('mention-list'))
    expect(list.getAllByRole('option')).toHaveLength(1)
    expect(list.getByRole('option', { name: 'Grace Hopper', selected: true })).toBeTruthy()
    await events.keyboard('{Enter}')
    expect((box as HTMLTextAreaElement).value).toBe('Thanks @Grace Hopper ')
    await events.type(box, 'for this')
    await events.click(screen.getByTestId('feedback-send'))
    await waitFor(() => expect(fake.requestsTo('POST', '/review/feedback')).toHaveLength(1))
    expect(fake.requestsTo('POST', '/review/feedback')[0]!.body).toMatchObject({ text: 'Thanks @Grace Hopper for this', mentions: [GRACE.id] })
  })

  it('shows an open suggestion inline as a tracked change; the author accepts it with the post’s version', async () => {
    const suggestion = aFeedback({
      id: 's1',
      kind: 'SUGGESTION',
      text: '',
      anchor: { start: 12, end: 15, quote: 'new', revision: 1 },
      replacement: 'biggest'
    })
    const outdated = aFeedback({ id: 's2', kind: 'SUGGESTION', anchor: { start: 0, end: 4, quote: 'Soon', revision: 1 }, replacement: 'Now' })
    const thread = aThread({ post: aPost({ text: TEXT, version: 7 }), feedback: [suggestion, outdated] })
    const accept = vi.fn(() => ok(thread))
    const { fake, events } = open('/collaborate?postId=post-1', { thread, replies: { 'POST /review/suggestion/accept': accept } })
    expect((await screen.findByTestId('suggestion-remove-s1')).textContent).toBe('new')
    expect(screen.getByTestId('suggestion-insert-s1').textContent).toBe('biggest')
    expect(screen.getByTestId('suggestion-remove-s1').tagName).toBe('DEL')
    expect(screen.getByTestId('suggestion-insert-s1').tagName).toBe('INS')
    // The outdated one has no mark in the text, says so, and can only be dismissed.
    expect(screen.queryByTestId('suggestion-remove-s2')).toBeNull()
    expect(screen.getByTestId('feedback-status-s2').textContent).toBe('Outdated')
    expect(screen.queryByTestId('suggestion-accept-s2')).toBeNull()
    expect(screen.getByTestId('suggestion-dismiss-s2')).toBeTruthy()
    await events.click(screen.getByTestId('suggestion-accept-s1'))
    await waitFor(() => expect(accept).toHaveBeenCalledTimes(1))
    expect(fake.requestsTo('POST', '/review/suggestion/accept')[0]!.body).toEqual({ feedbackId: 's1', version: 7 })
  })

  it('lets a reviewer resolve a comment but not accept suggestions', async () => {
    const thread = aThread({
      viewer: { isAuthor: false, isReviewer: true, canApprove: false },
      feedback: [
        aFeedback({ id: 'c1', author: { id: 'user-1', fullName: 'Ada Lovelace', image: null } }),
        aFeedback({ id: 's1', kind: 'SUGGESTION', anchor: { start: 0, end: 3, quote: 'Our', revision: 1 }, replacement: 'Your' })
      ]
    })
    const { fake, events } = open('/collaborate?postId=post-1', { thread, replies: { 'PUT /review/feedback/resolve': () => ok(thread) } })
    await events.click(await screen.findByTestId('feedback-resolve-c1'))
    await waitFor(() => expect(fake.requestsTo('PUT', '/review/feedback/resolve')[0]!.body).toEqual({ feedbackId: 'c1', resolved: true }))
    expect(screen.queryByTestId('suggestion-accept-s1')).toBeNull()
    expect(screen.queryByTestId('suggestion-dismiss-s1')).toBeNull()
  })

  it('lets an approver approve the version they read', async () => {
    const thread = aThread({
      post: aPost({ version: 4, approval: { required: true, status: 'PENDING', approvedRevision: null, decidedBy: null, decidedAt: null, reason: null } }),
      viewer: { isAuthor: false, isReviewer: false, canApprove: true }
    })
    const approve = vi.fn(() => ok(thread))
    const { fake } = open('/collaborate?postId=post-1', { thread, replies: { 'POST /review/approve': approve } })
    expect((await screen.findByTestId('approval-status')).textContent).toBe('Waiting for approval')
    expect(screen.queryByTestId('review-submit')).toBeNull()
    doubleClickBeforeRender(screen.getByTestId('review-approve'))
    await waitFor(() => expect(approve).toHaveBeenCalledTimes(1))
    expect(fake.requestsTo('POST', '/review/approve')[0]!.body).toEqual({ postId: 'post-1', version: 4 })
    expect(await toastText()).toContain('Post approved ✅')
  })

  it('asks for a reason before rejecting', async () => {
    const thread = aThread({
      post: aPost({ approval: { required: true, status: 'PENDING', approvedRevision: null, decidedBy: null, decidedAt: null, reason: null } }),
      viewer: { isAuthor: false, isReviewer: false, canApprove: true }
    })
    const reject = vi.fn(() => ok(thread))
    const { fake, events } = open('/collaborate?postId=post-1', { thread, replies: { 'POST /review/reject': reject } })
    await events.click(await screen.findByTestId('review-reject'))
    const confirm = await screen.findByTestId('reject-confirm')
    expect((confirm as HTMLButtonElement).disabled).toBe(true)
    const reason = within(screen.getByTestId('reject-dialog')).getByRole('textbox')
    await events.type(reason, '   ')
    expect((confirm as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Say why the post is rejected.')).toBeTruthy()
    await events.type(reason, 'The numbers are wrong')
    await events.click(confirm)
    await waitFor(() => expect(reject).toHaveBeenCalledTimes(1))
    expect(fake.requestsTo('POST', '/review/reject')[0]!.body).toEqual({ postId: 'post-1', reason: 'The numbers are wrong' })
    await waitFor(() => expect(screen.queryByTestId('reject-dialog')).toBeNull())
  })

  it('offers no Withdraw request on a published post, whose review is over', async () => {
    open('/collaborate?postId=post-1', { thread: aThread({ post: aPost({ status: 'PUBLISHED', publishedAt: '2026-10-20T10:00:00.000Z' }) }) })
    await screen.findByTestId('approval-bar')
    expect(screen.queryByTestId('review-withdraw')).toBeNull()
    expect(screen.queryByTestId('review-ask-feedback')).toBeNull()
  })

  it('offers the author Send for approval, Withdraw request and the editor, and shows a server refusal', async () => {
    const thread = aThread({ post: aPost({ version: 2, approval: { required: true, status: null, approvedRevision: null, decidedBy: null, decidedAt: null, reason: null } }) })
    const { fake, events } = open('/collaborate?postId=post-1', {
      thread,
      replies: { 'POST /review/submit': () => fail(409, 'This post is already waiting for approval.', 'conflict') }
    })
    expect((await screen.findByTestId('approval-status')).textContent).toBe('Not sent for approval')
    expect(screen.queryByTestId('review-approve')).toBeNull()
    expect(screen.getByTestId('review-withdraw')).toBeTruthy()
    // The request is open: asking again adds reviewers.
    expect(screen.getByTestId('review-ask-feedback').textContent).toBe('Add reviewers')
    await events.click(screen.getByTestId('review-submit'))
    expect(await toastText()).toContain('This post is already waiting for approval.')
    expect(fake.requestsTo('POST', '/review/submit')[0]!.body).toEqual({ postId: 'post-1', version: 2 })
    // A conflict reads the thread again.
    await waitFor(() => expect(fake.requestsTo('GET', '/review/thread').length).toBeGreaterThan(1))
    await events.click(screen.getByTestId('review-open-editor'))
    await waitFor(() => expect(location()).toBe('/content/write-post?postId=post-1'))
  })
})

describe('Collaborate: versions', () => {
  const version = (revision: number, text: string) => ({
    revision,
    text,
    type: 'textOnly' as const,
    poll: null,
    mediaCount: 0,
    businessPage: null,
    savedBy: GRACE,
    createdAt: `2026-10-1${revision}T09:00:00.000Z`
  })

  it('compares the previous and the current version word by word', async () => {
    const { events } = open('/collaborate?postId=post-1', {
      replies: {
        'GET /posts/versions': () =>
          ok({ versions: [version(3, 'We ship the biggest release today.'), version(2, 'We ship the new release today.'), version(1, 'We ship soon.')] })
      }
    })
    await events.click(await screen.findByTestId('compare-versions'))
    const diff = await screen.findByTestId('version-diff')
    expect((screen.getByTestId('compare-from') as HTMLSelectElement).value).toBe('2')
    expect((screen.getByTestId('compare-to') as HTMLSelectElement).value).toBe('3')
    expect(Array.from(diff.querySelectorAll('del')).map((d) => d.textContent)).toEqual(['new'])
    expect(Array.from(diff.querySelectorAll('ins')).map((d) => d.textContent)).toEqual(['biggest'])
    await act(async () => {
      fireEvent.change(screen.getByTestId('compare-from'), { target: { value: '1' } })
    })
    expect(Array.from(diff.querySelectorAll('del')).map((d) => d.textContent)).toEqual(['soon'])
    expect(Array.from(diff.querySelectorAll('ins')).map((d) => d.textContent)).toEqual(['the biggest release today'])
    expect(diff.textContent).toBe('We ship soonthe biggest release today.')
  })

  it('starts again from the newest version when a new one arrives while the list is open', async () => {
    const { fake, events, queryClient } = open('/collaborate?postId=post-1', {
      replies: { 'GET /posts/versions': () => ok({ versions: [version(1, 'We ship soon.')] }) }
    })
    await events.click(await screen.findByTestId('compare-versions'))
    expect(await screen.findByTestId('compare-single')).toBeTruthy()
    fake.reply('GET /posts/versions', () => ok({ versions: [version(2, 'We ship today.'), version(1, 'We ship soon.')] }))
    await act(() => queryClient.invalidateQueries({ queryKey: reviewKeys.versions('post-1') }))
    await waitFor(() => expect((screen.getByTestId('compare-to') as HTMLSelectElement).value).toBe('2'))
    expect((screen.getByTestId('compare-from') as HTMLSelectElement).value).toBe('1')
    expect(Array.from(screen.getByTestId('version-diff').querySelectorAll('ins')).map((d) => d.textContent)).toEqual(['today'])
  })
})
