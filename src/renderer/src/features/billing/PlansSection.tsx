import { useState } from 'react'
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components'
import type { PlanDto, PlanVariantDto } from '@shared/domain'
import { isAdmin } from '@shared/rules'
import { useBillingPlans } from '@renderer/api/billing'
import { useOrganization } from '@renderer/api/organization'
import { useUser } from '@renderer/api/user'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { useNow } from '@renderer/hooks/useNow'
import { IntervalSwitch, PlanCards } from './PlanCards'
import { ASK_AN_ADMIN, initialInterval, type BillingInterval } from './planFormat'
import { StripePricingTable } from './StripePricingTable'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM }
})

interface PlansSectionProps {
  onChoose: (plan: PlanDto, variant: PlanVariantDto) => void
  /**
   * In the plan dialog, admins of an organization billed through Stripe get Stripe's pricing table
   * instead of the cards (its script loads then, not before).
   */
  allowPricingTable?: boolean
  /** Members are told to ask an admin here, unless the page around says it already. */
  showAskAdmin?: boolean
}

/**
 * The plans with the monthly/yearly switch, for the plan dialog, /billing and
 * /subscription-expired. Everyone sees them; only admins (ADMIN and GHOST) choose.
 */
export function PlansSection({ onChoose, allowPricingTable = false, showAskAdmin = true }: PlansSectionProps) {
  const styles = useStyles()
  const user = useUser()
  const organization = useOrganization()
  const plans = useBillingPlans()
  const now = useNow()
  const [chosenInterval, setChosenInterval] = useState<BillingInterval | null>(null)

  if (plans.isPending || user.isPending) return <LoadingState inline label="Loading plans…" />
  if (plans.isError || user.isError) {
    return <ErrorState onRetry={() => void Promise.all([plans.refetch(), user.refetch()])} />
  }
  if (plans.data.plans.length === 0) return <EmptyState message="No plans are available right now." />

  const admin = isAdmin(user.data)
  if (admin && allowPricingTable && plans.data.pricingTable) {
    return <StripePricingTable config={plans.data.pricingTable} />
  }
  const shown = chosenInterval ?? initialInterval(plans.data)
  return (
    <div className={styles.root}>
      <IntervalSwitch interval={shown} onChange={setChosenInterval} />
      {admin || !showAskAdmin ? null : (
        <MessageBar intent="info" data-testid="plans-ask-admin">
          <MessageBarBody>{ASK_AN_ADMIN}</MessageBarBody>
        </MessageBar>
      )}
      <PlanCards
        plans={plans.data}
        interval={shown}
        canChoose={admin}
        currentPlan={organization.data?.currentPlan}
        now={now}
        onChoose={onChoose}
      />
    </div>
  )
}
