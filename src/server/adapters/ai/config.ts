import { ConfigError } from '../../configError'
import type { IdeaGenerator } from './ai'
import { createOfflineGenerator } from './offline'
import { createOpenAiGenerator } from './openai'

/** The OpenAI-compatible provider's settings; null keeps the built-in offline generator. */
export interface AiConfig {
  /** e.g. https://api.openai.com/v1; requests go to {baseUrl}/chat/completions. */
  baseUrl: string
  apiKey: string
  model: string
  timeoutMs: number
}

/** How long one generation may take before the user is told to try again. */
export const AI_DEFAULT_TIMEOUT_MS = 30_000

const NAMES = ['PAGECREW_AI_BASE_URL', 'PAGECREW_AI_API_KEY', 'PAGECREW_AI_MODEL'] as const

/**
 * PAGECREW_AI_BASE_URL, PAGECREW_AI_API_KEY and PAGECREW_AI_MODEL: all three choose the
 * OpenAI-compatible provider, none the offline generator; anything else is a ConfigError with one
 * readable line (never showing the key).
 */
export function aiConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AiConfig | null {
  const values = NAMES.map((name) => (env[name] ?? '').trim())
  const missing = NAMES.filter((_, i) => !values[i])
  if (missing.length === NAMES.length) return null
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration: set PAGECREW_AI_BASE_URL, PAGECREW_AI_API_KEY and PAGECREW_AI_MODEL together (missing: ${missing.join(', ')}).`)
  }
  const [baseUrl, apiKey, model] = values as [string, string, string]
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new ConfigError('Invalid configuration: PAGECREW_AI_BASE_URL must be an http(s) address, e.g. https://api.openai.com/v1.')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError('Invalid configuration: PAGECREW_AI_BASE_URL must be an http(s) address, e.g. https://api.openai.com/v1.')
  }
  if (/\s/.test(apiKey)) throw new ConfigError('Invalid configuration: PAGECREW_AI_API_KEY must not contain spaces.')
  return { baseUrl: baseUrl.replace(/\/+$/, ''), apiKey, model, timeoutMs: AI_DEFAULT_TIMEOUT_MS }
}

/** The generator for this configuration: offline when none is set. */
export function createIdeaGenerator(
  config: AiConfig | null,
  deps: { fetch?: typeof fetch; log?: (message: string) => void } = {}
): IdeaGenerator {
  if (!config) return createOfflineGenerator()
  return createOpenAiGenerator({ ...config, ...deps })
}
