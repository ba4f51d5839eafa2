import { Badge, Button, Card, Link, Switch, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import type { BillingPlans, CurrentPlan, PlanDto, PlanVariantDto } from '@shared/domain'
import { useHost } from '@renderer/host/HostContext'
import {
  isContactSales,
  isCurrentChoice,
  isYearlyOnly,
  planFeatures,
  pricePerSeatLabel,
  variantFor,
  type BillingInterval
} from './planFormat'

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'stretch'
  },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL },
  current: { outline: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}` },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  name: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  description: { color: tokens.colorNeutralForeground2 },
  price: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  features: {
    display: 'grid',
    gridTemplateColumns: 'auto auto',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
    flexGrow: 1,
    alignContent: 'start'
  },
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold, textAlign: 'end' },
  action: { marginTop: tokens.spacingVerticalS }
})

/** 'Yearly billing' on, yearly prices; off, monthly (spec §9: Enterprise is yearly only either way). */
export function IntervalSwitch({ interval, onChange }: { interval: BillingInterval; onChange: (interval: BillingInterval) => void }) {
  return (
    <Switch
      label="Yearly billing"
      checked={interval === 'yearly'}
      onChange={(_, data) => onChange(data.checked ? 'yearly' : 'monthly')}
      data-testid="billing-interval"
    />
  )
}

interface PlanCardsProps {
  plans: BillingPlans
  interval: BillingInterval
  /** Only admins choose (spec §6); others see the plans without choose buttons. */
  canChoose: boolean
  currentPlan: CurrentPlan | undefined
  now: Date
  onChoose: (plan: PlanDto, variant: PlanVariantDto) => void
}

/**
 * The plan table of spec §3 and §9 as cards: per-seat prices without a currency, the current plan
 * marked, Enterprise's price not shown but a 'Contact us' link to sales.
 */
export function PlanCards({ plans, interval, canChoose, currentPlan, now, onChoose }: PlanCardsProps) {
  const styles = useStyles()
  const host = useHost()
  const contact = () => {
    host.openExternal(plans.contactSalesUrl).catch((error: unknown) => console.error(`Could not open ${plans.contactSalesUrl}.`, error))
  }
  return (
    <div className={styles.grid} data-testid="plan-cards">
      {plans.plans.map((plan) => {
        const variant = variantFor(plan, interval) ?? (isYearlyOnly(plan) ? variantFor(plan, 'yearly') : null)
        const contactSales = isContactSales(plan)
        const current = variant !== null && isCurrentChoice(variant, plans.currentPriceId, currentPlan, now)
        return (
          <Card
            key={plan.id}
            className={mergeClasses(styles.card, plan.activePlan && styles.current)}
            data-testid={`plan-card-${plan.id}`}
            aria-labelledby={`plan-name-${plan.id}`}
            role="group"
          >
            <div className={styles.header}>
              <h3 className={styles.name} id={`plan-name-${plan.id}`}>
                {plan.name}
              </h3>
              {plan.activePlan ? (
                <Badge appearance="filled" color="brand" data-testid={`plan-current-${plan.id}`}>
                  Current plan
                </Badge>
              ) : null}
            </div>
            <Text className={styles.description}>{plan.description}</Text>
            <Text className={styles.price} data-testid={`plan-price-${plan.id}`}>
              {contactSales
                ? isYearlyOnly(plan)
                  ? 'Yearly only, price on request'
                  : 'Price on request'
                : variant && variant.price !== null
                  ? pricePerSeatLabel(variant.price, variant.name)
                  : 'Not available monthly'}
            </Text>
            <dl className={styles.features}>
              {planFeatures(plan).map((feature) => (
                <div key={feature.label} className={styles.pair}>
                  <dt className={styles.term}>{feature.label}</dt>
                  <dd className={styles.value}>{feature.value}</dd>
                </div>
              ))}
            </dl>
            <div className={styles.action}>
              {contactSales ? (
                <Link as="button" onClick={contact} aria-label={`Contact us about ${plan.name}`} data-testid={`plan-contact-${plan.id}`}>
                  Contact us
                </Link>
              ) : canChoose && variant && variant.price !== null ? (
                <Button
                  appearance={current ? 'secondary' : 'primary'}
                  disabled={current}
                  onClick={() => onChoose(plan, variant)}
                  aria-label={current ? `Your plan, ${plan.name}` : `Choose ${plan.name}`}
                  data-testid={`plan-choose-${plan.id}`}
                >
                  {current ? 'Your plan' : 'Choose'}
                </Button>
              ) : null}
            </div>
          </Card>
        )
      })}
    </div>
  )
}
