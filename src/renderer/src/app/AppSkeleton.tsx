import { useLocation } from 'react-router-dom'
import { ROUTE_LIST, routeTitle } from '@shared/routes'
import { CenteredCardSkeleton } from '@renderer/components/Skeletons'
import { ShellSkeleton } from '@renderer/shell/ShellSkeleton'

/**
 * What shows while the app, the session or a switch of organization loads: the shell's skeleton
 * (navigation, top bar with the screen's title, content) for screens inside it, the centred card's
 * for the sign-in and other bare screens. `/` and unknown paths lead to the dashboard, in the shell.
 */
export function AppSkeleton({ label }: { label: string }) {
  const { pathname } = useLocation()
  const route = ROUTE_LIST.find((r) => r.path === pathname)
  if (route && !route.shell) return <CenteredCardSkeleton label={label} />
  return <ShellSkeleton label={label} title={route ? routeTitle(route.path) : undefined} />
}
