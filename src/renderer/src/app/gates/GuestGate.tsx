import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { paths } from '@shared/routes'
import { useSession } from '@renderer/api/auth'
import { LoadingState } from '@renderer/components/LoadingState'
import { returnPathFrom } from './redirectState'

/** Sign-in screens: a valid session goes on to the app (spec §2: /login with a session -> /dashboard). */
export function GuestGate() {
  const session = useSession()
  const location = useLocation()
  if (session.isPending) return <LoadingState shape="card" label="Checking your session…" />
  if (session.isSuccess && session.data !== null) {
    if (session.data.needsOnboarding) return <Navigate to={paths.onboarding} replace />
    return <Navigate to={returnPathFrom(location.state) ?? paths.dashboard} replace />
  }
  return <Outlet />
}
