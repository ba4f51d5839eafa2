import type { ReactElement, ReactNode } from 'react'
import { Field, Input, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import type { PlanDto, PlanVariantDto } from '@shared/domain'
import { defaultCheckoutSeats } from '@shared/rules'
import { FormDialog, type FormDialogState, type SubmitHandler } from '@renderer/components/FormDialog'
import { INTERVAL_LABELS, checkoutMinimum, pricePerSeatLabel, totalLabel } from './planFormat'
import { BLOCKED_NUMBER_KEYS, MAX_SEATS } from '@renderer/lib/numberInput'

const useStyles = makeStyles({
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
  seats: { maxWidth: '160px' }
})

/** The plan dialog's form: the seats typed, or null for the chosen plan's default (a new choice starts there). */
export interface CheckoutValues {
  seats: string | null
}

/** The seats a checkout starts with: the plan's minimum or the user count, whichever is larger. */
export function checkoutSeats(values: CheckoutValues, plan: PlanDto, users: number): string {
  return values.seats ?? String(defaultCheckoutSeats(plan.seats, users))
}

interface CheckoutFormProps {
  /** The plan dialog's form (useFormDialog), so its close button and Escape follow the same save. */
  form: FormDialogState<CheckoutValues>
  title: ReactNode
  /** The dialog's close button, beside the title. */
  titleAction: ReactElement
  plan: PlanDto
  variant: PlanVariantDto
  /** The organization's users: the seat count never goes below them. */
  users: number
  /** The server's refusal, shown above the buttons. */
  error: string | null
  backLabel: string
  onBack: () => void
  /** Checks out with the seats (checkoutSeats); a rejection is the failure. */
  onConfirm: SubmitHandler<CheckoutValues>
  onError: (error: unknown) => void
}

function seatProblem(value: string, plan: PlanDto, users: number): string | null {
  const seats = Number(value)
  if (value.trim() === '' || !Number.isInteger(seats)) return 'Enter a whole number of seats.'
  if (seats < users) return MESSAGES.checkoutSeatsBelowUsers(users)
  if (seats < plan.seats) return MESSAGES.seatsBelowMin(plan.seats)
  if (seats > MAX_SEATS) return `Enter at most ${MAX_SEATS.toLocaleString('en-US')} seats.`
  return null
}

/** One rule, in one sentence: whichever of the plan's minimum and the users is larger (checkoutMinimum). */
function seatsHint(planSeats: number, users: number): string {
  return users > planSeats
    ? `At least ${users}, one for each of your users (the plan's minimum is ${planSeats}).`
    : `At least ${planSeats}, the plan's minimum.`
}

/**
 * The confirm step of a plan choice: plan, interval, seats (starting at the plan's minimum or the
 * user count, whichever is larger, and never below either) and the total, then 'Confirm plan'. A
 * FormDialog inside the plan dialog's surface: one checkout however fast Confirm plan is clicked
 * twice, carrying the submission's Idempotency-Key.
 */
export function CheckoutForm({ form, title, titleAction, plan, variant, users, error, backLabel, onBack, onConfirm, onError }: CheckoutFormProps) {
  const styles = useStyles()
  const minimum = checkoutMinimum(plan.seats, users)
  const seats = checkoutSeats(form.values, plan, users)
  const problem = seatProblem(seats, plan, users)
  const price = variant.price ?? 0

  return (
    <FormDialog
      form={form}
      embedded
      title={title}
      titleAction={titleAction}
      label={`Confirm ${plan.name}`}
      onSubmit={onConfirm}
      onError={onError}
      canSubmit={problem === null}
      submitLabel="Confirm plan"
      cancel={{ label: backLabel, onClick: onBack }}
      testIds={{ form: 'checkout-form', submit: 'checkout-confirm', cancel: 'checkout-back' }}
    >
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
        hint={problem === null ? seatsHint(plan.seats, users) : undefined}
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
          onChange={(_, data) => form.set('seats', data.value)}
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
    </FormDialog>
  )
}
