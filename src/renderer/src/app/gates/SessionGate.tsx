import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { paths } from '@shared/routes'
import { useSession } from '@renderer/api/auth'
import { AppSkeleton } from '@renderer/app/AppSkeleton'
import { OrgIdSwitch } from './OrgIdSwitch'
import { returnStateFor } from './redirectState'

/**
 * The auth gate of spec §4: a session stays; signed out (GET /auth's 200 with null, or a 401) goes
 * to sign-in; any other failure lets the page load anyway. A session without an organization goes
 * to onboarding.
 */
export function SessionGate() {
  const session = useSession()
  const location = useLocation()

  if (session.isPending) return <AppSkeleton label="Checking your session…" />
  if (session.isError) return <Outlet />
  if (session.data === null) return <Navigate to={paths.login} replace state={returnStateFor(location)} />
  const onOnboarding = location.pathname === paths.onboarding
  if (session.data.needsOnboarding && !onOnboarding) return <Navigate to={paths.onboarding} replace />
  if (!session.data.needsOnboarding && onOnboarding) return <Navigate to={paths.dashboard} replace />
  return (
    <OrgIdSwitch currentOrganizationWorkOSId={session.data.organizationWorkOSId}>
      <Outlet />
    </OrgIdSwitch>
  )
}
