import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../configError'
import { AI_DEFAULT_TIMEOUT_MS, aiConfigFromEnv, createIdeaGenerator } from './config'

const full = { PAGECREW_AI_BASE_URL: 'https://api.example.com/v1/', PAGECREW_AI_API_KEY: 'sk-secret-123', PAGECREW_AI_MODEL: 'gpt-4o-mini' }

describe('aiConfigFromEnv', () => {
  it('is null (offline) when nothing is set, blank counting as unset', () => {
    expect(aiConfigFromEnv({})).toBeNull()
    expect(aiConfigFromEnv({ PAGECREW_AI_BASE_URL: ' ', PAGECREW_AI_API_KEY: '', PAGECREW_AI_MODEL: '' })).toBeNull()
    expect(createIdeaGenerator(null).kind).toBe('offline')
  })

  it('reads all three settings', () => {
    const config = aiConfigFromEnv(full)
    expect(config).toEqual({ baseUrl: 'https://api.example.com/v1', apiKey: 'sk-secret-123', model: 'gpt-4o-mini', timeoutMs: AI_DEFAULT_TIMEOUT_MS })
    expect(createIdeaGenerator(config).kind).toBe('openai')
  })

  it('refuses some but not all, in one line naming what is missing and never the key', () => {
    const call = () => aiConfigFromEnv({ PAGECREW_AI_API_KEY: 'sk-secret-123' })
    expect(call).toThrow(ConfigError)
    expect(call).toThrow(
      'Invalid configuration: set PAGECREW_AI_BASE_URL, PAGECREW_AI_API_KEY and PAGECREW_AI_MODEL together (missing: PAGECREW_AI_BASE_URL, PAGECREW_AI_MODEL).'
    )
  })

  it('refuses a base URL that is not http(s)', () => {
    expect(() => aiConfigFromEnv({ ...full, PAGECREW_AI_BASE_URL: 'ftp://x' })).toThrow(/PAGECREW_AI_BASE_URL must be an http\(s\) address/)
    expect(() => aiConfigFromEnv({ ...full, PAGECREW_AI_BASE_URL: 'not a url' })).toThrow(/PAGECREW_AI_BASE_URL must be an http\(s\) address/)
  })
})
