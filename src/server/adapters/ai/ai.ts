import type { AiTemplateDetail } from '../../../shared/domain'
import { LINKEDIN_POST_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_OPTION_MAX, POLL_QUESTION_MAX } from '../../../shared/constants'
import type { PostType } from '../../../shared/domain/enums'

/**
 * AI ideas and drafts (issue 6; DESIGN.md §4). Two generators behind one interface:
 * - offline: built in, deterministic, fills a curated library of LinkedIn post patterns with the
 *   organization's AI setting template, the slot's topic tag, audience and post type;
 * - openai: any OpenAI-compatible Chat Completions endpoint (base URL, key and model from
 *   PAGECREW_AI_*), its JSON answer read with zod and held to the same limits.
 * Both return ideas and drafts that fit LinkedIn (the LINKEDIN_POST_MAX and POLL_* limits of shared/constants.ts).
 */

// Re-exported for the generators: the editor, the publisher and the AI share one set of LinkedIn limits.
export { LINKEDIN_POST_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_OPTION_MAX, POLL_QUESTION_MAX }
/** How many ideas one call asks for. */
const IDEA_COUNT_MIN = 1
const IDEA_COUNT_MAX = 10
const IDEA_COUNT_DEFAULT = 5
/** A draft carries 3–5 hashtags (fewer only when a provider gives fewer usable ones). */
const HASHTAGS_MAX = 5
/** Lengths an idea's fields are cut to. */
export const IDEA_TITLE_MAX = 120
export const IDEA_TEXT_MAX = 400

/** What the generators read from an AI setting template (AiTemplateDetail; see templateInputFrom). */
export interface AiTemplateInput {
  industries: string[]
  tone?: string | null
  /** The template's target audience. */
  audience?: string | null
  /** Free-text instructions of the template (things to stress or avoid). */
  instructions?: string | null
}

export interface IdeaInput {
  template: AiTemplateInput
  /** The slot's topic tag. */
  topic?: { title: string; description?: string | null } | null
  /** The slot's target audience; wins over the template's. */
  targetAudience?: string | null
  postType: PostType
  /** 1–10, default 5 (clamped). */
  count?: number
  /** BCP 47 tag of the language wanted (e.g. 'en', 'de-CH'); the offline generator writes English. */
  locale?: string | null
  /** Same input and seed give the same offline output; change it for other suggestions. */
  seed?: string | null
}

export interface Idea {
  title: string
  /** What the post argues or shows. */
  angle: string
  /** The opening line. */
  hook: string
  postType: PostType
}

export type DraftInput = Omit<IdeaInput, 'count'> & { idea: Idea }

interface Poll {
  /** ≤ 140 characters. */
  question: string
  /** 2–4 options, each ≤ 30 characters. */
  options: string[]
}

export interface Draft {
  /** The post: hook, body, call to action and a closing line of hashtags; ≤ 3,000 characters. */
  text: string
  /** The hashtags of the closing line ('#Word'), for chips in the editor. */
  hashtags: string[]
  /** Only for postType 'poll'. */
  poll?: Poll
}

export interface IdeaGenerator {
  readonly kind: 'offline' | 'openai'
  ideas(input: IdeaInput): Promise<Idea[]>
  draft(input: DraftInput): Promise<Draft>
}

/** A provider failure; `message` can be shown to the user as is (no keys, no provider internals). */
export class AiProviderError extends Error {
  override name = 'AiProviderError'
  /** The provider's HTTP status, when there was one. */
  readonly status: number | null
  /** Unreachable, timed out or failing on its side (5xx): nothing to fix in Pagecrew, asking again later may work. */
  readonly unavailable: boolean
  constructor(message: string, options: { status?: number | null; cause?: unknown; unavailable?: boolean } = {}) {
    super(message, { cause: options.cause })
    this.status = options.status ?? null
    this.unavailable = options.unavailable ?? false
  }
}

