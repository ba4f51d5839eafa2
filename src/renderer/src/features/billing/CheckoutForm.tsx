import { useState, type FormEvent } from 'react'
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import type { PlanDto, PlanVariantDto } from '@shared/domain'
import { defaultCheckoutSeats } from '@shared/rules'
import { INTERVAL_LABELS, checkoutMinimum, pricePerSeatLabel, totalLabel } from './planFormat'
import { BLOCKED_NUMBER_KEYS, MAX_SEATS } from '@renderer/lib/numberInput'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  summary: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0
  },
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  seats: { maxWidth: '160px' },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS }
})

export interface CheckoutFormProps {
  plan: PlanDto
  variant: PlanVariantDto
  /** The organization's users: the seat count never goes below them. */
  users: number
  pending: boolean
  /** The server's refusal, shown above the buttons. */
  error: string | null
  backLabel: string
  onBack: () => void
  onConfirm: (seatQuantity: number) => void
}

function seatProblem(value: string, plan: PlanDto, users: number): string | null {
  const seats = Number(value)
  if (value.trim() === '' || !Number.isInteger(seats)) return 'Enter a whole number of seats.'
  if (seats < users) return MESSAGES.checkoutSeatsBelowUsers(users)
  if (seats < plan.seats) return MESSAGES.seatsBelowMin(plan.seats)
  if (seats > MAX_SEATS) return `Enter at most ${MAX_SEATS.toLocaleString('en-US')} seats.`
  return null
}

/**
 * The confirm step of a plan choice: plan, interval, seats (starting at the plan's minimum or the
 * user count, whichever is larger, and never below either) and the total, then 'Confirm plan'.
 */
export function CheckoutForm({ plan, variant, users, pending, error, backLabel, onBack, onConfirm }: CheckoutFormProps) {
  const styles = useStyles()
  const minimum = checkoutMinimum(plan.seats, users)
  const [seats, setSeats] = useState(() => String(defaultCheckoutSeats(plan.seats, users)))
  const problem = seatProblem(seats, plan, users)
  const price = variant.price ?? 0

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (problem === null && !pending) onConfirm(Number(seats))
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={`Confirm ${plan.name}`} data-testid="checkout-form">
      <dl className={styles.summary}>
        <div className={styles.pair}>
          <dt className={styles.term}>Plan</dt>
          <dd className={styles.value} data-testid="checkout-plan">
            {plan.name}
          </dd>
        </div>
        <div className={styles.pair}>
          <dt className={styles.term}>Billing</dt>
          <dd className={styles.value} data-testid="checkout-interval">
            {INTERVAL_LABELS[variant.name]}
          </dd>
        </div>
        <div className={styles.pair}>
          <dt className={styles.term}>Price</dt>
          <dd className={styles.value}>{pricePerSeatLabel(price, variant.name)}</dd>
        </div>
      </dl>
      <Field
        label="Seats"
        required
        hint={`At least ${minimum}: the plan's ${plan.seats} seats, and one for each of your ${users} ${users === 1 ? 'user' : 'users'}.`}
        validationMessage={problem ?? undefined}
      >
        <Input
          className={styles.seats}
          type="number"
          inputMode="numeric"
          min={minimum}
          max={MAX_SEATS}
          step={1}
          value={seats}
          onKeyDown={(event) => {
            if (BLOCKED_NUMBER_KEYS.has(event.key)) event.preventDefault()
          }}
          onChange={(_, data) => setSeats(data.value)}
          data-testid="checkout-seats"
        />
      </Field>
      <Text weight="semibold" aria-live="polite" data-testid="checkout-total">
        Total: {problem === null ? totalLabel(price, Number(seats), variant.name) : '—'}
      </Text>
      {error ? (
        <MessageBar intent="error" role="alert" data-testid="checkout-error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.actions}>
        <Button appearance="secondary" onClick={onBack} disabled={pending} data-testid="checkout-back">
          {backLabel}
        </Button>
        <Button
          appearance="primary"
          type="submit"
          disabled={problem !== null || pending}
          icon={pending ? <Spinner size="tiny" /> : undefined}
          data-testid="checkout-confirm"
        >
          Confirm plan
        </Button>
      </div>
    </form>
  )
}
