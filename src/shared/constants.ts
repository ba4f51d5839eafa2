/** Business constants and limits of spec §9. */

export const MINUTE_MS = 60_000
export const DAY_MS = 24 * 60 * MINUTE_MS

export const TRIAL_DAYS = 14
export const DEFAULT_MIN_SEATS = 1
export const MAX_UPLOAD_BYTES = 209_715_200
export const RECURRENCE_COUNT_MAX = 16
export const WEEKLY_INTERVAL_MAX = 4
export const SLOT_WINDOW_DAYS = 90
/** Trial banner and LinkedIn-expiry banner show at this many days or fewer. */
export const BANNER_WARNING_DAYS = 7

export const STALE_TIMES = {
  user: 60_000,
  notifications: 60_000,
  organization: 5 * MINUTE_MS,
  schedule: 5 * MINUTE_MS,
  teams: 5 * MINUTE_MS,
  members: 5 * MINUTE_MS,
  assignedSlots: 5 * MINUTE_MS,
  postTags: 2 * MINUTE_MS,
  businessTags: 2 * MINUTE_MS,
  aiTemplates: 5 * MINUTE_MS,
  entitlements: 5 * MINUTE_MS
} as const

export const USER_REFETCH_INTERVAL_MS = 30_000
export const QUERY_RETRIES = 3
export const NOTIFICATION_LIST_HEIGHT_PX = 320
export const TAGS_LOADING_DEBOUNCE_MS = 100
export const BILLING_PORTAL_DELAY_MS = 4000
export const TOAST_TIMEOUT_MS = 5000
export const TOAST_MAX = 1
export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300
export const NAV_WIDTH_COLLAPSED_PX = 60
export const NAV_WIDTH_EXPANDED_PX = 250

export const THEME_STORAGE_KEY = 'theme'

/** 96 quarter-hour options, 00:00 to 23:45 (spec §2). */
export const TIME_OPTIONS: readonly string[] = Array.from({ length: 96 }, (_, i) => {
  const h = String(Math.floor(i / 4)).padStart(2, '0')
  const m = String((i % 4) * 15).padStart(2, '0')
  return `${h}:${m}`
})

export const POST_TYPE_CHOICES = ['Text', 'Add image', 'Add media', 'Add a document', 'Create a poll'] as const

export interface PlanVariant {
  priceId: string
  /** Price per seat; null where the spec does not show it (Enterprise). */
  price: number | null
  name: 'monthly' | 'yearly'
}

export interface PlanDefinition {
  id: string
  name: string
  description: string
  /** The plan's minimum seat count (minSeats). */
  seats: number
  AIPrompts: number
  assignedSlots: boolean
  teamLeaderboard: boolean
  activePlan: boolean
  academy: boolean
  sso: boolean
  reviewFlow: boolean
  teamsIncluded: number
  variants: PlanVariant[]
}

export const PLANS: readonly PlanDefinition[] = [
  {
    id: 'entry',
    name: 'Entry Seat',
    description: 'For small teams getting started with shared posting.',
    seats: 3,
    AIPrompts: 40,
    assignedSlots: true,
    teamLeaderboard: true,
    activePlan: false,
    academy: false,
    sso: false,
    reviewFlow: false,
    teamsIncluded: 1,
    variants: [
      { priceId: 'entry-monthly', price: 19, name: 'monthly' },
      { priceId: 'entry-yearly', price: 190, name: 'yearly' }
    ]
  },
  {
    id: 'professional',
    name: 'Professional Seat',
    description: 'For growing teams with review flow and the academy.',
    seats: 5,
    AIPrompts: 80,
    assignedSlots: true,
    teamLeaderboard: true,
    activePlan: false,
    academy: true,
    sso: false,
    reviewFlow: true,
    teamsIncluded: 3,
    variants: [
      { priceId: 'professional-monthly', price: 29, name: 'monthly' },
      { priceId: 'professional-yearly', price: 290, name: 'yearly' }
    ]
  },
  {
    id: 'enterprise',
    name: 'Enterprise Seat',
    description: 'For organizations that need SSO and many teams.',
    seats: 20,
    AIPrompts: 160,
    assignedSlots: true,
    teamLeaderboard: true,
    activePlan: false,
    academy: true,
    sso: true,
    reviewFlow: true,
    teamsIncluded: 15,
    variants: [{ priceId: 'enterprise-yearly', price: null, name: 'yearly' }]
  }
]
