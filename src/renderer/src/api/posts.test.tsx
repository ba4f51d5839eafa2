// @vitest-environment happy-dom
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { Post } from '@shared/domain'
import { HostProvider } from '@renderer/host/HostContext'
import { createFakeHost, ok } from '@renderer/testing/fakeHost'
import { aSlot } from '@renderer/testing/slotFixtures'
import { aPost } from '@renderer/testing/postFixtures'
import { postKeys } from './queryKeys'
import {
  useAssignedSlot,
  useDeletePost,
  usePost,
  usePublishPostNow,
  useRetryPost,
  useSavePost,
  useSchedulePost,
  useUnschedulePost
} from './posts'

afterEach(cleanup)

const content = { text: 'Hello', type: 'textOnly' as const, poll: null, mediaIds: [], slotId: null, businessPageId: null }

function setup(replies: Parameters<typeof createFakeHost>[0] = {}) {
  const fake = createFakeHost({
    'GET /posts/get': ok(aPost()),
    'POST /posts/create': ok(aPost({ version: 1 })),
    'PUT /posts/update': ok(aPost({ text: 'Hello', version: 2 })),
    'POST /posts/schedule': ok(aPost({ status: 'SCHEDULED', scheduledAt: '2026-03-10T09:00:00.000Z', version: 3 })),
    'POST /posts/publish-now': ok(aPost({ status: 'PENDING_PUBLISH', version: 3 })),
    'POST /posts/unschedule': ok(aPost({ version: 4 })),
    'POST /posts/retry': ok(aPost({ status: 'SCHEDULED', version: 5 })),
    'DELETE /posts/delete': ok({ ok: true }),
    ...replies
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  for (const key of [['schedule', 'calendar', {}], ['posts', 'list', {}], ['members', 'everyone']]) queryClient.setQueryData(key, {})
  const wrapper = ({ children }: { children: ReactNode }) => (
    <HostProvider host={fake.host}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </HostProvider>
  )
  const invalidated = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated
  return { fake, queryClient, wrapper, invalidated }
}

describe('post hooks', () => {
  it('create a draft without touching the Plan, then update it with its version; the answer is cached', async () => {
    const { fake, wrapper, queryClient, invalidated } = setup()
    const save = renderHook(() => useSavePost(), { wrapper }).result
    await save.current(null, content)
    expect(fake.requestsTo('POST', '/posts/create')[0]?.body).toEqual(content)
    expect(invalidated(['posts', 'list', {}])).toBe(true)
    expect(invalidated(['schedule', 'calendar', {}])).toBe(false)

    const post = await save.current({ postId: 'post-1', version: 1 }, content)
    expect(fake.requestsTo('PUT', '/posts/update')[0]?.body).toEqual({ ...content, postId: 'post-1', version: 1 })
    expect(queryClient.getQueryData<Post>(postKeys.detail('post-1'))).toEqual(post)
  })

  it('saving a scheduled post refreshes the Plan (its excerpt is there)', async () => {
    const { wrapper, invalidated } = setup({ 'PUT /posts/update': ok(aPost({ status: 'SCHEDULED', version: 2 })) })
    const save = renderHook(() => useSavePost(), { wrapper }).result
    await save.current({ postId: 'post-1', version: 1 }, content)
    expect(invalidated(['schedule', 'calendar', {}])).toBe(true)
  })

  it('schedule, publish now, unschedule and retry send the contract’s bodies, cache the post and refresh the Plan', async () => {
    const { fake, wrapper, queryClient, invalidated } = setup()
    const schedule = renderHook(() => useSchedulePost(), { wrapper }).result
    const publish = renderHook(() => usePublishPostNow(), { wrapper }).result
    const unschedule = renderHook(() => useUnschedulePost(), { wrapper }).result
    const retry = renderHook(() => useRetryPost(), { wrapper }).result

    await schedule.current.mutateAsync({ postId: 'post-1', version: 2, slotId: 'slot-1' })
    expect(fake.requestsTo('POST', '/posts/schedule')[0]?.body).toEqual({ postId: 'post-1', version: 2, slotId: 'slot-1' })
    expect(queryClient.getQueryData<Post>(postKeys.detail('post-1'))?.status).toBe('SCHEDULED')
    expect(invalidated(['schedule', 'calendar', {}])).toBe(true)

    await publish.current.mutateAsync({ postId: 'post-1', version: 3 })
    await unschedule.current.mutateAsync('post-1')
    await retry.current.mutateAsync({ postId: 'post-1' })
    expect(fake.requestsTo('POST', '/posts/publish-now')[0]?.body).toEqual({ postId: 'post-1', version: 3 })
    expect(fake.requestsTo('POST', '/posts/unschedule')[0]?.body).toEqual({ postId: 'post-1' })
    expect(fake.requestsTo('POST', '/posts/retry')[0]?.body).toEqual({ postId: 'post-1' })
    expect(queryClient.getQueryData<Post>(postKeys.detail('post-1'))?.version).toBe(5)
  })

  it('delete drops the cached post and refreshes lists and the Plan', async () => {
    const { fake, wrapper, queryClient, invalidated } = setup()
    queryClient.setQueryData(postKeys.detail('post-1'), aPost())
    const remove = renderHook(() => useDeletePost(), { wrapper }).result
    await remove.current.mutateAsync('post-1')
    expect(fake.requestsTo('DELETE', '/posts/delete')[0]?.query).toEqual({ postId: 'post-1' })
    expect(queryClient.getQueryData(postKeys.detail('post-1'))).toBeUndefined()
    expect(invalidated(['posts', 'list', {}])).toBe(true)
    expect(invalidated(['schedule', 'calendar', {}])).toBe(true)
  })

  it('load one post by id, and nothing without one', async () => {
    const { fake, wrapper } = setup()
    renderHook(() => usePost(null), { wrapper })
    expect(fake.requestsTo('GET', '/posts/get')).toEqual([])
    const { result } = renderHook(() => usePost('post-1'), { wrapper })
    await waitFor(() => expect(result.current.data?.id).toBe('post-1'))
    expect(fake.requestsTo('GET', '/posts/get')[0]?.query).toEqual({ postId: 'post-1' })
  })

  it('find a slot among the upcoming ones, else in the Plan’s look-up windows', async () => {
    const later = aSlot({ id: 'slot-later' })
    const { fake, wrapper } = setup({
      'GET /schedule/assigned-slots': (req) => ok(req.query?.from ? [later] : [aSlot({ id: 'slot-1' })])
    })
    const near = renderHook(() => useAssignedSlot('slot-1'), { wrapper }).result
    await waitFor(() => expect(near.current.data?.id).toBe('slot-1'))
    expect(fake.requestsTo('GET', '/schedule/assigned-slots')).toHaveLength(1)
    const far = renderHook(() => useAssignedSlot('slot-later'), { wrapper }).result
    await waitFor(() => expect(far.current.data?.id).toBe('slot-later'))
    const missing = renderHook(() => useAssignedSlot('slot-gone'), { wrapper }).result
    await waitFor(() => expect(missing.current.isSuccess).toBe(true))
    expect(missing.current.data).toBeNull()
  })
})
