/**
 * A local HTTP server that speaks the part of the OpenAI Chat Completions API Pagecrew uses
 * (DESIGN.md §4). Test support only; nothing in the product imports it.
 *
 * POST /v1/chat/completions with `Authorization: Bearer <key>` and a JSON body {model, messages,
 * response_format}. A wrong or missing key is a 401 `{"error": {"message", "type":
 * "invalid_request_error", "code": "invalid_api_key"}}` (quoting part of the key, like OpenAI);
 * otherwise a `chat.completion` object whose single choice's message content is JSON built from
 * the task in the last user message (Pagecrew sends the task as a JSON object):
 * {ideas: [...count]} for task 'ideas', {text, hashtags, poll?} for task 'draft'.
 * `mode` makes it answer 429 (with Retry-After), 500, a completion with content that is not
 * JSON, an over-long draft, or hang without answering.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

type FakeOpenAiMode = 'ok' | 'rateLimited' | 'serverError' | 'malformed' | 'oversized' | 'hang'

export interface FakeOpenAiRequest {
  headers: IncomingMessage['headers']
  body: {
    model?: string
    messages?: { role: string; content: string }[]
    response_format?: { type: string }
  }
}

export interface FakeOpenAi {
  /** The base URL to configure (…/v1). */
  baseUrl: string
  apiKey: string
  mode: FakeOpenAiMode
  requests: FakeOpenAiRequest[]
  close(): Promise<void>
}

interface Task {
  task?: string
  count?: number
  industries?: string[]
  tone?: string | null
  audience?: string | null
  topic?: { title?: string } | null
  postType?: string
  idea?: { title?: string; hook?: string }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(typeof body === 'string' ? body : JSON.stringify(body))
}

function answerFor(task: Task, mode: FakeOpenAiMode): unknown {
  const topic = task.topic?.title || 'our work'
  const industry = task.industries?.[0] || 'our industry'
  const audience = task.audience || 'our community'
  if (task.task === 'ideas') {
    return {
      ideas: Array.from({ length: Math.max(1, task.count ?? 5) }, (_, i) => ({
        title: `Idea ${i + 1}: ${topic} for ${audience} in ${industry}`,
        angle: `Why ${topic} matters to ${audience}.`,
        hook: `What we learned about ${topic} this month (${i + 1}).`
      }))
    }
  }
  const paragraph = `${task.idea?.hook || `A thought on ${topic}.`}\n\nA ${task.postType ?? 'textOnly'} post for ${audience} in ${industry} about ${topic}, written in a ${task.tone || 'neutral'} tone.\n\nWhat do you think?`
  const oversized = mode === 'oversized'
  return {
    text: oversized ? `${paragraph}\n\n${'More detail on this subject. '.repeat(200)}` : paragraph,
    hashtags: oversized ? ['#One', 'two', 'Three Words Here', '#Four', '#Five', '#Six', '#Seven'] : [topic, industry, 'Insights'],
    ...(task.postType === 'poll'
      ? {
          poll: {
            question: oversized ? `Which part of ${topic} matters most to you and your team this year, and why does it matter so much more than anything else?` : `Which part of ${topic} matters most?`,
            options: oversized
              ? ['The first option that is far too long for LinkedIn', 'Second', 'Third', 'Fourth', 'Fifth']
              : ['Planning', 'Doing', 'Reviewing']
          }
        }
      : {})
  }
}

export async function startFakeOpenAi(options: { apiKey?: string; mode?: FakeOpenAiMode } = {}): Promise<FakeOpenAi> {
  const apiKey = options.apiKey ?? 'sk-test-pagecrew-0123456789'
  const requests: FakeOpenAiRequest[] = []
  let counter = 0

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        send(res, 404, { error: { message: `Unknown request URL: ${req.method} ${req.url}`, type: 'invalid_request_error', code: 'unknown_url' } })
        return
      }
      let body: FakeOpenAiRequest['body']
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeOpenAiRequest['body']
      } catch {
        send(res, 400, { error: { message: 'We could not parse the JSON body of your request.', type: 'invalid_request_error', code: null } })
        return
      }
      requests.push({ headers: req.headers, body })
      const auth = req.headers.authorization ?? ''
      if (auth !== `Bearer ${apiKey}`) {
        const given = auth.replace(/^Bearer\s+/i, '')
        send(res, 401, {
          error: {
            message: `Incorrect API key provided: ${given.slice(0, 6)}****${given.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
            type: 'invalid_request_error',
            param: null,
            code: 'invalid_api_key'
          }
        })
        return
      }
      const mode = fake.mode
      if (mode === 'hang') return // never answers; close() drops the connection
      if (mode === 'rateLimited') {
        send(res, 429, { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } }, { 'retry-after': '20' })
        return
      }
      if (mode === 'serverError') {
        send(res, 500, { error: { message: 'The server had an error while processing your request.', type: 'server_error', code: null } })
        return
      }
      if (!body.model || !Array.isArray(body.messages) || body.messages.length === 0) {
        send(res, 400, { error: { message: "Missing required parameter: 'model' or 'messages'.", type: 'invalid_request_error', code: null } })
        return
      }
      const user = [...body.messages].reverse().find((m) => m.role === 'user')
      let task: Task
      try {
        task = JSON.parse(user?.content ?? '{}') as Task
      } catch {
        task = {}
      }
      const content = mode === 'malformed' ? 'Sure! Here are some ideas: 1. Talk about your team' : JSON.stringify(answerFor(task, mode))
      counter += 1
      send(res, 200, {
        id: `chatcmpl-fake${counter}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
        usage: { prompt_tokens: 100, completion_tokens: 200, total_tokens: 300 }
      })
    })
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const fake: FakeOpenAi = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    mode: options.mode ?? 'ok',
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
  return fake
}
