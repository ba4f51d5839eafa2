import { useState } from 'react'
import {
  Badge,
  Button,
  Card,
  Link,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens
} from '@fluentui/react-components'
import type { BillingOverview, Invoice } from '@shared/domain'
import { isAdmin, isSubscriptionExpired, isTrial } from '@shared/rules'
import { useBillingOverview, useOpenBillingPortal } from '@renderer/api/billing'
import { useUser } from '@renderer/api/user'
import { useNotify } from '@renderer/lib/toasts'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { useHost } from '@renderer/host/HostContext'
import { useNow } from '@renderer/hooks/useNow'
import { failureToast } from '@renderer/lib/failureToast'
import { formatDay, planStatusLabel } from '@renderer/lib/formatDate'
import { ManageSeatsDialog } from '@renderer/dialogs/seats/ManageSeatsDialog'
import { PlanDialog } from './PlanDialog'
import { INTERVAL_LABELS, INVOICE_STATUS_LABELS, formatAmount } from './planFormat'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXL },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalS,
    margin: 0
  },
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  tableWrap: { overflowX: 'auto' }
})

type StatusColor = 'success' | 'warning' | 'danger' | 'informative'

function statusColor(status: string, expired: boolean): StatusColor {
  if (expired) return 'danger'
  if (status === 'active') return 'success'
  if (status === 'trialing' || status === 'on_trial') return 'informative'
  return 'warning'
}

/** The period line: trial end, renewal, 'Cancels on …' or the end, in the user's timezone. */
function periodLine(overview: BillingOverview, timezone: string | null, now: Date): { label: string; value: string } | null {
  const plan = overview.currentPlan
  if (isTrial(plan) && plan.trialEndsAt) {
    return { label: Date.parse(plan.trialEndsAt) < now.getTime() ? 'Trial ended' : 'Trial ends', value: formatDay(plan.trialEndsAt, timezone) }
  }
  if (plan.endsAt) return { label: Date.parse(plan.endsAt) < now.getTime() ? 'Ended' : 'Ends', value: formatDay(plan.endsAt, timezone) }
  if (overview.currentPeriodEnd) {
    const day = formatDay(overview.currentPeriodEnd, timezone)
    return { label: 'Period end', value: overview.cancelAtPeriodEnd ? `Cancels on ${day}` : `Renews on ${day}` }
  }
  return null
}

/**
 * /settings/billing: the current plan with its status, seats and period; invoices; 'Change plan'
 * for everyone (members see the plans only), 'Manage seats' and 'Manage billing' for admins.
 */
export default function BillingSettingsPage() {
  const styles = useStyles()
  const user = useUser()
  const overview = useBillingOverview()
  const now = useNow()
  const notify = useNotify()
  const portal = useOpenBillingPortal()
  const [planOpen, setPlanOpen] = useState(false)
  const [seatsOpen, setSeatsOpen] = useState(false)

  if (user.isPending || overview.isPending) return <LoadingState inline label="Loading billing…" />
  if (user.isError || overview.isError) return <ErrorState onRetry={() => void Promise.all([user.refetch(), overview.refetch()])} />

  const data = overview.data
  const plan = data.currentPlan
  const timezone = user.data.timezone
  const admin = isAdmin(user.data)
  const expired = isSubscriptionExpired(plan, now)
  const period = periodLine(data, timezone, now)

  const manageBilling = () =>
    portal.mutate(undefined, { onError: (error) => notify(failureToast('Billing portal not opened ⚠️', error)) })

  return (
    <div className={styles.root} data-testid="billing-settings">
      <Card className={styles.card}>
        <h2 className={styles.heading}>Plan</h2>
        <dl className={styles.facts}>
          <div className={styles.pair}>
            <dt className={styles.term}>Current plan</dt>
            <dd className={styles.value} data-testid="billing-plan-name">
              {plan.productName ?? 'No plan'}
              {data.interval ? ` (${INTERVAL_LABELS[data.interval].toLowerCase()})` : ''}
            </dd>
          </div>
          <div className={styles.pair}>
            <dt className={styles.term}>Status</dt>
            <dd className={styles.value}>
              <Badge appearance="tint" color={statusColor(plan.status, expired)} data-testid="billing-status">
                {expired && isTrial(plan) ? 'Trial ended' : planStatusLabel(plan.status)}
              </Badge>
            </dd>
          </div>
          <div className={styles.pair}>
            <dt className={styles.term}>Seats</dt>
            <dd className={styles.value} data-testid="billing-seats">
              {data.usersCount} of {plan.availableSeats} used
            </dd>
          </div>
          <div className={styles.pair}>
            <dt className={styles.term}>Minimum seats</dt>
            <dd className={styles.value} data-testid="billing-min-seats">
              {plan.minSeats}
            </dd>
          </div>
          {period ? (
            <div className={styles.pair}>
              <dt className={styles.term}>{period.label}</dt>
              <dd className={styles.value} data-testid="billing-period">
                {period.value}
              </dd>
            </div>
          ) : null}
        </dl>
        <div className={styles.actions}>
          <Button appearance="primary" onClick={() => setPlanOpen(true)} data-testid="billing-change-plan">
            Change plan
          </Button>
          {admin ? (
            <Button onClick={() => setSeatsOpen(true)} data-testid="billing-manage-seats">
              Manage seats
            </Button>
          ) : null}
          {admin ? (
            <Button
              onClick={manageBilling}
              disabled={portal.isPending}
              icon={portal.isPending ? <Spinner size="tiny" /> : undefined}
              data-testid="billing-manage-billing"
            >
              Manage billing
            </Button>
          ) : null}
        </div>
      </Card>
      <Card className={styles.card}>
        <h2 className={styles.heading}>Invoices</h2>
        <Invoices invoices={data.invoices} timezone={timezone} />
      </Card>
      <PlanDialog open={planOpen} onClose={() => setPlanOpen(false)} />
      {admin ? <ManageSeatsDialog open={seatsOpen} onClose={() => setSeatsOpen(false)} /> : null}
    </div>
  )
}

function Invoices({ invoices, timezone }: { invoices: readonly Invoice[]; timezone: string | null }) {
  const styles = useStyles()
  const host = useHost()
  if (invoices.length === 0) return <EmptyState message="No invoices yet." />
  // The built-in billing keeps no invoice documents: a Link column only where a provider gives one.
  const linked = invoices.some((invoice) => invoice.url)
  const open = (url: string) => {
    host.openExternal(url).catch((error: unknown) => console.error(`Could not open ${url}.`, error))
  }
  return (
    <div className={styles.tableWrap}>
      <Table aria-label="Invoices" size="small" data-testid="invoices-table">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Number</TableHeaderCell>
            <TableHeaderCell>Date</TableHeaderCell>
            <TableHeaderCell>Description</TableHeaderCell>
            <TableHeaderCell>Amount</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            {linked ? <TableHeaderCell>Link</TableHeaderCell> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {invoices.map((invoice) => (
            <TableRow key={invoice.id} data-testid={`invoice-${invoice.id}`}>
              <TableCell>{invoice.number}</TableCell>
              <TableCell>{formatDay(invoice.createdAt, timezone)}</TableCell>
              <TableCell>{invoice.description}</TableCell>
              <TableCell>{formatAmount(invoice.amount)}</TableCell>
              <TableCell>{INVOICE_STATUS_LABELS[invoice.status]}</TableCell>
              {linked ? (
                <TableCell>
                  {invoice.url ? (
                    <Link as="button" onClick={() => open(invoice.url as string)} aria-label={`View invoice ${invoice.number}`}>
                      View
                    </Link>
                  ) : null}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
