import '@renderer/testing/dom'
import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { Providers } from '@renderer/app/Providers'
import type { FakeHost } from '@renderer/testing/fakeHost'

/**
 * One part of the write-post screen inside the app's providers (host, query cache, theme,
 * toaster). The parts need no router, so their tests do not load the whole route table.
 */
export function renderPart(ui: ReactElement, fake: FakeHost) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  return { ...render(<Providers host={fake.host} queryClient={queryClient}>{ui}</Providers>), queryClient }
}
