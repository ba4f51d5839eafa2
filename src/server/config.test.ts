import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AI_DEFAULT_TIMEOUT_MS } from './adapters/ai/config'
import { defaultDataDir, defaultRendererDir, loadConfig } from './config'
import { ConfigError } from './configError'
import { WEBHOOK_RETRY_DELAYS_MS } from './services/webhooks/schedule'

const TOKEN_KEY = Buffer.alloc(32, 7).toString('base64')
const noRenderer = { rendererDir: join(tmpdir(), 'pagecrew-no-renderer-here') }

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ HOME: '/home/ann' }, noRenderer)
    expect(config).toMatchObject({
      port: 4680,
      host: '127.0.0.1',
      databaseUrl: null,
      rendererDir: null,
      helpCenterUrl: 'https://pagecrew.app/help',
      supportChat: null,
      supportChatSecret: null,
      trustProxy: false,
      logLevel: 'warn',
      maxUploadBytes: 209_715_200,
      publicUrl: null,
      smtpUrl: null,
      mailFrom: 'Pagecrew <no-reply@pagecrew.app>',
      ai: null,
      linkedIn: null,
      tokenKey: null,
      publisherIntervalMs: 5000,
      metricsIntervalMs: 60_000,
      linkedInDailyCalls: 500,
      responseChecks: false
    })
  })

  it('checks answers against the contract in development and tests, or when PAGECREW_RESPONSE_CHECKS says so', () => {
    expect(loadConfig({ NODE_ENV: 'production' }, noRenderer).responseChecks).toBe(false)
    expect(loadConfig({ NODE_ENV: 'development' }, noRenderer).responseChecks).toBe(true)
    expect(loadConfig({ NODE_ENV: 'test' }, noRenderer).responseChecks).toBe(true)
    expect(loadConfig({ NODE_ENV: 'production', PAGECREW_RESPONSE_CHECKS: '1' }, noRenderer).responseChecks).toBe(true)
    expect(loadConfig({ NODE_ENV: 'test', PAGECREW_RESPONSE_CHECKS: '0' }, noRenderer).responseChecks).toBe(false)
    expect(() => loadConfig({ PAGECREW_RESPONSE_CHECKS: 'sometimes' }, noRenderer)).toThrow(/PAGECREW_RESPONSE_CHECKS must be 1 or 0/)
  })

  it('runs the publisher every PAGECREW_PUBLISHER_INTERVAL_MS; 0 runs none', () => {
    expect(loadConfig({ PAGECREW_PUBLISHER_INTERVAL_MS: '250' }, noRenderer).publisherIntervalMs).toBe(250)
    expect(loadConfig({ PAGECREW_PUBLISHER_INTERVAL_MS: '0' }, noRenderer).publisherIntervalMs).toBeNull()
    for (const bad of ['fast', '50', '1.5', '3600001']) {
      expect(() => loadConfig({ PAGECREW_PUBLISHER_INTERVAL_MS: bad }, noRenderer), bad).toThrow(/PAGECREW_PUBLISHER_INTERVAL_MS must be/)
    }
  })

  it('waits PAGECREW_WEBHOOK_RETRY_DELAYS_MS between a webhook delivery\'s tries; by default the documented day', () => {
    expect(loadConfig({}, noRenderer).webhookRetryDelaysMs).toEqual(WEBHOOK_RETRY_DELAYS_MS)
    expect(loadConfig({ PAGECREW_WEBHOOK_RETRY_DELAYS_MS: ' 200, 400 ,800' }, noRenderer).webhookRetryDelaysMs).toEqual([200, 400, 800])
    for (const bad of ['soon', '0', '1.5', '100,,200', '-5', '86400001', Array.from({ length: 21 }, () => '100').join(',')]) {
      expect(() => loadConfig({ PAGECREW_WEBHOOK_RETRY_DELAYS_MS: bad }, noRenderer), bad).toThrow(/^Invalid configuration: PAGECREW_WEBHOOK_RETRY_DELAYS_MS must be 1 to 20 whole numbers/)
    }
  })

  it('reads published posts\' metrics every PAGECREW_METRICS_INTERVAL_MS, at most PAGECREW_LINKEDIN_DAILY_CALLS per connection a day', () => {
    expect(loadConfig({ PAGECREW_METRICS_INTERVAL_MS: '1000', PAGECREW_LINKEDIN_DAILY_CALLS: '40' }, noRenderer)).toMatchObject({ metricsIntervalMs: 1000, linkedInDailyCalls: 40 })
    for (const bad of ['often', '50', '1.5', '3600001']) {
      expect(() => loadConfig({ PAGECREW_METRICS_INTERVAL_MS: bad }, noRenderer), bad).toThrow(/PAGECREW_METRICS_INTERVAL_MS must be/)
    }
    for (const bad of ['many', '0', '2.5', '1000001']) {
      expect(() => loadConfig({ PAGECREW_LINKEDIN_DAILY_CALLS: bad }, noRenderer), bad).toThrow(/PAGECREW_LINKEDIN_DAILY_CALLS must be/)
    }
  })

  it('keeps PAGECREW_CALENDAR_CACHE_MB of calendar answers (64 by default, 0 for none)', () => {
    expect(loadConfig({}, noRenderer).calendarCacheBytes).toBe(64 * 1024 * 1024)
    expect(loadConfig({ PAGECREW_CALENDAR_CACHE_MB: '0' }, noRenderer).calendarCacheBytes).toBe(0)
    expect(loadConfig({ PAGECREW_CALENDAR_CACHE_MB: '8' }, noRenderer).calendarCacheBytes).toBe(8 * 1024 * 1024)
    for (const bad of ['lots', '-1', '1.5', '4097']) {
      expect(() => loadConfig({ PAGECREW_CALENDAR_CACHE_MB: bad }, noRenderer), bad).toThrow(/PAGECREW_CALENDAR_CACHE_MB must be/)
    }
  })

  it('reads every variable', () => {
    const renderer = mkdtempSync(join(tmpdir(), 'pagecrew-renderer-'))
    writeFileSync(join(renderer, 'index.html'), '<!doctype html>')
    const config = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db.internal:5432/pagecrew',
      PAGECREW_DATA_DIR: '/srv/pagecrew',
      PAGECREW_RENDERER_DIR: renderer,
      PAGECREW_HELP_CENTER_URL: 'https://help.example.com',
      PAGECREW_SUPPORT_CHAT_APP_ID: 'abc123',
      PAGECREW_SUPPORT_CHAT_REGION: 'EU',
      PAGECREW_SUPPORT_CHAT_SECRET: 's3cret',
      PAGECREW_TRUST_PROXY: 'true',
      PAGECREW_LOG_LEVEL: 'info',
      PAGECREW_PUBLIC_URL: 'https://pagecrew.example.com/',
      PAGECREW_SMTP_URL: 'smtp://mailer:pw@smtp.example.com:587',
      PAGECREW_MAIL_FROM: 'Acme <team@acme.example>',
      PAGECREW_STRIPE_SECRET_KEY: 'sk_test_abc',
      PAGECREW_STRIPE_WEBHOOK_SECRET: 'whsec_def',
      PAGECREW_STRIPE_PUBLISHABLE_KEY: 'pk_test_ghi',
      PAGECREW_STRIPE_PRICING_TABLE_ID: 'prctbl_jkl',
      PAGECREW_STRIPE_API_BASE: 'http://127.0.0.1:12111',
      PAGECREW_CONTACT_SALES_URL: 'https://acme.example/sales',
      PAGECREW_AI_BASE_URL: 'https://llm.example.com/v1/',
      PAGECREW_AI_API_KEY: 'sk-test-ai',
      PAGECREW_AI_MODEL: 'gpt-4o-mini',
      PAGECREW_LINKEDIN_CLIENT_ID: '86abcdefgh',
      PAGECREW_LINKEDIN_CLIENT_SECRET: 'WPL_AP1.secret',
      PAGECREW_LINKEDIN_VERSION: '202601',
      PAGECREW_LINKEDIN_ORGANIZATION_SCOPE: '1',
      PAGECREW_LINKEDIN_OAUTH_BASE: 'http://127.0.0.1:9000',
      PAGECREW_LINKEDIN_API_BASE: 'http://127.0.0.1:9001',
      PAGECREW_TOKEN_KEY: TOKEN_KEY,
      PAGECREW_PUBLISHER_INTERVAL_MS: '2000',
      PAGECREW_METRICS_INTERVAL_MS: '30000',
      PAGECREW_LINKEDIN_DAILY_CALLS: '250',
      PAGECREW_SSO_SKIP_DOMAIN_PROOF: '1',
      PAGECREW_OUTBOUND_ALLOW_LOOPBACK: '1',
      PAGECREW_RESPONSE_CHECKS: '1',
      PAGECREW_CALENDAR_CACHE_MB: '16',
      PAGECREW_API_KEY_REQUESTS_PER_MINUTE: '1200',
      PAGECREW_WEBHOOK_RETRY_DELAYS_MS: '1000,60000'
    })
    expect(config).toEqual({
      port: 0,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db.internal:5432/pagecrew',
      dataDir: '/srv/pagecrew',
      rendererDir: renderer,
      helpCenterUrl: 'https://help.example.com',
      supportChat: { appId: 'abc123', region: 'eu' },
      supportChatSecret: 's3cret',
      trustProxy: true,
      logLevel: 'info',
      maxUploadBytes: 209_715_200,
      publicUrl: 'https://pagecrew.example.com',
      smtpUrl: 'smtp://mailer:pw@smtp.example.com:587',
      mailFrom: 'Acme <team@acme.example>',
      stripe: {
        secretKey: 'sk_test_abc',
        webhookSecret: 'whsec_def',
        publishableKey: 'pk_test_ghi',
        pricingTableId: 'prctbl_jkl',
        apiBase: 'http://127.0.0.1:12111'
      },
      contactSalesUrl: 'https://acme.example/sales',
      ai: { baseUrl: 'https://llm.example.com/v1', apiKey: 'sk-test-ai', model: 'gpt-4o-mini', timeoutMs: AI_DEFAULT_TIMEOUT_MS },
      linkedIn: {
        clientId: '86abcdefgh',
        clientSecret: 'WPL_AP1.secret',
        version: '202601',
        organizationScope: true,
        analyticsScope: false,
        oauthBase: 'http://127.0.0.1:9000',
        apiBase: 'http://127.0.0.1:9001'
      },
      tokenKey: TOKEN_KEY,
      publisherIntervalMs: 2000,
      metricsIntervalMs: 30_000,
      linkedInDailyCalls: 250,
      ssoSkipDomainProof: true,
      outboundAllowLoopback: true,
      webhookRetryDelaysMs: [1000, 60_000],
      responseChecks: true,
      apiKeyRequestsPerMinute: 1200,
      calendarCacheBytes: 16 * 1024 * 1024
    })
  })

  it('needs the Stripe webhook secret with the key, and the pricing-table settings together', () => {
    expect(() => loadConfig({ PAGECREW_STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/needs PAGECREW_STRIPE_WEBHOOK_SECRET/)
    expect(() => loadConfig({ PAGECREW_STRIPE_WEBHOOK_SECRET: 'whsec_def' })).toThrow(/need PAGECREW_STRIPE_SECRET_KEY/)
    expect(() =>
      loadConfig({ PAGECREW_STRIPE_SECRET_KEY: 'sk_test_abc', PAGECREW_STRIPE_WEBHOOK_SECRET: 'whsec_def', PAGECREW_STRIPE_PUBLISHABLE_KEY: 'pk_test_ghi' })
    ).toThrow(/together/)
    expect(loadConfig({ PAGECREW_STRIPE_SECRET_KEY: 'sk_test_abc', PAGECREW_STRIPE_WEBHOOK_SECRET: 'whsec_def' }).stripe).toMatchObject({ pricingTableId: null, apiBase: null })
  })

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a number/],
    [{ PORT: '70000' }, /PORT must be a number/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres/],
    [{ PAGECREW_SUPPORT_CHAT_REGION: 'mars' }, /us, eu or ap/],
    [{ PAGECREW_HELP_CENTER_URL: 'ftp://x' }, /http\(s\) address/],
    [{ PAGECREW_RENDERER_DIR: '/definitely/not/here' }, /has no index.html/],
    [{ PAGECREW_SMTP_URL: 'http://mail' }, /smtp:\/\/ or smtps:\/\//],
    [{ PAGECREW_PUBLIC_URL: 'pagecrew.example' }, /PAGECREW_PUBLIC_URL must be/],
    [{ PAGECREW_STRIPE_SECRET_KEY: 'pk_live_x' }, /must be a Stripe secret key/],
    [{ PAGECREW_CONTACT_SALES_URL: 'sales@acme.example' }, /http\(s\) or mailto:/],
    [{ PAGECREW_LINKEDIN_CLIENT_ID: '86abcdefgh' }, /set PAGECREW_LINKEDIN_CLIENT_ID and PAGECREW_LINKEDIN_CLIENT_SECRET together/],
    [{ PAGECREW_TOKEN_KEY: 'not-a-key' }, /PAGECREW_TOKEN_KEY must be 32 bytes/]
  ])('rejects %o with one clear line', (env, message) => {
    expect(() => loadConfig(env, noRenderer)).toThrow(ConfigError)
    expect(() => loadConfig(env, noRenderer)).toThrow(message)
    try {
      loadConfig(env, noRenderer)
    } catch (err) {
      expect((err as Error).message).not.toContain('\n')
    }
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', PAGECREW_SUPPORT_CHAT_APP_ID: '' }, noRenderer)).toMatchObject({ port: 4680, databaseUrl: null, supportChat: null })
  })

  it('finds the renderer beside the bundle (out/renderer next to out/main/server.js)', () => {
    const out = mkdtempSync(join(tmpdir(), 'pagecrew-out-'))
    mkdirSync(join(out, 'main'))
    mkdirSync(join(out, 'renderer'))
    writeFileSync(join(out, 'renderer', 'index.html'), '<!doctype html>')
    const dir = defaultRendererDir(`file://${join(out, 'main', 'server.js')}`)
    expect(dir).toBe(join(out, 'renderer'))
    expect(loadConfig({}, { rendererDir: dir }).rendererDir).toBe(dir)
  })
})

describe('defaultDataDir', () => {
  it('follows each platform convention', () => {
    expect(defaultDataDir({}, 'linux', '/home/ann')).toBe('/home/ann/.local/share/Pagecrew')
    expect(defaultDataDir({ XDG_DATA_HOME: '/data' }, 'linux', '/home/ann')).toBe('/data/Pagecrew')
    expect(defaultDataDir({}, 'darwin', '/Users/ann')).toBe('/Users/ann/Library/Application Support/Pagecrew')
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ann')).toContain('Pagecrew')
  })
})
