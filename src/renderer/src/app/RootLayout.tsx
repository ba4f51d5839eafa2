import { useEffect } from 'react'
import { Outlet, useNavigate } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import { OPEN_PLAN_MODAL_EVENT } from '@renderer/api/client'
import { notificationKeys } from '@renderer/api/notifications'
import { userKeys } from '@renderer/api/user'
import { useHost } from '@renderer/host/HostContext'
import { paths } from './paths'

/** App paths only: a host event must not turn into an off-site or protocol-relative navigation. */
function isAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//')
}

/**
 * The router's root: it wires host events (deep links, notification clicks, unread changes), the
 * plan-modal event of spec §4, and tells the host the renderer is ready for queued events.
 */
export function RootLayout() {
  const host = useHost()
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  useEffect(
    () =>
      host.onEvent((event) => {
        if (event.type === 'navigate') {
          if (isAppPath(event.path)) void navigate(event.path)
          else console.error(`Ignoring navigation to ${event.path}: not an app path.`)
        } else {
          void queryClient.invalidateQueries({ queryKey: userKeys.all })
          void queryClient.invalidateQueries({ queryKey: notificationKeys.all })
        }
      }),
    [host, navigate, queryClient]
  )

  useEffect(() => {
    host.ready().catch((error: unknown) => console.error('The host did not accept the ready signal.', error))
  }, [host])

  // Issue 4 adds the plan dialog; until then the plan-modal event leads to the expired page.
  useEffect(() => {
    const openPlanModal = () => void navigate(paths.subscriptionExpired)
    window.addEventListener(OPEN_PLAN_MODAL_EVENT, openPlanModal)
    return () => window.removeEventListener(OPEN_PLAN_MODAL_EVENT, openPlanModal)
  }, [navigate])

  return <Outlet />
}
