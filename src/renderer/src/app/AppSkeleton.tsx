import { useLocation } from 'react-router-dom'
import { ROUTES, findRoute } from '@shared/routes'
import { CenteredCardSkeleton } from '@renderer/components/Skeletons'
import { ShellSkeleton } from '@renderer/shell/ShellSkeleton'

/**
 * What shows while the app, the session or a switch of organization loads: the shell's skeleton
 * (navigation, top bar with the screen's title, content) for screens inside it, the centred card's
 * for the sign-in and other bare screens. `/` leads to the dashboard, in the shell; an unknown path to
 * the bare not-found page.
 */
export function AppSkeleton({ label }: { label: string }) {
  const { pathname } = useLocation()
  const route = pathname === '/' ? undefined : (findRoute(pathname.replace(/(.)\/+$/, '$1')) ?? ROUTES.notFound)
  if (route && !route.shell) return <CenteredCardSkeleton label={label} />
  return <ShellSkeleton label={label} title={route?.title} />
}
