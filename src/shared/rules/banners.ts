import type { CurrentPlan } from '../domain'
import { BANNER_WARNING_DAYS } from '../constants'
import { daysUntil, isTrial } from './subscription'
import { GUIDELINE_MESSAGES } from '../domain/guideline'

export type Banner =
  | { kind: 'trial'; days: number; message: string; linkLabel: 'Upgrade plan'; linkTo: '/settings/billing' }
  | { kind: 'linkedin-missing'; message: string; linkLabel: 'Profile Settings'; linkTo: '/settings' }
  | { kind: 'linkedin-expiring'; days: number; message: string; linkLabel: 'Reconnect'; linkTo: '/settings' }
  | { kind: 'linkedin-expired'; message: string; linkLabel: 'Reconnect'; linkTo: '/settings' }
  | { kind: 'guideline'; message: string; linkLabel: string; linkTo: '/posting-guideline' }

/** Routes where no banner shows (spec §2). */
const BANNERLESS_PREFIXES = ['/login', '/signup', '/join', '/callback', '/billing', '/subscription-expired']

export function bannersAllowedOn(pathname: string): boolean {
  return !BANNERLESS_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`))
}

/**
 * Pages that say themselves, where it matters, what a missing or expired LinkedIn connection stops:
 * the post editor's bar over Schedule and Post now. The banner would say it a second time there.
 */
const OWN_LINKEDIN_NOTICE = ['/content/write-post']

/** The banners to show on `pathname`: none where banners are not allowed, and no second LinkedIn notice. */
export function bannersFor(pathname: string, banners: readonly Banner[]): Banner[] {
  if (!bannersAllowedOn(pathname)) return []
  // The guideline's own page is where it is read: its banner would point at itself.
  const shown = banners.filter((banner) => !(banner.kind === 'guideline' && pathname === banner.linkTo))
  if (!OWN_LINKEDIN_NOTICE.includes(pathname)) return shown
  return shown.filter((banner) => banner.kind !== 'linkedin-missing' && banner.kind !== 'linkedin-expired')
}

const dayWord = (n: number): string => (n === 1 ? 'day' : 'days')

function trialBannerMessage(days: number): string {
  return `Your trial will expire in ${days} ${dayWord(days)}. Upgrade your plan to continue using all features.`
}

function linkedInExpiringMessage(days: number): string {
  return `Your LinkedIn connection will expire in ${days} ${dayWord(days)}. Please reconnect to avoid interruption.`
}

interface BannerInput {
  plan: Pick<CurrentPlan, 'status' | 'trialEndsAt'> | null
  isLinkedInConnected: boolean
  linkedInExpireAt: string | null
  /** GET /user's guidelineRead: false while the organization has a guideline the user has not confirmed. */
  guidelineRead?: boolean
}

export function computeBanners(input: BannerInput, now: Date): Banner[] {
  const banners: Banner[] = []
  if (input.plan && isTrial(input.plan) && input.plan.trialEndsAt) {
    const days = daysUntil(input.plan.trialEndsAt, now)
    if (Date.parse(input.plan.trialEndsAt) >= now.getTime() && days <= BANNER_WARNING_DAYS) {
      banners.push({ kind: 'trial', days, message: trialBannerMessage(days), linkLabel: 'Upgrade plan', linkTo: '/settings/billing' })
    }
  }
  const expiry = input.linkedInExpireAt ? Date.parse(input.linkedInExpireAt) : null
  if (expiry !== null && expiry < now.getTime()) {
    banners.push({ kind: 'linkedin-expired', message: 'You need to reconnect to LinkedIn.', linkLabel: 'Reconnect', linkTo: '/settings' })
  } else if (!input.isLinkedInConnected) {
    banners.push({ kind: 'linkedin-missing', message: 'You need to connect to LinkedIn.', linkLabel: 'Profile Settings', linkTo: '/settings' })
  } else if (input.linkedInExpireAt) {
    const days = daysUntil(input.linkedInExpireAt, now)
    if (days <= BANNER_WARNING_DAYS) {
      banners.push({ kind: 'linkedin-expiring', days, message: linkedInExpiringMessage(days), linkLabel: 'Reconnect', linkTo: '/settings' })
    }
  }
  if (input.guidelineRead === false) {
    banners.push({ kind: 'guideline', message: GUIDELINE_MESSAGES.banner, linkLabel: GUIDELINE_MESSAGES.bannerLink, linkTo: '/posting-guideline' })
  }
  return banners
}
