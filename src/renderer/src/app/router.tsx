import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom'
import { LoadingState } from '@renderer/components/LoadingState'
import { GuestGate } from './gates/GuestGate'
import { SessionGate } from './gates/SessionGate'
import { RootLayout } from './RootLayout'
import { RouteErrorPage } from './RouteErrorPage'
import { paths } from './paths'
import { ROUTES, type RouteEntry } from './routeTable'

const screen = (entry: RouteEntry): RouteObject => ({
  path: entry.path,
  lazy: async () => ({ Component: (await entry.load()).default })
})

function InitialLoad() {
  return <LoadingState />
}

/** Route objects from the route table; every screen and the shell are code-split. */
export function buildRoutes(entries: readonly RouteEntry[] = ROUTES): RouteObject[] {
  const of = (access: RouteEntry['access'], shell: boolean) => entries.filter((e) => e.access === access && e.shell === shell).map(screen)
  return [
    {
      Component: RootLayout,
      HydrateFallback: InitialLoad,
      ErrorBoundary: RouteErrorPage,
      children: [
        { Component: GuestGate, children: of('guest', false) },
        {
          Component: SessionGate,
          children: [
            ...of('protected', false),
            {
              lazy: async () => ({ Component: (await import('@renderer/shell/Shell')).Shell }),
              children: of('protected', true)
            }
          ]
        },
        ...of('bare', false),
        { index: true, element: <Navigate to={paths.dashboard} replace /> },
        { path: '*', element: <Navigate to={paths.dashboard} replace /> }
      ]
    }
  ]
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes())
}
