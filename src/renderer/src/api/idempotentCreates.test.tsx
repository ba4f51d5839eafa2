// @vitest-environment happy-dom
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, renderHook } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { HostProvider } from '@renderer/host/HostContext'
import { aCurrentPlan } from '@renderer/testing/billingFixtures'
import { createFakeHost, ok } from '@renderer/testing/fakeHost'
import { aPostTag } from '@renderer/testing/fixtures'
import { aSlot } from '@renderer/testing/slotFixtures'
import { useCheckout, useManageSeats } from './billing'
import { useCreateBusinessPostTag } from './businessPages'
import { useCreatePostTag } from './postTags'
import { useCreateSlots } from './slots'

afterEach(cleanup)

/**
 * The server's idempotent creates (DESIGN.md §7): their mutation hooks take the dialog submission's
 * key beside the body and hand it to the host (sent as the Idempotency-Key header), never in the body.
 */
function setup() {
  const fake = createFakeHost({
    'POST /schedule/assigned-slots/create': ok({ slots: [aSlot()] }),
    'POST /postTag/create': ok(aPostTag()),
    'POST /businessPostTag': ok({ id: 'bt1', title: 'Launch', color: '#aabbcc' }),
    'POST /billing/checkout': ok({ status: 'completed', currentPlan: aCurrentPlan() }),
    'PATCH /billing/manage-seats': ok({ currentPlan: aCurrentPlan(), usersCount: 2 })
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <HostProvider host={fake.host}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </HostProvider>
  )
  return { fake, wrapper }
}

describe('idempotent create hooks', () => {
  it('send the submission key apart from the body, and no key when none is given', async () => {
    const { fake, wrapper } = setup()
    const slots = renderHook(() => useCreateSlots(), { wrapper }).result
    const tag = renderHook(() => useCreatePostTag(), { wrapper }).result
    const businessTag = renderHook(() => useCreateBusinessPostTag('page-1'), { wrapper }).result
    const checkout = renderHook(() => useCheckout(), { wrapper }).result
    const seats = renderHook(() => useManageSeats(), { wrapper }).result

    await slots.current.mutateAsync({ assignedUserId: ['a'], time: '2026-03-04T09:00:00.000Z', idempotencyKey: 'k-slots' })
    await tag.current.mutateAsync({ tagTitle: 'Hiring', tagColor: '#aabbcc', assignedUsers: ['a'], idempotencyKey: 'k-tag' })
    await businessTag.current.mutateAsync({ title: 'Launch', color: '#aabbcc', idempotencyKey: 'k-business-tag' })
    await checkout.current.mutateAsync({ priceId: 'entry-monthly', idempotencyKey: 'k-checkout' })
    await seats.current.mutateAsync({ newSeatQuantity: 3, memberIdsToCancel: ['m1'], idempotencyKey: 'k-seats' })
    await tag.current.mutateAsync({ tagTitle: 'No key', tagColor: '#aabbcc', assignedUsers: [] })

    const sent = (method: string, path: string) => fake.requestsTo(method, path).map((r) => ({ key: r.idempotencyKey, body: r.body }))
    expect(sent('POST', '/schedule/assigned-slots/create')).toEqual([
      { key: 'k-slots', body: { assignedUserId: ['a'], time: '2026-03-04T09:00:00.000Z' } }
    ])
    expect(sent('POST', '/postTag/create')).toEqual([
      { key: 'k-tag', body: { tagTitle: 'Hiring', tagColor: '#aabbcc', assignedUsers: ['a'] } },
      { key: undefined, body: { tagTitle: 'No key', tagColor: '#aabbcc', assignedUsers: [] } }
    ])
    expect(sent('POST', '/businessPostTag')).toEqual([{ key: 'k-business-tag', body: { businessPageId: 'page-1', title: 'Launch', color: '#aabbcc' } }])
    expect(sent('POST', '/billing/checkout')).toEqual([{ key: 'k-checkout', body: { priceId: 'entry-monthly' } }])
    expect(sent('PATCH', '/billing/manage-seats')).toEqual([{ key: 'k-seats', body: { newSeatQuantity: 3, memberIdsToCancel: ['m1'] } }])
  })
})
