import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AiProviderError, AiRateLimitedError, LINKEDIN_POST_MAX, POLL_OPTION_MAX, POLL_QUESTION_MAX, type IdeaInput } from './ai'
import { createOpenAiGenerator, MESSAGES } from './openai'
import { startFakeOpenAi, type FakeOpenAi } from '../../testing/fakeOpenAi'

const input: IdeaInput = {
  template: { industries: ['Renewable energy'], tone: 'Formal', audience: 'Facility managers', instructions: 'Avoid jargon.' },
  topic: { title: 'Heat pumps', description: 'Replacing gas boilers' },
  targetAudience: 'Hospital procurement teams',
  postType: 'textOnly',
  count: 3,
  locale: 'en'
}
const idea = { title: 'Three lessons on heat pumps', angle: 'What we learned', hook: 'We got heat pumps wrong at first.', postType: 'textOnly' as const }

let fake: FakeOpenAi
let logs: string[]

beforeAll(async () => {
  fake = await startFakeOpenAi()
})
afterAll(async () => {
  await fake.close()
})
afterEach(() => {
  fake.mode = 'ok'
  fake.requests.length = 0
})

function generator(overrides: { apiKey?: string; timeoutMs?: number } = {}) {
  logs = []
  return createOpenAiGenerator({
    baseUrl: `${fake.baseUrl}/`,
    apiKey: overrides.apiKey ?? fake.apiKey,
    model: 'gpt-4o-mini',
    timeoutMs: overrides.timeoutMs ?? 5_000,
    log: (m) => logs.push(m)
  })
}

async function failure(promise: Promise<unknown>): Promise<AiProviderError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e
  )
  expect(err).toBeInstanceOf(AiProviderError)
  return err as AiProviderError
}

