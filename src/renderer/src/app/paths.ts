/** Addresses the app's own code navigates to. */
export const paths = {
  login: '/login',
  signup: '/signup',
  join: '/join',
  onboarding: '/signup/onboarding/company',
  dashboard: '/dashboard',
  schedule: '/schedule',
  settings: '/settings',
  organizationSettings: '/settings/organization',
  subscriptionExpired: '/subscription-expired',
  validateCertification: '/validate-certification'
} as const
