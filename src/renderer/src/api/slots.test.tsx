// @vitest-environment happy-dom
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { HostProvider } from '@renderer/host/HostContext'
import { createFakeHost, ok } from '@renderer/testing/fakeHost'
import { aSlot } from '@renderer/testing/slotFixtures'
import { slotTagKeys } from './queryKeys'
import { useCreateSlots, useDeleteSlot, useUpdateSlot, useUpdateSlotTags, useUserTags } from './slots'

afterEach(cleanup)

function setup() {
  const fake = createFakeHost({
    'POST /schedule/assigned-slots/create': ok({ slots: [aSlot()] }),
    'PUT /schedule/assigned-slots/update': ok({ slots: [aSlot()] }),
    'DELETE /schedule/assigned-slots/delete': ok({ deleted: 3 }),
    'PUT /schedule/assign-slots/updateTags': ok({ slots: [aSlot()] }),
    'POST /postTag/get-user-tags': ok([{ userId: 'b', tags: [] }, { userId: 'a', tags: [] }])
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  for (const key of [['schedule', 'calendar', {}], ['schedule', 'list', {}], ['notifications', 'list'], ['user', 'current'], ['members', 'everyone']]) {
    queryClient.setQueryData(key, {})
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <HostProvider host={fake.host}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </HostProvider>
  )
  const invalidated = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated
  return { fake, queryClient, wrapper, invalidated }
}

describe('slot mutations', () => {
  it('refresh the whole Plan, the notifications and the user after a change, and nothing else', async () => {
    const { wrapper, invalidated } = setup()
    const { result } = renderHook(() => useCreateSlots(), { wrapper })
    await result.current.mutateAsync({ assignedUserId: ['a'], time: '2026-03-04T09:00:00.000Z' })
    expect(invalidated(['schedule', 'calendar', {}])).toBe(true)
    expect(invalidated(['schedule', 'list', {}])).toBe(true)
    expect(invalidated(['notifications', 'list'])).toBe(true)
    expect(invalidated(['user', 'current'])).toBe(true)
    expect(invalidated(['members', 'everyone'])).toBe(false)
  })

  it('send update, tags and delete as the contract says', async () => {
    const { fake, wrapper, invalidated } = setup()
    const update = renderHook(() => useUpdateSlot(), { wrapper }).result
    const tags = renderHook(() => useUpdateSlotTags(), { wrapper }).result
    const remove = renderHook(() => useDeleteSlot(), { wrapper }).result
    await update.current.mutateAsync({ slotId: 's1', scope: 'series', comment: 'New' })
    await tags.current.mutateAsync({ slotId: 's1', scope: 'one', tagId: null })
    expect(await remove.current.mutateAsync({ slotId: 's1', scope: 'series' })).toEqual({ deleted: 3 })
    expect(fake.requestsTo('PUT', '/schedule/assigned-slots/update')[0]?.body).toEqual({ slotId: 's1', scope: 'series', comment: 'New' })
    expect(fake.requestsTo('PUT', '/schedule/assign-slots/updateTags')[0]?.body).toEqual({ slotId: 's1', scope: 'one', tagId: null })
    expect(fake.requestsTo('DELETE', '/schedule/assigned-slots/delete')[0]?.query).toEqual({ slotId: 's1', scope: 'series' })
    expect(invalidated(['schedule', 'calendar', {}])).toBe(true)
  })
})

describe('slot tag options', () => {
  const range = { startDate: '2026-03-04', endDate: '2026-06-01' }

  it('ask for the chosen members’ tags, under the topic tags’ key root', async () => {
    const { fake, wrapper } = setup()
    const { result } = renderHook(() => useUserTags(['b', 'a'], range), { wrapper })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(fake.requestsTo('POST', '/postTag/get-user-tags')[0]?.body).toEqual({ userIds: ['b', 'a'], ...range })
    expect(slotTagKeys.users(['b', 'a'], range)).toEqual(slotTagKeys.users(['a', 'b'], range))
    expect(slotTagKeys.users(['a'], range)[0]).toBe('postTags')
  })

  it('ask nothing while no member is chosen', () => {
    const { fake, wrapper } = setup()
    renderHook(() => useUserTags([], range), { wrapper })
    expect(fake.requestsTo('POST', '/postTag/get-user-tags')).toEqual([])
  })
})