describe('OpenAI-compatible generator', () => {
  it('sends a Chat Completions request with the model, a JSON response format and the task', async () => {
    const ideas = await generator().ideas(input)
    expect(ideas).toHaveLength(3)
    expect(ideas[0]).toEqual({
      title: 'Idea 1: Heat pumps for Hospital procurement teams in Renewable energy',
      angle: 'Why Heat pumps matters to Hospital procurement teams.',
      hook: 'What we learned about Heat pumps this month (1).',
      postType: 'textOnly'
    })
    expect(fake.requests).toHaveLength(1)
    const { headers, body } = fake.requests[0]!
    expect(headers.authorization).toBe(`Bearer ${fake.apiKey}`)
    expect(headers['content-type']).toBe('application/json')
    expect(body.model).toBe('gpt-4o-mini')
    expect(body.response_format).toEqual({ type: 'json_object' })
    expect(body.messages?.map((m) => m.role)).toEqual(['system', 'user'])
    expect(body.messages?.[0]?.content).toMatch(/JSON/)
    const task = JSON.parse(body.messages![1]!.content) as Record<string, unknown>
    expect(task).toMatchObject({
      task: 'ideas',
      count: 3,
      industries: ['Renewable energy'],
      tone: 'Formal',
      audience: 'Hospital procurement teams',
      templateAudience: 'Facility managers',
      instructions: 'Avoid jargon.',
      topic: { title: 'Heat pumps', description: 'Replacing gas boilers' },
      postType: 'textOnly',
      locale: 'en'
    })
  })

  it('keeps at most the number of ideas asked for and sets their post type', async () => {
    const ideas = await generator().ideas({ ...input, count: 1, postType: 'videos' })
    expect(ideas).toHaveLength(1)
    expect(ideas[0]!.postType).toBe('videos')
  })

  it('drafts a post: text with the hashtag line, hashtags normalised', async () => {
    const draft = await generator().draft({ ...input, idea })
    expect(draft.text.startsWith('We got heat pumps wrong at first.')).toBe(true)
    expect(draft.hashtags).toEqual(['#HeatPumps', '#RenewableEnergy', '#Insights'])
    expect(draft.text.endsWith('\n\n#HeatPumps #RenewableEnergy #Insights')).toBe(true)
    expect(draft.poll).toBeUndefined()
    const task = JSON.parse(fake.requests[0]!.body.messages![1]!.content) as Record<string, unknown>
    expect(task).toMatchObject({ task: 'draft', idea: { title: idea.title, angle: idea.angle, hook: idea.hook }, postType: 'textOnly' })
  })

  it('holds oversized answers to the LinkedIn limits', async () => {
    fake.mode = 'oversized'
    const draft = await generator().draft({ ...input, postType: 'poll', idea })
    expect(draft.text.length).toBeLessThanOrEqual(LINKEDIN_POST_MAX)
    expect(draft.hashtags).toHaveLength(5)
    expect(draft.hashtags).toEqual(['#One', '#Two', '#ThreeWordsHere', '#Four', '#Five'])
    expect(draft.text.endsWith(draft.hashtags.join(' '))).toBe(true)
    expect(draft.poll!.question.length).toBeLessThanOrEqual(POLL_QUESTION_MAX)
    expect(draft.poll!.options).toHaveLength(4)
    for (const option of draft.poll!.options) expect(option.length).toBeLessThanOrEqual(POLL_OPTION_MAX)
  })

  it('returns a poll for poll posts', async () => {
    const draft = await generator().draft({ ...input, postType: 'poll', idea })
    expect(draft.poll).toEqual({ question: 'Which part of Heat pumps matters most?', options: ['Planning', 'Doing', 'Reviewing'] })
  })

  it('answers a refused key without showing the key', async () => {
    const wrongKey = 'sk-wrong-secret-key-987654321'
    const err = await failure(generator({ apiKey: wrongKey }).ideas(input))
    expect(err).not.toBeInstanceOf(AiRateLimitedError)
    expect(err.message).toBe(MESSAGES.badKey)
    expect(err.status).toBe(401)
    expect(err.unavailable).toBe(false)
    const everything = [err.message, ...logs].join('\n')
    expect(logs.some((l) => l.includes('401'))).toBe(true)
    expect(everything).not.toContain(wrongKey)
    expect(everything).not.toContain('sk-wro')
    expect(everything).not.toContain('4321')
  })

  it('answers 429 with AiRateLimitedError and the Retry-After', async () => {
    fake.mode = 'rateLimited'
    const err = await failure(generator().ideas(input))
    expect(err).toBeInstanceOf(AiRateLimitedError)
    expect((err as AiRateLimitedError).retryAfterSeconds).toBe(20)
    expect(err.message).toMatch(/try again/)
  })

  it('answers 500 with a provider error', async () => {
    fake.mode = 'serverError'
    const err = await failure(generator().draft({ ...input, idea }))
    expect(err.message).toBe(MESSAGES.unavailable)
    expect(err.status).toBe(500)
    expect(err.unavailable).toBe(true)
  })

  it('answers content that is not JSON with the unreadable message', async () => {
    fake.mode = 'malformed'
    const err = await failure(generator().ideas(input))
    expect(err.message).toBe('The AI provider sent an answer Pagecrew could not read. Please try again.')
    expect(err.unavailable).toBe(false)
  })

  it('answers JSON of the wrong shape, or a poll draft without a poll, with the unreadable message', async () => {
    const wrongShape = createOpenAiGenerator({
      baseUrl: 'http://provider.invalid/v1',
      apiKey: 'k',
      model: 'm',
      timeoutMs: 1000,
      fetch: async () =>
        new Response(JSON.stringify({ choices: [{ message: { content: JSON.stringify({ text: 'A post', hashtags: [] }) }, finish_reason: 'stop' }] }), { status: 200 })
    })
    expect((await failure(wrongShape.ideas(input))).message).toBe(MESSAGES.unreadable)
    expect((await failure(wrongShape.draft({ ...input, postType: 'poll', idea }))).message).toBe(MESSAGES.unreadable)
    const draft = await wrongShape.draft({ ...input, idea })
    expect(draft).toEqual({ text: 'A post', hashtags: [] })
  })

  it('gives up after the timeout when the provider hangs', async () => {
    fake.mode = 'hang'
    const started = Date.now()
    const err = await failure(generator({ timeoutMs: 300 }).ideas(input))
    expect(err.message).toBe(MESSAGES.timeout)
    expect(err.unavailable).toBe(true)
    expect(Date.now() - started).toBeLessThan(3_000)
  })

  it('answers an unreachable provider with a provider error', async () => {
    const closed = await startFakeOpenAi()
    const url = closed.baseUrl
    await closed.close()
    const err = await failure(createOpenAiGenerator({ baseUrl: url, apiKey: 'sk-x', model: 'm', timeoutMs: 2_000 }).ideas(input))
    expect(err.message).toBe(MESSAGES.unavailable)
    expect(err.unavailable).toBe(true)
  })
})
