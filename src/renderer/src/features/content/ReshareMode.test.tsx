// @vitest-environment happy-dom
import { StrictMode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { MESSAGES } from '@shared/api/messages'
import type { Post } from '@shared/domain'
import { RECOMMENDED_MESSAGES } from '@shared/domain/recommended'
import type { HostRequest } from '@shared/host'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aUser, anOrganization, withRole } from '@renderer/testing/fixtures'
import { aPost } from '@renderer/testing/postFixtures'
import { aRecommendation, aRecommendedList } from '@renderer/testing/recommendedFixtures'
import { renderInApp } from '@renderer/testing/render'
import WritePostPage from './WritePostPage'

const NOW = new Date('2026-03-03T14:20:00.000Z')
const location = () => screen.getByTestId('location').textContent ?? ''
const reshareOf = {
  linkedInPostUrn: 'urn:li:share:9001',
  linkedInPostUrl: 'https://www.linkedin.com/feed/update/urn:li:share:9001/',
  previewText: 'Acme Robotics opens its second factory today.',
  previewAuthor: 'Acme Robotics',
  recommendationId: 'rec-1'
}

/** The server as it treats reshares: one per user and recommendation (409 for a second), autosave updates bump the version. */
function hostFor(options: { recommendation?: ReturnType<typeof aRecommendation>; createDelayMs?: number } = {}) {
  const state: { post: Post | null } = { post: null }
  const fake = createFakeHost({
    'GET /user': ok(withRole(aUser(), 'MEMBER')),
    'GET /organization': ok(anOrganization({}, NOW)),
    'GET /billing/verify/entitled': ok([]),
    'GET /schedule/assigned-slots': ok([]),
    'GET /recommended': () => {
      const recommendation = options.recommendation ?? aRecommendation()
      const myReshare = state.post ? { postId: state.post.id, status: state.post.status } : recommendation.myReshare
      return ok(aRecommendedList({ forMe: [{ ...recommendation, myReshare }] }))
    },
    'POST /posts/create': async (req: HostRequest) => {
      if (options.createDelayMs) await new Promise((resolve) => setTimeout(resolve, options.createDelayMs))
      if (state.post) return fail(409, RECOMMENDED_MESSAGES.alreadyReshared, 'conflict')
      const { text } = req.body as { text: string }
      state.post = aPost({ id: 'reshare-1', text, reshare: reshareOf })
      return ok(state.post)
    },
    'GET /posts/get': () => (state.post ? ok(state.post) : fail(404, 'Post not found.', 'not_found')),
    'PUT /posts/update': (req: HostRequest) => {
      const body = req.body as { version: number; text?: string }
      if (!state.post || body.version !== state.post.version) return fail(409, MESSAGES.postChangedElsewhere, 'conflict')
      state.post = { ...state.post, ...(body.text !== undefined ? { text: body.text } : {}), version: state.post.version + 1 }
      return ok(state.post)
    }
  })
  return { fake, state }
}