/** The provider answered 429; retryAfterSeconds from its Retry-After header when it sent one. */
export class AiRateLimitedError extends AiProviderError {
  override name = 'AiRateLimitedError'
  readonly retryAfterSeconds: number | null
  constructor(retryAfterSeconds: number | null = null, options: { cause?: unknown } = {}) {
    super('The AI provider is handling too many requests right now. Please try again in a minute.', { status: 429, cause: options.cause })
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** The generator input of a stored AI setting template. */
export function templateInputFrom(template: Pick<AiTemplateDetail, 'industries' | 'tone' | 'targetAudience' | 'instructions'>): AiTemplateInput {
  return { industries: template.industries, tone: template.tone, audience: template.targetAudience, instructions: template.instructions }
}

export function clampCount(count: number | undefined): number {
  if (count === undefined || !Number.isFinite(count)) return IDEA_COUNT_DEFAULT
  return Math.min(IDEA_COUNT_MAX, Math.max(IDEA_COUNT_MIN, Math.round(count)))
}

/** Whitespace collapsed and trimmed; '' for nothing. */
export function clean(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim()
}

/** At most `max` characters, cut at a word boundary with an ellipsis when it had to be cut. */
export function truncate(value: string, max: number): string {
  if (value.length <= max) return value
  const room = value.slice(0, Math.max(0, max - 1))
  const atWord = room.replace(/\s+\S*$/, '')
  const base = (atWord.length >= max * 0.6 ? atWord : room).replace(/[\s,;:.-]+$/, '')
  return `${base}…`
}

const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'for', 'to', 'in', 'on', 'at', 'with', 'or', 'by', 'from', 'who', 'that'])

/** '#PascalCase' of a phrase (letters and digits of any script); null when nothing usable is left. */
function toHashtag(phrase: string): string | null {
  const words = phrase
    .replace(/^#+/, '')
    .replace(/&/g, ' and ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  if (words.length === 0) return null
  if (words.length > 3) {
    const meaningful = words.filter((w) => !STOP_WORDS.has(w.toLowerCase()))
    if (meaningful.length > 3 || meaningful.length < words.length) return toHashtag(meaningful.slice(0, 3).join(' '))
  }
  const tag = words.map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('')
  if (/^\p{N}+$/u.test(tag) || tag.length > 40) return null
  return `#${tag}`
}

/** Hashtags made usable ('#Word'), duplicates (any case) dropped, at most HASHTAGS_MAX. */
export function normalizeHashtags(tags: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of tags) {
    const tag = toHashtag(raw)
    if (!tag || seen.has(tag.toLowerCase())) continue
    seen.add(tag.toLowerCase())
    out.push(tag)
    if (out.length === HASHTAGS_MAX) break
  }
  return out
}

/** A poll within LinkedIn's limits, or null when fewer than two usable options remain. */
export function normalizePoll(question: string, options: readonly string[]): Poll | null {
  const q = truncate(clean(question), POLL_QUESTION_MAX)
  const seen = new Set<string>()
  const opts: string[] = []
  for (const raw of options) {
    const option = truncate(clean(raw), POLL_OPTION_MAX)
    if (!option || seen.has(option.toLowerCase())) continue
    seen.add(option.toLowerCase())
    opts.push(option)
    if (opts.length === POLL_OPTIONS_MAX) break
  }
  if (!q || opts.length < POLL_OPTIONS_MIN) return null
  return { question: q, options: opts }
}

/**
 * The final post text: the body (paragraphs kept, trailing hashtag-only lines dropped) and a
 * closing line of the hashtags, cut so the whole stays within LINKEDIN_POST_MAX.
 */
export function composePostText(body: string, hashtags: readonly string[]): string {
  const paragraphs = body
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) =>
      p
        .split('\n')
        .map((line) => line.replace(/[ \t]+/g, ' ').trim())
        .join('\n')
        .trim()
    )
    .filter(Boolean)
  while (paragraphs.length > 0 && /^(#[\p{L}\p{N}_]+\s*)+$/u.test(paragraphs[paragraphs.length - 1]!)) paragraphs.pop()
  const tagLine = hashtags.join(' ')
  const room = LINKEDIN_POST_MAX - (tagLine ? tagLine.length + 2 : 0)
  let text = paragraphs.join('\n\n')
  if (text.length > room) text = truncate(text, room)
  return tagLine ? `${text}\n\n${tagLine}` : text
}
