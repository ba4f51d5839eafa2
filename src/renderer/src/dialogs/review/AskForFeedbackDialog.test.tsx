// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MESSAGES } from '@shared/api/messages'
import type { Post, ReviewCandidate, ReviewRequest, ReviewThread } from '@shared/domain'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender, heldReply } from '@renderer/testing/fastClicks'
import { aUser } from '@renderer/testing/fixtures'
import { screenTestHooks } from '@renderer/testing/lifecycle'
import { aPost } from '@renderer/testing/postFixtures'
import { renderInApp } from '@renderer/testing/render'
import { AskForFeedbackDialog } from './AskForFeedbackDialog'

// Tuesday 3 March 2026, 14:20 in London (the fixtures' user's timezone).
const NOW = new Date('2026-03-03T14:20:00.000Z')

const candidate = (id: string, fullName: string, isTeamLeader = false): ReviewCandidate => ({ id, fullName, image: null, email: `${id}@example.com`, isTeamLeader })
// The server's order as the dialog must not rely on: a member before the leaders.
const CANDIDATES = [candidate('grace', 'Grace Hopper'), candidate('lead-1', 'Linus Lead', true), candidate('alan', 'Alan Turing'), candidate('lead-2', 'Lena Lead', true)]

function aThread(post: Post, request: ReviewRequest | null = null): ReviewThread {
  return {
    post,
    request,
    feedback: [],
    viewer: { isAuthor: true, isReviewer: false, canApprove: false },
    participants: [post.author]
  }
}

const openRequest: ReviewRequest = {
  open: true,
  priority: 'HIGH',
  dueAt: '2026-03-06T12:00:00.000Z',
  message: 'Is the tone right?',
  requestedAt: '2026-03-02T10:00:00.000Z',
  reviewers: [{ id: 'grace', fullName: 'Grace Hopper', image: null, addedAt: '2026-03-02T10:00:00.000Z' }]
}

function open(options: { request?: ReviewRequest | null } = {}) {
  const post = aPost()
  const fake = createFakeHost({
    'GET /user': ok(aUser()),
    'GET /review/thread': ok(aThread(post, options.request ?? null)),
    'GET /review/candidates': ok(CANDIDATES),
    'POST /review/request': (req) =>
      ok(aThread({ ...post, status: 'ASK_FOR_FEEDBACK', version: 2 }, { ...openRequest, reviewers: (req.body as { reviewerIds: string[] }).reviewerIds.map((id) => ({ id, fullName: id, image: null, addedAt: NOW.toISOString() })) }))
  })
  const onClose = vi.fn()
  const onDone = vi.fn()
  const view = renderInApp(<AskForFeedbackDialog open post={post} onClose={onClose} onDone={onDone} />, fake)
  return { ...view, fake, onClose, onDone, events: userEvent.setup() }
}

const save = () => screen.getByTestId('ask-feedback-save') as HTMLButtonElement
const options = () => Array.from(document.querySelectorAll('[data-testid^="ask-feedback-reviewers-option-"]'))

async function choose(events: ReturnType<typeof userEvent.setup>, id: string) {
  await events.click(await screen.findByTestId('ask-feedback-reviewers-input'))
  await events.click(await screen.findByTestId(`ask-feedback-reviewers-option-${id}`))
}

screenTestHooks({ now: NOW })

