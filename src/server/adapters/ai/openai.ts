import { z } from 'zod'
import {
  AiProviderError,
  AiRateLimitedError,
  IDEA_TEXT_MAX,
  IDEA_TITLE_MAX,
  POLL_OPTIONS_MAX,
  POLL_OPTION_MAX,
  POLL_QUESTION_MAX,
  LINKEDIN_POST_MAX,
  clampCount,
  clean,
  composePostText,
  normalizeHashtags,
  normalizePoll,
  truncate,
  type Draft,
  type DraftInput,
  type Idea,
  type IdeaGenerator,
  type IdeaInput
} from './ai'

/**
 * An OpenAI-compatible provider: POST {baseUrl}/chat/completions (OpenAI Chat Completions:
 * `model`, `messages`, `response_format: {type: 'json_object'}`, `Authorization: Bearer <key>`).
 * The user message is a JSON object describing the task; the assistant's message content must be
 * a JSON object ({ideas: […]} or {text, hashtags, poll?}), read with zod and held to the LinkedIn
 * limits of ai.ts. Failures become AiProviderError / AiRateLimitedError with user-facing
 * messages; details (never the key) go to `log`.
 */
interface OpenAiGeneratorOptions {
  /** e.g. https://api.openai.com/v1 (no trailing /chat/completions). */
  baseUrl: string
  apiKey: string
  model: string
  /** Whole request, answer body included. */
  timeoutMs: number
  fetch?: typeof fetch
  log?: (message: string) => void
}

export const MESSAGES = {
  unreadable: 'The AI provider sent an answer Pagecrew could not read. Please try again.',
  badKey: 'The AI provider did not accept the API key Pagecrew is configured with. Please ask your administrator to check the AI settings.',
  unavailable: 'The AI provider is not available right now. Please try again later.',
  timeout: 'The AI provider took too long to answer. Please try again.',
  rejected: 'The AI provider could not handle this request. Please ask your administrator to check the AI settings.'
} as const

const SYSTEM_PROMPT = [
  'You write LinkedIn posts for a company page. You receive a JSON object describing the task and answer with one JSON object only.',
  'Use the organization\'s industries, tone, audience and instructions, the topic and the post type. Write in the language given by "locale" (default English).',
  `For task "ideas": answer {"ideas": [{"title": string (≤ ${IDEA_TITLE_MAX} chars), "angle": string (what the post argues or shows), "hook": string (the opening line)}]} with exactly "count" distinct ideas.`,
  `For task "draft": answer {"text": string, "hashtags": string[], "poll"?: {"question": string, "options": string[]}}. "text" is a complete LinkedIn post for the given idea: a hook line, a body of short paragraphs, and a call to action, at most ${LINKEDIN_POST_MAX - 200} characters, without hashtags (they go in "hashtags": 3 to 5 relevant ones).`,
  `When postType is "poll", include "poll": a question of at most ${POLL_QUESTION_MAX} characters and 2 to ${POLL_OPTIONS_MAX} options of at most ${POLL_OPTION_MAX} characters each.`,
  'Never use placeholders such as [Name] or lorem ipsum; write finished text.'
].join('\n')

const ideaAnswerSchema = z.object({
  ideas: z
    .array(
      z.object({
        title: z.string(),
        angle: z.string().optional().default(''),
        hook: z.string().optional().default('')
      })
    )
    .min(1)
})

const draftAnswerSchema = z.object({
  text: z.string(),
  hashtags: z.array(z.string()).optional().default([]),
  poll: z
    .object({ question: z.string(), options: z.array(z.string()) })
    .nullish()
})

const completionSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable() }), finish_reason: z.string().nullish() }))
    .min(1)
})

function taskOf(input: IdeaInput | DraftInput) {
  return {
    industries: input.template.industries,
    tone: clean(input.template.tone) || null,
    audience: clean(input.targetAudience) || clean(input.template.audience) || null,
    templateAudience: clean(input.template.audience) || null,
    instructions: clean(input.template.instructions) || null,
    topic: input.topic ? { title: clean(input.topic.title), description: clean(input.topic.description) || null } : null,
    postType: input.postType,
    locale: input.locale ?? 'en'
  }
}

/** The answer's JSON, tolerating a ```json fence some compatible servers add. */
function parseContent(content: string): unknown {
  const unfenced = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '')
  return JSON.parse(unfenced)
}

