import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom'
import { ROUTE_LIST, paths, type RegisteredRoute, type RouteAccess } from '@shared/routes'
import { AppSkeleton } from './AppSkeleton'
import { GuestGate } from './gates/GuestGate'
import { SessionGate } from './gates/SessionGate'
import { RootLayout } from './RootLayout'
import { RouteErrorPage } from './RouteErrorPage'
import { SCREENS } from './screens'

// The route id is the registry path: the shell finds the matched screen's title by it.
const screen = (route: RegisteredRoute): RouteObject => ({
  id: route.path,
  path: route.path,
  lazy: async () => ({ Component: (await SCREENS[route.path]()).default })
})

function InitialLoad() {
  return <AppSkeleton label="Loading Pagecrew…" />
}

/**
 * Route objects from the route registry: guest screens behind the guest gate, signed-in ones
 * behind the auth gate (inside the shell or bare), public ones with neither. Every screen and the
 * shell are code-split.
 */
export function buildRoutes(routes: readonly RegisteredRoute[] = ROUTE_LIST): RouteObject[] {
  const of = (access: RouteAccess, shell: boolean) => routes.filter((r) => r.access === access && r.shell === shell).map(screen)
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
            ...of('signed-in', false),
            {
              lazy: async () => ({ Component: (await import('@renderer/shell/Shell')).Shell }),
              children: of('signed-in', true)
            }
          ]
        },
        // Public screens, and the not-found page for any address no route has (`*`).
        ...of('public', false),
        { index: true, element: <Navigate to={paths.dashboard} replace /> }
      ]
    }
  ]
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes())
}
