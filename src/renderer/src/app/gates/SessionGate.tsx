import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { paths } from '@shared/routes'
import { useSession } from '@renderer/api/auth'
import { isApiError } from '@renderer/api/client'
import { AppSkeleton } from '@renderer/app/AppSkeleton'
import { OrgIdSwitch } from './OrgIdSwitch'
import { returnStateFor } from './redirectState'

/**
 * The auth gate of spec §4: GET /auth 200 stays, 401 goes to sign-in, any other failure lets the
 * page load anyway. A session without an organization goes to onboarding.
 */
export function SessionGate() {
  const session = useSession()
  const location = useLocation()

  if (session.isPending) return <AppSkeleton label="Checking your session…" />
  if (session.isError) {
    if (isApiError(session.error, 401)) return <Navigate to={paths.login} replace state={returnStateFor(location)} />
    return <Outlet />
  }
  const onOnboarding = location.pathname === paths.onboarding
  if (session.data.needsOnboarding && !onOnboarding) return <Navigate to={paths.onboarding} replace />
  if (!session.data.needsOnboarding && onOnboarding) return <Navigate to={paths.dashboard} replace />
  return (
    <OrgIdSwitch currentOrganizationWorkOSId={session.data.organizationWorkOSId}>
      <Outlet />
    </OrgIdSwitch>
  )
}
