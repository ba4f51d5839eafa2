// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { aUser, anOrganization } from '@renderer/testing/fixtures'
import { openSupportChat, supportChatBootAttributes } from './supportChat'

const organization = anOrganization({
  organizationBusinessPages: [
    {
      id: 'page-1',
      image: null,
      linkedInCompanyName: 'Acme Inc',
      linkedInWebsite: 'https://acme.example',
      linkedInCompanyDescription: 'Anvils',
      linkedInPageLink: 'https://www.linkedin.com/company/acme',
      aiSettingTemplate: { industries: [{ industry: 'Manufacturing' }] }
    }
  ]
})

describe('support chat', () => {
  it('sends the user and company attributes of spec §1, with the region’s API base', () => {
    const attributes = supportChatBootAttributes({ appId: 'app-1', region: 'eu' }, aUser(), organization)
    expect(attributes).toMatchObject({
      api_base: 'https://api-iam.eu.intercom.io',
      app_id: 'app-1',
      user_id: 'user-1',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      user_hash: 'hash-1',
      role: 'ADMIN',
      company: {
        company_id: 'org-a',
        name: 'Acme',
        seats: 3,
        plan_status: 'trialing',
        trial_end: organization.currentPlan.trialEndsAt,
        industry: 'Manufacturing',
        website: 'https://acme.example',
        description: 'Anvils',
        company_page_name: 'Acme Inc',
        company_page_link: 'https://www.linkedin.com/company/acme'
      }
    })
  })

  it('loads the widget script once and queues boot and show', () => {
    // happy-dom does not run scripts; the widget's load failure is logged.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    openSupportChat({ appId: 'app-1', region: 'us' }, aUser(), organization)
    openSupportChat({ appId: 'app-1', region: 'us' }, aUser(), organization)
    const scripts = document.head.querySelectorAll('script[src="https://widget.intercom.io/widget/app-1"]')
    expect(scripts).toHaveLength(1)
    const queued = (window.Intercom?.q ?? []).map((args) => args[0])
    expect(queued).toEqual(['boot', 'show', 'show'])
  })
})
