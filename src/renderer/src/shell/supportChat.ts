import type { PublicConfig } from '@shared/api/contract'
import type { Organization, User } from '@shared/domain'
import { roleOf } from '@shared/rules'

type SupportChatSettings = NonNullable<PublicConfig['supportChat']>

/** The messenger's API host per data-hosting region (Intercom-compatible messengers). */
const API_BASES: Record<SupportChatSettings['region'], string> = {
  us: 'https://api-iam.intercom.io',
  eu: 'https://api-iam.eu.intercom.io',
  ap: 'https://api-iam.au.intercom.io'
}

const WIDGET_SCRIPT_BASE = 'https://widget.intercom.io/widget/'

type Messenger = ((command: string, ...args: unknown[]) => void) & { q?: unknown[][] }

declare global {
  interface Window {
    Intercom?: Messenger
  }
}

/** The user and company attributes the chat is sent (spec §1). */
export function supportChatBootAttributes(
  settings: SupportChatSettings,
  user: User,
  organization: Organization | undefined
): Record<string, unknown> {
  const plan = organization?.currentPlan
  const page = organization?.organizationBusinessPages[0]
  return {
    api_base: API_BASES[settings.region],
    app_id: settings.appId,
    user_id: user.id,
    name: user.fullName,
    email: user.email,
    user_hash: user.userHash,
    role: roleOf(user),
    company: organization
      ? {
          company_id: organization.id,
          name: organization.name,
          seats: plan?.availableSeats,
          plan: plan?.productName ?? undefined,
          plan_status: plan?.status,
          trial_end: plan?.trialEndsAt ?? undefined,
          industry: page?.aiSettingTemplate?.industries[0]?.industry,
          website: page?.linkedInWebsite ?? undefined,
          description: page?.linkedInCompanyDescription ?? undefined,
          company_page_name: page?.linkedInCompanyName,
          company_page_link: page?.linkedInPageLink ?? undefined
        }
      : undefined
  }
}

/** Queues calls until the widget script has loaded, as the provider's own loader does. */
function installMessenger(appId: string): Messenger {
  if (window.Intercom) return window.Intercom
  const queue: unknown[][] = []
  const messenger: Messenger = (...args: unknown[]) => {
    queue.push(args)
  }
  messenger.q = queue
  window.Intercom = messenger
  const script = document.createElement('script')
  script.async = true
  script.src = `${WIDGET_SCRIPT_BASE}${encodeURIComponent(appId)}`
  script.onerror = () => console.error('The support chat widget could not be loaded.')
  document.head.appendChild(script)
  return messenger
}

let bootedFor: string | null = null

/** Loads the widget on first use, boots it for this user and organization, and opens it. */
export function openSupportChat(settings: SupportChatSettings, user: User, organization: Organization | undefined): void {
  installMessenger(settings.appId)
  const key = `${settings.appId}:${user.id}:${organization?.id ?? ''}`
  const messenger = (command: string, ...args: unknown[]) => window.Intercom?.(command, ...args)
  if (bootedFor !== key) {
    if (bootedFor !== null) messenger('shutdown')
    messenger('boot', supportChatBootAttributes(settings, user, organization))
    bootedFor = key
  }
  messenger('show')
}
