import { useState } from 'react'
import { Text, makeStyles, tokens } from '@fluentui/react-components'
import { paths } from '@shared/routes'
import { RouterLink } from '@renderer/components/RouterLink'
import { PlanDialog, type PlanChoice } from './PlanDialog'
import { PlansSection } from './PlansSection'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1100px' },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold }
})

/**
 * /billing (spec §2, no banners): the plans inline with the monthly/yearly switch. Choosing one
 * opens the plan dialog at its confirm step.
 */
export default function BillingPage() {
  const styles = useStyles()
  const [choice, setChoice] = useState<PlanChoice | null>(null)
  return (
    <div className={styles.root} data-testid="billing-page">
      <h2 className={styles.heading}>Plans</h2>
      <Text>
        Prices are per seat. Your subscription, seats and invoices are in{' '}
        <RouterLink to={paths.billingSettings} inline data-testid="billing-settings-link">
          billing settings
        </RouterLink>
        .
      </Text>
      <PlansSection onChoose={(plan, variant) => setChoice({ plan, variant })} />
      <PlanDialog open={choice !== null} initialChoice={choice} onClose={() => setChoice(null)} />
    </div>
  )
}
