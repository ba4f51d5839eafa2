import { describe, expect, it } from 'vitest'
import { manualClock } from '../../testing/clock'
import { ConfigError } from '../../configError'
import { createLinkedInAdapter, DEFAULT_LINKEDIN_VERSION, linkedInConfigFromEnv } from './config'

const credentials = { PAGECREW_LINKEDIN_CLIENT_ID: '86abcdefgh', PAGECREW_LINKEDIN_CLIENT_SECRET: 'WPL_AP1.secret-value' }

describe('linkedInConfigFromEnv', () => {
  it('is null (the sandbox) when nothing is set, blank counting as unset', () => {
    expect(linkedInConfigFromEnv({})).toBeNull()
    expect(linkedInConfigFromEnv({ PAGECREW_LINKEDIN_CLIENT_ID: ' ', PAGECREW_LINKEDIN_CLIENT_SECRET: '' })).toBeNull()
    expect(createLinkedInAdapter({ linkedIn: null, publicUrl: null }, { clock: manualClock() }).provider).toBe('sandbox')
  })

  it('reads the application with LinkedIn’s defaults, and every setting', () => {
    const config = linkedInConfigFromEnv(credentials)
    expect(config).toEqual({
      clientId: '86abcdefgh',
      clientSecret: 'WPL_AP1.secret-value',
      version: DEFAULT_LINKEDIN_VERSION,
      organizationScope: false,
      analyticsScope: false,
      oauthBase: 'https://www.linkedin.com',
      apiBase: 'https://api.linkedin.com'
    })
    expect(DEFAULT_LINKEDIN_VERSION).toBe('202511')
    expect(createLinkedInAdapter({ linkedIn: config, publicUrl: null }, { clock: manualClock() }).provider).toBe('linkedin')
    expect(
      linkedInConfigFromEnv({
        ...credentials,
        PAGECREW_LINKEDIN_VERSION: '202601',
        PAGECREW_LINKEDIN_ORGANIZATION_SCOPE: '1',
        PAGECREW_LINKEDIN_ANALYTICS_SCOPE: 'true',
        PAGECREW_LINKEDIN_OAUTH_BASE: 'http://127.0.0.1:9000/',
        PAGECREW_LINKEDIN_API_BASE: 'http://127.0.0.1:9001'
      })
    ).toMatchObject({ version: '202601', organizationScope: true, analyticsScope: true, oauthBase: 'http://127.0.0.1:9000', apiBase: 'http://127.0.0.1:9001' })
  })

  it('refuses one credential without the other, settings without credentials and bad values, never showing the secret', () => {
    const refusals: [NodeJS.ProcessEnv, RegExp][] = [
      [{ PAGECREW_LINKEDIN_CLIENT_ID: 'id' }, /set PAGECREW_LINKEDIN_CLIENT_ID and PAGECREW_LINKEDIN_CLIENT_SECRET together/],
      [{ PAGECREW_LINKEDIN_CLIENT_SECRET: 'WPL_AP1.secret-value' }, /set PAGECREW_LINKEDIN_CLIENT_ID and PAGECREW_LINKEDIN_CLIENT_SECRET together/],
      [{ PAGECREW_LINKEDIN_VERSION: '202511' }, /PAGECREW_LINKEDIN_VERSION need PAGECREW_LINKEDIN_CLIENT_ID and PAGECREW_LINKEDIN_CLIENT_SECRET/],
      [{ ...credentials, PAGECREW_LINKEDIN_VERSION: '2025-11' }, /PAGECREW_LINKEDIN_VERSION must be a LinkedIn API version, YYYYMM/],
      [{ ...credentials, PAGECREW_LINKEDIN_VERSION: '202513' }, /YYYYMM/],
      [{ ...credentials, PAGECREW_LINKEDIN_ORGANIZATION_SCOPE: 'yes' }, /PAGECREW_LINKEDIN_ORGANIZATION_SCOPE must be 1 or 0/],
      [{ ...credentials, PAGECREW_LINKEDIN_API_BASE: 'ftp://x' }, /PAGECREW_LINKEDIN_API_BASE must be an http\(s\) address/],
      [{ ...credentials, PAGECREW_LINKEDIN_CLIENT_SECRET: 'two words' }, /must not contain spaces/]
    ]
    for (const [env, message] of refusals) {
      const call = () => linkedInConfigFromEnv(env)
      expect(call).toThrow(ConfigError)
      expect(call).toThrow(message)
      try {
        call()
      } catch (err) {
        expect(String(err)).not.toContain('secret-value')
      }
    }
  })
})
