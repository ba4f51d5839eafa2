/** Business constants and limits of spec §9. */

export const MINUTE_MS = 60_000
export const DAY_MS = 24 * 60 * MINUTE_MS

export const TRIAL_DAYS = 14
export const DEFAULT_MIN_SEATS = 1
export const MAX_UPLOAD_BYTES = 209_715_200
/** A profile photo (Settings → Profile): at most 2 MB, square, 64 to 2048 pixels a side. The app uploads 512 × 512. */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024
export const PHOTO_MIN_SIDE = 64
export const PHOTO_MAX_SIDE = 2048
/** The side of the photo the app crops and uploads. */
export const PHOTO_UPLOAD_SIDE = 512
/** The photo types the server keeps (no GIF: a photo does not move). */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
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

// Writing and publishing (issue 6): LinkedIn's own limits, enforced on both sides.
/** The text (commentary) of a LinkedIn post. */
export const LINKEDIN_POST_MAX = 3000
/** Polls: a question of at most 140 characters, 2–4 options of at most 30. */
export const POLL_QUESTION_MAX = 140
export const POLL_OPTION_MAX = 30
export const POLL_OPTIONS_MIN = 2
export const POLL_OPTIONS_MAX = 4
/** Poll durations LinkedIn offers, in days. */
export const POLL_DURATIONS = [1, 3, 7, 14] as const
export const POLL_DURATION_DEFAULT = 7
/** A post carries up to 20 images, or one video, or one document. */
export const POST_IMAGES_MAX = 20
/** Media upload chunk size: each chunk is one multipart request (progress, no whole-file buffering anywhere). */
export const MEDIA_CHUNK_BYTES = 4 * 1024 * 1024
/** Alt text of an image, as LinkedIn accepts it. */
export const MEDIA_ALT_TEXT_MAX = 4086
/** LinkedIn access tokens live 60 days; refresh tokens 365 days. */
export const LINKEDIN_TOKEN_DAYS = 60
export const LINKEDIN_REFRESH_TOKEN_DAYS = 365
/** How long a started LinkedIn connection (OAuth state + PKCE verifier) may take to come back. */
export const LINKEDIN_CONNECT_TTL_MS = 10 * 60 * 1000
/** Content types accepted as post media, by kind. */
export const MEDIA_TYPES = {
  image: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  video: ['video/mp4', 'video/quicktime', 'video/webm'],
  document: ['application/pdf', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/msword']
} as const
