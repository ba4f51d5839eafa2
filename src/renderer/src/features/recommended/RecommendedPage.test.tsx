// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { RECOMMENDED_MESSAGES } from '@shared/domain/recommended'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aMember, aTeam, aUser, memberPage, withRole } from '@renderer/testing/fixtures'
import { aRecommendation, aRecommendedList } from '@renderer/testing/recommendedFixtures'
import { renderInApp } from '@renderer/testing/render'
import RecommendedPage, { EMPTY_FOR_ME } from './RecommendedPage'
import { DISMISS_UNDO_MS } from './useDeferredDismiss'

const NOW = new Date('2026-03-03T14:20:00.000Z')
const location = () => screen.getByTestId('location').textContent ?? ''

function open(fake: ReturnType<typeof createFakeHost>) {
  const view = renderInApp(<RecommendedPage />, fake, '/recommended')
  return { ...view, events: userEvent.setup() }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW })
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('Recommended posts: for you', () => {
  it('shows a skeleton while loading, then what an empty list is for', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined
    const fake = createFakeHost({ 'GET /user': ok(withRole(aUser(), 'MEMBER')), 'GET /recommended': () => new Promise((resolve) => (answer = resolve)) })
    open(fake)
    expect(await screen.findByTestId('recommended-loading')).toBeTruthy()
    answer(ok(aRecommendedList()))
    expect((await screen.findByTestId('recommended-empty-message')).textContent).toBe(EMPTY_FOR_ME)
    expect(screen.queryByTestId('recommend-open')).toBeNull()
    expect(screen.queryByTestId('recommended-tab-sent')).toBeNull()
  })

  it('a card without suggested comments offers a plain Reshare, which opens the editor to write one', async () => {
    const fake = createFakeHost({ 'GET /user': ok(withRole(aUser(), 'MEMBER')), 'GET /recommended': ok(aRecommendedList({ forMe: [aRecommendation({ suggestedComments: [] })] })) })
    const { events } = open(fake)
    const card = await screen.findByTestId('recommendation-rec-1')
    expect(within(card).queryByRole('radiogroup')).toBeNull()
    await events.click(within(card).getByRole('button', { name: 'Reshare' }))
    expect(location()).toMatch(/^\/content\/write-post\?recommendationId=rec-1/)
  })

  it('a card shows the post, the note and the comments; the chosen comment goes to the editor with Reshare', async () => {
    const fake = createFakeHost({ 'GET /user': ok(withRole(aUser(), 'MEMBER')), 'GET /recommended': ok(aRecommendedList({ forMe: [aRecommendation()] })) })
    const { events } = open(fake)
    const card = await screen.findByTestId('recommendation-rec-1')
    expect(within(card).getByText('Linus Lead recommends resharing')).toBeTruthy()
    expect(within(card).getByText('Our biggest news this quarter.')).toBeTruthy()
    expect(within(card).getByTestId('recommendation-rec-1-post-author').textContent).toBe('Acme Robotics')
    expect(within(card).getByText('Acme Robotics opens its second factory today.')).toBeTruthy()

    await events.click(within(card).getByTestId('recommendation-rec-1-post-open'))
    expect(fake.host.openExternal).toHaveBeenCalledWith('https://www.linkedin.com/feed/update/urn:li:share:9001/')

    const second = within(card).getByRole<HTMLInputElement>('radio', { name: 'Two factories, one mission.' })
    expect(within(card).getByRole<HTMLInputElement>('radio', { name: 'Proud of the team!' }).checked).toBe(true)
    await events.click(second)
    expect(second.checked).toBe(true)
    await events.click(within(card).getByRole('button', { name: 'Reshare with this comment' }))
    expect(location()).toBe('/content/write-post?recommendationId=rec-1&comment=1')
  })

  it('cuts a long post to its first lines with Show more', async () => {
    const long = Array.from({ length: 8 }, (_, i) => `Line ${i + 1} of the story`).join('\n')
    const fake = createFakeHost({
      'GET /user': ok(withRole(aUser(), 'MEMBER')),
      'GET /recommended': ok(aRecommendedList({ forMe: [aRecommendation({ previewText: long })] }))
    })
    const { events } = open(fake)
    const text = await screen.findByTestId('recommendation-rec-1-post-text')
    expect(text.textContent).not.toContain('Line 8')
    await events.click(screen.getByRole('button', { name: 'Show more' }))
    expect(screen.getByTestId('recommendation-rec-1-post-text').textContent).toContain('Line 8 of the story')
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true')
  })

  it('once reshared, the card shows the reshare and opens it', async () => {
    const fake = createFakeHost({
      'GET /user': ok(withRole(aUser(), 'MEMBER')),
      'GET /recommended': ok(aRecommendedList({ forMe: [aRecommendation({ myReshare: { postId: 'post-7', status: 'SCHEDULED' } })] }))
    })
    const { events } = open(fake)
    const mine = await screen.findByTestId('recommendation-rec-1-mine')
    expect(mine.textContent).toContain('You reshared it · Scheduled')
    expect(screen.queryByRole('button', { name: 'Reshare with this comment' })).toBeNull()
    await events.click(within(mine).getByRole('button', { name: 'Open my reshare' }))
    expect(location()).toBe('/content/write-post?postId=post-7')
  })
})

