// @vitest-environment happy-dom
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, renderHook } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { Entitlement } from '@shared/domain'
import { HostProvider } from '@renderer/host/HostContext'
import { createFakeHost, ok } from '@renderer/testing/fakeHost'
import { entitlements } from '@renderer/testing/fixtures'
import { useGenerateDraft, useGenerateIdeas } from './ai'
import { entitlementKeys } from './queryKeys'

afterEach(cleanup)

const idea = { title: 'T', angle: 'A', hook: 'H', postType: 'textOnly' as const }

function setup() {
  const fake = createFakeHost({
    'POST /ai/ideas': ok({ ideas: [idea], usage: { used: 8, limit: 50 } }),
    'POST /ai/draft': ok({ draft: { text: 'Hello', hashtags: [] }, usage: { used: 9, limit: 50 } })
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <HostProvider host={fake.host}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </HostProvider>
  )
  return { fake, queryClient, wrapper }
}

describe('AI generations', () => {
  it('put the month’s usage they answer into the cached entitlements, leaving the others alone', async () => {
    const { fake, queryClient, wrapper } = setup()
    queryClient.setQueryData(entitlementKeys.list(), entitlements(['GENERATE_IDEAS_PER_MONTH', 'TEAMS'], { GENERATE_IDEAS_PER_MONTH: [50, 7], TEAMS: [3, 1] }))
    const ideas = renderHook(() => useGenerateIdeas(), { wrapper }).result
    const draft = renderHook(() => useGenerateDraft(), { wrapper }).result

    await ideas.current.mutateAsync({ postType: 'textOnly', seed: 'abc' })
    const usage = () => queryClient.getQueryData<Entitlement[]>(entitlementKeys.list())
    expect(usage()?.find((e) => e.lookupKey === 'GENERATE_IDEAS_PER_MONTH')).toMatchObject({ limit: 50, currentUsage: 8 })
    await draft.current.mutateAsync({ postType: 'textOnly', idea })
    expect(usage()?.find((e) => e.lookupKey === 'GENERATE_IDEAS_PER_MONTH')).toMatchObject({ currentUsage: 9 })
    expect(usage()?.find((e) => e.lookupKey === 'TEAMS')).toMatchObject({ limit: 3, currentUsage: 1 })
    expect(queryClient.getQueryState(entitlementKeys.list())?.isInvalidated).toBe(false)
    expect(fake.requestsTo('POST', '/ai/draft')[0]?.body).toEqual({ postType: 'textOnly', idea })
  })

  it('ask for the entitlements again when none are cached', async () => {
    const { queryClient, wrapper } = setup()
    queryClient.setQueryData(entitlementKeys.list(), [])
    const ideas = renderHook(() => useGenerateIdeas(), { wrapper }).result
    await ideas.current.mutateAsync({ postType: 'poll' })
    expect(queryClient.getQueryState(entitlementKeys.list())?.isInvalidated).toBe(true)
  })
})
