// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@shared/api/messages'
import type { Post } from '@shared/domain'
import { ApiError } from '@renderer/api/client'
import { aPost } from '@renderer/testing/postFixtures'
import { AUTOSAVE_DELAY_MS, AutosaveController, NotSavedError, RETRY_FIRST_MS, type SendPost } from './autosave'
import { draftStorageKey, readLocalDraft, writeLocalDraft } from './draftStorage'
import { draftFromPost, emptyDraft, type PostDraft } from './postDraft'

const USER = 'user-1'
const NEW_KEY = draftStorageKey(USER, { slotId: null })
const POST_KEY = draftStorageKey(USER, { postId: 'post-1' })

const apiError = (status: number, message = 'Refused', fields?: Record<string, string>) =>
  new ApiError({ status, code: 'x', message, fields, url: 'PUT /api/posts/update' })

/** A server that keeps one post and bumps its version on every save, like the real one. */
function fakeServer(start: Post | null = null) {
  let post = start
  const calls: Array<{ target: { postId: string; version: number } | null; text: string }> = []
  let next: ((target: { postId: string; version: number } | null) => Promise<Post>) | null = null
  const send = vi.fn<SendPost>(async (target, content) => {
    calls.push({ target, text: content.text })
    if (next) {
      const answer = next
      next = null
      return answer(target)
    }
    post = aPost({ ...(post ?? {}), ...content, poll: content.poll, media: [], businessPage: null, version: (post?.version ?? 0) + 1 })
    return post
  })
  return {
    send,
    calls,
    /** The next call answers this way instead. */
    once: (answer: (target: { postId: string; version: number } | null) => Promise<Post>) => (next = answer)
  }
}

const typed = (text: string) => (d: PostDraft) => ({ ...d, text })

beforeEach(() => {
  vi.useFakeTimers()
  window.localStorage.clear()
})
afterEach(() => vi.useRealTimers())

