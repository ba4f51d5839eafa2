import { useEffect, useRef, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { belongsToOrganization } from '@shared/rules'
import { useSwitchOrganization } from '@renderer/api/auth'
import { useUser } from '@renderer/api/user'
import { AppSkeleton } from '@renderer/app/AppSkeleton'

const ORG_ID_PARAM = 'orgid'

function withoutOrgId(location: { pathname: string; search: string; hash: string }): string {
  const params = new URLSearchParams(location.search)
  params.delete(ORG_ID_PARAM)
  const search = params.toString()
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`
}

/**
 * `?orgid=<organizationWorkOSId>` on a protected route (spec §4): switch to that organization when
 * the user belongs to it and it is not the current one, then reload without the parameter; when it
 * is already current (or not the user's), just drop the parameter. Web links and desktop deep links
 * both arrive here.
 */
export function OrgIdSwitch({ currentOrganizationWorkOSId, children }: { currentOrganizationWorkOSId: string | null; children: ReactNode }) {
  const location = useLocation()
  const navigate = useNavigate()
  const orgId = new URLSearchParams(location.search).get(ORG_ID_PARAM)
  const needsSwitch = orgId !== null && orgId !== currentOrganizationWorkOSId
  const user = useUser({ enabled: needsSwitch })
  const { mutate: switchOrganization } = useSwitchOrganization()
  const attempted = useRef<string | null>(null)

  useEffect(() => {
    if (orgId === null) return
    const cleanPath = withoutOrgId(location)
    if (!needsSwitch) {
      void navigate(cleanPath, { replace: true })
      return
    }
    if (user.isError) {
      void navigate(cleanPath, { replace: true })
      return
    }
    if (!user.data || attempted.current === orgId) return
    attempted.current = orgId
    if (!belongsToOrganization(user.data, orgId)) {
      console.error(`Not switching organization: the user does not belong to ${orgId}.`)
      void navigate(cleanPath, { replace: true })
      return
    }
    switchOrganization(
      { organizationWorkOSId: orgId, reloadAt: cleanPath },
      { onError: () => void navigate(cleanPath, { replace: true }) }
    )
  }, [orgId, needsSwitch, location, navigate, user.data, user.isError, switchOrganization])

  if (orgId !== null) return <AppSkeleton label="Opening the organization…" />
  return <>{children}</>
}
