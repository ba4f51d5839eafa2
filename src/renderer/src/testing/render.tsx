import './dom'
import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { RouterProvider, createMemoryRouter, useLocation, type RouteObject } from 'react-router-dom'
import { vi } from 'vitest'
import { Providers } from '@renderer/app/Providers'
import { buildRoutes } from '@renderer/app/router'
import type { FakeHost } from './fakeHost'

function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
}

/** Shows the router's location so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation()
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>
}

function mount(routes: RouteObject[], fake: FakeHost, initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] })
  const reload = vi.fn<(path?: string) => void>()
  const queryClient = testQueryClient()
  const view = render(
    <Providers host={fake.host} queryClient={queryClient} reload={reload}>
      <RouterProvider router={router} />
    </Providers>
  )
  return { ...view, router, reload, queryClient }
}

/**
 * One component inside the app's providers (host, query cache, theme, toaster) and no router: for
 * parts that need none, so their tests do not load the whole route table.
 */
export function renderInProviders(ui: ReactElement, fake: FakeHost) {
  const queryClient = testQueryClient()
  return { ...render(<Providers host={fake.host} queryClient={queryClient}>{ui}</Providers>), queryClient }
}

/** The whole app (route table, gates, shell, lazy screens) at a path. */
export function renderApp(fake: FakeHost, initialPath: string) {
  return mount(buildRoutes(), fake, initialPath)
}

/** One component inside the app's providers and a router, at a path. */
export function renderInApp(ui: ReactElement, fake: FakeHost, initialPath = '/dashboard') {
  return mount(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <LocationProbe />
          </>
        )
      }
    ],
    fake,
    initialPath
  )
}
