import { useEffect } from 'react'
import type { BillingPlans } from '@shared/domain'

/** Stripe's embeddable pricing table (spec §2, §7: its script loads when the plan dialog opens). */
export const STRIPE_PRICING_TABLE_SCRIPT = 'https://js.stripe.com/v3/pricing-table.js'

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- JSX intrinsic elements are declared in React's JSX namespace
  namespace JSX {
    interface IntrinsicElements {
      'stripe-pricing-table': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        'pricing-table-id': string
        'publishable-key': string
        'client-reference-id'?: string
        'customer-email'?: string
      }
    }
  }
}

/**
 * Adds Stripe's pricing-table script to the page once; later calls find it there. It is not part
 * of the app's bundle and is never loaded before someone opens the plan dialog.
 */
function loadStripePricingTableScript(doc: Document = document): HTMLScriptElement {
  const existing = doc.querySelector<HTMLScriptElement>(`script[src="${STRIPE_PRICING_TABLE_SCRIPT}"]`)
  if (existing) return existing
  const script = doc.createElement('script')
  script.src = STRIPE_PRICING_TABLE_SCRIPT
  script.async = true
  script.addEventListener('error', () => console.error(`Stripe's pricing table did not load from ${STRIPE_PRICING_TABLE_SCRIPT}.`))
  doc.head.appendChild(script)
  return script
}

type PricingTableConfig = NonNullable<BillingPlans['pricingTable']>

/** `<stripe-pricing-table>` for the organization: Stripe's script turns it into the plans and their checkout. */
export function StripePricingTable({ config }: { config: PricingTableConfig }) {
  useEffect(() => {
    loadStripePricingTableScript()
  }, [])
  return (
    <stripe-pricing-table
      data-testid="stripe-pricing-table"
      pricing-table-id={config.pricingTableId}
      publishable-key={config.publishableKey}
      client-reference-id={config.clientReferenceId}
      customer-email={config.customerEmail}
    />
  )
}