function open(path: string, fake: ReturnType<typeof createFakeHost>) {
  return renderInApp(
    <StrictMode>
      <WritePostPage />
    </StrictMode>,
    fake,
    path
  )
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

describe('Write post: reshare mode', () => {
  it('makes the reshare once with the chosen comment (StrictMode, a slow answer) and edits it as "Your comment" over the reshared post', async () => {
    const { fake } = hostFor({ createDelayMs: 50 })
    open('/content/write-post?recommendationId=rec-1&comment=1', fake)
    const comment = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Your comment' })
    expect(comment.value).toBe('Two factories, one mission.')
    expect(fake.requestsTo('POST', '/posts/create').map((r) => r.body)).toEqual([{ recommendationId: 'rec-1', text: 'Two factories, one mission.' }])
    expect(location()).toBe('/content/write-post?postId=reshare-1')

    expect(screen.getByTestId('reshare-of-author').textContent).toBe('Acme Robotics')
    // The LinkedIn preview shows it inside the reshare, as LinkedIn does.
    expect(screen.getByTestId('preview-reshared').textContent).toContain('Acme Robotics opens its second factory today.')
    expect(screen.getByTestId('reshare-of-text').textContent).toBe('Acme Robotics opens its second factory today.')
    expect(screen.getByRole('heading', { name: 'Reshare' })).toBeTruthy()
    // No format, page, media or poll of its own.
    expect(screen.queryByTestId('post-type')).toBeNull()
    expect(screen.queryByTestId('post-as')).toBeNull()
    expect(screen.queryByTestId('media-uploader')).toBeNull()
    expect(screen.queryByTestId('poll-editor')).toBeNull()
    expect(screen.getByRole('button', { name: 'Post now' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeTruthy()
  })

  it('an empty comment may be published (LinkedIn reshares without commentary)', async () => {
    const { fake } = hostFor()
    open('/content/write-post?recommendationId=rec-1&comment=0', fake)
    const comment = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Your comment' })
    fireEvent.change(comment, { target: { value: '' } })
    fireEvent.blur(comment)
    expect(screen.queryByText(MESSAGES.postEmpty)).toBeNull()
    expect(screen.getByRole('button', { name: 'Post now' }).getAttribute('aria-disabled')).toBeNull()
  })

  it('a recommendation already reshared opens that reshare without making another', async () => {
    const { fake, state } = hostFor()
    state.post = aPost({ id: 'reshare-1', text: 'My earlier words', reshare: reshareOf })
    open('/content/write-post?recommendationId=rec-1&comment=0', fake)
    const comment = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Your comment' })
    expect(comment.value).toBe('My earlier words')
    expect(fake.requestsTo('POST', '/posts/create')).toHaveLength(0)
    expect(location()).toBe('/content/write-post?postId=reshare-1')
  })

  it('a 409 from the server (reshared in another window) opens the existing reshare', async () => {
    const { fake, state } = hostFor()
    // The list this window read first does not know of the reshare; the server does.
    let reads = 0
    fake.reply('GET /recommended', () => {
      reads += 1
      return ok(aRecommendedList({ forMe: [aRecommendation({ myReshare: reads === 1 ? null : { postId: 'reshare-1', status: 'DRAFT' } })] }))
    })
    state.post = aPost({ id: 'reshare-1', text: 'Written elsewhere', reshare: reshareOf })
    open('/content/write-post?recommendationId=rec-1&comment=0', fake)
    const comment = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Your comment' })
    expect(comment.value).toBe('Written elsewhere')
    expect(fake.requestsTo('POST', '/posts/create')).toHaveLength(1)
    expect(location()).toBe('/content/write-post?postId=reshare-1')
  })

  it('says why when the recommendation is not for the user any more', async () => {
    const { fake } = hostFor()
    fake.reply('GET /recommended', ok(aRecommendedList()))
    fake.reply('POST /posts/create', fail(404, RECOMMENDED_MESSAGES.notFound, 'not_found'))
    open('/content/write-post?recommendationId=rec-gone&comment=0', fake)
    expect((await screen.findByTestId('reshare-failed')).textContent).toContain(RECOMMENDED_MESSAGES.notFound)
    await waitFor(() => expect(fake.requestsTo('POST', '/posts/create')).toHaveLength(1))
  })

  it('an existing reshare opened from the Plan shows the same mode', async () => {
    const { fake, state } = hostFor()
    state.post = aPost({ id: 'reshare-1', text: 'Proud!', status: 'SCHEDULED', scheduledAt: '2026-03-05T09:00:00.000Z', reshare: reshareOf })
    open('/content/write-post?postId=reshare-1', fake)
    expect(await screen.findByRole('textbox', { name: 'Your comment' })).toBeTruthy()
    expect(screen.getByTestId('reshare-of')).toBeTruthy()
    expect(screen.queryByTestId('post-type')).toBeNull()
  })
})
