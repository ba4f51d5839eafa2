import type { CurrentPlan, Invoice } from '../../../shared/domain'
import type { BillingProvider } from '../../adapters/billing/billing'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'

/* What the billing use cases take and answer (docs/architecture.md, "Billing and plans"). */

export interface BillingDeps {
  db: Database
  clock: Clock
  provider: BillingProvider
  contactSalesUrl: string
  /** <dataDir>/uploads: the photos of users deleted with the seats taken away go from there. */
  uploadsDir: string
  log?: (message: string) => void
}

/** What the built-in portal page shows (rendered by routes/billing.ts). */
export interface PortalView {
  organizationName: string
  productName: string | null
  status: CurrentPlan['status']
  expired: boolean
  usersCount: number
  availableSeats: number
  trialEndsAt: Date | null
  currentPeriodEnd: Date | null
  endsAt: Date | null
  cancelAtPeriodEnd: boolean
  canCancel: boolean
  canResume: boolean
  invoices: Invoice[]
}
