import { useEffect, useEffectEvent } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import { paths } from '@shared/routes'
import { OPEN_PLAN_MODAL_EVENT } from '@renderer/api/client'
import { notificationKeys, userKeys } from '@renderer/api/queryKeys'
import { useHost } from '@renderer/host/HostContext'
import { paymentRequiredState, type PaymentRequiredState } from '@renderer/lib/paymentRequired'

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
  const location = useLocation()
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

  // Spec §4: 'openPlanModal' (any 402) leads to /subscription-expired, which opens the plan dialog
  // for admins. The state says a 402 brought the user, and from where.
  const openPlanModal = useEffectEvent(() => {
    const here = `${location.pathname}${location.search}`
    const already = location.pathname === paths.subscriptionExpired
    const from = already ? (paymentRequiredState(location.state)?.from ?? paths.dashboard) : here
    const state: PaymentRequiredState = { paymentRequired: true, from }
    void navigate(paths.subscriptionExpired, { state, replace: already })
  })
  useEffect(() => {
    const listener = () => openPlanModal()
    window.addEventListener(OPEN_PLAN_MODAL_EVENT, listener)
    return () => window.removeEventListener(OPEN_PLAN_MODAL_EVENT, listener)
  }, [])

  return <Outlet />
}