describe('Recommended posts: dismiss', () => {
  const hostWithOne = () =>
    createFakeHost({
      'GET /user': ok(withRole(aUser(), 'MEMBER')),
      'GET /recommended': ok(aRecommendedList({ forMe: [aRecommendation()] })),
      'POST /recommended/dismiss': ok({ ok: true })
    })

  it('Undo brings the card back and nothing is sent', async () => {
    const fake = hostWithOne()
    const { events } = open(fake)
    await events.click(await screen.findByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByTestId('recommendation-rec-1')).toBeNull()
    await events.click(screen.getByRole('button', { name: 'Undo' }))
    expect(screen.getByTestId('recommendation-rec-1')).toBeTruthy()
    expect(fake.requestsTo('POST', '/recommended/dismiss')).toHaveLength(0)
  })

  it('without Undo the dismissal is sent once the offer ends, once', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: NOW, shouldAdvanceTime: true })
    const fake = hostWithOne()
    open(fake)
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }))
    expect(screen.getByTestId('recommendation-rec-1-dismissed')).toBeTruthy()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DISMISS_UNDO_MS - 100)
    })
    expect(fake.requestsTo('POST', '/recommended/dismiss')).toHaveLength(0)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200)
    })
    await waitFor(() => expect(fake.requestsTo('POST', '/recommended/dismiss').map((r) => r.body)).toEqual([{ recommendationId: 'rec-1' }]))
  })

  it('leaving the page sends a dismissal still waiting for its Undo', async () => {
    const fake = hostWithOne()
    const { events, unmount } = open(fake)
    await events.click(await screen.findByRole('button', { name: 'Dismiss' }))
    expect(fake.requestsTo('POST', '/recommended/dismiss')).toHaveLength(0)
    unmount()
    await waitFor(() => expect(fake.requestsTo('POST', '/recommended/dismiss').map((r) => r.body)).toEqual([{ recommendationId: 'rec-1' }]))
  })
})

describe('Recommended posts: sent', () => {
  it('a recommender sees the Sent tab: audience, end, count and who reshared', async () => {
    const sent = aRecommendation({
      audience: { kind: 'teams', teams: [{ id: 'team-a', name: 'Sales' }], members: [] },
      endsAt: '2026-03-20T00:00:00.000Z',
      reshareCount: 1,
      reshares: [{ userId: 'user-5', fullName: 'Grace Hopper', postId: 'post-5', status: 'PUBLISHED', publishedAt: '2026-03-03T10:00:00.000Z' }]
    })
    const fake = createFakeHost({ 'GET /user': ok(aUser()), 'GET /recommended': ok(aRecommendedList({ canRecommend: true, created: [sent] })) })
    const { events } = open(fake)
    await events.click(await screen.findByRole('tab', { name: 'Sent (1)' }))
    const card = screen.getByTestId('sent-rec-1')
    expect(within(card).getByTestId('sent-rec-1-audience').textContent).toBe('Teams: Sales')
    expect(within(card).getByTestId('sent-rec-1-count').textContent).toBe('1 reshare')
    const row = within(card).getByTestId('sent-rec-1-reshare-user-5')
    expect(row.textContent).toContain('Grace Hopper')
    expect(row.textContent).toContain('Published')
    expect(within(card).getByRole('columnheader', { name: 'Reshared by' })).toBeTruthy()
  })
})

