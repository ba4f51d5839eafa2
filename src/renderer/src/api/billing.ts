import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { endpoints } from '@shared/api/contract'
import { BILLING_PORTAL_DELAY_MS, STALE_TIMES } from '@shared/constants'
import type { Organization } from '@shared/domain'
import type { HostBridge } from '@shared/host'
import { useHost } from '@renderer/host/HostContext'
import { callApi, useCallApi, type IdempotencyPart } from './client'
import { billingKeys, entitlementKeys, memberKeys, organizationKeys, userKeys } from './queryKeys'

/**
 * Billing data changes only through checkout and seat changes, which refetch it: it keeps as long
 * as the organization it belongs to (spec §9 has no billing stale time of its own).
 */
const BILLING_STALE_MS = STALE_TIMES.organization

/** While the browser finishes a checkout, the plan dialog asks for the subscription this often. */
export const CHECKOUT_POLL_MS = 3000

type CheckoutBody = z.input<typeof endpoints.checkout.body>
type ManageSeatsBody = z.input<typeof endpoints.manageSeats.body>

/** GET /billing/plans: the plan table with the current plan marked, and Stripe's pricing table when configured. */
export function useBillingPlans(options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: billingKeys.plans(),
    queryFn: () => callApi(endpoints.getBillingPlans),
    staleTime: BILLING_STALE_MS,
    enabled: options.enabled
  })
}

/**
 * GET /billing/subscription: plan, status, seats, period and invoices. With `pollMs` it asks again
 * at that pace (the plan dialog waiting for a checkout finished in the browser).
 */
export function useBillingOverview(options: { enabled?: boolean; pollMs?: number | false } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: billingKeys.overview(),
    queryFn: () => callApi(endpoints.getBillingOverview),
    staleTime: BILLING_STALE_MS,
    enabled: options.enabled,
    refetchInterval: options.pollMs ?? false
  })
}

/** After the plan or the seats change: everything that shows or counts them. */
export function useBillingChanged() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
      queryClient.invalidateQueries({ queryKey: userKeys.all }),
      queryClient.invalidateQueries({ queryKey: entitlementKeys.all }),
      queryClient.invalidateQueries({ queryKey: billingKeys.all }),
      queryClient.invalidateQueries({ queryKey: memberKeys.all })
    ])
}

/** POST /billing/checkout (admins): built-in billing completes at once, Stripe answers with its Checkout page. */
export function useCheckout() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  const onSuccess = useBillingChanged()
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: CheckoutBody & IdempotencyPart) => callApi(endpoints.checkout, { body, idempotencyKey }),
    onSuccess: async (result) => {
      // The new plan counts at once (the shell's expiry redirect reads it), before the refetch lands.
      if (result.status === 'completed') {
        queryClient.setQueryData<Organization>(organizationKeys.current(), (old) => (old ? { ...old, currentPlan: result.currentPlan } : old))
      }
      await onSuccess()
    }
  })
}

/** PATCH /billing/manage-seats (admins, spec §7). */
export function useManageSeats() {
  const callApi = useCallApi()
  const onSuccess = useBillingChanged()
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: ManageSeatsBody & IdempotencyPart) => callApi(endpoints.manageSeats, { body, idempotencyKey }),
    onSuccess: async () => {
      await onSuccess()
    }
  })
}

/**
 * Asks for the customer portal's address (GET /billing/customer-portal-url) and opens it outside
 * the app through the host: at once, or `delayMs` later (spec §7: 4 seconds after a seat change).
 * The delayed opening does not depend on the screen that asked for it, which may have closed.
 */
export async function openBillingPortal(host: HostBridge, delayMs = 0): Promise<void> {
  const { url } = await callApi(host, endpoints.getCustomerPortalUrl)
  const open = () => host.openExternal(url)
  if (delayMs <= 0) return open()
  setTimeout(() => {
    open().catch((error: unknown) => console.error('The billing portal did not open.', error))
  }, delayMs)
}

/** 'Manage billing': the portal opens as soon as its address arrives. */
export function useOpenBillingPortal() {
  const host = useHost()
  return useMutation({ mutationFn: () => openBillingPortal(host) })
}

/** After a seat change: the portal opens BILLING_PORTAL_DELAY_MS (4000 ms) after its address arrives (spec §7, §9). */
export function useOpenBillingPortalLater() {
  const host = useHost()
  return () => {
    openBillingPortal(host, BILLING_PORTAL_DELAY_MS).catch((error: unknown) => console.error('The billing portal address did not arrive.', error))
  }
}