describe('AutosaveController', () => {
  it('keeps every change locally at once, creates the post after the pause, then updates it with the version', async () => {
    const server = fakeServer()
    const onCreated = vi.fn()
    const autosave = new AutosaveController({ userId: USER, initialPost: null, initialDraft: emptyDraft(), send: server.send, onCreated })
    autosave.edit(typed('H'))
    autosave.edit(typed('Hello'))
    expect(readLocalDraft(NEW_KEY)?.draft.text).toBe('Hello')
    expect(autosave.getSnapshot().state).toBe('pending')
    expect(server.send).not.toHaveBeenCalled()

    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(server.calls).toEqual([{ target: null, text: 'Hello' }])
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 'post-1', version: 1 }))
    expect(autosave.getSnapshot()).toMatchObject({ state: 'saved', postId: 'post-1' })
    expect(readLocalDraft(NEW_KEY)).toBeNull()
    expect(readLocalDraft(POST_KEY)).toBeNull()

    autosave.edit(typed('Hello world'))
    expect(readLocalDraft(POST_KEY)).toMatchObject({ baseVersion: 1, draft: { text: 'Hello world' } })
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(server.calls[1]).toEqual({ target: { postId: 'post-1', version: 1 }, text: 'Hello world' })
    expect(autosave.getSnapshot().state).toBe('saved')
  })

  it('sends what was typed during a save once that save is done, with the new version', async () => {
    const server = fakeServer(aPost())
    const autosave = new AutosaveController({ userId: USER, initialPost: aPost(), initialDraft: emptyDraft(), send: server.send })
    let release: () => void = () => undefined
    server.once((target) => new Promise((resolve) => (release = () => resolve(aPost({ text: 'A', version: (target?.version ?? 0) + 1 })))))
    autosave.edit(typed('A'))
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    autosave.edit(typed('AB'))
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(server.calls).toHaveLength(1)
    release()
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(server.calls[1]).toEqual({ target: { postId: 'post-1', version: 2 }, text: 'AB' })
  })

  it('on 409 keeps the local text, stops saving and lets the user reload the server version or keep theirs', async () => {
    const server = fakeServer(aPost({ version: 3 }))
    const autosave = new AutosaveController({ userId: USER, initialPost: aPost({ version: 3 }), initialDraft: emptyDraft(), send: server.send })
    server.once(() => Promise.reject(apiError(409, MESSAGES.postChangedElsewhere, { version: MESSAGES.postChangedElsewhere })))
    autosave.edit(typed('Mine'))
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(autosave.getSnapshot()).toMatchObject({ state: 'conflict', draft: { text: 'Mine' } })
    autosave.edit(typed('Mine, still'))
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 5)
    expect(server.calls).toHaveLength(1)
    expect(readLocalDraft(POST_KEY)?.draft.text).toBe('Mine, still')
    await expect(autosave.flush()).rejects.toBeInstanceOf(NotSavedError)

    await autosave.keepMine(aPost({ text: 'Theirs', version: 5 }))
    expect(server.calls[1]).toEqual({ target: { postId: 'post-1', version: 5 }, text: 'Mine, still' })
    expect(autosave.getSnapshot().state).toBe('saved')
  })

  it('reload drops the local changes for the server version', async () => {
    const server = fakeServer(aPost())
    const autosave = new AutosaveController({ userId: USER, initialPost: aPost(), initialDraft: emptyDraft(), send: server.send })
    server.once(() => Promise.reject(apiError(409, MESSAGES.postChangedElsewhere)))
    autosave.edit(typed('Mine'))
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    autosave.reload(aPost({ text: 'Theirs', version: 4 }))
    expect(autosave.getSnapshot()).toMatchObject({ state: 'saved', draft: { text: 'Theirs' } })
    expect(readLocalDraft(POST_KEY)).toBeNull()
    autosave.edit(typed('Theirs, edited'))
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(server.calls[1]?.target).toEqual({ postId: 'post-1', version: 4 })
  })

  it('offline: says it will retry and tries again with growing pauses', async () => {
    const server = fakeServer()
    const autosave = new AutosaveController({ userId: USER, initialPost: null, initialDraft: emptyDraft(), send: server.send })
    const offline = () => Promise.reject(new ApiError({ status: 0, code: 'network_error', message: 'Offline', url: '' }))
    server.once(offline)
    autosave.edit(typed('Draft'))
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(autosave.getSnapshot().state).toBe('retrying')
    server.once(offline)
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS)
    expect(server.calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS)
    expect(server.calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS)
    expect(server.calls).toHaveLength(3)
    expect(autosave.getSnapshot()).toMatchObject({ state: 'saved', postId: 'post-1' })
  })

  it('a 409 for another reason (being published) is a refusal, not a conflict', async () => {
    const server = fakeServer(aPost())
    const autosave = new AutosaveController({ userId: USER, initialPost: aPost(), initialDraft: emptyDraft(), send: server.send })
    server.once(() => Promise.reject(apiError(409, MESSAGES.postBeingPublished)))
    autosave.edit(typed('Late edit'))
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(autosave.getSnapshot()).toMatchObject({ state: 'refused', refusal: MESSAGES.postBeingPublished })
  })

  it('shows a refusal with the server’s field message and does not retry it', async () => {
    const server = fakeServer()
    const autosave = new AutosaveController({ userId: USER, initialPost: null, initialDraft: emptyDraft(), send: server.send })
    server.once(() => Promise.reject(apiError(400, 'Invalid', { text: 'Drafts can hold at most 20,000 characters.' })))
    autosave.edit(typed('x'))
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 10)
    expect(autosave.getSnapshot()).toMatchObject({ state: 'refused', refusal: 'Drafts can hold at most 20,000 characters.' })
    expect(server.calls).toHaveLength(1)
  })

  it('restores unsaved changes made on the server’s version and saves them at once', async () => {
    const post = aPost({ version: 2 })
    writeLocalDraft(POST_KEY, { draft: { ...draftFromPost(post), text: 'Typed before the crash' }, baseVersion: 2, editedAt: 1 })
    const server = fakeServer(post)
    const autosave = new AutosaveController({ userId: USER, initialPost: post, initialDraft: emptyDraft(), send: server.send })
    expect(autosave.getSnapshot()).toMatchObject({ restored: true, state: 'pending', draft: { text: 'Typed before the crash' } })
    autosave.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(server.calls).toEqual([{ target: { postId: 'post-1', version: 2 }, text: 'Typed before the crash' }])
  })

  it('restores changes made on an older version as a conflict, without saving over the server', async () => {
    const post = aPost({ version: 3 })
    writeLocalDraft(POST_KEY, { draft: { ...draftFromPost(post), text: 'Older edit' }, baseVersion: 2, editedAt: 1 })
    const server = fakeServer(post)
    const autosave = new AutosaveController({ userId: USER, initialPost: post, initialDraft: emptyDraft(), send: server.send })
    autosave.start()
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(autosave.getSnapshot()).toMatchObject({ restored: true, state: 'conflict', draft: { text: 'Older edit' } })
    expect(server.send).not.toHaveBeenCalled()
  })

  it('forgets a local copy that matches the server and ignores it for a published post', () => {
    const post = aPost()
    writeLocalDraft(POST_KEY, { draft: draftFromPost(post), baseVersion: 1, editedAt: 1 })
    new AutosaveController({ userId: USER, initialPost: post, initialDraft: emptyDraft(), send: vi.fn() })
    expect(readLocalDraft(POST_KEY)).toBeNull()
    writeLocalDraft(POST_KEY, { draft: { ...draftFromPost(post), text: 'x' }, baseVersion: 1, editedAt: 1 })
    const published = new AutosaveController({ userId: USER, initialPost: aPost({ status: 'PUBLISHED' }), initialDraft: emptyDraft(), send: vi.fn() })
    expect(published.getSnapshot()).toMatchObject({ restored: false, draft: { text: post.text } })
  })

  it('a clean editor follows the server’s newer version; one with changes keeps them', () => {
    const autosave = new AutosaveController({ userId: USER, initialPost: aPost(), initialDraft: emptyDraft(), send: vi.fn() })
    autosave.serverChanged(aPost({ text: 'From another window', version: 2 }))
    expect(autosave.getSnapshot().draft.text).toBe('From another window')
    autosave.edit(typed('Mine'))
    autosave.serverChanged(aPost({ text: 'Again elsewhere', version: 3 }))
    expect(autosave.getSnapshot().draft.text).toBe('Mine')
  })

  it('exclusive saves first, pauses autosave during the action and takes the answer’s version', async () => {
    const server = fakeServer()
    const autosave = new AutosaveController({ userId: USER, initialPost: null, initialDraft: emptyDraft(), send: server.send })
    autosave.edit(typed('Ready'))
    let seen: Post | null = null
    await autosave.exclusive(async (post) => {
      seen = post
      autosave.edit(typed('Ready!'))
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2)
      expect(server.calls).toHaveLength(1)
      return aPost({ status: 'SCHEDULED', version: 7 })
    })
    expect(seen).toMatchObject({ text: 'Ready', version: 1 })
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(server.calls[1]).toEqual({ target: { postId: 'post-1', version: 7 }, text: 'Ready!' })
  })

  it('leaving sends a pending change at once; a discarded post is never saved again', async () => {
    const server = fakeServer()
    const autosave = new AutosaveController({ userId: USER, initialPost: null, initialDraft: emptyDraft(), send: server.send })
    autosave.edit(typed('Quick'))
    autosave.sendNow()
    expect(server.calls).toEqual([{ target: null, text: 'Quick' }])
    await vi.advanceTimersByTimeAsync(0)
    autosave.edit(typed('Quick edit'))
    autosave.discard()
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2)
    expect(server.calls).toHaveLength(1)
    expect(readLocalDraft(POST_KEY)).toBeNull()
  })
})