describe('Recommend dialog', () => {
  const posts = [
    { postId: 'post-9', text: 'Acme Robotics opens its second factory today.', authorName: 'Ada Lovelace', businessPageName: 'Acme Robotics', publishedAt: '2026-03-01T09:00:00.000Z', linkedInPostUrl: 'https://www.linkedin.com/feed/update/urn:li:share:9001/' }
  ]
  const teams = [
    aTeam({ id: 'team-a', name: 'Sales', members: [{ id: 'member-1', fullName: 'Grace Hopper', image: null }], teamLeaders: [{ id: 'user-1', fullName: 'Ada Lovelace', image: null }] }),
    aTeam({ id: 'team-b', name: 'Support', members: [{ id: 'member-2', fullName: 'Alan Turing', image: null }], teamLeaders: [] })
  ]
  function recommenderHost(user = aUser()) {
    return createFakeHost({
      'GET /user': ok(user),
      'GET /recommended': ok(aRecommendedList({ canRecommend: true })),
      'GET /recommended/posts': ok(posts),
      'GET /team/list': ok(teams),
      'GET /members/list': ok(memberPage([aMember({ id: 'member-1' }), aMember({ id: 'member-2', fullName: 'Alan Turing', email: 'alan@example.com' })])),
      'POST /recommended/create': ok(aRecommendation({ audience: { kind: 'teams', teams: [{ id: 'team-a', name: 'Sales' }], members: [] } }))
    })
  }
  const dialog = () => screen.getByTestId('recommend-dialog')
  const openDialog = async (events: ReturnType<typeof userEvent.setup>) => {
    await events.click(await screen.findByTestId('recommend-open'))
    await screen.findByTestId('recommend-dialog')
  }

  it('sends the chosen post, the comments and the teams with an idempotency key', async () => {
    const fake = recommenderHost()
    const { events } = open(fake)
    await openDialog(events)
    await events.click(await within(dialog()).findByTestId('recommend-post-post-9'))
    expect(await within(dialog()).findByText('Acme Robotics · 1 March 2026', { exact: false })).toBeTruthy()
    await events.type(within(dialog()).getByTestId('recommend-note'), 'Please share')
    await events.type(within(dialog()).getByTestId('recommend-comment-0'), 'Proud!')
    await events.click(within(dialog()).getByTestId('recommend-comment-add'))
    await events.type(within(dialog()).getByTestId('recommend-comment-1'), 'Big day.')
    await events.click(within(dialog()).getByRole('radio', { name: 'Teams' }))
    await events.click(await within(dialog()).findByTestId('recommend-teams-input'))
    await events.click(await screen.findByTestId('recommend-teams-option-team-a'))
    await events.click(within(dialog()).getByTestId('recommend-submit'))

    await waitFor(() => expect(fake.requestsTo('POST', '/recommended/create')).toHaveLength(1))
    const [request] = fake.requestsTo('POST', '/recommended/create')
    expect(request!.body).toEqual({
      postId: 'post-9',
      note: 'Please share',
      suggestedComments: ['Proud!', 'Big day.'],
      audience: 'teams',
      teamIds: ['team-a'],
      memberIds: [],
      endsAt: null
    })
    expect(request!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    await waitFor(() => expect(screen.queryByTestId('recommend-dialog')).toBeNull())
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('tab', { name: /^Sent/ }).getAttribute('aria-selected')).toBe('true'))
  })

  it('lists the posts to choose from with their text in its own direction (dir="auto"), so Hebrew or Arabic reads right to left', async () => {
    const fake = recommenderHost()
    fake.reply('GET /recommended/posts', ok([{ ...posts[0]!, text: 'אקמה רובוטיקה פותחת היום את המפעל השני שלה.' }]))
    const { events } = open(fake)
    await openDialog(events)
    const list = await within(dialog()).findByTestId('recommend-posts')
    expect(within(list).getByText('אקמה רובוטיקה פותחת היום את המפעל השני שלה.').getAttribute('dir')).toBe('auto')
  })

  it('checks a LinkedIn address as it is typed with the shared rule, and keeps at most five comments', async () => {
    const fake = recommenderHost()
    const { events } = open(fake)
    await openDialog(events)
    await events.click(within(dialog()).getByRole('radio', { name: 'A LinkedIn post address' }))
    const url = within(dialog()).getByTestId('recommend-url')
    await events.type(url, 'https://example.com/post')
    expect(within(dialog()).getByText(RECOMMENDED_MESSAGES.urlInvalid)).toBeTruthy()
    fireEvent.change(url, { target: { value: 'https://www.linkedin.com/posts/acme_launch-activity-7012345678901234567-AbCd' } })
    expect(within(dialog()).queryByText(RECOMMENDED_MESSAGES.urlInvalid)).toBeNull()

    for (let i = 0; i < 6; i++) await events.click(within(dialog()).getByTestId('recommend-comment-add'))
    expect(within(dialog()).getAllByRole('textbox', { name: /^Suggested comment/ })).toHaveLength(5)
    expect(within(dialog()).getByTestId('recommend-comment-add').hasAttribute('disabled')).toBe(true)
    await events.click(within(dialog()).getByRole('button', { name: 'Remove suggested comment 5' }))
    expect(within(dialog()).getAllByRole('textbox', { name: /^Suggested comment/ })).toHaveLength(4)

    // Suggested comments are optional: the blank rows are simply not sent.
    await events.type(within(dialog()).getByTestId('recommend-comment-1'), 'Big day.')
    await events.click(within(dialog()).getByTestId('recommend-submit'))
    await waitFor(() => expect(fake.requestsTo('POST', '/recommended/create')).toHaveLength(1))
    expect(fake.requestsTo('POST', '/recommended/create')[0]!.body).toMatchObject({ suggestedComments: ['Big day.'] })
  })

  it('shows the server’s field messages beside their fields', async () => {
    const fake = recommenderHost()
    fake.reply('POST /recommended/create', fail(400, RECOMMENDED_MESSAGES.postNotPublished, 'bad_request', { postId: RECOMMENDED_MESSAGES.postNotPublished }))
    const { events } = open(fake)
    await openDialog(events)
    await events.click(await within(dialog()).findByTestId('recommend-post-post-9'))
    await events.type(within(dialog()).getByTestId('recommend-comment-0'), 'Proud!')
    await events.click(within(dialog()).getByTestId('recommend-submit'))
    expect(await within(dialog()).findByText(RECOMMENDED_MESSAGES.postNotPublished)).toBeTruthy()
  })

  it('a team leader chooses among the teams they lead and their members, not everyone', async () => {
    const leader = withRole(aUser({ leadingTeams: [{ id: 'team-a' }] }), 'MEMBER')
    const fake = recommenderHost(leader)
    const { events } = open(fake)
    await openDialog(events)
    expect(within(dialog()).queryByRole('radio', { name: 'Everyone' })).toBeNull()
    expect(within(dialog()).getByRole<HTMLInputElement>('radio', { name: 'Teams' }).checked).toBe(true)
    await events.click(await within(dialog()).findByTestId('recommend-teams-input'))
    expect(await screen.findByTestId('recommend-teams-option-team-a')).toBeTruthy()
    expect(screen.queryByTestId('recommend-teams-option-team-b')).toBeNull()

    await events.click(within(dialog()).getByRole('radio', { name: 'Members' }))
    await events.click(await within(dialog()).findByTestId('recommend-members-input'))
    expect(await screen.findByTestId('recommend-members-option-member-1')).toBeTruthy()
    expect(screen.queryByTestId('recommend-members-option-member-2')).toBeNull()
  })

  it('closing a changed form asks first', async () => {
    const fake = recommenderHost()
    const { events } = open(fake)
    await openDialog(events)
    await events.type(within(dialog()).getByTestId('recommend-comment-0'), 'Proud!')
    await events.click(within(dialog()).getByTestId('recommend-cancel'))
    expect(await screen.findByText('You have unsaved changes!')).toBeTruthy()
  })
})
