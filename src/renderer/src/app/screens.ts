import type { ComponentType } from 'react'
import type { RoutePath } from '@shared/routes'

type ScreenLoader = () => Promise<{ default: ComponentType }>

/**
 * Each registered route's screen, code-split. Keyed by the registry's paths (src/shared/routes.ts):
 * TypeScript refuses a registered route without a screen and a screen without a registered route.
 */
export const SCREENS = {
  '/login': () => import('@renderer/features/auth/LoginPage'),
  '/signup': () => import('@renderer/features/auth/SignupPage'),
  '/signup/onboarding/company': () => import('@renderer/features/auth/OnboardingPage'),
  '/callback': () => import('@renderer/features/auth/CallbackPage'),
  '/dashboard': () => import('@renderer/features/dashboard/DashboardPage'),
  '/content/write-post': () => import('@renderer/features/content/WritePostPage'),
  '/collaborate': () => import('@renderer/features/collaborate/CollaboratePage'),
  '/schedule': () => import('@renderer/features/schedule/SchedulePage'),
  '/team': () => import('@renderer/features/team/TeamEffortPage'),
  '/analytics': () => import('@renderer/features/analytics/AnalyticsPage'),
  '/academy/insights': () => import('@renderer/features/academy/AcademyHomePage'),
  '/academy/course/:course/:lesson': () => import('@renderer/features/academy/LessonPage'),
  '/recommended': () => import('@renderer/features/recommended/RecommendedPage'),
  '/posting-guideline': () => import('@renderer/features/guideline/GuidelinePage'),
  '/settings': () => import('@renderer/features/settings/ProfileSettingsPage'),
  '/settings/organization': () => import('@renderer/features/settings/OrganizationSettingsPage'),
  '/settings/billing': () => import('@renderer/features/billing/BillingSettingsPage'),
  '/settings/privacy': () => import('@renderer/features/settings/PrivacySettingsPage'),
  '/billing': () => import('@renderer/features/billing/BillingPage'),
  '/subscription-expired': () => import('@renderer/features/billing/SubscriptionExpiredPage'),
  '/approve/:token': () => import('@renderer/features/collaborate/ApproveLinkPage'),
  '/join': () => import('@renderer/features/auth/JoinPage'),
  '/validate-certification': () => import('@renderer/features/academy/ValidateCertificationPage'),
  '*': () => import('./NotFoundPage')
} satisfies Record<RoutePath, ScreenLoader>