describe('Ask for feedback dialog', () => {
  it('starts with No priority and no due date, Save disabled until a reviewer is chosen; removing the last one says why', async () => {
    const { events } = open()
    const priority = (await screen.findByTestId('ask-feedback-priority')) as HTMLSelectElement
    expect(priority.value).toBe('NOPRIORITY')
    expect(Array.from(priority.options, (o) => o.textContent)).toEqual(['Urgent', 'High', 'Medium', 'Low', 'No priority'])
    expect((screen.getByTestId('ask-feedback-due-date') as HTMLInputElement).value).toBe('')
    expect((screen.getByTestId('ask-feedback-due-time') as HTMLSelectElement).disabled).toBe(true)
    expect(save().disabled).toBe(true)
    await choose(events, 'alan')
    expect(save().disabled).toBe(false)
    expect(screen.queryByText(MESSAGES.reviewersMissing)).toBeNull()
    await events.click(screen.getByTestId('ask-feedback-reviewers-tag-alan'))
    await waitFor(() => expect(save().disabled).toBe(true))
    expect(screen.getByText(MESSAGES.reviewersMissing)).toBeTruthy()
  })

  it('offers the author’s team leaders first, marked "Team leader"', async () => {
    const { events } = open()
    await events.click(await screen.findByTestId('ask-feedback-reviewers-input'))
    await screen.findByTestId('ask-feedback-reviewers-option-lead-1')
    expect(options().map((o) => o.getAttribute('data-testid')?.replace('ask-feedback-reviewers-option-', ''))).toEqual(['lead-1', 'lead-2', 'grace', 'alan'])
    expect(screen.getByTestId('ask-feedback-reviewers-option-lead-1').textContent).toContain('Team leader')
    expect(screen.getByTestId('ask-feedback-reviewers-option-grace').textContent).not.toContain('Team leader')
    // Searchable by name or email.
    await events.type(screen.getByTestId('ask-feedback-reviewers-input'), 'hopper')
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual([expect.stringContaining('Grace Hopper')]))
  })

  it('sends the reviewers, priority, due date in the user’s timezone and message, then closes', async () => {
    const { events, fake, onClose, onDone } = open()
    await choose(events, 'lead-1')
    await choose(events, 'alan')
    await events.selectOptions(screen.getByTestId('ask-feedback-priority'), 'URGENT')
    fireEvent.change(screen.getByTestId('ask-feedback-due-date'), { target: { value: '2026-04-01' } })
    await events.selectOptions(screen.getByTestId('ask-feedback-due-time'), '09:30')
    await events.type(screen.getByTestId('ask-feedback-message'), '  Check the numbers  ')
    await events.click(save())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    // 1 April 2026 is summer time in London: 09:30 there is 08:30 UTC.
    expect(fake.requestsTo('POST', '/review/request').map((r) => r.body)).toEqual([
      { postId: 'post-1', reviewerIds: ['lead-1', 'alan'], priority: 'URGENT', dueAt: '2026-04-01T08:30:00.000Z', message: 'Check the numbers' }
    ])
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ post: expect.objectContaining({ status: 'ASK_FOR_FEEDBACK' }) }))
    expect((await screen.findByTestId('toast')).textContent).toContain('Feedback request sent ✅')
  })

  it('sends once for a double click on Save, with an idempotency key', async () => {
    const { events, fake, onClose } = open()
    const post = aPost({ status: 'ASK_FOR_FEEDBACK', version: 2 })
    const held = heldReply(ok(aThread(post, openRequest)))
    fake.reply('POST /review/request', held.reply)
    await choose(events, 'grace')
    doubleClickBeforeRender(save())
    await held.release()
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    const requests = fake.requestsTo('POST', '/review/request')
    expect(requests).toHaveLength(1)
    expect(requests[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect(requests[0]?.body).toEqual({ postId: 'post-1', reviewerIds: ['grace'], priority: 'NOPRIORITY', message: '' })
  })

  it('refuses a due date in the past before sending, and shows the server’s field messages beside their fields', async () => {
    const { events, fake } = open()
    await choose(events, 'grace')
    fireEvent.change(await screen.findByTestId('ask-feedback-due-date'), { target: { value: '2026-03-03' } })
    await events.selectOptions(screen.getByTestId('ask-feedback-due-time'), '09:00')
    expect(await screen.findByText(MESSAGES.reviewDueInPast)).toBeTruthy()
    expect(save().disabled).toBe(true)
    await events.selectOptions(screen.getByTestId('ask-feedback-due-time'), '18:00')
    fake.reply('POST /review/request', fail(400, 'Invalid request.', 'validation', { reviewerIds: MESSAGES.reviewerUnavailable }))
    await events.click(save())
    expect(await screen.findByText(MESSAGES.reviewerUnavailable)).toBeTruthy()
    expect(screen.getByTestId('ask-feedback-dialog')).toBeTruthy()
  })

  it('adds reviewers to an open request: those already asked are listed and cannot be chosen, the request’s values kept', async () => {
    const { events, fake, onClose } = open({ request: openRequest })
    expect((await screen.findByTestId('ask-feedback-existing')).textContent).toBe('Grace Hopper')
    expect(screen.getByText('Add reviewers', { selector: 'h2' })).toBeTruthy()
    expect((screen.getByTestId('ask-feedback-priority') as HTMLSelectElement).value).toBe('HIGH')
    expect((screen.getByTestId('ask-feedback-due-date') as HTMLInputElement).value).toBe('2026-03-06')
    expect((screen.getByTestId('ask-feedback-due-time') as HTMLSelectElement).value).toBe('12:00')
    await events.click(screen.getByTestId('ask-feedback-reviewers-input'))
    const grace = await screen.findByTestId('ask-feedback-reviewers-option-grace')
    expect(grace.getAttribute('aria-disabled')).toBe('true')
    expect(grace.textContent).toContain('Already asked')
    await events.click(grace)
    expect(save().disabled).toBe(true)
    await events.click(screen.getByTestId('ask-feedback-reviewers-option-alan'))
    await events.click(save())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(fake.requestsTo('POST', '/review/request')[0]?.body).toEqual({
      postId: 'post-1',
      reviewerIds: ['alan'],
      priority: 'HIGH',
      dueAt: '2026-03-06T12:00:00.000Z',
      message: 'Is the tone right?'
    })
    expect((await screen.findByTestId('toast')).textContent).toContain('Reviewers added ✅')
  })

  it('asks "You have unsaved changes!" when closing a changed form', async () => {
    const { events, onClose } = open()
    await choose(events, 'grace')
    await events.click(screen.getByTestId('ask-feedback-cancel'))
    expect((await screen.findByTestId('unsaved-changes-dialog')).textContent).toContain('You have unsaved changes!')
    expect(onClose).not.toHaveBeenCalled()
  })
})
