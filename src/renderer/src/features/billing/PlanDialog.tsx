import { useEffect, useEffectEvent, useRef, useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  makeStyles,
  tokens
} from '@fluentui/react-components'
import { Dismiss24Regular } from '@fluentui/react-icons'
import type { BillingOverview, CurrentPlan, PlanDto, PlanVariantDto } from '@shared/domain'
import { isAdmin } from '@shared/rules'
import { CHECKOUT_POLL_MS, useBillingChanged, useBillingOverview, useBillingPlans, useCheckout } from '@renderer/api/billing'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'
import { useOrganization } from '@renderer/api/organization'
import { useUser } from '@renderer/api/user'
import { useNotify } from '@renderer/lib/toasts'
import { useFormDialog, type Submission } from '@renderer/components/FormDialog'
import { LoadingState } from '@renderer/components/LoadingState'
import { useHost } from '@renderer/host/HostContext'
import { CheckoutForm, checkoutSeats, type CheckoutValues } from './CheckoutForm'
import { INTERVAL_LABELS } from './planFormat'
import { PlansSection } from './PlansSection'

const useStyles = makeStyles({
  surface: { maxWidth: '1040px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  waiting: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, alignItems: 'flex-start' }
})

const PLAN_DIALOG_TITLE = 'Manage your plan'
const FINISH_CHECKOUT_TEXT = 'Finish checkout in your browser…'

export interface PlanChoice {
  plan: PlanDto
  variant: PlanVariantDto
}

interface PlanDialogProps {
  open: boolean
  onClose: () => void
  /** Start at the confirm step with this plan and interval (a card chosen on a page). */
  initialChoice?: PlanChoice | null
  /** After a plan became active; the dialog has closed. */
  onCompleted?: (plan: CurrentPlan) => void
}

type Step = { kind: 'choose' } | { kind: 'confirm'; choice: PlanChoice } | { kind: 'waiting'; choice: PlanChoice; url: string }

/** The server's text for a refused checkout (its seat or price message), the generic text otherwise. */
function checkoutFailure(error: unknown): string {
  if (!isApiError(error) || !error.isClientError) return GENERIC_ERROR_MESSAGE
  return error.fields.seatQuantity ?? error.fields.priceId ?? error.message
}

/** The subscription now pays `priceId` (a checkout finished in the browser). */
function paysFor(overview: BillingOverview | undefined, priceId: string): boolean {
  return overview !== undefined && overview.priceId === priceId && overview.currentPlan.status === 'active'
}

const NO_SEATS_TYPED: CheckoutValues = { seats: null }

/**
 * The 'Manage your plan' dialog (spec §2): the plans with a monthly/yearly switch, or Stripe's
 * pricing table when the organization is billed through Stripe. An admin chooses a plan, confirms
 * the seats, and POST /billing/checkout either completes at once (built-in billing) or answers
 * with a checkout page that opens in the browser while the dialog waits for the plan to turn active.
 * The confirm step is a FormDialog inside this dialog's surface: one checkout per submission
 * however fast Confirm plan is clicked, with its Idempotency-Key, and closing waits for the answer.
 */
export function PlanDialog(props: PlanDialogProps) {
  return props.open ? <PlanDialogContent {...props} /> : null
}

/** While the checkout page is open in the browser: what was chosen, Open checkout again, and the wait for the plan to turn active. */
function CheckoutWaiting({ choice, onReopen }: { choice: PlanChoice; onReopen: () => void }) {
  const styles = useStyles()
  return (
    <div className={styles.waiting} data-testid="checkout-waiting">
      <MessageBar intent="info">
        <MessageBarBody>
          <MessageBarTitle>{FINISH_CHECKOUT_TEXT}</MessageBarTitle>
          {choice.plan.name}, {INTERVAL_LABELS[choice.variant.name].toLowerCase()}. This dialog closes once your plan is active.
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={onReopen} data-testid="checkout-reopen">
            Open checkout again
          </Button>
        </MessageBarActions>
      </MessageBar>
      <Spinner size="small" label="Waiting for your payment…" labelPosition="after" />
    </div>
  )
}

function PlanDialogContent({ onClose, initialChoice = null, onCompleted }: PlanDialogProps) {
  const styles = useStyles()
  const notify = useNotify()
  const host = useHost()
  const user = useUser()
  const organization = useOrganization()
  const plans = useBillingPlans()
  const checkout = useCheckout()
  const billingChanged = useBillingChanged()
  const [step, setStep] = useState<Step>(initialChoice ? { kind: 'confirm', choice: initialChoice } : { kind: 'choose' })
  const [error, setError] = useState<string | null>(null)
  // Closing waits for a checkout's answer, as the close button always did; nothing typed is worth a question.
  const form = useFormDialog({ initial: NO_SEATS_TYPED, onClose, whileSaving: 'block', closeQuestion: null })

  const admin = user.data ? isAdmin(user.data) : false
  const stripeTableShown = step.kind === 'choose' && admin && Boolean(plans.data?.pricingTable)
  const watching = step.kind === 'waiting' || stripeTableShown
  const overview = useBillingOverview({ enabled: watching, pollMs: watching ? CHECKOUT_POLL_MS : false })

  const finish = (planName: string, currentPlan: CurrentPlan) => {
    notify({ title: 'Plan updated ✅', body: `Your organization is now on ${planName}.` })
    onClose()
    onCompleted?.(currentPlan)
  }

  const finished = useRef(false)
  const activated = useEffectEvent((current: BillingOverview) => {
    if (finished.current) return
    finished.current = true
    void billingChanged().then(() => {
      const name = plans.data?.plans.find((p) => p.variants.some((v) => v.priceId === current.priceId))?.name ?? current.currentPlan.productName ?? 'your new plan'
      finish(name, current.currentPlan)
    })
  })

  const waitingDone = step.kind === 'waiting' && paysFor(overview.data, step.choice.variant.priceId)
  // Stripe's pricing table checks out on its own: paying another price than the plan table's current one means it is done.
  const stripeDone =
    stripeTableShown &&
    overview.data !== undefined &&
    overview.data.priceId !== null &&
    overview.data.priceId !== plans.data?.currentPriceId &&
    overview.data.currentPlan.status === 'active'
  const done = waitingDone || stripeDone
  useEffect(() => {
    if (done && overview.data) activated(overview.data)
  }, [done, overview.data])

  const confirm = async (choice: PlanChoice, users: number, { values, idempotencyKey }: Submission<CheckoutValues>) => {
    setError(null)
    const seatQuantity = Number(checkoutSeats(values, choice.plan, users))
    const result = await checkout.mutateAsync({ priceId: choice.variant.priceId, seatQuantity, idempotencyKey })
    if (result.status === 'completed') {
      finish(choice.plan.name, result.currentPlan)
      return
    }
    setStep({ kind: 'waiting', choice, url: result.url })
    host.openExternal(result.url).catch((failure: unknown) => console.error('The checkout page did not open.', failure))
  }

  const closeButton = (
    <DialogTrigger action="close">
      <Button appearance="subtle" aria-label="Close" icon={<Dismiss24Regular />} disabled={form.closeBlocked} data-testid="plan-dialog-close" />
    </DialogTrigger>
  )

  let body
  let checkoutStep = null
  if (step.kind === 'choose') {
    body = (
      <PlansSection
        allowPricingTable
        onChoose={(plan, variant) => {
          setError(null)
          // Each choice starts from its own default seats.
          form.set('seats', null)
          setStep({ kind: 'confirm', choice: { plan, variant } })
        }}
      />
    )
  } else if (step.kind === 'confirm') {
    const { choice } = step
    const users = organization.data?.users
    // The step's form brings the title, body and buttons (a FormDialog inside this surface).
    checkoutStep =
      users !== undefined ? (
        <CheckoutForm
          form={form}
          title={PLAN_DIALOG_TITLE}
          titleAction={closeButton}
          plan={choice.plan}
          variant={choice.variant}
          users={users}
          error={error}
          backLabel={initialChoice ? 'Cancel' : 'Back'}
          onBack={() => (initialChoice ? onClose() : setStep({ kind: 'choose' }))}
          onConfirm={(submission) => confirm(choice, users, submission)}
          onError={(failure) => setError(checkoutFailure(failure))}
        />
      ) : null
    body = <LoadingState inline label="Loading your organization…" />
  } else {
    const { choice, url } = step
    body = (
      <CheckoutWaiting
        choice={choice}
        onReopen={() => void host.openExternal(url).catch((failure: unknown) => console.error('The checkout page did not open.', failure))}
      />
    )
  }

  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : form.requestClose())}>
      <DialogSurface className={styles.surface} data-testid="plan-dialog" aria-describedby={undefined}>
        {checkoutStep ?? (
          <DialogBody>
            <DialogTitle action={closeButton}>{PLAN_DIALOG_TITLE}</DialogTitle>
            <DialogContent className={styles.content}>{body}</DialogContent>
            {step.kind === 'waiting' ? (
              <DialogActions>
                <Button appearance="secondary" onClick={onClose} data-testid="plan-dialog-cancel">
                  Cancel
                </Button>
              </DialogActions>
            ) : null}
          </DialogBody>
        )}
      </DialogSurface>
    </Dialog>
  )
}
