/**
 * Local servers that speak Slack's incoming webhooks and Microsoft Teams' workflow webhooks
 * (DESIGN.md §4: real integrations are tested against a local server speaking their documented
 * protocol). Test support only; nothing in the product imports it.
 *
 * Protocol, as documented: a POST of a JSON body to the webhook's own secret path.
 * - Slack (docs.slack.dev, "Sending messages using incoming webhooks"): 200 with the text `ok`;
 *   a malformed body is 400 `invalid_payload` (or `invalid_blocks`), an unknown path 404
 *   `no_service`, anything but POST 405.
 * - Teams (learn.microsoft.com, Workflows "Post to a channel when a webhook request is received"):
 *   202 Accepted with an empty body for a message with one Adaptive Card attachment; 400 otherwise.
 * Every body received is checked against the format's schema (services/chatChannels/formatSchemas.ts)
 * and kept with its verdict.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { z } from 'zod'
import { slackMessageSchema, teamsMessageSchema, type SlackMessage, type TeamsMessage } from '../services/chatChannels/formatSchemas'

export interface Received<T> {
  path: string
  headers: IncomingMessage['headers']
  raw: string
  /** The parsed body when it is valid against the format's schema. */
  message: T | null
  /** The schema's complaints, empty when valid. */
  problems: string[]
}

export interface FakeChatServer<T> {
  /** The webhook's address (its secret path included). */
  url: string
  received: Received<T>[]
  /** Received bodies that were valid. */
  messages(): T[]
  close(): Promise<void>
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })

async function startFake<T>(
  pathPrefix: string,
  schema: z.ZodType<T>,
  answer: (res: ServerResponse, valid: boolean) => void,
  invalidPath: (res: ServerResponse) => void
): Promise<FakeChatServer<T>> {
  const path = `${pathPrefix}/${randomBytes(12).toString('hex')}`
  const received: Received<T>[] = []
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST') {
        res.writeHead(405).end()
        return
      }
      const raw = await readBody(req)
      if (req.url !== path) {
        invalidPath(res)
        return
      }
      let parsed: unknown = undefined
      const problems: string[] = []
      try {
        parsed = JSON.parse(raw)
      } catch {
        problems.push('not JSON')
      }
      if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) problems.push('content-type is not application/json')
      const result = problems.length === 0 ? schema.safeParse(parsed) : null
      if (result && !result.success) problems.push(...result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`))
      received.push({ path: req.url, headers: req.headers, raw, message: result?.success ? result.data : null, problems })
      answer(res, problems.length === 0)
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    messages: () => received.flatMap((r) => (r.message ? [r.message] : [])),
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** A fake Slack incoming webhook (hooks.slack.com/services/T…/B…/… on loopback). */
export function startFakeSlack(): Promise<FakeChatServer<SlackMessage>> {
  return startFake(
    '/services',
    slackMessageSchema,
    (res, valid) => res.writeHead(valid ? 200 : 400, { 'content-type': 'text/plain' }).end(valid ? 'ok' : 'invalid_blocks'),
    (res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('no_service')
  )
}

/** A fake Teams workflow webhook (…/workflows/…/triggers/manual/paths/invoke on loopback). */
export function startFakeTeams(): Promise<FakeChatServer<TeamsMessage>> {
  return startFake(
    '/workflows/triggers/manual/paths/invoke',
    teamsMessageSchema,
    (res, valid) => (valid ? res.writeHead(202).end() : res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"code":"InvalidRequestContent"}}')),
    (res) => res.writeHead(404).end()
  )
}