export function createOpenAiGenerator(options: OpenAiGeneratorOptions): IdeaGenerator {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const doFetch = options.fetch ?? globalThis.fetch
  const log = options.log ?? (() => undefined)
  /** Provider texts can quote the key (OpenAI's 401 shows part of it): never pass one on. */
  const redact = (text: string) =>
    (options.apiKey ? text.split(options.apiKey).join('(key)') : text)
      .replace(/\b(sk|rk|pk)-[A-Za-z0-9_*.-]{4,}/g, '(key)')
      .slice(0, 500)

  async function complete(task: Record<string, unknown>): Promise<unknown> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), options.timeoutMs)
    let status: number
    let body: string
    try {
      const response = await doFetch(`${baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify({
          model: options.model,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: JSON.stringify(task) }
          ],
          response_format: { type: 'json_object' }
        }),
        signal: controller.signal
      })
      status = response.status
      body = await response.text()
      if (!response.ok) {
        log(`AI provider answered ${status} to ${task.task}: ${redact(body)}`)
        if (status === 401 || status === 403) throw new AiProviderError(MESSAGES.badKey, { status })
        if (status === 429) {
          const retryAfter = Number(response.headers.get('retry-after'))
          throw new AiRateLimitedError(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null)
        }
        if (status >= 500) throw new AiProviderError(MESSAGES.unavailable, { status, unavailable: true })
        throw new AiProviderError(MESSAGES.rejected, { status })
      }
    } catch (err) {
      if (err instanceof AiProviderError) throw err
      if (controller.signal.aborted) {
        log(`AI provider did not answer ${task.task} within ${options.timeoutMs} ms`)
        throw new AiProviderError(MESSAGES.timeout, { cause: err, unavailable: true })
      }
      log(`AI provider request for ${task.task} failed: ${redact(err instanceof Error ? err.message : String(err))}`)
      throw new AiProviderError(MESSAGES.unavailable, { cause: err, unavailable: true })
    } finally {
      clearTimeout(timer)
    }
    try {
      const completion = completionSchema.parse(JSON.parse(body))
      const choice = completion.choices[0]!
      if (choice.finish_reason === 'length') log(`AI provider cut its answer to ${task.task} short (finish_reason length)`)
      return parseContent(choice.message.content ?? '')
    } catch (err) {
      log(`AI provider answer to ${task.task} is not a chat completion with JSON content: ${redact(body.slice(0, 200))}`)
      throw new AiProviderError(MESSAGES.unreadable, { status, cause: err })
    }
  }

  function unreadable(what: string, cause?: unknown): AiProviderError {
    log(`AI provider answer unusable: ${what}`)
    return new AiProviderError(MESSAGES.unreadable, { cause })
  }

  return {
    kind: 'openai',

    async ideas(input) {
      const count = clampCount(input.count)
      const answer = ideaAnswerSchema.safeParse(await complete({ task: 'ideas', count, ...taskOf(input) }))
      if (!answer.success) throw unreadable('ideas do not match {ideas: [{title, angle, hook}]}', answer.error)
      const seen = new Set<string>()
      const ideas: Idea[] = []
      for (const raw of answer.data.ideas) {
        const title = truncate(clean(raw.title), IDEA_TITLE_MAX)
        if (!title || seen.has(title.toLowerCase())) continue
        seen.add(title.toLowerCase())
        ideas.push({
          title,
          angle: truncate(clean(raw.angle), IDEA_TEXT_MAX),
          hook: truncate(clean(raw.hook), IDEA_TEXT_MAX),
          postType: input.postType
        })
        if (ideas.length === count) break
      }
      if (ideas.length === 0) throw unreadable('no idea with a title')
      return ideas
    },

    async draft(input) {
      const idea = { title: clean(input.idea.title), angle: clean(input.idea.angle), hook: clean(input.idea.hook) }
      const answer = draftAnswerSchema.safeParse(await complete({ task: 'draft', idea, ...taskOf(input) }))
      if (!answer.success) throw unreadable('draft does not match {text, hashtags, poll?}', answer.error)
      const hashtags = normalizeHashtags(answer.data.hashtags)
      const text = composePostText(answer.data.text, hashtags)
      if (!clean(text.replace(/#[\p{L}\p{N}_]+/gu, ''))) throw unreadable('empty post text')
      const draft: Draft = { text, hashtags }
      if (input.postType === 'poll') {
        const poll = answer.data.poll ? normalizePoll(answer.data.poll.question, answer.data.poll.options) : null
        if (!poll) throw unreadable('a poll draft without a usable question and 2–4 options')
        draft.poll = poll
      }
      return draft
    }
  }
}
