import type { ComponentType } from 'react'
import { Board24Regular, CalendarLtr24Regular, DocumentEdit24Regular, Settings24Regular, type FluentIcon } from '@fluentui/react-icons'
import { paths } from './paths'

/**
 * guest: sign-in screens; a valid session moves on to the app.
 * protected: behind the auth gate (spec §4); `shell` screens render inside the navigation shell.
 * bare: no shell and no auth check (/join works signed in or out: accepting signs in as the invitee).
 */
export type RouteAccess = 'guest' | 'protected' | 'bare'

export interface NavEntry {
  label: string
  icon: FluentIcon
  /** 'bottom' entries sit under Chat and Help center at the foot of the left navigation. */
  section: 'main' | 'bottom'
}

export interface RouteEntry {
  path: string
  access: RouteAccess
  shell: boolean
  load: () => Promise<{ default: ComponentType }>
  nav?: NavEntry
}

/**
 * The one route table: it drives the router and the left navigation. A screen appears here (and in
 * the navigation) once it exists; there are no placeholder screens.
 */
export const ROUTES: readonly RouteEntry[] = [
  { path: paths.login, access: 'guest', shell: false, load: () => import('@renderer/features/auth/LoginPage') },
  { path: paths.signup, access: 'guest', shell: false, load: () => import('@renderer/features/auth/SignupPage') },
  { path: paths.onboarding, access: 'protected', shell: false, load: () => import('@renderer/features/auth/OnboardingPage') },
  { path: paths.callback, access: 'protected', shell: false, load: () => import('@renderer/features/auth/CallbackPage') },
  {
    path: paths.dashboard,
    access: 'protected',
    shell: true,
    load: () => import('@renderer/features/dashboard/DashboardPage'),
    nav: { label: 'Dashboard', icon: Board24Regular, section: 'main' }
  },
  // Spec §2 order: Dashboard, Create content, (Recommended posts), Collaborate, Plan, Team effort, Analytics, Academy.
  {
    path: paths.writePost,
    access: 'protected',
    shell: true,
    load: () => import('@renderer/features/content/WritePostPage'),
    nav: { label: 'Create content', icon: DocumentEdit24Regular, section: 'main' }
  },
  {
    path: paths.schedule,
    access: 'protected',
    shell: true,
    load: () => import('@renderer/features/schedule/SchedulePage'),
    nav: { label: 'Plan', icon: CalendarLtr24Regular, section: 'main' }
  },
  {
    path: paths.settings,
    access: 'protected',
    shell: true,
    load: () => import('@renderer/features/settings/ProfileSettingsPage'),
    nav: { label: 'Settings', icon: Settings24Regular, section: 'bottom' }
  },
  {
    path: paths.organizationSettings,
    access: 'protected',
    shell: true,
    load: () => import('@renderer/features/settings/OrganizationSettingsPage')
  },
  {
    path: paths.billingSettings,
    access: 'protected',
    shell: true,
    load: () => import('@renderer/features/billing/BillingSettingsPage')
  },
  {
    path: paths.billing,
    access: 'protected',
    shell: true,
    load: () => import('@renderer/features/billing/BillingPage')
  },
  {
    path: paths.subscriptionExpired,
    access: 'protected',
    shell: true,
    load: () => import('@renderer/features/billing/SubscriptionExpiredPage')
  },
  { path: paths.join, access: 'bare', shell: false, load: () => import('@renderer/features/auth/JoinPage') },
  {
    path: paths.validateCertification,
    access: 'bare',
    shell: false,
    load: () => import('@renderer/features/academy/ValidateCertificationPage')
  }
]

export function navEntries(section: NavEntry['section']): Array<RouteEntry & { nav: NavEntry }> {
  return ROUTES.filter((r): r is RouteEntry & { nav: NavEntry } => r.nav?.section === section)
}

/** Whether a screen exists at this path (links to screens not built yet are left out). */
export function routeExists(path: string): boolean {
  return ROUTES.some((r) => r.path === path)
}
